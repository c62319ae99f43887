/**
 * `npm run bench:render`: export speed of the headless renderer (system Chromium, WebGL2 on SwiftShader) at
 * 1280×720 for 10 000 and 50 000 spheres. Each case runs the first 10 steps of scenarios/bench/settle-*.json
 * with a frame per step (11 frames), then renders them to PNG. Prints frames per second of the frame loop
 * (render + screenshot + PNG write; browser start-up excluded) and the whole export's wall time. Not a test.
 *
 *   node dist/bench/render.js [--only 10k,50k]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { renderRun } from '../src/render/export.js';
import { parseScenario } from '../src/scenario/load.js';
import type { Scenario } from '../src/scenario/schema.js';
import { createSetup } from '../src/run/setup.js';
import { runToDirectory } from '../src/run/run.js';
import { withScratchDir } from './scratch-dir.js';

const CASES = { '10k': 'scenarios/bench/settle-10k.json', '50k': 'scenarios/bench/settle-50k.json' };
const STEPS = 10;
const { values } = parseArgs({ options: { only: { type: 'string' } } });
const only = values.only?.split(',') ?? Object.keys(CASES);

await withScratchDir('grainflow-bench-render-', async (scratch) => {
  console.log(`grainflow render bench: node ${process.version}, ${os.availableParallelism()} cores, 1280×720, colour by speed`);
  for (const [name, file] of Object.entries(CASES).filter(([name]) => only.includes(name))) {
    const json = JSON.parse(fs.readFileSync(file, 'utf8')) as Scenario;
    const dt = json.time.dt as number;
    json.time.duration = STEPS * dt;
    json.outputs = { ...json.outputs, interval: dt, impacts: false, frames: true, vtk: false };
    json.workers = 1;
    const runDir = path.join(scratch, name);
    await runToDirectory(createSetup(parseScenario(json, path.dirname(file))), runDir);
    const stamps: number[] = [];
    const started = performance.now();
    const result = await renderRun(runDir, {
      out: path.join(runDir, 'png'), width: 1280, height: 720, fps: 30, colorBy: 'speed', camera: 'iso',
      onProgress: () => stamps.push(performance.now()),
    });
    const total = (performance.now() - started) / 1000;
    // From the first frame's end to the last's: the steady per-frame cost.
    const fps = (stamps.length - 1) / ((stamps.at(-1)! - stamps[0]) / 1000);
    console.log(`${name}: ${result.frames} frames, ${fps.toFixed(1)} frames/s (${(1000 / fps).toFixed(0)} ms/frame), `
      + `export ${total.toFixed(1)} s including browser start-up`);
  }
});
