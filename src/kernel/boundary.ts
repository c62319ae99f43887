/**
 * The boundary copies of a run on several lanes (engine/parallel/boundary-copies.ts, docs/architecture.md §3):
 * a lane's pairs whose second body another lane moves read that body from a copy of its rows, written once per step
 * by the lane that moves it, instead of from the rows that lane keeps writing. The copies sit after the spheres in
 * the same arrays (particles/state.ts copyRoom), so the pair pass reads them as it reads any body: only the second
 * body's index differs, for the length of the pair pass.
 */
import * as bound from './bound';
import { f64Address, i32At, setI32 } from './memory';

/**
 * Copies the rows the pair pass reads of a body — position, half-step velocity and spin, predicted velocity and
 * spin — of spheres list[0 … count) to rows base … base + count − 1. The lane that moves them runs this right after
 * its kick + drift.
 */
export function copyBoundaryRows(list: usize, count: i32, base: i32): void {
  const pos = bound.pos, vel = bound.vel, omega = bound.omega, predicted = bound.predicted;
  for (let k = 0; k < count; k++) {
    const from = i32At(list, k), to = base + k;
    copy3(f64Address(pos, 3 * from), f64Address(pos, 3 * to));
    copy3(f64Address(vel, 3 * from), f64Address(vel, 3 * to));
    copy3(f64Address(omega, 3 * from), f64Address(omega, 3 * to));
    const u = f64Address(predicted, 6 * from), v = f64Address(predicted, 6 * to);
    copy3(u, v);
    copy3(u + 24, v + 24);
  }
}

@inline function copy3(from: usize, to: usize): void {
  store<f64>(to, load<f64>(from));
  store<f64>(to, load<f64>(from, 8), 8);
  store<f64>(to, load<f64>(from, 16), 16);
}

/**
 * Exchanges the second body of pair list[2k] with list[2k + 1] for k < count: the index of its copy before the
 * lane's pair pass, the body's own index back after it (the list then holds what it held before). Nothing else
 * reads these pairs' second bodies in between: the pairs are the lane's own.
 */
export function swapSecondBodies(list: usize, count: i32): void {
  const second = bound.pairSecond;
  for (let k = 0; k < count; k++) {
    const p = i32At(list, 2 * k), other = i32At(list, 2 * k + 1);
    setI32(list, 2 * k + 1, i32At(second, p));
    setI32(second, p, other);
  }
}
