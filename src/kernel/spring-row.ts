/**
 * Mindlin & Deresiewicz's micro-slip (docs/physics.md §9.9), as the method of dimensionality reduction solves it
 * [Popov & Heß 2015, ch. 5]: the contact is a row of independent springs at distances x from its centre, each with
 * the normal compression δ − x²/R_eff, a share of the normal load in proportion to it, and a tangential
 * displacement (a vector in the contact plane) that follows the bodies until its force reaches μ times its share,
 * and then slips. Their sum is the tangential force: Mindlin's stiffness 8G*a while nothing slips, his loading curve,
 * Masing's unloading branches and the effect of a changing normal load, with no branch rule. The row covers the
 * largest contact radius so far (HISTORY.reach) with a fixed number of springs, resampled as the contact grows past
 * it. The law (law.ts) inlines it for the classes that use `mindlin-deresiewicz`.
 */
import { HISTORY_REACH, HISTORY_SPRINGS, HISTORY_STRIDE, HISTORY_TANGENTIAL } from './layout';
import { turnIntoTangentPlane } from './tangent-plane';

/** Springs in the row: what the layout leaves them (spec.json HISTORY.springs, 3 doubles each). */
const COUNT: i32 = (HISTORY_STRIDE - HISTORY_SPRINGS) / 3;

/**
 * One step of the row of the contact whose history starts at `hist`; its force F_s, the sum of the springs, goes to
 * HISTORY.tangential for the law to damp and cap.
 *   delta, deltaOld: the overlap now and a step ago (m); n: the unit normal;
 *   u: the slip of the step, −v_t½Δt (m), the half-step slip that moved the bodies (§9.10);
 *   reff: R_eff (m); ktCoef: 8G*√R_eff, so that the springs in contact sum to k_t = 8G*a;
 *   limit: μF_el, the Coulomb limit of the whole row.
 */
@inline export function advanceSpringRow(
  hist: usize, delta: f64, deltaOld: f64, nx: f64, ny: f64, nz: f64, ux: f64, uy: f64, uz: f64,
  reff: f64, ktCoef: f64, limit: f64,
): void {
  const row = hist + (<usize>HISTORY_SPRINGS << 3);
  let reach = load<f64>(hist, HISTORY_REACH << 3);
  const radius = Math.sqrt(reff * delta);
  if (radius > reach) {
    if (reach > 0) resample(row, radius / reach);
    reach = radius;
    store<f64>(hist, reach, HISTORY_REACH << 3);
  }
  const spacing = reach / <f64>COUNT;
  // The springs' normal compressions δ − x²/R_eff share the normal load.
  let compressions: f64 = 0;
  for (let k = 0; k < COUNT; k++) {
    const x = (<f64>k + 0.5) * spacing;
    compressions += Math.max(0, delta - (x * x) / reff);
  }
  const stiffness = (ktCoef * spacing) / Math.sqrt(reff); // 8G*·spacing: the springs of both sides of the centre
  const limitPerCompression = compressions > 0 ? limit / (compressions * stiffness) : 0;
  let sx: f64 = 0, sy: f64 = 0, sz: f64 = 0;
  for (let k = 0; k < COUNT; k++) {
    const spring = row + (<usize>k * 24);
    const x = (<f64>k + 0.5) * spacing;
    const edge = (x * x) / reff;
    const compression = delta - edge;
    if (compression <= 0) {
      // Out of the contact: it forgets its displacement (written only when it had one).
      if (load<f64>(spring) != 0 || load<f64>(spring, 8) != 0 || load<f64>(spring, 16) != 0) {
        store<f64>(spring, 0); store<f64>(spring, 0, 8); store<f64>(spring, 0, 16);
      }
      continue;
    }
    // Into the current tangent plane with its length kept, as the spring of §9.3.
    turnIntoTangentPlane(spring, nx, ny, nz);
    let px = load<f64>(spring), py = load<f64>(spring, 8), pz = load<f64>(spring, 16);
    // A spring that came into the contact during the step (δ grew past its edge) follows the bodies from then on:
    // the part of the step after δ passed x²/R_eff, δ taken linear in time.
    const share = edge >= deltaOld ? compression / (delta - deltaOld) : 1;
    px += share * ux; py += share * uy; pz += share * uz;
    const cap = limitPerCompression * compression;
    const len2 = px * px + py * py + pz * pz;
    if (len2 > cap * cap) {
      const s = cap / Math.sqrt(len2);
      px *= s; py *= s; pz *= s;
    }
    store<f64>(spring, px); store<f64>(spring, py, 8); store<f64>(spring, pz, 16);
    sx += px; sy += py; sz += pz;
  }
  const force = hist + (<usize>HISTORY_TANGENTIAL << 3);
  store<f64>(force, stiffness * sx); store<f64>(force, stiffness * sy, 8); store<f64>(force, stiffness * sz, 16);
}

/**
 * The row stretched by `ratio` > 1: spring k moves from (k + 1/2)·h to (k + 1/2)·h·ratio and takes the displacement
 * there, linear between the old springs and falling to 0 at the old reach (where the compression, and so every
 * spring's limit, was 0). In place and in order: the new spring k reads old springs k and beyond only.
 * (Linear in x², in which the compression is linear, would resample a row loaded in proportion to the overlap
 * exactly, but put the Kharaz impacts of docs/physics.md §9.9 5× farther from the theory: 0.006 in e_t, not 0.0012.)
 */
@inline function resample(row: usize, ratio: f64): void {
  for (let k = 0; k < COUNT; k++) {
    const at = (<f64>k + 0.5) * ratio - 0.5; // in old spring indexes
    const j = <i32>at;
    const t = at - <f64>j;
    const spring = row + (<usize>k * 24);
    if (j >= COUNT - 1) {
      // Between the last old spring and the old reach, half a spacing further, or beyond it.
      const w = Math.max(0, 1 - 2 * (at - <f64>(COUNT - 1)));
      const last = row + (<usize>(COUNT - 1) * 24);
      store<f64>(spring, w * load<f64>(last)); store<f64>(spring, w * load<f64>(last, 8), 8);
      store<f64>(spring, w * load<f64>(last, 16), 16);
      continue;
    }
    const a = row + (<usize>j * 24), b = a + 24;
    store<f64>(spring, (1 - t) * load<f64>(a) + t * load<f64>(b));
    store<f64>(spring, (1 - t) * load<f64>(a, 8) + t * load<f64>(b, 8), 8);
    store<f64>(spring, (1 - t) * load<f64>(a, 16) + t * load<f64>(b, 16), 16);
  }
}
