/**
 * The viewer's HTTP server (src/render/server.ts) and `grainflow view`:
 *  - answers the page, its scripts, three.js from node_modules and the run's frame index;
 *  - refuses `..` in any spelling (plain, percent-encoded, backslashes), symbolic links leading out of the run
 *    directory and foreign Host headers with 403, and serves nothing outside its four roots;
 *  - listens on 127.0.0.1 only: the same port on the machine's other addresses refuses connections.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScenarioFile } from '../../src/scenario/load.js';
import { createSetup } from '../../src/run/setup.js';
import { runToDirectory } from '../../src/run/run.js';
import { startViewerServer, type ViewerServer } from '../../src/render/server.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-server-'));
const runDir = path.join(scratch, 'run');
const secret = path.join(scratch, 'secret.txt');
let server: ViewerServer;

beforeAll(async () => {
  await runToDirectory(createSetup(loadScenarioFile('scenarios/two-spheres.json')), runDir);
  fs.writeFileSync(secret, 'not for the viewer');
  fs.symlinkSync(secret, path.join(runDir, 'link-out.txt'));
  server = await startViewerServer(runDir, 0);
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** A GET with the path sent exactly as written (no client-side normalisation). */
function get(rawPath: string, host = `127.0.0.1:${server.port}`): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, path: rawPath, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, type: String(res.headers['content-type']), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('viewer server', () => {
  it('answers the page, its assets, three.js and the frame index', async () => {
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.type).toContain('text/html');
    expect(page.body).toContain('/app/viewer.js');
    for (const asset of ['/app/viewer.js', '/app/scene.js', '/app/style.css', '/vendor/three/build/three.module.js',
      '/vendor/three/examples/jsm/controls/OrbitControls.js']) {
      expect((await get(asset)).status, asset).toBe(200);
    }
    const index = await get('/run/frames/index.json');
    expect(index.status).toBe(200);
    const parsed = JSON.parse(index.body);
    expect(parsed.format).toBe('grainflow-frames');
    expect(parsed.particles).toBe(4);
    expect((await get('/run/summary.json')).status).toBe(200);
  });

  it.each([
    '/run/../package.json', '/run/%2e%2e/package.json', '/run/..%2f..%2fpackage.json', '/run/frames/..%5c..%5csecret.txt',
    '/run/frames/../../secret.txt', '/app/../../../package.json', '/vendor/three/../../package.json', '/run/link-out.txt',
    '/run/%00', '/run/%zz',
  ])('refuses %s with 403', async (rawPath) => {
    const r = await get(rawPath);
    expect(r.status).toBe(403);
    expect(r.body).not.toContain('not for the viewer');
    expect(r.body).not.toContain('"name"');
  });

  it('serves nothing outside its roots and nothing to other hosts', async () => {
    expect((await get('/etc/passwd')).status).toBe(404);
    expect((await get('/run//etc/passwd')).status).toBe(404);
    expect((await get('/package.json')).status).toBe(404);
    expect((await get('/', 'evil.example')).status).toBe(403);
  });

  it('binds to 127.0.0.1 only', async () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/`);
    const others = Object.values(os.networkInterfaces()).flat()
      .filter((a) => a && !a.internal).map((a) => a!.address);
    for (const address of others) {
      const outcome = await new Promise<string>((resolve) => {
        const socket = net.connect({ host: address, port: server.port });
        socket.once('connect', () => { socket.destroy(); resolve('connected'); });
        socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
      });
      expect(outcome, address).not.toBe('connected');
    }
  });
});

describe('grainflow view', () => {
  const CLI = path.resolve('bin/grainflow.js');

  it('prints the address, serves the run and stops on SIGINT with status 0', async () => {
    const child = spawn(process.execPath, [CLI, 'view', runDir, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        const match = /http:\/\/127\.0\.0\.1:\d+\//.exec(chunk.toString());
        if (match) resolve(match[0]);
      });
      child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
    });
    const index = (await (await fetch(`${url}run/frames/index.json`)).json()) as { particles: number };
    expect(index.particles).toBe(4);
    const status = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    expect(await status).toBe(0);
  });

  it('rejects a directory without frames and a bad port with status 2 and one line', () => {
    for (const args of [['view', scratch], ['view', runDir, '--port', '70000']]) {
      const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
      expect(r.status).toBe(2);
      expect(r.stderr.split('\n')[0]).toMatch(args.length === 2 ? /<runDir> .* has no frames\/index.json/ : /--port must be a whole number in 0–65535/);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });
});
