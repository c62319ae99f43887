/**
 * One oblique impact of a sphere on a plane or a second sphere, run through the engine (collision.ts) at the
 * automatic step and at a tenth of it, and through the independent reference integration of the same contact model
 * (mindlin-reference.ts), all in the same planar terms: what the tangential cases of the report compare.
 */
import type { Material } from '../scenario/schema.js';
import { collide, sphereMass, type CollisionSpec, type PlanarMotion, type TangentialModel } from './collision.js';
import { hertzContact, mindlinCoefficient } from './hertz.js';
import { obliqueImpact, type ObliqueContact } from './mindlin-reference.js';

export interface ObliqueRun {
  /** at the automatic step, what a user gets */
  engine: PlanarMotion[];
  /** at a tenth of it: the engine's step error is the difference */
  refined: PlanarMotion[];
  reference: PlanarMotion[];
  /** whether the reference contact slid at every step (the rigid-body sliding formulas hold) */
  slid: boolean;
}

/** How much finer than the automatic step the convergence rows run. */
export const REFINE = 10;

export interface ObliqueSpec {
  material: Material;
  radius: number;
  target: CollisionSpec['target'];
  /** normal and tangential speed (m/s) and spin ω_y (rad/s) of sphere 1; the second sphere is at rest */
  normalSpeed: number;
  tangentialSpeed: number;
  spin: number;
  /** Tsuji's law with this restitution, or elastic Hertz for 1 */
  restitution: number;
  friction: number;
  tangential: TangentialModel;
}

/** The impact through the engine and the reference. */
export async function oblique(o: ObliqueSpec): Promise<ObliqueRun> {
  const { material: a, radius: r1, target, normalSpeed: vn, tangentialSpeed: vt, spin, restitution: e } = o;
  const spec: CollisionSpec = {
    material: a, radius: r1, normalSpeed: vn, tangentialSpeed: vt, spin, target, friction: o.friction,
    normal: e === 1 ? { model: 'hertz' } : { model: 'tsuji', restitution: e }, tangential: o.tangential,
  };
  const out = await collide(spec);
  const refined = await collide({ ...spec, refine: REFINE });
  const ref = referenceImpact(o, out.damping, o.tangential);
  return { engine: out.after, refined: refined.after, reference: ref.motion, slid: ref.slid };
}

/**
 * The impact through the independent integration (mindlin-reference.ts) with the tangential law `tangential` —
 * the engine's model (for mindlin-deresiewicz its theory solved exactly with a fine spring row) — and the normal damping
 * coefficient c the engine computed for it: every body's motion after it, and whether it slid throughout.
 */
export function referenceImpact(o: ObliqueSpec, damping: number, tangential: ObliqueContact['tangential']):
  { motion: PlanarMotion[]; slid: boolean } {
  const { material: a, radius: r1, target, normalSpeed: vn, tangentialSpeed: vt, spin, restitution: e } = o;
  const b = 'plane' in target ? target.plane : target.sphere.material;
  const r2 = 'plane' in target ? Infinity : target.sphere.radius;
  const m1 = sphereMass(a, r1), m2 = 'plane' in target ? Infinity : sphereMass(b, r2);
  const hertz = hertzContact(a, r1, b, r2, m2, vn);
  const ref = obliqueImpact({
    stiffness: hertz.stiffness, damping, dampingExponent: e === 1 ? 0 : 0.25,
    tangentialCoefficient: mindlinCoefficient(a, b, hertz.effectiveRadius), friction: o.friction, tangential,
    effectiveRadius: hertz.effectiveRadius, effectiveMass: hertz.effectiveMass, slipCompliance: 3.5 * (1 / m1 + 1 / m2),
  }, vn, vt - r1 * spin);
  const i1 = 0.4 * m1 * r1 * r1;
  const motion: PlanarMotion[] = [{
    tangential: vt + ref.tangentialImpulse / m1, normal: -vn + ref.normalImpulse / m1,
    spin: spin - (r1 * ref.tangentialImpulse) / i1,
  }];
  if (m2 !== Infinity) {
    motion.push({ tangential: -ref.tangentialImpulse / m2, normal: -ref.normalImpulse / m2,
      spin: -(r2 * ref.tangentialImpulse) / (0.4 * m2 * r2 * r2) });
  }
  return { motion, slid: ref.slidThroughout };
}

/** Slip of the contact points after an impact: sphere 1's contact point minus the target's (m/s). */
export function slipAfter(motion: PlanarMotion[], r1: number, r2: number): number {
  const [one, two] = motion;
  return one.tangential - r1 * one.spin - (two === undefined ? 0 : two.tangential + r2 * two.spin);
}
