/**
 * The kernel boundary (docs/architecture.md §3): src/kernel-interface/spec.json describes every layout, id and bind
 * block the kernel (src/kernel, AssemblyScript) shares with the JavaScript side once, and the build generates both
 * sides from it. Here: the committed generated files are the generator's output; the compiled kernel holds every
 * constant the JavaScript module holds, field by field; and a block JavaScript writes is what the kernel reads.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate, readSpec, ROOT, snake, SpecError } from '../../src/kernel-interface/generate.mjs';
import {
  BIND, BIND_BYTES, CONTACT, CONTACT_LENGTH, DampingExponent, ElasticLaw, HISTORY, HISTORY_STRIDE, IMPACT, TangentialModel,
  IMPACT_STRIDE, OUT, OUT_LENGTH, PAIR_OUT, PAIR_OUT_STRIDE, SCRATCH, SCRATCH_LENGTH, WALL_CANDIDATE,
  WALL_CANDIDATE_STRIDE,
} from '../../src/kernel-interface/layout.js';
import { KERNEL_RESERVED_BYTES, KernelMemory } from '../../src/base/kernel-memory.js';
import { Kernel, kernelTableIn } from '../../src/forces/kernel-instance.js';
import { ALL_FEATURES } from '../../src/forces/contact.js';
import type { KernelTable } from '../../src/forces/contact-table.js';

/** Every constant the kernel exports (its layout, as WebAssembly globals), by name. */
function kernelConstants(): Record<string, number> {
  const bytes = readFileSync(path.join(ROOT, 'dist/src/kernel/grainflow.wasm'));
  const exports = new WebAssembly.Instance(new WebAssembly.Module(bytes), { env: { memory: new KernelMemory().memory } })
    .exports;
  return Object.fromEntries(Object.entries(exports).filter(([, v]) => v instanceof WebAssembly.Global)
    .map(([name, g]) => [name, (g as WebAssembly.Global).value as number]));
}

/** The same constants as the JavaScript module holds them, named as the kernel names them. */
function javaScriptConstants(): Record<string, number> {
  const records: [string, Record<string, number>, string, number][] = [
    ['HISTORY', HISTORY, 'STRIDE', HISTORY_STRIDE], ['CONTACT', CONTACT, 'LENGTH', CONTACT_LENGTH],
    ['OUT', OUT, 'LENGTH', OUT_LENGTH], ['IMPACT', IMPACT, 'STRIDE', IMPACT_STRIDE],
    ['PAIR_OUT', PAIR_OUT, 'STRIDE', PAIR_OUT_STRIDE], ['WALL_CANDIDATE', WALL_CANDIDATE, 'STRIDE', WALL_CANDIDATE_STRIDE],
    ['SCRATCH', SCRATCH, 'LENGTH', SCRATCH_LENGTH],
  ];
  const ids: [string, Record<string, number>][] = [
    ['TANGENTIAL', TangentialModel], ['ELASTIC', ElasticLaw], ['DAMPING', DampingExponent],
  ];
  const named: Record<string, number> = { BIND_BYTES };
  for (const [record, fields, length, value] of records) {
    for (const [field, slot] of Object.entries(fields)) named[`${record}_${snake(field)}`] = slot;
    named[`${record}_${length}`] = value;
  }
  for (const [prefix, values] of ids) for (const [name, id] of Object.entries(values)) named[`${prefix}_${snake(name)}`] = id;
  for (const [group, { fields }] of Object.entries(BIND)) {
    for (const [field, { offset }] of Object.entries(fields)) named[`BIND_${snake(group)}_${snake(field)}`] = offset;
  }
  return named;
}

describe('the kernel interface, generated from one description', () => {
  it('the committed generated files are what the generator makes of the spec', () => {
    const files = generate(readSpec());
    expect(Object.keys(files).sort()).toEqual(['src/kernel-interface/layout.ts', 'src/kernel/bound.ts', 'src/kernel/layout.ts']);
    for (const [file, text] of Object.entries(files)) expect(readFileSync(path.join(ROOT, file), 'utf8'), file).toBe(text);
  });

  it('the compiled kernel holds every constant of the JavaScript module, field by field, and no other', () => {
    const kernel = kernelConstants(), js = javaScriptConstants();
    expect(Object.keys(js).length).toBeGreaterThan(100);
    expect(kernel).toEqual(js);
  });

  it('a spec the generator cannot use fails with one line naming the field', () => {
    const spec = readSpec() as { records: { fields: { type: string }[] }[] };
    spec.records[0].fields[1].type = 'vec4';
    expect(() => generate(spec)).toThrow(SpecError);
    expect(() => generate(spec)).toThrow(/^kernel interface spec: records\[0\] HISTORY\.fields\[1\] rolling: type must be f64, vec3, f64\[N\] or an earlier record, got "vec4"$/);
  });

  it('keeps its constant tables inside the memory it reserves', () => {
    // asc --initialMemory 1 (package.json build:kernel) fails the build if the module's data needs more than the
    // first page; the allocator hands out nothing below it.
    expect(KERNEL_RESERVED_BYTES).toBe(65536);
    const memory = new KernelMemory();
    expect(memory.float64(1).byteOffset).toBeGreaterThanOrEqual(KERNEL_RESERVED_BYTES);
  });
});

describe('a CONTACT block written by JavaScript, read by the kernel', () => {
  // One class: a linear spring with a constant dashpot (g = 1), friction and rolling resistance whose caps are far.
  const mu = 1e3, muRoll = 0.5;
  const one = (x: number) => Float64Array.of(x);
  const table: KernelTable = {
    noTension: false, elastic: Uint8Array.of(ElasticLaw.linear), exponent: Uint8Array.of(DampingExponent.zero),
    linearStiffness: one(0), plasticSet: one(0), minimumImpactSpeed: one(0), friction: one(mu), rollingFriction: one(muRoll),
    hertzCoef: one(0), mindlinCoef: one(0), tangential: Uint8Array.of(TangentialModel.mindlin), dampingScale: one(0),
    kPower: one(0), massPower: one(0), radiusPower: one(0),
  };
  const memory = new KernelMemory();
  const kernel = new Kernel({
    memory: memory.memory, st: null, gravity: [0, 0, 0], table: kernelTableIn(memory, table), features: ALL_FEATURES,
    scratch: memory.float64(SCRATCH_LENGTH),
  });
  const history = memory.float64(HISTORY_STRIDE);
  // Approaching (v·n < 0), slipping and spinning in no particular direction.
  const delta = 1e-6, n = [2 / 7, 3 / 7, 6 / 7], v = [-0.3, 0.2, -0.5], w = [10, -20, 30];
  // At the half step: what the springs advance by (docs/physics.md §9.10).
  const vHalf = [-0.25, 0.1, -0.45], wHalf = [12, -15, 25];
  const K = 1e6, c = 0.5, ktCoef = 7e4, reff = 4e-4, ri = 1e-3, rj = 6e-4, dt = 1e-6;

  /** The law on the block, as the kernel's one-contact entry evaluates it from a zero history. */
  function evaluate(): { out: Float64Array; history: Float64Array } {
    const b = kernel.contact;
    b[CONTACT.delta] = delta;
    [b[CONTACT.nx], b[CONTACT.ny], b[CONTACT.nz]] = n;
    [b[CONTACT.vx], b[CONTACT.vy], b[CONTACT.vz]] = v;
    [b[CONTACT.wx], b[CONTACT.wy], b[CONTACT.wz]] = w;
    b.set(vHalf, CONTACT.vHalf);
    b.set(wHalf, CONTACT.wHalf);
    b[CONTACT.stiffness] = K; b[CONTACT.damping] = c; b[CONTACT.tangentialCoefficient] = ktCoef;
    b[CONTACT.reff] = reff; b[CONTACT.radiusFirst] = ri; b[CONTACT.radiusSecond] = rj;
    history.fill(0);
    kernel.exports.evaluateContact(history.byteOffset, 0, dt);
    return { out: kernel.out.slice(), history: history.slice() };
  }

  /** The same contact by docs/physics.md §2.1, §9.2–§9.7, written out here: forces, torques, slip, history. */
  function reference() {
    const dot = (a: number[], b: number[]) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    const cross = (a: number[], b: number[]) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
    const vn = dot(v, n), fn = K * delta - c * vn;
    const vt = v.map((x, k) => x - vn * n[k]);
    // The springs advance by the half-step slip and spin, with the stiffness at the step's mean overlap.
    const vhn = dot(vHalf, n), mid = 0.5 * (delta + Math.max(0, delta + vhn * dt));
    const spring = vHalf.map((x, k) => -ktCoef * Math.sqrt(mid) * (x - vhn * n[k]) * dt);
    const ft = spring.map((x, k) => x - c * vt[k]);
    const lever = cross(n, ft).map((x) => -x);
    const wn = dot(wHalf, n), kr = 2.25 * muRoll * muRoll * K * reff * reff;
    const rolling = wHalf.map((x, k) => -kr * (x - wn * n[k]) * dt);
    return {
      force: n.map((x, k) => fn * x + ft[k]), fn, slip: Math.hypot(...vt), spring, rolling,
      torqueFirst: lever.map((x, k) => ri * x + rolling[k]), torqueSecond: lever.map((x, k) => rj * x - rolling[k]),
    };
  }

  it('every input field reaches the law, every output and history field comes back where JavaScript reads it', () => {
    const { out, history: h } = evaluate(), ref = reference();
    // The caps are far: what is compared is the uncapped law.
    expect(Math.hypot(...ref.force.map((x, k) => x - ref.fn * n[k]))).toBeLessThan(mu * ref.fn);
    expect(Math.hypot(...ref.rolling)).toBeLessThan(muRoll * reff * ref.fn);
    const close = (got: ArrayLike<number>, want: number[], what: string) =>
      want.forEach((x, k) => expect(Math.abs(got[k] - x), `${what}[${k}]`).toBeLessThanOrEqual(1e-12 * Math.abs(x) + 1e-300));
    close(out.subarray(OUT.force), ref.force, 'force');
    close(out.subarray(OUT.torqueFirst), ref.torqueFirst, 'torqueFirst');
    close(out.subarray(OUT.torqueSecond), ref.torqueSecond, 'torqueSecond');
    close([out[OUT.normalForce], out[OUT.slipSpeed]], [ref.fn, ref.slip], 'normalForce, slipSpeed');
    close(h.subarray(HISTORY.tangential), ref.spring, 'history tangential');
    close(h.subarray(HISTORY.rolling), ref.rolling, 'history rolling');
  });

  it('a bind group written by name reaches the kernel: without friction and rolling there is no tangential force', () => {
    kernel.bind('features', {
      sharedElastic: -1, sharedExponent: -1, hasFriction: false, hasRolling: false, hasMicroSlip: false, trackImpacts: true,
      fullImpactRecords: true, periodic: false,
    });
    const { out } = evaluate(), ref = reference();
    const force = [0, 1, 2].map((k) => out[OUT.force + k]);
    expect(force.map((x, k) => Math.abs(x - ref.fn * n[k]) <= 1e-12 * Math.abs(x))).toEqual([true, true, true]);
    expect(out.subarray(OUT.torqueFirst, OUT.torqueFirst + 6).every((x) => x === 0)).toBe(true);
    kernel.bind('features', {
      sharedElastic: -1, sharedExponent: -1, hasFriction: true, hasRolling: true, trackImpacts: true, periodic: false,
      // @ts-expect-error: the group has no field `friction` (it is hasFriction): a wrong name does not type-check
      friction: true,
    });
    expect(evaluate().out[OUT.force]).toBeCloseTo(ref.force[0], 12);
  });
});
