import { chromium } from 'playwright-core';
const flags = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', ...process.argv.slice(2)];
const t0 = Date.now();
const b = await chromium.launch({ executablePath: '/tmp/gf-test/chromium', args: flags, headless: true,
  env: { ...process.env, FONTCONFIG_PATH: process.env.FCP } });
const p = await b.newPage();
await p.setContent('<canvas id=c></canvas><p style="font: 20px sans-serif">Hello fonts 123</p>');
console.log(await p.evaluate(`(() => { const gl = document.getElementById('c').getContext('webgl2'); return gl ? gl.getParameter(gl.RENDERER) + ' / ' + gl.getParameter(gl.VERSION) : 'no webgl2'; })()`));
await p.screenshot({ path: '/tmp/gf-shot.png' });
console.log(b.version(), Date.now() - t0, 'ms');
await b.close();
