/**
 * The argument a LAMMPS `damping` command needs so that pair_style granular applies grainflow's Tsuji damping
 * F_d = α√(m*K)·δ^{1/4}·δ̇ (docs/physics.md §3.3) with α exactly as grainflow calibrated it.
 *
 * LAMMPS 29 Sep 2021, `damping tsuji`: the damping argument is read as a restitution e_in and turned into
 * α = 1.2728 − 4.2783e + 11.087e² − 22.348e³ + 27.467e⁴ − 18.022e⁵ + 4.8218e⁶ (Marshall 2009, Eq 53, an empirical
 * fit), with damping prefactor α√(m*·k_n·a) = α√(m*K)·δ^{1/4} for the Hertz normal model. The fit is not the exact
 * α(e) of §7.4: an input of 0.7 gives α = 0.1784, which rebounds at 0.778 without limit_damping (measured, the
 * closed form of §7.4 under "free" gives 0.7777). So the exporter inverts the polynomial for grainflow's α. The
 * polynomial falls monotonically from 89.3 at e_in = −1 to 3.0e-4 at e_in = 1 and through 0 just above 1; LAMMPS
 * does not check the range of the argument, so α above 1.27 (targets below 0.23 under "no-tension") takes an
 * e_in below 0, and α below 3e-4 one just above 1.
 *
 * Later releases, `damping coeff_restitution e`: α = √5·|ln e|/√(π² + ln²e), the closed form under "free", with
 * the same prefactor; its argument is the e that α delivers under "free" (tsujiRestitution).
 */
import { tsujiRestitution } from '../forces/normal/calibration.js';
import type { LammpsTarget } from './lammps-target.js';

/** α of LAMMPS 29 Sep 2021 `damping tsuji` for its restitution argument (Marshall 2009, Eq 53). */
export function lammpsTsujiAlpha(e: number): number {
  return 1.2728 - 4.2783 * e + 11.087 * e ** 2 - 22.348 * e ** 3 + 27.467 * e ** 4 - 18.022 * e ** 5 + 4.8218 * e ** 6;
}

/** The polynomial is monotonic on this interval (test/interop/tsuji-input.test.ts) and spans α in [−0.031, 89.3]. */
const INPUT_RANGE: readonly [number, number] = [-1, 1.1];

/**
 * The `damping tsuji` argument whose α (lammpsTsujiAlpha) is `alpha`, by bisection to the last bit; a RangeError
 * for α outside what the polynomial reaches on INPUT_RANGE.
 */
export function tsujiInputForAlpha(alpha: number): number {
  let [lo, hi] = INPUT_RANGE;
  if (!(alpha <= lammpsTsujiAlpha(lo) && alpha >= lammpsTsujiAlpha(hi))) {
    throw new RangeError(`Tsuji α = ${alpha} is beyond LAMMPS's damping tsuji (α from ${lammpsTsujiAlpha(hi).toFixed(3)} `
      + `to ${lammpsTsujiAlpha(lo).toFixed(1)})`);
  }
  // Decreasing: keep α(lo) >= alpha >= α(hi).
  while (hi - lo > 0) {
    const mid = 0.5 * (lo + hi);
    if (mid === lo || mid === hi) break;
    if (lammpsTsujiAlpha(mid) >= alpha) lo = mid;
    else hi = mid;
  }
  return Math.abs(lammpsTsujiAlpha(lo) - alpha) <= Math.abs(lammpsTsujiAlpha(hi) - alpha) ? lo : hi;
}

/** The `damping` keyword and argument that make the target LAMMPS apply Tsuji damping with this α. */
export function tsujiDamping(alpha: number, target: LammpsTarget): { keyword: string; argument: number } {
  if (target.tsujiDamping === 'tsuji-polynomial') return { keyword: 'tsuji', argument: tsujiInputForAlpha(alpha) };
  // At α >= √5 the overlap never returns to 0 under "free" (§7.4): there is no restitution to hand over.
  if (alpha >= Math.sqrt(5)) throw new RangeError(`Tsuji α = ${alpha} is beyond damping coeff_restitution (α < √5)`);
  return { keyword: 'coeff_restitution', argument: tsujiRestitution(alpha, 'free') };
}
