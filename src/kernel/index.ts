/**
 * grainflow's compute kernel, in AssemblyScript (https://www.assemblyscript.org), compiled to WebAssembly by
 * `npm run build` (asc, an npm package: no system toolchain) into dist/src/kernel/grainflow.wasm. It holds the
 * contact law and the three passes of every time step (the sphere–wall geometry stays in JavaScript); the JavaScript side (src/forces/kernel-instance.ts) gives each
 * thread an instance over the one shared memory that holds the particle state and the contact lists
 * (src/base/kernel-memory.ts), binds it to those arrays (a bind block per group, laid out by
 * src/kernel-interface/spec.json like every layout shared with JavaScript), and calls these exports. docs/architecture.md §3 says how
 * results stay bit-identical for any number of threads, and what each lever of issue #13 gave; in short (10 000-sphere
 * bed of `npm run bench -- --only vs-lammps`, 6 000 fall + 6 000 bed steps, seconds on 1 / 2 threads, 2026-11-27,
 * faster of two passes on a machine whose speed drifts by ±15 %):
 *   JavaScript kernel (39ef8f0)                                          24.1 / 16.7
 *   this kernel in WebAssembly, one pair pass per law and options         17.9 / 12.7
 *   compact lists (history 3 doubles, CSR for split particles only)       17.1 / 11.8   (94 → 48 B per pair)
 *   wall law in the gather pass, geometry from JavaScript beforehand      18.5 / 10.7   (within noise)
 *   lanes balanced by measured time                                       15.6 /  9.8   (A/B: 11.7 → 10.3 s, 2 threads)
 *   predicted velocities once per particle (pass 1)                       15.3 / 10.5   (A/B: 17.9 → 17.2 s, 1 thread)
 *   pairs summed straight into force and torque                           17.4 / 10.6   (A/B at 50k, 2 threads: −7 %)
 *   memory levers at 10⁶ spheres (856 → 698 B per sphere)                 16.4 / 11.4   (within noise)
 *   memory, second pass (698 → 630 B per sphere; 803 → 643 on 2 threads)  16.5 /  9.0   (within noise)
 * The second-order springs (issue 24) cost 7 % more instructions per step; micro-slip compiled out of the runs without
 * it, the sink holding the bound arrays and rows read at constant offsets (memory.ts f64Address) end 9.5 % below the
 * step before them (callgrind counts, docs/architecture.md §3).
 */
export { pairForces } from './pairs';
export { kickDrift, beginForces, gatherAndKick } from './passes';
export { copyBoundaryRows, swapSecondBodies } from './boundary';
export { evaluateContact } from './contact';
// One bind entry per group of bound.ts: each copies its block (layout.ts BIND_*), written by JavaScript, into the
// kernel's globals.
export { bindParticles, bindTable, bindFeatures, bindPairs, bindWalls, bindScratch } from './bound';
export * from './layout';
