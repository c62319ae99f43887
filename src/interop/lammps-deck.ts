/**
 * A grainflow scenario as a self-contained LAMMPS deck: the input script `in.grainflow`, the data file with every
 * sphere present at t = 0 exactly as grainflow seeds them (createSetup), the molecule templates of poured spheres,
 * the manifest for `grainflow import lammps`, the scenario (with a copy of its sphere file, if it has one) and a
 * README that maps every setting (lammps-readme.ts). Contacts:
 * lammps-contact.ts; walls: lammps-walls.ts; pouring: lammps-pour.ts. The run is split into `run` commands where a
 * gate is removed (`unfix`, after the last step grainflow computes with it) or a pour starts.
 */
import { createHash } from 'node:crypto';
import { ScenarioError } from '../base/scenario-error.js';
import type { CheckedScenario } from '../scenario/checks.js';
import type { Scenario } from '../scenario/schema.js';
import { SPHERE_FILE_FIELD, sphereFileBytes, type SphereFile } from '../scenario/sphere-file.js';
import type { RunSetup } from '../run/setup.js';
import { effectiveMass, effectiveRadius, hertzStiffness } from '../forces/elastic.js';
import { regionBounds } from '../scenario/regions.js';
import { contactModel, lawField, referenceOverlap, viscoelasticSpread, type ReferenceContact } from './lammps-contact.js';
import type { LammpsTarget } from './lammps-target.js';
import { deckPour, type DeckPour } from './lammps-pour.js';
import { deckWall, wallBounds } from './lammps-walls.js';
import { sphereCensus, sphereMass, type MaterialSpheres } from './sphere-census.js';
import { DECK_FILES, DECK_FORMAT, DECK_FORMAT_VERSION, sha256Of, type DeckManifest } from './deck-manifest.js';
import { deckReadme, type DeckNotes } from './lammps-readme.js';

/** The columns of every dumped frame; the importer reads them by name. */
export const DUMP_COLUMNS = ['id', 'type', 'radius', 'x', 'y', 'z', 'vx', 'vy', 'vz', 'omegax', 'omegay', 'omegaz'] as const;

/**
 * A scenario's name or a material name as it appears in the deck's comments: JSON-quoted, so that no name can end
 * a comment line in "&" (LAMMPS joins the next line, the next command, to the comment) or hold a line break (a
 * command of its own).
 */
const deckText = (name: string) => JSON.stringify(name);

export interface LammpsDeck {
  /** file name → content */
  files: Map<string, string>;
  manifest: DeckManifest;
}

const num = (x: number) => String(x);

/**
 * Steps between rebalancings (fix balance, recursive bisection): often enough that falling and draining spheres do
 * not pile onto one rank between two, rarely enough that the migration costs little next to the steps. The exported
 * hopper.json on 2 ranks drifted to 1.262 × the mean atoms per rank before a rebalancing every 1 000 steps, past
 * project issue 27's 1.25, and to at most 1.176 every 500, with no more CPU time (2026-11-27, docs/lammps.md).
 */
const BALANCE_EVERY = 500;

/** The first step k whose time k·dt (as the engine computes it) is at or after t. */
function stepAt(t: number, dt: number): number {
  let k = Math.max(0, Math.ceil(t / dt));
  while (k > 0 && (k - 1) * dt >= t) k--;
  while (k * dt < t) k++;
  return k;
}

/**
 * The deck of `checked` for `target`. `substeps` > 1 runs LAMMPS at the resolved step divided by it: LAMMPS's
 * velocity Verlet evaluates damping and friction from the half-step velocity, an error of first order in dt that
 * grainflow's scheme does not have, so sticking contacts need a finer LAMMPS step to agree (docs/lammps.md:
 * the oblique pair of two-spheres.json spins 4.7 % below grainflow at the resolved step; pile.json gives
 * 20.0° at the resolved step and 18.2° at a third of it, grainflow 19.5°).
 */
/**
 * Frozen spheres are not exported yet: LAMMPS would need them as a group left out of the integrator with
 * `fix freeze` on it (whose group bit the granular pair styles read for m*); refused by field rather than exported
 * as moving spheres.
 */
function refuseFrozenSpheres({ particles, insert }: Scenario): void {
  const listed = Array.isArray(particles) ? particles.findIndex((p) => p.frozen === true) : -1;
  const block = insert.findIndex((b) => b.frozen === true);
  const field = listed >= 0 ? `particles[${listed}].frozen` : block >= 0 ? `insert[${block}].frozen` : null;
  if (field !== null) {
    throw new ScenarioError(field, 'frozen spheres are not exported to LAMMPS yet (they would be a group under fix freeze): '
      + 'remove frozen, or run the scenario in grainflow');
  }
}

export function buildLammpsDeck(
  checked: CheckedScenario, setup: RunSetup, target: LammpsTarget, substeps = 1,
): LammpsDeck {
  const { scenario, contacts: table } = checked;
  refuseFrozenSpheres(scenario);
  const dt = setup.dt / substeps;
  const steps = setup.steps * substeps;
  const census = sphereCensus(setup);
  const types = census.map((m) => m.name);
  const typeOf = (material: number) => census.findIndex((m) => m.material === material) + 1;
  const group = (m: MaterialSpheres) => `g${typeOf(m.material)}`;
  const notes: DeckNotes = { contacts: [], walls: [], pours: [], approximations: [] };
  const g = Math.hypot(...setup.gravity);
  const endOfContact = scenario.contact.endOfContact;
  const nm = table.materialNames.length;
  const classOf = (a: number, b: number) => table.classIndex[a * nm + b];
  const reference = (cls: number, reff: number, meff: number, weight: number, curvature: number): ReferenceContact => {
    const K = hertzStiffness(table.classes[cls].effectiveModulus, reff);
    return { reff, meff, curvature, rollingOverlap: referenceOverlap(K, meff, weight, setup.limits.impactSpeed) };
  };

  // Sphere pairs: one pair_coeff per pair of atom types, set at the two materials' mean spheres.
  const pairCoeffs: string[] = [];
  census.forEach((a, i) => census.slice(i).forEach((b) => {
    const cls = classOf(a.material, b.material);
    const field = lawField(scenario, table.classes[cls].materials);
    const at = reference(cls, effectiveRadius(a.mean, b.mean), effectiveMass(a.meanMass, b.meanMass),
      g * Math.min(a.meanMass, b.meanMass), 1);
    const model = contactModel(table, cls, at, endOfContact, target, field,
      lawField(scenario, table.classes[cls].materials, 'tangential'));
    pairCoeffs.push(`pair_coeff ${typeOf(a.material)} ${typeOf(b.material)} ${model.args}`);
    const corners = [a.min, a.max].flatMap((ra) => [b.min, b.max].map((rb) => ({
      reff: effectiveRadius(ra, rb), meff: effectiveMass(sphereMass(a, ra), sphereMass(b, rb)),
    })));
    notes.contacts.push({ bodies: `${a.name}–${b.name} spheres`, field, model: model.damping,
      spread: viscoelasticSpread(table, cls, at, corners, spreadSpeed(table.classes[cls].law.derived, setup), endOfContact) });
  }));

  // Walls: one fix per wall surface and sphere material (a wall fix has one coefficient set for all the atoms it acts on).
  const wallCommands: string[] = [];
  const gates: { step: number; commands: string[] }[] = [];
  scenario.walls.forEach((spec, k) => {
    const wall = deckWall(spec, k);
    const wallMaterial = setup.wallMaterials[k];
    const fixes: string[] = [];
    wallCommands.push(`# walls[${k}]: ${spec.type} of ${deckText(spec.material)}`, ...wall.variables);
    for (const surface of wall.surfaces) {
      wallCommands.push(...surface.commands);
      for (const m of census) {
        const cls = classOf(m.material, wallMaterial);
        const field = lawField(scenario, table.classes[cls].materials);
        const curvature = surface.curvatureRadius > 0 ? 1 - m.mean / surface.curvatureRadius : 1;
        const at = reference(cls, m.mean, m.meanMass, g * m.meanMass, curvature);
        const model = contactModel(table, cls, at, endOfContact, target, field,
          lawField(scenario, table.classes[cls].materials, 'tangential'));
        const fix = `${surface.id}_${typeOf(m.material)}`;
        fixes.push(fix);
        wallCommands.push(`fix ${fix} ${group(m)} ${surface.fix} granular ${model.args} ${surface.where}`);
        notes.contacts.push({ bodies: `${m.name} spheres on walls[${k}] (${surface.id})`, field, model: model.damping,
          spread: viscoelasticSpread(table, cls, at, [m.min, m.max].map((r) => ({ reff: r, meff: sphereMass(m, r) })),
            spreadSpeed(table.classes[cls].law.derived, setup), endOfContact) });
      }
    }
    notes.walls.push({ index: k, type: spec.type,
      surfaces: wall.surfaces.map((w) => [...w.commands, `fix … ${w.fix} … ${w.where}`].join('; ')),
      moving: wall.variables.length > 0, removeAt: spec.removeAt });
    if (spec.removeAt !== undefined) {
      // grainflow computes with the wall while k·dt < removeAt: LAMMPS runs to the last such step, then drops it.
      gates.push({ step: stepAt(spec.removeAt, dt) - 1, commands: fixes.map((f) => `unfix ${f}   # walls[${k}] removed at t = ${spec.removeAt} s`) });
    }
  });

  // Pours: fix deposit per block, defined when the block starts.
  const largestRadius = Math.max(...census.map((m) => m.max));
  const pours: { step: number; pour: DeckPour }[] = setup.pour.blocks.map((block) => {
    const spec = scenario.insert[block.index];
    const m = census.find((c) => c.name === block.material)!;
    const density = scenario.materials[block.material].density;
    const meanMass = block.radii.reduce((sum, r) => sum + (4 / 3) * Math.PI * r ** 3 * density, 0) / block.radii.length;
    const rate = spec.rate!.particlesPerSecond ?? spec.rate!.massPerSecond! / meanMass;
    const pour = deckPour({ block, type: typeOf(m.material), group: group(m), density, rate, dt, largestRadius,
      seed: 1 + Math.abs((scenario.seed * 7919 + block.index) % 900_000_000) });
    notes.pours.push({ index: block.index, requested: rate, delivered: pour.rate, every: pour.every, count: block.radii.length });
    return { step: stepAt(spec.start ?? 0, dt), pour };
  });

  const outputEvery = Math.max(1, Math.round(setup.outputInterval / dt));
  const trace = scenario.analysis?.type === 'bounces';
  const events = [...gates, ...pours.map((p) => ({ step: p.step, commands: [p.pour.fix] }))]
    .filter((e) => e.step < steps);
  const input = [
    `# grainflow scenario ${deckText(scenario.name)} for ${target.label}, written by grainflow export lammps.`,
    `# Run here: lmp -in ${DECK_FILES.input}   or   mpirun -np N lmp -in ${DECK_FILES.input}`,
    '# README.md maps every scenario setting to these commands and lists what differs from grainflow.',
    'units           si',
    'atom_style      sphere',
    // The trace's x[1]… need the atom map; `map yes` makes it a hash beyond a million ids (an array of the largest id
    // on every rank: ~400 MB a rank at 10⁸ atoms). Nothing else in the deck looks atoms up by id.
    ...(trace ? ['atom_modify     map yes'] : []),
    `boundary        ${periodicAxes(checked).map((p) => (p ? 'p' : 'm')).join(' ')}`,
    'newton          off',
    // The ghost cutoff given before `balance`: LAMMPS sets it from the neighbour lists only when the first run
    // initialises them, and a `balance` before that ran with 0 ("WARNING: Communication cutoff is 0.0. No ghost
    // atoms will be generated", issue 27). It is the pair cutoff LAMMPS derives (two largest radii) plus the skin,
    // a hair wider so that rounding never makes LAMMPS widen it ("Communication cutoff adjusted").
    `comm_modify     vel yes cutoff ${num((2 * largestRadius + setup.skin) * (1 + 1e-9))}`,
    // Recursive bisection over the atoms (a brick grid split along z left one of two ranks empty in a silo, project
    // issue 27), again every BALANCE_EVERY steps as the spheres fall, pour in and drain.
    'comm_style      tiled',
    `read_data       ${DECK_FILES.data}`,
    'balance         1.1 rcb',
    ...census.map((m) => `group           ${group(m)} type ${typeOf(m.material)}   # ${deckText(m.name)}`),
    '',
    '# contacts: pair_style granular, one pair_coeff per pair of sphere materials (README.md, Contacts)',
    'pair_style      granular',
    ...pairCoeffs,
    '',
    ...wallCommands,
    '',
    ...(g > 0 ? [`fix             gravity all gravity ${num(g)} vector ${setup.gravity.map(num).join(' ')}`] : []),
    'fix             integrate all nve/sphere',
    `fix             balance all balance ${BALANCE_EVERY} 1.1 rcb`,
    `neighbor        ${num(setup.skin)} bin`,
    'neigh_modify    delay 0 every 1 check yes',
    `timestep        ${num(dt)}`,
    '',
    ...pours.flatMap((p) => [...p.pour.setup, ...(p.step === 0 ? [p.pour.fix] : [])]),
    '',
    'compute         rotational all erotate/sphere',
    // f_balance[3]: max/mean atoms per rank just before the latest rebalancing, how far the ranks drifted apart
    // (project issue 27 asks for it over the run, from the deck's own output).
    'thermo_style    custom step time atoms ke c_rotational f_balance[3]',
    'thermo_modify   norm no flush yes',
    // ke is ½·dof·k_B·T of the thermo temperature, Σ½mv² only while its degrees of freedom are counted right:
    // LAMMPS counts them once at set-up (a deck that pours spheres in would print ke = −0 throughout) and takes 3
    // off for the centre of mass (one sphere would print 0).
    'compute_modify  thermo_temp dynamic/dof yes extra/dof 0',
    `thermo          ${outputEvery}`,
    `dump            frames all custom ${outputEvery} ${DECK_FILES.dump} ${DUMP_COLUMNS.join(' ')}`,
    // Unsorted (sorting gathers every frame by id across the ranks); the importer places atoms by id.
    'dump_modify     frames format float %.9g',
    ...(trace ? traceCommands() : []),
    '',
    ...runs(events.filter((e) => e.step > 0), steps),
    `write_dump      all custom ${DECK_FILES.final} ${DUMP_COLUMNS.join(' ')} modify format float %.17g`,
    '',
  ];

  const physics = new Map<string, string>([[DECK_FILES.scenario, `${JSON.stringify(deckScenario(scenario), null, 2)}\n`]]);
  if (checked.explicit.file !== null) physics.set(DECK_FILES.spheres, sphereFileCopy(checked.explicit.file));
  const manifest: DeckManifest = {
    format: DECK_FORMAT, version: DECK_FORMAT_VERSION,
    lammps: { version: target.version, label: target.label, checked: target.checked },
    types, dt, steps, outputEvery, substeps, trace,
    sha256: Object.fromEntries([...physics].map(([name, text]) => [name, sha256Of(text)])),
  };
  const files = new Map<string, string>([
    [DECK_FILES.input, input.join('\n')],
    [DECK_FILES.data, dataFile(setup, census, typeOf, checked)],
    [DECK_FILES.manifest, `${JSON.stringify(manifest, null, 2)}\n`],
    ...physics,
  ]);
  for (const p of pours) for (const [name, text] of p.pour.files) files.set(name, text);
  files.set(DECK_FILES.readme, deckReadme({ scenario, setup, target, census, notes, manifest, events: events.length }));
  return { files, manifest };
}

/** The columns of the trace of the first sphere (atom 1), one line per step, for the bounces analysis. */
export const TRACE_COLUMNS = ['time', 'x', 'y', 'z', 'vx', 'vy', 'vz'] as const;

function traceCommands(): string[] {
  const variables = TRACE_COLUMNS.map((c) => `variable        trace_${c} equal ${c === 'time' ? 'time' : `${c}[1]`}`);
  const line = TRACE_COLUMNS.map((c) => '${trace_' + c + '}').join(' ');
  return [...variables, `fix             trace all print 1 "${line}" file ${DECK_FILES.trace} screen no`];
}

/** `run` commands from step 0 to `steps`, with each event's commands between the runs that meet at its step. */
function runs(events: { step: number; commands: string[] }[], steps: number): string[] {
  const lines: string[] = [];
  let at = 0;
  for (const e of [...events].sort((a, b) => a.step - b.step)) {
    if (e.step > at) lines.push(`run             ${e.step - at}`);
    at = e.step;
    lines.push(...e.commands);
  }
  lines.push(`run             ${steps - at}`);
  return lines;
}

/** The speed at which a viscoelastic law's e is stated: its reference speed, else the run's characteristic speed. */
function spreadSpeed(derived: Record<string, number | string>, setup: RunSetup): number {
  const v = derived.referenceSpeed_m_per_s;
  return typeof v === 'number' ? v : setup.limits.impactSpeed;
}

function periodicAxes(checked: CheckedScenario): boolean[] {
  const axes = checked.scenario.periodic?.axes ?? [];
  return ['x', 'y', 'z'].map((a) => (axes as readonly string[]).includes(a));
}

/**
 * The scenario as the deck holds it: without `$schema` (a path relative to the input), and with a sphere file named
 * by its copy in the deck, so that the deck is whole wherever it is moved (a cluster and back), as with listed spheres.
 */
function deckScenario(scenario: CheckedScenario['scenario']): Record<string, unknown> {
  const { $schema: _schemaPath, ...rest } = scenario;
  return Array.isArray(rest.particles) ? rest : { ...rest, particles: { file: DECK_FILES.spheres } };
}

/** The text of the sphere file the scenario was checked with, for the deck's copy; refused if it changed since. */
function sphereFileCopy(file: SphereFile): string {
  const bytes = sphereFileBytes(file.path);
  if (createHash('sha256').update(bytes).digest('hex') !== file.sha256) {
    throw new ScenarioError(SPHERE_FILE_FIELD, `${file.path} changed after the scenario was read (its SHA-256 differs); export again`);
  }
  // Every file the reader accepts is UTF-8 (numbers are ASCII, material names are the scenario's).
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/**
 * The data file: every sphere present at t = 0 with its id (grainflow id + 1), atom type, diameter, density,
 * position, velocity and angular velocity, numbers in JavaScript's shortest round-trip form (exact doubles).
 * The box: the periodic box along periodic axes; elsewhere the extent of the spheres, insertion regions and finite
 * walls, grown by two largest diameters (a shrink-wrapped boundary grows it further as needed).
 */
function dataFile(
  setup: RunSetup, census: MaterialSpheres[], typeOf: (material: number) => number, checked: CheckedScenario,
): string {
  const { particles } = setup;
  const { scenario } = checked;
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  const cover = (min: ArrayLike<number>, max: ArrayLike<number>) => {
    for (let a = 0; a < 3; a++) {
      lo[a] = Math.min(lo[a], min[a]);
      hi[a] = Math.max(hi[a], max[a]);
    }
  };
  for (let k = 0; k < particles.n; k++) {
    const p = particles.position.subarray(3 * k, 3 * k + 3);
    cover(p, p);
  }
  for (const block of scenario.insert) {
    const b = regionBounds(block.region);
    cover(b.min, b.max);
  }
  for (const wall of scenario.walls) {
    const b = wall.type === 'plane' ? { min: wall.point, max: wall.point } : wallBounds(wall);
    if (b) cover(b.min, b.max);
  }
  const margin = 4 * Math.max(...census.map((m) => m.max));
  const periodic = checked.scenario.periodic;
  const axes = periodicAxes(checked);
  const bounds = [0, 1, 2].map((a) => (axes[a] ? [periodic!.min[a], periodic!.max[a]] : [lo[a] - margin, hi[a] + margin]));
  const lines = [
    `LAMMPS data file: grainflow scenario ${deckText(scenario.name)} at t = 0 (seed ${scenario.seed}), written by grainflow export lammps`,
    '',
    `${particles.n} atoms`,
    `${census.length} atom types`,
    '',
    ...bounds.map(([l, h], a) => `${num(l)} ${num(h)} ${'xyz'[a]}lo ${'xyz'[a]}hi`),
  ];
  if (particles.n > 0) {
    const v3 = (array: Float64Array, k: number) => `${num(array[3 * k])} ${num(array[3 * k + 1])} ${num(array[3 * k + 2])}`;
    lines.push('', 'Atoms # sphere', '');
    for (let k = 0; k < particles.n; k++) {
      const m = particles.material[k];
      lines.push(`${k + 1} ${typeOf(m)} ${num(2 * particles.radius[k])} ${num(setup.densities[m])} ${v3(particles.position, k)}`);
    }
    lines.push('', 'Velocities', '');
    for (let k = 0; k < particles.n; k++) {
      lines.push(`${k + 1} ${v3(particles.velocity, k)} ${v3(particles.angularVelocity, k)}`);
    }
  }
  lines.push('');
  return lines.join('\n');
}
