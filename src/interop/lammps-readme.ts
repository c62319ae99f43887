/**
 * The README.md inside an exported deck: how to run it and import the results, every scenario setting beside its
 * LAMMPS counterpart, the contact model of every pair of bodies, and every way the LAMMPS run differs from
 * grainflow's.
 */
import type { RunSetup } from '../run/setup.js';
import type { Scenario } from '../scenario/schema.js';
import { DECK_FILES, type DeckManifest } from './deck-manifest.js';
import type { LammpsTarget } from './lammps-target.js';
import { RADIUS_CLASSES } from './lammps-pour.js';
import type { MaterialSpheres } from './sphere-census.js';

/** What the deck builder decided, for the README. */
export interface DeckNotes {
  contacts: {
    bodies: string;
    field: string;
    model: string;
    /** viscoelastic laws: e over the radius range, grainflow and LAMMPS */
    spread: { grainflow: [number, number]; lammps: [number, number] } | null;
  }[];
  walls: { index: number; type: string; surfaces: string[]; moving: boolean; removeAt: number | undefined }[];
  pours: { index: number; requested: number; delivered: number; every: number; count: number }[];
  approximations: string[];
}

export interface ReadmeInput {
  scenario: Scenario;
  setup: RunSetup;
  target: LammpsTarget;
  census: MaterialSpheres[];
  notes: DeckNotes;
  manifest: DeckManifest;
  /** gate removals and pour starts that split the run */
  events: number;
}

const f = (x: number, digits = 4) => x.toPrecision(digits);
const row = (cells: string[]) => `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;

export function deckReadme(r: ReadmeInput): string {
  const { scenario, setup, target, notes, manifest } = r;
  const out = manifest.outputEvery;
  const lines = [
    `# LAMMPS deck of the grainflow scenario "${scenario.name}"`,
    '',
    `Written by \`grainflow export lammps\` for ${target.label}. `
      + (target.checked
        ? 'Decks for this release are run by grainflow\'s test suite (test/interop) against its own results.'
        : 'Not checked: this deck was written from that release\'s documented commands and source and has not been '
          + 'run by grainflow\'s tests (only 29 Sep 2021 has).'),
    '',
    '## Run it',
    '',
    '```sh',
    `lmp -in ${DECK_FILES.input}                      # one process, in this directory`,
    `mpirun -np 4 lmp -in ${DECK_FILES.input}         # 4 MPI ranks (as root: mpirun --allow-run-as-root …)`,
    'grainflow import lammps . --out ../run        # frames, series.csv, summary.json and the analysis',
    'grainflow view ../run                         # or grainflow render ../run',
    '```',
    '',
    `LAMMPS writes \`${DECK_FILES.dump}\` (id, type, radius, position, velocity, angular velocity every ${out} steps = `
      + `${f(out * manifest.dt)} s), \`${DECK_FILES.final}\` (the last state at full precision), \`${DECK_FILES.log}\` `
      + '(thermo: step, time, atoms, translational and rotational kinetic energy, J, and the ranks\' imbalance, '
      + 'max/mean atoms per rank, just before the latest rebalancing)'
      + (manifest.trace ? ` and \`${DECK_FILES.trace}\` (the first sphere at every step, for the bounces analysis)` : '')
      + '. Results depend on the number of MPI ranks in the last digits (grainflow\'s do not depend on its threads).',
    '',
    '## Files',
    '',
    row(['file', 'content']), row(['---', '---']),
    row([DECK_FILES.input, 'the input script']),
    row([DECK_FILES.data, `the ${setup.particles.n} spheres present at t = 0, exactly as grainflow seeds them (id = grainflow id + 1)`]),
    ...(Array.isArray(scenario.particles) ? [] : [row([DECK_FILES.spheres, `a copy of the scenario's sphere file, which \`${DECK_FILES.scenario}\` names`])]),
    ...notes.pours.map((p) => row([`pour${p.index}-*.mol`, `molecule templates of the spheres insert[${p.index}] pours`])),
    row([DECK_FILES.manifest, 'the scenario and the deck\'s cadence, read by grainflow import lammps']),
    '',
    '## Scenario settings and their LAMMPS counterparts',
    '',
    row(['setting', 'scenario', 'LAMMPS', 'note']), row(['---', '---', '---', '---']),
    ...settingRows(r),
    '',
    '## Contacts',
    '',
    'Every pair of sphere materials is one `pair_coeff`; every wall surface and sphere material one `fix wall/gran/region` '
      + 'or, for planes along the axes, `fix wall/gran` '
      + '(a wall fix has one coefficient set for all its atoms). Stiffness and damping are given explicitly: '
      + '`hertz k_n` with k_n = (4/3)E* (grainflow\'s K = (4/3)E*√R_eff, E* and G* mixed from both bodies\' E and ν, '
      + 'a wall\'s material included, docs/physics.md §1.5; `hertz/material` would take one material for a wall), scaled by √(R_eff/R_L) on '
      + 'curved region walls; `tangential mindlin/force 8G*` (the spring kept as a force, §9.2–9.3); the damping below; `limit_damping` for "no-tension" (§6.2).',
    '',
    row(['bodies', 'law from', 'damping in LAMMPS', 'e over the radius range (viscoelastic)']), row(['---', '---', '---', '---']),
    ...notes.contacts.map((c) => row([c.bodies, `\`${c.field}\``, c.model, c.spread === null ? 'exact for every size'
      : `grainflow ${f(c.spread.grainflow[0])}–${f(c.spread.grainflow[1])}, LAMMPS ${f(c.spread.lammps[0])}–${f(c.spread.lammps[1])}`])),
    '',
    '## What differs from grainflow',
    '',
    ...approximations(r).map((a) => `- ${a}`),
    '',
  ];
  return lines.join('\n');
}

function settingRows({ scenario, setup, census, notes, manifest, events }: ReadmeInput): string[] {
  const json = (x: unknown) => `\`${JSON.stringify(x)}\``;
  const rows: string[][] = [
    ['name', json(scenario.name), 'comments, file headers', ''],
    ['seed', json(scenario.seed), `\`${DECK_FILES.data}\`; fix deposit seeds`, 'the t = 0 spheres are grainflow\'s own draws'],
    ['gravity', json(scenario.gravity), '`fix gravity`', ''],
    ['time.duration', json(scenario.time.duration), `${manifest.steps} steps in ${events + 1} \`run\` command(s)`, ''],
    ['time.dt', json(scenario.time.dt), `\`timestep ${manifest.dt}\``, manifest.substeps === 1 ? 'the resolved step'
      : `the resolved step ${setup.dt} s / ${manifest.substeps} (--substeps: LAMMPS takes damping and friction from the half-step velocity)`],
    ['materials', Object.keys(scenario.materials).join(', '),
      `atom types ${census.map((m, k) => `${k + 1} = ${m.name}`).join(', ')}`,
      'density per atom in the data file; E and ν enter k_n and k_t (Contacts); wall-only materials have no type'],
    ['contact.normal', `\`${scenario.contact.normal.model}\``, '`pair_style granular` … `hertz` + `damping`', 'Contacts'],
    ['contact.endOfContact', json(scenario.contact.endOfContact),
      scenario.contact.endOfContact === 'no-tension' ? '`limit_damping`' : 'no `limit_damping`', ''],
    ['contact.friction', json(scenario.contact.friction ?? 0), '`tangential mindlin/force 8G* 1 μ`', 'tangential damping = the normal damping prefactor (docs/physics.md §9.4)'],
    ['contact.rollingFriction', json(scenario.contact.rollingFriction ?? 0), '`rolling sds k_r 0 μ_r`', 'constant k_r (see below)'],
    ['contactPairs', `${scenario.contactPairs.length} entries`, 'their `pair_coeff` and wall fixes', ''],
    ['particles, insert (t = 0)', `${setup.particles.n} spheres`, `\`read_data ${DECK_FILES.data}\``, 'positions, radii, densities, velocities, spins exact'],
    ...notes.pours.map((p) => [`insert[${p.index}] (rate)`, `${p.count} spheres at ${f(p.requested)} /s`,
      `\`fix deposit\`, one sphere every ${p.every} steps (${f(p.delivered)} /s)`, 'pouring, below']),
    ...notes.walls.map((w) => [`walls[${w.index}]`, `\`${w.type}\`${w.moving ? ', moving' : ''}${w.removeAt === undefined ? '' : `, removeAt ${w.removeAt} s`}`,
      w.surfaces.map((r) => `\`${r}\``).join('<br>'),
      (w.moving ? 'region `move` by equal-style variables of time; ' : '') + (w.removeAt === undefined ? '' : '`unfix` after the last step before removeAt')]),
    ['periodic', scenario.periodic ? json(scenario.periodic.axes) : 'none', '`boundary` p on periodic axes, m (shrink-wrapped) elsewhere', ''],
    ['broadphase', json(scenario.broadphase), '`neighbor … bin`', 'LAMMPS\'s own binning'],
    ['skin', scenario.skin === undefined ? 'default' : json(scenario.skin), `\`neighbor ${setup.skin} bin\`, rebuilt when a sphere moved skin/2`, ''],
    ['workers', json(scenario.workers), '`mpirun -np N`', 'MPI ranks (domain decomposition)'],
    ['analysis', scenario.analysis ? `\`${scenario.analysis.type}\`` : 'none', '`grainflow import lammps`', 'computed on the imported frames'],
    ['outputs.interval', json(scenario.outputs.interval ?? null), `dump and thermo every ${manifest.outputEvery} steps`, ''],
    ['outputs.impacts', json(scenario.outputs.impacts), 'not exported', 'LAMMPS reports no collisions; the imported impacts.csv has its header only'],
    ['outputs.frames, outputs.vtk', json([scenario.outputs.frames, scenario.outputs.vtk]), `\`dump\` → ${DECK_FILES.dump}`, 'written by the import'],
    ['outputs.contactTrace, checkpointEvery', json([scenario.outputs.contactTrace, scenario.outputs.checkpointEvery ?? null]),
      'not exported', 'use LAMMPS `restart` for checkpoints'],
    ['watchdog', json(scenario.watchdog), 'not exported', 'LAMMPS has no watchdog; it stops on lost atoms only'],
  ];
  return rows.map(row);
}

function approximations({ scenario, notes }: ReadmeInput): string[] {
  const list = [
    'Damping and friction in LAMMPS use the half-step velocity v(t + dt/2) where grainflow predicts the full-step one '
      + '(docs/physics.md §11.2): restitution is first-order accurate in dt there; measured with Tsuji at 55 steps per '
      + 'contact (project issue 27): within 0.0035 of the target for e ≥ 0.3 (0.006 at e = 0.1).',
    'LAMMPS applies a pair\'s tangential force to each sphere with the lever R − δ/2 (grainflow: R, docs/physics.md §9.6).',
    'Which side a wall acts from: `fix wall/gran` planes (boxes and axis-aligned planes at rest) and open regions '
      + '(cylinders, cones, disks and a closed cylinder\'s end caps, a silo\'s floor and side, a moving box with an open '
      + 'top) act from both sides, as grainflow\'s two-sided walls do (in this LAMMPS Region::match() is true everywhere '
      + 'for an open region); a closed region (an oblique or moving plane, a moving closed box) acts on the spheres inside '
      + 'it only. A closed cylinder\'s end caps are disks of its radius, as grainflow\'s. Open rims of cylinders and cones '
      + 'are not edges, nor are the rims of disks and end caps (a sphere within one radius outside a rim misses it, where '
      + 'grainflow\'s rim edge touches it); box planes extend beyond the box.',
    'Curved region walls: LAMMPS uses R_L = R·r_w/(R + r_w) with r_w = −2 × the cylinder radius (cones: the radius at the '
      + 'contact); grainflow ignores curvature (docs/physics.md §1.6). k_n, k_t and the rolling constants are scaled back '
      + 'exactly for a material\'s mean sphere, and for a cone at its mean radius.',
  ];
  if (scenario.walls.some((w) => w.type === 'silo')) {
    list.push('Silo: this LAMMPS cannot cut the orifice out of a floor plane (a union with an open cylinder keeps the plane '
      + 'over the hole: nothing discharges). The floor is a nearly flat open cone from the orifice rim at zBottom to the side '
      + 'wall, 10⁻³ orifice diameters higher there (a tilt below 0.1° for the shipped silo); the floor and the side wall are '
      + 'two regions. Mass flow rate measured against grainflow (project issue 27, 2026-12-06): silo.json as shipped, 2 ranks, '
      + '`--substeps 3`, seeds 1–3: 0.2713 kg/s mean in LAMMPS against 0.2715 in grainflow (−0.06 %, standard error 1.4 %); '
      + 'one discharge scatters by about 3 % from seed to seed in either engine, so compare means over seeds.');
  }
  if (scenario.walls.some((w) => w.motion !== undefined)) {
    list.push('Moving walls: LAMMPS takes a region\'s velocity from its displacement over the last step, so the wall\'s '
      + 'velocity switches on one step later than grainflow\'s at `start` and off one step later at `stop`.');
  }
  if (scenario.walls.some((w) => (w.motion?.rotation?.angularVelocity ?? 0) !== 0)) {
    list.push('Rotating walls: the region turns by θ(t), grainflow\'s integrated angle exactly (ramp included); LAMMPS takes '
      + 'the rate from θ\'s change over the last step, the ramp\'s mean rate over that step where grainflow uses its value '
      + 'at the step\'s end. The wall velocity ω × r enters the damping and friction as in grainflow, but LAMMPS\'s rolling '
      + 'resistance on a wall uses the sphere\'s spin alone (fix_wall_gran.cpp), grainflow\'s the spin relative to the '
      + 'wall\'s: a sphere turning with the wall meets a rolling torque in LAMMPS only. Measured on scenarios/drum.json '
      + '(μ_r = 0.3 on the wall, 1 rank at the resolved step): dynamic angle of repose 34.3° ± 0.3° in LAMMPS, 34.7° ± 0.3° '
      + 'in grainflow (docs/lammps.md).');
  }
  if (notes.contacts.some((c) => c.spread !== null)) {
    list.push('Kuwabara–Kono and Brilliantov: `damping viscoelastic` gives η₀·m*·√(R δ)·δ̇, grainflow c·√δ·δ̇ with c ∝ K^{3/5}m*^{2/5} '
      + '(restitution at a reference speed), √R_eff/D′ (viscosities) or (3/2)KA; η₀ is set at the materials\' mean spheres, '
      + 'so e is exact there and off elsewhere (Contacts table).');
  }
  if ([scenario.contact.rollingFriction, ...scenario.contactPairs.map((p) => p.rollingFriction)].some((mu) => (mu ?? 0) > 0)) {
    list.push('Rolling: LAMMPS\'s SDS rolling spring has a constant stiffness; grainflow\'s EPSD spring (docs/physics.md §9.7) '
      + 'k_r = 2.25 μ_r² k_n R_eff² follows the overlap, k_n = (3/2)K√δ. The deck takes k_n at the overlap of a mean sphere '
      + 'resting under its weight (no gravity: the peak overlap at the characteristic speed). The torque cap μ_r·R_eff·|F_n| is the same.');
  }
  if (notes.pours.length > 0) {
    list.push(`Pouring: \`fix deposit\` places one sphere every M steps (grainflow: every sphere due, every 20 steps); radii from `
      + `at most ${RADIUS_CLASSES} classes of the block's own draws; positions and radii are drawn by LAMMPS, so they differ sphere by `
      + 'sphere; walls are not checked at placement (the region is shrunk by the largest radius instead).');
  }
  list.push('Not exported: collision records (impacts.csv), the per-step contact trace, checkpoints and the watchdog.');
  return [...list, ...notes.approximations];
}
