// A coupling loop: three glass beads of different sizes fall through air into a viscous liquid that fills z < 0.
// grainflow moves the beads; this script stands in for the fluid solver: every 20 steps it reads the beads'
// positions and velocities and applies Stokes drag, F = −6πμR·v, to the beads in the liquid. Each bead settles
// at its terminal speed v = 2R²ρg / (9μ), however fast it entered.
import { createSimulation, parseScenario } from 'grainflow';

const density = 2500, g = 9.81; // the beads' density (kg/m³); gravity (m/s²)
const mu = 0.05; // the liquid's viscosity (Pa·s)
const scenario = parseScenario({
  name: 'beads into a liquid',
  gravity: [0, 0, -g],
  time: { duration: 0.2 },
  materials: { glass: { youngsModulus: 5e6, poissonsRatio: 0.3, density } },
  contact: { normal: { model: 'tsuji', restitution: 0.5 } },
  particles: [0.75e-3, 1e-3, 1.25e-3].map((radius, k) => ({ position: [0.01 * k, 0, 0.01 * (k + 1)], radius, material: 'glass' })),
  outputs: { frames: false },
});

const sim = await createSimulation(scenario);
while (sim.stepCount < sim.steps) {
  const { ids, positions, velocities, radii } = sim.state; // storage order: ids[p] is the bead at index p
  const inLiquid = [], forces = [];
  for (let p = 0; p < ids.length; p++) {
    if (positions[3 * p + 2] >= 0) continue;
    const drag = 6 * Math.PI * mu * radii[p];
    inLiquid.push(ids[p]);
    forces.push(-drag * velocities[3 * p], -drag * velocities[3 * p + 1], -drag * velocities[3 * p + 2]);
  }
  sim.setExternalForces(inLiquid, forces);
  sim.step(Math.min(20, sim.steps - sim.stepCount));
}

const { ids, velocities, radii } = sim.state;
for (const p of [...ids.keys()].sort((a, b) => ids[a] - ids[b])) {
  const terminal = (2 * radii[p] ** 2 * density * g) / (9 * mu);
  console.log(`bead ${ids[p]} (R = ${radii[p] * 1e3} mm): falls at ${(-velocities[3 * p + 2]).toFixed(4)} m/s, `
    + `Stokes terminal speed ${terminal.toFixed(4)} m/s`);
}
await sim.dispose();
