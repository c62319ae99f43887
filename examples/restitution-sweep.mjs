// Restitution against impact speed: two aluminium spheres (R = 20 mm) collide head-on under the viscoelastic
// Kuwabara–Kono law, calibrated to e = 0.8 at 0.5 m/s. Each speed is one run; e is read back from its collision
// record (impacts.bin, kept with outputs.impactRecords) and set beside calibrateLaw's single-impact measurement of the same law.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calibrateLaw, parseScenario, readRun, runScenario } from 'grainflow';

const law = { model: 'kuwabara-kono', restitution: 0.8, referenceSpeed: 0.5 };
const speeds = [0.05, 0.2, 0.5, 2];
const R = 0.02;
const runs = mkdtempSync(join(tmpdir(), 'restitution-sweep-'));
const { rows } = calibrateLaw(law, { speeds });

for (const [k, speed] of speeds.entries()) {
  const gap = speed * 2e-5; // the spheres touch after 20 µs
  const scenario = parseScenario({
    name: `head-on at ${speed} m/s`,
    gravity: [0, 0, 0],
    time: { duration: 4e-4 },
    materials: { aluminium: { youngsModulus: 73.5e9, poissonsRatio: 0.33, density: 2745 } },
    contact: { normal: law },
    particles: [
      { position: [-(R + gap / 2), 0, 0], velocity: [speed / 2, 0, 0], radius: R, material: 'aluminium' },
      { position: [R + gap / 2, 0, 0], velocity: [-speed / 2, 0, 0], radius: R, material: 'aluminium' },
    ],
    outputs: { frames: false, impactRecords: true },
  });
  const out = join(runs, `v${speed}`);
  await runScenario(scenario, { out, workers: 1 });
  const [impact] = readRun(out).impacts;
  console.log(`v0 = ${speed} m/s: e = ${impact.restitution.toFixed(4)} (run), ${rows[k].restitution.toFixed(4)} (calibrateLaw)`);
}
