/**
 * Checkpoints are explicit (issue 11): every stateful part declares each of its fields as saved, or excluded with
 * the reason (src/base/saved-state.ts). This test holds the real instances of a simulation that has every part —
 * periodic images, a moving wall and a removed one, spheres poured from the run's random stream, impact records,
 * friction and rolling history, and the micro-slip spring row of mindlin-deresiewicz (glass on steel) — to their
 * declarations:
 *  - an instance's own fields are exactly its declared saved and excluded ones, so a field added without that
 *    decision fails here, and so does a part the simulation gains without this test knowing it;
 *  - a field excluded as another part holds exactly that part;
 *  - what a part saves is recorded per version below, so changing it without raising the version fails;
 *  - a simulation restored from a checkpoint (through the file format) equals the original field by field — the
 *    saved fields write the same checkpoint, the derived and fixed ones hold the same values — and continues
 *    bit-identically, on 2 worker lanes where the original runs on 1;
 *  - a checkpoint with another part version, a missing, mistyped or unknown entry is refused with a clear reason.
 */
import { availableParallelism } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/scenario/load.js';
import { createSetup } from '../../src/run/setup.js';
import { Simulation, type ImpactRecord } from '../../src/engine/simulation.js';
import { captureSimulation, restoreSimulation } from '../../src/checkpoint/snapshot.js';
import { CheckpointVersionError, decodeCheckpoint, encodeCheckpoint, type Checkpoint } from '../../src/checkpoint/format.js';
import { RUN_RANDOM_FIELDS, RunRandom } from '../../src/scenario/random.js';
import { RunValues, type SavedRunValues } from '../../src/run/run-values.js';
import { SavedStateError, type StateDeclaration } from '../../src/base/saved-state.js';
import { HISTORY } from '../../src/forces/contact.js';

/**
 * 250 spheres thrown sideways fall onto a shelf that is removed at step 400, above a floor moving up from step
 * 200 to 600, in a box periodic in x and y, while 60 more are poured in until step 750. The checkpoint at step
 * 375 has all of it under way: touching pairs through periodic images and with walls, open collisions, pouring,
 * a moving floor; the removal happens after it.
 */
const SCENARIO = {
  name: 'every-part', seed: 11, gravity: [0, 0, -9.81], time: { duration: 0.016, dt: 2e-5 },
  materials: {
    glass: { youngsModulus: 5e6, poissonsRatio: 0.3, density: 2500 },
    steel: { youngsModulus: 2e7, poissonsRatio: 0.3, density: 7800 },
  },
  contact: { normal: { model: 'tsuji', restitution: 0.5 }, friction: 0.5, rollingFriction: 0.05 },
  contactPairs: [{ materials: ['glass', 'glass'], friction: 0.4, tangential: { model: 'mindlin-deresiewicz' } }],
  periodic: { min: [0, 0, -1], max: [0.016, 0.016, 1], axes: ['x', 'y'] },
  insert: [
    {
      region: { type: 'box', min: [0, 0, 0.005], max: [0.016, 0.016, 0.011] }, count: 250,
      radius: { distribution: 'uniform', min: 0.0005, max: 0.0008 }, material: 'glass', velocity: [0.5, 0.3, -0.5],
      velocitySpread: 0.3,
    },
    {
      region: { type: 'box', min: [0, 0, 0.011], max: [0.016, 0.016, 0.016] }, count: 60, radius: 0.0006,
      material: 'steel', velocity: [0, 0, -0.5], rate: { particlesPerSecond: 4000 },
    },
  ],
  walls: [
    {
      type: 'plane', point: [0, 0, 0], normal: [0, 0, 1], material: 'steel',
      motion: { velocity: [0, 0, 0.05], start: 0.004, stop: 0.012 },
    },
    { type: 'plane', point: [0, 0, 0.004], normal: [0, 0, 1], material: 'glass', removeAt: 0.008 },
  ],
  outputs: { interval: 0.002, impacts: true },
};
const CHECKPOINT_STEP = 375;

/**
 * What each part saves, by `<part>@<version>`. A part that saves something else must raise its version (old
 * checkpoints are then refused, not misread) and add its line here.
 */
const SAVED_AT_VERSION: Record<string, readonly string[]> = {
  'particles@1': ['active', 'pos', 'vel', 'omega', 'force', 'torque', 'radius', 'mass', 'invMass', 'invInertia',
    'material', 'id', 'posAtBuild'],
  // @3: the same entries as @2, but `history` holds the tangential spring as a force (docs/physics.md §9.3);
  // @4: the same entries, `history` with the Mindlin–Deresiewicz turning point after the spring (§9.9);
  // @5: the same entries, `history` with the micro-slip spring row after the law state instead (§9.9);
  // @6: the same entries, `impact` with the fields impact-statistics.csv reads first, and only those in a run that
  // keeps no full collision records (kernel/records.ts)
  'pairContacts@6': ['count', 'first', 'second', 'c', 'cls', 'touching', 'history', 'impact', 'image'],
  'wallContacts@6': ['count', 'first', 'second', 'c', 'cls', 'touching', 'history', 'impact'],
  // @2: the angle of rotating walls at the last build
  'walls@2': ['time', 'offsetAtBuild', 'turnsAtBuild', 'gone'],
  'simulation@1': ['stepCount', 'rebuilds', 'particleSteps'],
  'pour@1': ['random', 'placed', 'lastInsertionTime'],
};

/** The run's own part, with values as src/run/run.ts would take them from its outputs. */
const RUN_VALUES: SavedRunValues = {
  series: { bytes: 2048, rows: 20, sha256: 'a'.repeat(64) }, impacts: {
    statistics: { file: { bytes: 4096, rows: 30, sha256: 'b'.repeat(64) }, from: 0.01, total: 41, open: [] },
    records: { bytes: 6904, rows: 41, sha256: 'c'.repeat(64) },
  },
  analysis: null, snapshots: { maxRadius: 0.0008 },
  watchdog: { initialEnergy: 1e-3, energyScale: 2e-3, particles: 250 },
};
const runPart = new RunValues(() => RUN_VALUES);

const newSimulation = () => new Simulation(createSetup(parseScenario(SCENARIO)));
const running: Simulation[] = [];
afterAll(async () => {
  for (const sim of running) await sim.close();
});

/** The object each part's declaration describes, by part name: the particle state's part is a separate object. */
function instances(sim: Simulation): Record<string, object | null> {
  return { particles: sim.st, pairContacts: sim.pairs, wallContacts: sim.walls, walls: sim.wallStates, simulation: sim, pour: sim.pourer };
}
function declarations(sim: Simulation): Map<string, StateDeclaration> {
  return new Map(sim.savedParts().map(({ stateDeclaration: d }) => [d.part, d]));
}
const kindOf = (why: string) => why.slice(0, why.indexOf(':'));
const fieldsOf = (instance: object | null) => new Map(Object.entries(instance ?? {}));
const checkpointBytes = (sim: Simulation) => Buffer.from(encodeCheckpoint(captureSimulation(sim, { scenarioHash: 'every-part', meshes: {} }, runPart)));

/** Every own field of `instance` is declared saved or excluded, and every declared field is one of its fields. */
function expectDeclared(instance: object, { saved, excluded }: Pick<StateDeclaration, 'saved' | 'excluded'>): void {
  const fields = Object.keys(instance), declared = [...saved, ...Object.keys(excluded)];
  expect({
    undeclared: fields.filter((field) => !declared.includes(field)),
    declaredButNoField: declared.filter((field) => !fields.includes(field)),
    savedAndExcluded: saved.filter((field) => field in excluded),
  }).toEqual({ undeclared: [], declaredButNoField: [], savedAndExcluded: [] });
}

/** Bytes of a derived array that hold its value; the rest is room for more contacts, holding leftovers. */
const LIVE_BYTES: Record<string, (fields: Map<string, unknown>) => number> = {
  // the entries of the gathered particles' rows, csrStart[n] of them (at most 2 per pair, fewer when not every pair
  // has a gathered particle)
  'pairContacts.csrEntry': (fields) => (fields.get('csrStart') as Int32Array)[Number(fields.get('nParticles'))]
    * Int32Array.BYTES_PER_ELEMENT,
};

/** Derived and fixed fields compare by value; set-up objects (scenario, wall model, plan) are built alike by both. */
function expectSameValue(name: string, a: unknown, b: unknown, liveBytes: number | undefined): void {
  if (ArrayBuffer.isView(a) && ArrayBuffer.isView(b)) {
    const bytes = (v: ArrayBufferView) => Buffer.from(v.buffer, v.byteOffset, liveBytes ?? v.byteLength);
    expect(bytes(b).equals(bytes(a)), name).toBe(true);
  } else if (a === null || typeof a !== 'object') {
    if (typeof a !== 'function') expect(Object.is(a, b), `${name}: ${String(a)} against ${String(b)}`).toBe(true);
  }
}

describe('every stateful field is saved or excluded with a reason', () => {
  const sim = newSimulation();
  for (let k = 0; k < CHECKPOINT_STEP; k++) sim.step(() => {});
  const parts = declarations(sim);

  it('the simulation saves exactly the parts this test knows', () => {
    expect([...parts.keys()]).toEqual(Object.keys(instances(sim)));
    expect(sim.pourer).not.toBeNull();
  });

  it('has micro-slip spring rows under way at the checkpoint, for the round trip below to carry', () => {
    for (const list of [sim.pairs, sim.walls]) {
      const loaded = Array.from({ length: list.count }, (_, s) => list.history[s * list.historyStride + HISTORY.reach])
        .filter((reach) => reach > 0);
      expect(loaded.length).toBeGreaterThan(5);
    }
  });

  it.each([...parts.keys()])('%s: its own fields are its saved and excluded ones', (name) => {
    expectDeclared(instances(sim)[name]!, parts.get(name)!);
  });

  it("the pourer's random stream and the run's values: their own fields are their saved and excluded ones", () => {
    expectDeclared(new RunRandom(1), RUN_RANDOM_FIELDS);
    // The run's values are read from its outputs when saved: its saved entries are not fields of its own.
    expect(Object.keys(runPart).sort()).toEqual(Object.keys(runPart.stateDeclaration.excluded).sort());
  });

  it('a field excluded as a part holds that part', () => {
    let checked = 0;
    for (const [name, { excluded }] of parts) {
      const fields = fieldsOf(instances(sim)[name]);
      for (const [field, why] of Object.entries(excluded)) {
        if (kindOf(why) !== 'part') continue;
        const part = why.slice('part: '.length).split(' ')[0];
        expect(fields.get(field), `${name}.${field}`).toBe(instances(sim)[part]);
        checked++;
      }
    }
    expect(checked).toBe(6);
  });

  it('what a part saves is the list of its version', () => {
    for (const { part, version, saved } of parts.values()) expect(saved, `${part}@${version}`).toEqual(SAVED_AT_VERSION[`${part}@${version}`]);
  });
});

describe('a restored simulation', () => {
  const impactsOriginal: ImpactRecord[] = [];
  const original = newSimulation();
  for (let k = 0; k < CHECKPOINT_STEP; k++) original.step(() => {});
  const saved = checkpointBytes(original);
  const restored = newSimulation();
  running.push(restored);
  restoreSimulation(restored, decodeCheckpoint(saved), runPart);

  it('the checkpoint has the state it claims: periodic images, touching pairs and wall contacts, pouring under way', () => {
    const { pairs, walls, pourer, st } = original;
    const touchingImages = pairs.image.subarray(0, pairs.count).filter((image, p) => image !== 0 && pairs.touching[p] === 1);
    expect(touchingImages.length).toBeGreaterThan(0);
    expect(walls.touching.subarray(0, walls.count).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(pourer!.report().poured).toBeGreaterThan(0);
    expect(st.n).toBeLessThan(st.capacity);
    expect(original.wallStates.maxDisplacementSinceBuild(st.pos, st.n)).toBeGreaterThanOrEqual(0);
  });

  it("writes the same checkpoint: every saved field is equal, the run's values too", () => {
    expect(checkpointBytes(restored).equals(saved)).toBe(true);
    expect(runPart.resumed).toEqual(RUN_VALUES);
  });

  it('has the same derived and fixed fields', () => {
    let compared = 0;
    for (const [name, { excluded }] of declarations(original)) {
      const a = fieldsOf(instances(original)[name]), b = fieldsOf(instances(restored)[name]);
      for (const [field, why] of Object.entries(excluded)) {
        if (kindOf(why) !== 'derived' && kindOf(why) !== 'fixed') continue;
        expectSameValue(`${name}.${field}`, a.get(field), b.get(field), LIVE_BYTES[`${name}.${field}`]?.(b));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('continues bit-identically on 2 lanes to the end of the run (impacts and the final checkpoint)', async () => {
    const impactsRestored: ImpactRecord[] = [];
    await restored.useWorkers(2, availableParallelism());
    expect(restored.lanes).toBe(2);
    const { steps } = createSetup(parseScenario(SCENARIO));
    for (let k = CHECKPOINT_STEP; k < steps; k++) {
      original.step((r) => impactsOriginal.push(r));
      restored.step((r) => impactsRestored.push(r));
    }
    expect(original.wallStates.goneFlags()[1]).toBe(1);
    expect(impactsOriginal.length).toBeGreaterThan(50);
    expect(impactsRestored).toEqual(impactsOriginal);
    expect(checkpointBytes(restored).equals(checkpointBytes(original))).toBe(true);
  });
});

describe('a checkpoint that does not fit is refused, naming the entry', () => {
  const sim = newSimulation();
  for (let k = 0; k < 40; k++) sim.step(() => {});
  const good = () => decodeCheckpoint(checkpointBytes(sim));
  const restoreInto = (cp: Checkpoint) => () => restoreSimulation(newSimulation(), cp, runPart);

  it('another version of a part: written by an older or newer grainflow', () => {
    const older = good();
    older.parts.pairContacts = 2;
    expect(restoreInto(older)).toThrow(CheckpointVersionError);
    expect(restoreInto(older)).toThrow('checkpoint was written by an older grainflow (pairContacts state version 2; '
      + 'this grainflow reads version 6); resume it with that version or start the run again');
    const newer = good();
    newer.parts.walls = 3;
    expect(restoreInto(newer)).toThrow(/written by a newer grainflow \(walls state version 3;/);
  });

  it('a missing, mistyped, mis-sized, unknown or non-numeric entry', () => {
    const cases: [string, (cp: Checkpoint) => void, RegExp][] = [
      ['missing', (cp) => cp.sections.delete('pairContacts.first'), /^it has no section pairContacts\.first$/],
      ['mistyped', (cp) => cp.sections.set('particles.pos', new Float32Array(cp.sections.get('particles.pos')!.length)),
        /^section particles\.pos holds a Float32Array, not a Float64Array$/],
      ['mis-sized', (cp) => cp.sections.set('walls.gone', new Uint8Array(5)), /^section walls\.gone holds 5 values; this simulation has 2$/],
      ['unknown', (cp) => cp.sections.set('particles.spin', new Float64Array(1)), /^this grainflow reads no entry particles\.spin$/],
      ['not a number', (cp) => { cp.values['simulation.rebuilds'] = 'many'; }, /^entry simulation\.rebuilds is "many", not a number$/],
      ['too many spheres', (cp) => { cp.values['particles.active'] = 10_000; }, /^entry particles\.active is 10000; it must be an integer in 0\.\.310 here$/],
      ['not a random state', (cp) => { cp.values['pour.random'] = { i: 0, j: 0, S: [] }; }, /^entry pour\.random is not a random-stream state$/],
      ['not a file position', (cp) => { cp.values['run.series'] = { bytes: 10 }; }, /^entry run\.series is not a CSV file position$/],
      ['a part this simulation lacks', (cp) => { cp.parts.thermostat = 1; }, /^it holds parts this simulation does not have: thermostat$/],
    ];
    for (const [what, damage, message] of cases) {
      const cp = good();
      damage(cp);
      expect(restoreInto(cp), what).toThrow(SavedStateError);
      expect(restoreInto(cp), what).toThrow(message);
    }
  });
});
