/**
 * Independent reference for engine tests: the 1-D normal impact m*δ̈ + F(δ, δ̇) = 0 with δ(0) = 0, δ̇(0) = v₀,
 * F = Kδ^{3/2} + cδ^m δ̇ (docs/physics.md §7.1), integrated with classical RK4 at a very small fixed step and
 * the end of contact located by bisection on a cubic Hermite interpolant. Shares no code with src/.
 */
export type Convention = 'free' | 'no-tension';

export interface ReferenceImpact {
  restitution: number;
  maxOverlap: number;
  maxForce: number;
  duration: number;
}

export function referenceImpact(
  meff: number, K: number, c: number, m: number, v0: number, convention: Convention, stepsPerContact = 40_000,
): ReferenceImpact {
  const force = (d: number, v: number) => (d > 0 ? K * d ** 1.5 + c * d ** m * v : 0);
  const acc = (d: number, v: number) => -force(d, v) / meff;
  const tScale = 3.2181 * (meff / K) ** 0.4 * v0 ** -0.2;
  const h = tScale / stepsPerContact;
  let t = 0, d = 0, v = v0, maxD = 0, maxF = 0;
  const ended = (dd: number, vv: number) => (convention === 'free' ? dd <= 0 : vv < 0 && force(dd, vv) <= 0);
  for (let k = 0; k < 100 * stepsPerContact; k++) {
    const k1d = v, k1v = acc(d, v);
    const k2d = v + 0.5 * h * k1v, k2v = acc(Math.max(d + 0.5 * h * k1d, 0), v + 0.5 * h * k1v);
    const k3d = v + 0.5 * h * k2v, k3v = acc(Math.max(d + 0.5 * h * k2d, 0), v + 0.5 * h * k2v);
    const k4d = v + h * k3v, k4v = acc(Math.max(d + h * k3d, 0), v + h * k3v);
    const dn = d + (h / 6) * (k1d + 2 * k2d + 2 * k3d + k4d);
    const vn = v + (h / 6) * (k1v + 2 * k2v + 2 * k3v + k4v);
    if (k > 0 && ended(dn, vn)) {
      // Hermite interpolation over the step; bisect for the event.
      const at = (s: number) => {
        const s2 = s * s, s3 = s2 * s;
        const dd = (2 * s3 - 3 * s2 + 1) * d + (s3 - 2 * s2 + s) * h * v + (-2 * s3 + 3 * s2) * dn + (s3 - s2) * h * vn;
        const vv = ((6 * s2 - 6 * s) * d + (3 * s2 - 4 * s + 1) * h * v + (-6 * s2 + 6 * s) * dn + (3 * s2 - 2 * s) * h * vn) / h;
        return [dd, vv];
      };
      let lo = 0, hi = 1;
      for (let it = 0; it < 60; it++) {
        const mid = 0.5 * (lo + hi);
        const [dm, vm] = at(mid);
        if (ended(dm, vm)) hi = mid; else lo = mid;
      }
      const [, vEnd] = at(hi);
      return { restitution: -vEnd / v0, maxOverlap: maxD, maxForce: maxF, duration: t + hi * h };
    }
    d = dn; v = vn; t += h;
    maxD = Math.max(maxD, d);
    maxF = Math.max(maxF, force(d, v));
  }
  throw new Error('reference impact did not end');
}
