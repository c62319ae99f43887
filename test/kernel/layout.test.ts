/**
 * The kernel (src/kernel, AssemblyScript) and the JavaScript side share layouts and ids that each language writes
 * down: src/kernel/layout.ts exports its copy, and every value must be the JavaScript one, or the two sides would
 * read each other's arrays wrong.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONTACT, CONTACT_LENGTH, HISTORY, HISTORY_STRIDE, OUT, OUT_LENGTH } from '../../src/forces/contact.js';
import { IMPACT, IMPACT_STRIDE } from '../../src/contacts/impact-records.js';
import { PAIR_OUT_STRIDE } from '../../src/contacts/pair-contacts.js';
import { CANDIDATE_STRIDE } from '../../src/contacts/contact-arrays.js';
import { DampingExponent, ElasticLaw } from '../../src/forces/normal/law.js';
import { KERNEL_RESERVED_BYTES, KernelMemory } from '../../src/base/kernel-memory.js';
import { SCRATCH_CONTACT, SCRATCH_LENGTH, SCRATCH_OUT, SCRATCH_WALL_SUM } from '../../src/forces/kernel-instance.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const bytes = readFileSync(path.join(root, 'dist/src/kernel/grainflow.wasm'));
const env = { memory: new KernelMemory().memory };
const exports = new WebAssembly.Instance(new WebAssembly.Module(bytes), { env })
  .exports as Record<string, WebAssembly.Global>;
const kernel = (name: string) => exports[name].value;

/** camelCase → the kernel's SNAKE_CASE. */
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase();

describe('the layouts the kernel shares with JavaScript', () => {
  it('history, the one-contact blocks and the pair buffer', () => {
    expect(kernel('HISTORY_STRIDE')).toBe(HISTORY_STRIDE);
    for (const [name, slot] of Object.entries(HISTORY)) expect(kernel(`HISTORY_${snake(name)}`), name).toBe(slot);
    expect(kernel('CONTACT_LENGTH')).toBe(CONTACT_LENGTH);
    for (const name of ['delta', 'nx', 'vx', 'wx', 'stiffness', 'damping', 'tangentialCoefficient', 'reff', 'radiusFirst',
      'radiusSecond'] as const) {
      expect(kernel(`CONTACT_${snake(name)}`), name).toBe(CONTACT[name]);
    }
    expect([CONTACT.ny - CONTACT.nx, CONTACT.nz - CONTACT.nx, CONTACT.vz - CONTACT.vx, CONTACT.wz - CONTACT.wx]).toEqual([1, 2, 2, 2]);
    expect(kernel('OUT_LENGTH')).toBe(OUT_LENGTH);
    for (const [name, slot] of Object.entries(OUT)) expect(kernel(`OUT_${snake(name)}`), name).toBe(slot);
    expect(kernel('PAIR_OUT_STRIDE')).toBe(PAIR_OUT_STRIDE);
    expect(kernel('WALL_CANDIDATE_STRIDE')).toBe(CANDIDATE_STRIDE);
    expect([kernel('SCRATCH_CONTACT'), kernel('SCRATCH_OUT'), kernel('SCRATCH_WALL_SUM'), kernel('SCRATCH_LENGTH')])
      .toEqual([SCRATCH_CONTACT, SCRATCH_OUT, SCRATCH_WALL_SUM, SCRATCH_LENGTH]);
  });

  it('collision records', () => {
    expect(kernel('IMPACT_STRIDE')).toBe(IMPACT_STRIDE);
    for (const [name, slot] of Object.entries(IMPACT)) expect(kernel(`IMPACT_${snake(name)}`), name).toBe(slot);
  });

  it('the ids of the elastic laws and damping shapes', () => {
    for (const [name, id] of Object.entries(ElasticLaw)) expect(kernel(`ELASTIC_${snake(name)}`), name).toBe(id);
    for (const [name, id] of Object.entries(DampingExponent)) expect(kernel(`DAMPING_${snake(name)}`), name).toBe(id);
  });

  it('keeps its constant tables inside the memory it reserves', () => {
    // asc --initialMemory 1 (package.json build:kernel) fails the build if the module's data needs more than the
    // first page; the allocator hands out nothing below it.
    expect(KERNEL_RESERVED_BYTES).toBe(65536);
    const memory = new KernelMemory();
    expect(memory.float64(1).byteOffset).toBeGreaterThanOrEqual(KERNEL_RESERVED_BYTES);
  });
});
