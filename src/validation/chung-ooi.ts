/**
 * The particle-impact benchmarks of Chung & Ooi (2011), Granular Matter 13:643–656, tests 1–8, with the paper's
 * materials (its Table 1) and set-ups, each run through the engine at the automatic time step:
 *   1 two identical spheres head-on at ±10 m/s, elastic (glass, limestone; R = 10 mm);
 *   2 a sphere on a rigid plane at 0.2 m/s, elastic (aluminium alloy, magnesium alloy; R = 0.1 m);
 *   3 the same at 3.9 m/s with restitution 0.1 … 1 (aluminium oxide, cast iron; R = 2.5 mm);
 *   4 oblique impacts on the plane at 3.9 m/s, 5°–85° from the normal, e = 0.98, μ = 0.092 (aluminium oxide,
 *     aluminium alloy; R = 2.5 mm);
 *   5 normal speed 5 m/s with tangential speeds 0.1–70 m/s, e = 1, μ = 0.3 (steel, polyethylene; R = 10 µm);
 *   6 a spinning sphere onto the plane, v_n = 0.2 m/s, ω = 0.175–23 rad/s, e = 0.5, μ = 0.4 (aluminium alloy,
 *     nylon; R = 0.1 m);
 *   7 two identical spheres at ±0.2 m/s with equal and opposite spins (aluminium alloy, copper; R = 0.1 m);
 *   8 a small spinning sphere (R = 0.1 m) onto a sphere five times larger and 1 000 times denser (aluminium
 *     alloy, nylon), as test 6.
 * The restitution e < 1 is Tsuji's law (exact at every speed, docs/physics.md §3.3); the paper's rigid plane is a
 * plane of the sphere's material 10⁹ times stiffer, so E* and G* are the sphere's own to 1e-9.
 *
 * References: Hertz's closed forms (hertz.ts); e_out = e_in; the rigid-body formulas where the contact slides
 * throughout (tests 4, 5, 6, 8) — which the independent integration (mindlin-reference.ts) decides, point by
 * point; that integration for every point, the compliant regimes included; the no-slip symmetry of test 7; and
 * the DEM curves the paper publishes for tests 4, 5, 6 and 8 (chung-ooi-published.ts), checked where the contact
 * slides throughout and shown, not checked, where it sticks for a while: there the paper's tangential model is not
 * grainflow's (test 4: the spring kept as a displacement; test 5: half the stiffness; tests 6 and 8: a damping not
 * identified), and each row says so.
 * (The experiment test 4 is modelled on, Kharaz et al. 2001 on a glass anvil, is its own case: kharaz.ts.)
 */
import type { Material } from '../scenario/schema.js';
import type { PlotSeries } from '../plot/line-plot.js';
import {
  absolute, check, definedIn, relative, shown, worstOf, type CaseResult, type Check, type ValidationCase,
} from './checks.js';
import { collide, inTurn, sphereMass, type CollisionSpec, type PlanarMotion } from './collision.js';
import { oblique, REFINE, slipAfter, type ObliqueRun } from './oblique.js';
import { hertzContact, mindlinCoefficient } from './hertz.js';
import { obliqueImpact } from './mindlin-reference.js';
import {
  TEST_4_RESTITUTION, TEST_4_SPIN, TEST_5_RECOIL, TEST_5_SPIN, TEST_6_BETA, TEST_8_BETA, type PublishedFigure,
} from './chung-ooi-published.js';

/** Chung & Ooi (2011), Table 1. */
export const CHUNG_OOI_MATERIALS = {
  glass: { youngsModulus: 4.8e10, poissonsRatio: 0.2, density: 2800 },
  limestone: { youngsModulus: 2.0e10, poissonsRatio: 0.25, density: 2500 },
  'aluminium alloy (test 2)': { youngsModulus: 7.0e10, poissonsRatio: 0.3, density: 2699 },
  'magnesium alloy': { youngsModulus: 4.0e10, poissonsRatio: 0.35, density: 1800 },
  'aluminium oxide': { youngsModulus: 3.8e11, poissonsRatio: 0.23, density: 4000 },
  'cast iron': { youngsModulus: 1.0e11, poissonsRatio: 0.25, density: 7000 },
  'aluminium alloy': { youngsModulus: 7.0e10, poissonsRatio: 0.33, density: 2700 },
  steel: { youngsModulus: 2.08e11, poissonsRatio: 0.3, density: 7850 },
  polyethylene: { youngsModulus: 1.0e9, poissonsRatio: 0.4, density: 1400 },
  nylon: { youngsModulus: 2.5e9, poissonsRatio: 0.4, density: 1000 },
  copper: { youngsModulus: 1.2e11, poissonsRatio: 0.35, density: 8900 },
} satisfies Record<string, Material>;
type MaterialName = keyof typeof CHUNG_OOI_MATERIALS;

const EXACT = relative(0.01, 'the reference is exact; 1 % is the error budget of the benchmark for exact references '
  + '(the engine is within 1e-3 at the default step)');
const RESTITUTION = absolute(0.003, 'the suite\'s acceptance for a delivered restitution (docs/verification.md): at the '
  + 'default step the damping at touch-down costs up to 0.002 in e, whatever e is, so 1 % of e would fail only at small e');
/**
 * The peak of a contact is the largest of its steps: at the automatic ~50 steps per contact a sampled maximum of a
 * half-sine-like pulse falls short by at most (1/2)(π/50/2)² ≈ 5e-4, and velocity Verlet adds O(Δt²) ≈ 2e-4.
 */
const PEAK = relative(0.001, 'the reference is exact; the peak is sampled at whole steps, ~50 per contact at the '
  + 'automatic step, which misses a smooth maximum by at most 5e-4, and velocity Verlet adds 2e-4');
const DURATION = relative(0.001, 'contact times are interpolated to a fraction of a step (docs/physics.md §11.4); what '
  + 'remains is velocity Verlet\'s O(Δt²) error, 2e-4 at the default t_c/50');
/** β = x − 1 crosses zero at x = 1: an error relative to it means nothing there. */
const BETA_EXACT = absolute(0.01, 'the reference is exact; β runs from −1 to 1, so 0.01 is 1 % of its range');
const NO_SLIP = absolute(0.002, 'no tangential force acts, so the spheres leave without tangential velocity: 1 % of the '
  + '0.2 m/s normal speed');
/**
 * The engine against the fine-step integration of the same contact model, at the automatic step. The budget is the
 * one a user needs from a tangential contact: 0.005 in these normalised quantities (e_t, β, ψ′, ω′R/v), a tenth of
 * the experimental scatter of e_t (kharaz.ts). The springs advance by the step's mid-point values (docs/physics.md
 * §9.10), second order in Δt; what is left at ~50 steps per contact (up to 0.003) comes from the events placed to a
 * step: the touch-down, where the damping force jumps, and the switches between sticking and sliding.
 */
const COMPLIANT = absolute(0.005, 'a tenth of the ±0.02 experimental scatter of e_t (Kharaz et al. 2001): the step must '
  + 'not be what decides a tangential outcome');
/**
 * At a tenth of the step the engine must come within a tenth of that budget: the reference integration itself moves
 * by about 1e-5 when its step is halved, so what remains is the engine's, and falls at least tenfold with the step.
 */
const CONVERGED = absolute(0.0005, 'a tenth of the budget above: at Δt/10 an error of even first order falls tenfold; '
  + 'the reference integration is good to about 1e-5');

/** Test 4: above this incident angle (°) the contact slides throughout (Chung & Ooi 2011). */
const SLIDING_FROM_ANGLE = 32.5;

/** 17 incident angles 5°, 10°, …, 85° (tests 4, 6, 7, 8 sample their ranges at these). */
const ANGLES = Array.from({ length: 17 }, (_, k) => 5 * (k + 1));
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Chung & Ooi's rigid plane for a sphere of `m`. */
function rigidPlane(m: Material): Material {
  return { ...m, youngsModulus: 1e9 * m.youngsModulus };
}

const tsuji = (e: number): CollisionSpec['normal'] => (e === 1 ? { model: 'hertz' } : { model: 'tsuji', restitution: e });

/** Test 1 and test 2: elastic normal impacts against Hertz. */
async function elasticImpacts(
  materials: readonly MaterialName[], radius: number, speed: number, plane: boolean,
): Promise<CaseResult> {
  const checks: Check[] = [];
  const series: PlotSeries[] = [];
  for (const name of materials) {
    const material = CHUNG_OOI_MATERIALS[name];
    const target: CollisionSpec['target'] = plane
      ? { plane: rigidPlane(material) }
      : { sphere: { material, radius, normalSpeed: speed } };
    const out = await collide({ material, radius, normalSpeed: speed, target, normal: { model: 'hertz' } });
    const ref = plane
      ? hertzContact(material, radius, rigidPlane(material), Infinity, Infinity, speed)
      : hertzContact(material, radius, material, radius, sphereMass(material, radius), 2 * speed);
    checks.push(
      check(`contact time (µs), ${name}`, 'Hertz t_c', ref.duration * 1e6, out.record.duration * 1e6, DURATION),
      check(`peak force (kN), ${name}`, 'Hertz F_max', ref.maxForce / 1e3, out.record.maxNormalForce / 1e3, PEAK),
      check(`peak overlap (µm), ${name}`, 'Hertz δ_max', ref.maxOverlap * 1e6, out.record.maxOverlap * 1e6, PEAK),
    );
    const curve = Array.from({ length: 41 }, (_, k) => (ref.maxOverlap * k) / 40);
    series.push(
      { name: `Hertz, ${name}`, x: curve.map((d) => d * 1e6), y: curve.map((d) => (ref.stiffness * d ** 1.5) / 1e3) },
      { name: `grainflow, ${name}`, x: out.loop.overlap.map((d) => d * 1e6), y: out.loop.force.map((f) => f / 1e3), mark: 'point' },
    );
  }
  return {
    checks,
    plot: { title: plane ? 'Test 2: sphere on a rigid plane, 0.2 m/s' : 'Test 1: two spheres head-on, ±10 m/s',
      x: { label: 'overlap δ (µm)' }, y: { label: 'normal force F_{n} (kN)' }, series },
  };
}

/** Test 3: restitution delivered against the restitution asked for. */
async function restitutionSweep(): Promise<CaseResult> {
  const radius = 0.0025, speed = 3.9;
  const targets = Array.from({ length: 10 }, (_, k) => (k + 1) / 10);
  const checks: Check[] = [];
  const series: PlotSeries[] = [{ name: 'e_{out} = e_{in}', x: [0, 1], y: [0, 1] }];
  for (const name of ['aluminium oxide', 'cast iron'] as const) {
    const material = CHUNG_OOI_MATERIALS[name];
    const delivered = await inTurn(targets, async (e) => {
      const { record } = await collide({ material, radius, normalSpeed: speed, target: { plane: rigidPlane(material) }, normal: tsuji(e) });
      return record.reboundSpeed / record.impactSpeed;
    });
    checks.push(worstOf(`e_out, ${name}, at e_in =`, 'e_out = e_in',
      targets.map((e, k) => ({ label: `${e}`, reference: e, value: delivered[k] })), RESTITUTION));
    series.push({ name: `grainflow, ${name}`, x: targets, y: delivered, mark: 'point' });
  }
  return {
    checks,
    plot: { title: 'Test 3: restitution on a rigid plane, 3.9 m/s', x: { label: 'restitution asked for e_{in}' },
      y: { label: 'restitution delivered e_{out}' }, series },
  };
}

/**
 * Chung & Ooi's impacts are defined for Mindlin's no-slip spring (their benchmark's tangential law), whatever
 * grainflow's default tangential model is.
 */
function mindlinImpact(
  material: Material, radius: number, target: CollisionSpec['target'], normalSpeed: number, tangentialSpeed: number,
  spin: number, restitution: number, friction: number,
): Promise<ObliqueRun> {
  return oblique({ material, radius, target, normalSpeed, tangentialSpeed, spin, restitution, friction, tangential: 'mindlin' });
}

/** The same impact through the engine alone, at the automatic step: grainflow at a published curve's points. */
async function mindlinEngine(
  material: Material, radius: number, target: CollisionSpec['target'], normalSpeed: number, tangentialSpeed: number,
  spin: number, restitution: number, friction: number,
): Promise<PlanarMotion[]> {
  const { after } = await collide({ material, radius, target, normalSpeed, tangentialSpeed, spin, normal: tsuji(restitution),
    friction, tangential: 'mindlin' });
  return after;
}

interface Point {
  label: string;
  x: number;
  engine: number;
  /** the engine at a tenth of the automatic step */
  refined: number;
  reference: number;
  slid: boolean;
  /** the rigid-body formula's value, where it applies */
  rigid?: number;
}

/**
 * The checks of one curve (a quantity against x for one material): the engine against the reference integration at
 * every point, and against the rigid-body formula where the contact slides throughout.
 */
function curveChecks(
  quantity: string, material: string, points: readonly Point[], rigidName: string, rigidTolerance = EXACT,
): Check[] {
  const checks = [
    worstOf(`${quantity}, ${material}, at`, 'Mindlin contact integrated finely',
      points.map((p) => ({ label: p.label, reference: p.reference, value: p.engine })), COMPLIANT),
    worstOf(`${quantity}, ${material}, step Δt/${REFINE}, at`, 'Mindlin contact integrated finely',
      points.map((p) => ({ label: p.label, reference: p.reference, value: p.refined })), CONVERGED),
  ];
  const sliding = points.filter((p) => p.rigid !== undefined);
  if (sliding.length > 0) {
    checks.push(worstOf(`${quantity}, ${material}, sliding, at`, rigidName,
      sliding.map((p) => ({ label: p.label, reference: p.rigid!, value: p.engine })), rigidTolerance));
  }
  return checks;
}

function curveSeries(material: string, points: readonly Point[], rigidName: string): PlotSeries[] {
  const sliding = points.filter((p) => p.rigid !== undefined);
  return [
    { name: `reference, ${material}`, x: points.map((p) => p.x), y: points.map((p) => p.reference) },
    ...(sliding.length > 0 ? [{ name: `${rigidName}, ${material}`, x: sliding.map((p) => p.x), y: sliding.map((p) => p.rigid!) }] : []),
    { name: `grainflow, ${material}`, x: points.map((p) => p.x), y: points.map((p) => p.engine), mark: 'point' as const },
  ];
}

/** One published curve of Chung & Ooi (chung-ooi-published.ts) and how grainflow is run at its points. */
interface PublishedComparison {
  quantity: string;
  material: string;
  figure: PublishedFigure;
  /** the published y in this case's units: the paper draws spins turning the other way, test 4's in rad/s */
  scale: number;
  /** grainflow at x, at the automatic step, in this case's units */
  engine(x: number): Promise<number>;
  /** whether grainflow's contact slides throughout at x */
  slides(x: number): boolean;
  /** why a point where either contact sticks for a while is shown, not checked: the paper's model there */
  compliant(x: number): string;
  label(x: number): string;
}

const PUBLISHED = 'Chung & Ooi 2011, published DEM (digitised)';

/**
 * Where both the paper's contact and grainflow's slide throughout, both must give the rigid-body value, so the
 * engine must meet the published curve within the figure's digitisation error: checked, by the worst point. Where
 * either sticks for a while, the outcome is the tangential model's, and the paper's is not grainflow's (each case
 * says which it is): the point farthest from grainflow is shown, not checked, with the reason.
 */
async function againstPublished(c: PublishedComparison): Promise<{ checks: Check[]; series: PlotSeries }> {
  const curve = c.figure.curves[c.material];
  const points = await inTurn(curve, async ([x, y]) => ({ x, label: c.label(x), reference: c.scale * y, value: await c.engine(x) }));
  const sliding = points.filter((p) => c.figure.slides(p.x) && c.slides(p.x));
  const farthest = points.filter((p) => !sliding.includes(p))
    .reduce((a, p) => (Math.abs(p.value - p.reference) > Math.abs(a.value - a.reference) ? p : a));
  const band = absolute(2 * c.figure.digitisation * Math.abs(c.scale), 'twice the figure\'s digitisation error (its '
    + `sliding points lie within ${c.figure.digitisation} of their exact values): catches a sliding impulse other than `
    + 'μ(1+e)mV_cn in size or direction, and a published curve read or converted wrongly');
  return {
    checks: [
      worstOf(`${c.quantity}, ${c.material}, sliding, at`, PUBLISHED, sliding, band),
      shown(`${c.quantity}, ${c.material}, sticking for a while, farthest at ${farthest.label}`, PUBLISHED,
        farthest.reference, farthest.value, c.compliant(farthest.x)),
    ],
    series: { name: `Chung & Ooi 2011 (published), ${c.material}`, x: curve.map((p) => p[0]), y: points.map((p) => p.reference) },
  };
}

/**
 * Test 4's published curves are Mindlin's no-slip spring kept as a displacement, F_t = −k_t(δ)·ξ with ξ the
 * accumulated slip (as EDEM and LIGGGHTS keep it), not as a force (grainflow, docs/physics.md §9.3): integrated
 * that way they are reproduced to the digitisation (test/validation/chung-ooi-published.test.ts).
 */
const KEPT_AS_DISPLACEMENT = 'not grainflow\'s model: the paper\'s spring is kept as a displacement, F_t = −k_t(δ)ξ '
  + '(as EDEM and LIGGGHTS keep it), which reproduces the published e_t within 0.015 from 5° to 30° '
  + '(test/validation/chung-ooi-published.test.ts); grainflow keeps it as a force (docs/physics.md §9.3, §9.5), '
  + 'which returns up to 0.06 less e_t at 5°; grainflow has no displacement form to compare';

/** Test 4: tangential restitution and rebound spin against the incident angle. */
async function obliqueAngles(quantity: 'restitution' | 'spin'): Promise<CaseResult> {
  const radius = 0.0025, speed = 3.9, e = 0.98, mu = 0.092;
  const checks: Check[] = [];
  const series: PlotSeries[] = [];
  for (const name of ['aluminium oxide', 'aluminium alloy'] as const) {
    const material = CHUNG_OOI_MATERIALS[name];
    const plane = { plane: rigidPlane(material) };
    const vn = (angle: number) => speed * Math.cos(toRadians(angle)), vt = (angle: number) => speed * Math.sin(toRadians(angle));
    // Sliding throughout: J_t = −μJ_n = −μ m (1 + e) v_n (Chung & Ooi, Eqs 10–11).
    // The spin as ω′R/v, dimensionless like every other checked quantity.
    const value = (angle: number, m: PlanarMotion) => (quantity === 'restitution' ? m.tangential / vt(angle) : (m.spin * radius) / speed);
    const run = async (angle: number) => {
      const r = await mindlinImpact(material, radius, plane, vn(angle), vt(angle), 0, e, mu);
      // Chung & Ooi: the contact slides throughout above 32.5° (the rigid-body formulas hold there).
      const rigid = angle <= SLIDING_FROM_ANGLE ? undefined : quantity === 'restitution'
        ? 1 - (mu * (1 + e)) / Math.tan(toRadians(angle)) : 2.5 * mu * (1 + e) * Math.cos(toRadians(angle));
      return { label: `${angle}°`, x: angle, engine: value(angle, r.engine[0]), refined: value(angle, r.refined[0]),
        reference: value(angle, r.reference[0]), slid: r.slid, rigid };
    };
    const points = await inTurn(ANGLES, run);
    const rigidName = quantity === 'restitution' ? 'rigid body: 1 − μ(1+e)/tan θ' : 'rigid body: (5/2)μ(1+e) cos θ';
    const symbol = quantity === 'restitution' ? 'e_t' : 'ω′R/v';
    const published = await againstPublished({
      quantity: symbol, material: name, figure: quantity === 'restitution' ? TEST_4_RESTITUTION : TEST_4_SPIN,
      scale: quantity === 'restitution' ? 1 : -radius / speed,
      engine: async (angle) => value(angle, (await mindlinEngine(material, radius, plane, vn(angle), vt(angle), 0, e, mu))[0]),
      slides: (angle) => angle > SLIDING_FROM_ANGLE, compliant: () => KEPT_AS_DISPLACEMENT, label: (angle) => `${angle}°`,
    });
    checks.push(...curveChecks(symbol, name, points, rigidName), ...published.checks);
    series.push(...curveSeries(name, points, rigidName), published.series);
  }
  return {
    checks,
    plot: quantity === 'restitution'
      ? { title: 'Test 4: oblique impact on a rigid plane, 3.9 m/s', x: { label: 'incident angle θ (°)' },
        y: { label: 'tangential restitution e_{t} = v′_{t}/v_{t}' }, series }
      : { title: 'Test 4: rebound spin', x: { label: 'incident angle θ (°)' }, y: { label: 'spin after, ω′R/v' }, series },
  };
}

/** Test 5: grainflow's contact slides throughout from about this ψ (its reference integration: ψ′ = ψ − 7 at 6, not at 5). */
const SLIDING_FROM_PSI = 5.5;

/**
 * Test 5's published curves reverse the slip at small ψ, where grainflow's spring does not: they follow Mindlin's
 * no-slip spring at half grainflow's stiffness on the rigid plane, k_t = 4G*a, the G* of two bodies of the sphere's
 * own material (a rigid plane's is the sphere's alone, docs/physics.md §9.2). That spring, integrated by the reference
 * (mindlin-reference.ts) at ψ, in test 5's terms: ψ′ and ω′R/(μV_cn).
 */
function halfStiffnessImpact(material: Material, radius: number, vn: number, psi: number, mu: number): { recoil: number; spin: number } {
  const plane = rigidPlane(material), m = sphereMass(material, radius);
  const hertz = hertzContact(material, radius, plane, Infinity, Infinity, vn);
  const r = obliqueImpact({
    stiffness: hertz.stiffness, damping: 0, dampingExponent: 0, friction: mu, tangential: 'mindlin',
    tangentialCoefficient: 0.5 * mindlinCoefficient(material, plane, hertz.effectiveRadius),
    effectiveMass: hertz.effectiveMass, slipCompliance: 3.5 / m,
  }, vn, psi * mu * vn);
  // ω′ = −R J_t/I with I = (2/5)mR²; the rebound normal speed is −δ̇ after.
  return { recoil: r.finalSlip / (mu * -r.finalApproachSpeed), spin: (-2.5 * r.tangentialImpulse) / (m * mu * vn) };
}

/** Test 5: recoil angle and spin against the normalised incident angle ψ = V_st/(μV_cn). */
async function tangentialSpeeds(quantity: 'recoil' | 'spin'): Promise<CaseResult> {
  const radius = 1e-5, vn = 5, mu = 0.3;
  const speeds = [0.1, 0.3, 0.5, 1, 5, 10, 15, 20, 30, 40, 50, 70];
  // The paper draws the spin turning the other way.
  const figure = quantity === 'recoil' ? TEST_5_RECOIL : TEST_5_SPIN, scale = quantity === 'recoil' ? 1 : -1;
  const checks: Check[] = [];
  const series: PlotSeries[] = [];
  for (const name of ['steel', 'polyethylene'] as const) {
    const material = CHUNG_OOI_MATERIALS[name];
    const plane = { plane: rigidPlane(material) };
    // ψ′ = V′_st/(μV′_cn), the contact point's recoil; ω′R/(μV_cn), the spin, positive in the rolling sense.
    const value = (m: PlanarMotion[]) => (quantity === 'recoil' ? slipAfter(m, radius, 0) / (mu * m[0].normal)
      : (m[0].spin * radius) / (mu * vn));
    const points = await inTurn(speeds, async (vt): Promise<Point> => {
      const r = await mindlinImpact(material, radius, plane, vn, vt, 0, 1, mu);
      const psi = vt / (mu * vn);
      // Sliding with e = 1: the contact point loses (7/2)μ(1+e)V_cn = 7μV_cn; the spin gains (5/2)μ(1+e)V_cn/R.
      return { label: `ψ = ${psi.toFixed(3)}`, x: psi, engine: value(r.engine), refined: value(r.refined), reference: value(r.reference), slid: r.slid,
        rigid: !r.slid ? undefined : quantity === 'recoil' ? psi - 7 : 5 };
    });
    const rigidName = quantity === 'recoil' ? 'rigid body: ψ′ = ψ − 7' : 'rigid body: 5';
    const symbol = quantity === 'recoil' ? 'ψ′' : 'ω′R/(μV_cn)';
    const half = (psi: number) => halfStiffnessImpact(material, radius, vn, psi, mu)[quantity];
    const published = await againstPublished({
      quantity: symbol, material: name, figure, scale,
      engine: async (psi) => value(await mindlinEngine(material, radius, plane, vn, psi * mu * vn, 0, 1, mu)),
      slides: (psi) => psi > SLIDING_FROM_PSI, label: (psi) => `ψ = ${psi.toFixed(3)}`,
      compliant: (psi) => 'not grainflow\'s model: the published curve reverses the slip where grainflow\'s spring '
        + '(k_t = 8G*a, Mindlin\'s for a sphere on a rigid plane, docs/physics.md §9.2) does not; it follows the same '
        + `spring at half the stiffness, k_t = 4G*a (the G* of two bodies of the sphere's material), which gives `
        + `${half(psi).toFixed(2)} here (mindlin-reference.ts); grainflow cannot be set to half Mindlin's stiffness`,
    });
    const curve = figure.curves[name].map((p) => p[0]);
    checks.push(...curveChecks(symbol, name, points, rigidName), ...published.checks);
    series.push(...curveSeries(name, points, rigidName), published.series,
      { name: `Mindlin spring at k_{t} = 4G^{*}a, ${name}`, x: curve, y: curve.map(half) });
  }
  const fem = figure.curves.fem;
  series.push({ name: 'finite elements (drawn by Chung & Ooi 2011)', x: fem.map((p) => p[0]), y: fem.map((p) => scale * p[1]),
    mark: 'point' });
  return {
    checks,
    plot: quantity === 'recoil'
      ? { title: 'Test 5: recoil at constant normal speed 5 m/s', x: { label: 'ψ = V_{st}/(μV_{cn})' }, y: { label: 'ψ′ = V′_{st}/(μV′_{cn})' }, series }
      : { title: 'Test 5: rebound spin', x: { label: 'ψ = V_{st}/(μV_{cn})' }, y: { label: 'ω′R/(μV_{cn})' }, series },
  };
}

/**
 * Tests 6 and 8: a sphere spinning at ω (slip Rω at its contact point) lands with normal speed 0.2 m/s, e = 0.5,
 * μ = 0.4. β = −V′_st/V_st against x = (7/2)μ(1+e)V_cn/V_st; sliding throughout, β = x − 1 (Chung & Ooi, Eq 15) —
 * checked where the reference integration slid throughout, as in test 5. With e = 0.5 Tsuji's damping also acts
 * tangentially, and at touch-down the damping force exceeds the Coulomb cap (by V_st/(μV_cn)); the spring, kept as
 * a force, then stores only a residue that vanishes with Δt, so these impacts slide throughout for x < 1 and
 * converge at first order in Δt (docs/physics.md §9.5 tells how a spring kept as a displacement failed this).
 */
/**
 * Tests 6 and 8's published curves beyond x ≈ 1.2, where the contact sticks for a while, are not reproduced by any
 * variant of Mindlin's spring tried (kept as a force or a displacement, with or without the normal damping applied
 * tangentially, at k_t or k_t/2): the model behind them is not identified.
 */
const DAMPING_NOT_IDENTIFIED = 'model not identified: beyond x ≈ 1.2 the published β falls to −0.34 (aluminium alloy) '
  + 'and −0.12 (nylon) at x = 24, where grainflow gives about 0; Hertz with Tsuji\'s damping is free of scale, so '
  + 'its β depends on the material only through ν (0.33 and 0.4), yet the two published curves part by 0.23: the '
  + 'paper\'s damping is not Tsuji\'s as grainflow applies it (normal, and the same coefficient tangentially)';

async function spinningImpacts(test: 6 | 8): Promise<CaseResult> {
  const radius = 0.1, vn = 0.2, mu = 0.4, e = 0.5;
  const checks: Check[] = [];
  const series: PlotSeries[] = [];
  for (const name of ['aluminium alloy', 'nylon'] as const) {
    const material = CHUNG_OOI_MATERIALS[name];
    const large = { material: { ...material, density: 1000 * material.density }, radius: 5 * radius };
    const target: CollisionSpec['target'] = test === 6 ? { plane: rigidPlane(material) } : { sphere: large };
    const r2 = test === 6 ? 0 : large.radius;
    const points = await inTurn(ANGLES, async (angle): Promise<Point> => {
      const slip = vn * Math.tan(toRadians(angle)), spin = -slip / radius;
      const r = await mindlinImpact(material, radius, target, vn, 0, spin, e, mu);
      const x = (3.5 * mu * (1 + e) * vn) / slip;
      return { label: `x = ${x.toFixed(3)}`, x, engine: -slipAfter(r.engine, radius, r2) / slip,
        refined: -slipAfter(r.refined, radius, r2) / slip,
        reference: -slipAfter(r.reference, radius, r2) / slip, slid: r.slid, rigid: r.slid ? x - 1 : undefined };
    });
    const rigidName = 'rigid body: β = x − 1';
    const published = await againstPublished({
      quantity: 'β', material: name, figure: test === 6 ? TEST_6_BETA : TEST_8_BETA, scale: 1,
      engine: async (x) => {
        const slip = (3.5 * mu * (1 + e) * vn) / x;
        return -slipAfter(await mindlinEngine(material, radius, target, vn, 0, -slip / radius, e, mu), radius, r2) / slip;
      },
      // With Tsuji's damping also tangential, these impacts slide throughout for x < 1 (see above).
      slides: (x) => x < 1, label: (x) => `x = ${x.toFixed(3)}`, compliant: () => DAMPING_NOT_IDENTIFIED,
    });
    checks.push(...curveChecks('β', name, points, rigidName, BETA_EXACT), ...published.checks);
    series.push(...curveSeries(name, points, rigidName), published.series);
  }
  return {
    checks,
    plot: { title: test === 6 ? 'Test 6: spinning sphere onto a rigid plane' : 'Test 8: spinning sphere onto a large sphere',
      x: { label: 'x = (7/2)μ(1+e)V_{cn}/V_{st}', log: true }, y: { label: 'β = −V′_{st}/V_{st}' }, series },
  };
}

/** Test 7: two identical spheres with equal and opposite spins: their contact points do not slip. */
async function oppositeSpins(): Promise<CaseResult> {
  const radius = 0.1, speed = 0.2, mu = 0.4, e = 0.5;
  const checks: Check[] = [];
  const series: PlotSeries[] = [{ name: 'no slip: ω′ = ω', x: [0, 25], y: [0, 25] }];
  for (const name of ['aluminium alloy', 'copper'] as const) {
    const material = CHUNG_OOI_MATERIALS[name];
    const spins = ANGLES.map((angle) => (speed / radius) * Math.tan(toRadians(angle)));
    const runs = await inTurn(spins, (spin) => collide({
      material, radius, normalSpeed: speed, spin, normal: tsuji(e), friction: mu,
      target: { sphere: { material, radius, normalSpeed: speed, spin: -spin } },
    }));
    const label = (k: number) => `ω = ${spins[k].toFixed(3)} rad/s`;
    checks.push(
      worstOf(`spin after (rad/s), ${name}, at`, 'ω′ = ω (no slip)',
        runs.map((r, k) => ({ label: label(k), reference: spins[k], value: r.after[0].spin })), EXACT),
      worstOf(`tangential velocity after (m/s), ${name}, at`, '0 (no slip)',
        runs.map((r, k) => ({ label: label(k), reference: 0, value: r.after[0].tangential })), NO_SLIP),
      worstOf(`e_n, ${name}, at`, 'e = 0.5 (Tsuji, exact)',
        runs.map((r, k) => ({ label: label(k), reference: e, value: r.record.reboundSpeed / r.record.impactSpeed })), RESTITUTION),
    );
    series.push({ name: `grainflow, ${name}`, x: spins, y: runs.map((r) => r.after[0].spin), mark: 'point' });
  }
  return {
    checks,
    plot: { title: 'Test 7: two spheres with equal and opposite spins', x: { label: 'spin before ω (rad/s)' },
      y: { label: 'spin after ω′ (rad/s)' }, series },
  };
}

export const CHUNG_OOI_CASES: readonly ValidationCase[] = definedIn(import.meta.url, [
  { id: 'chung-ooi-1', title: 'Chung & Ooi test 1: elastic impact of two spheres', long: false,
    run: () => elasticImpacts(['glass', 'limestone'], 0.01, 10, false) },
  { id: 'chung-ooi-2', title: 'Chung & Ooi test 2: elastic impact on a rigid plane', long: false,
    run: () => elasticImpacts(['aluminium alloy (test 2)', 'magnesium alloy'], 0.1, 0.2, true) },
  { id: 'chung-ooi-3', title: 'Chung & Ooi test 3: restitution on a rigid plane', long: false, run: restitutionSweep },
  { id: 'chung-ooi-4-restitution', title: 'Chung & Ooi test 4: tangential restitution of oblique impacts', long: false,
    run: () => obliqueAngles('restitution') },
  { id: 'chung-ooi-4-spin', title: 'Chung & Ooi test 4: rebound spin of oblique impacts', long: false,
    run: () => obliqueAngles('spin') },
  { id: 'chung-ooi-5-recoil', title: 'Chung & Ooi test 5: recoil at constant normal speed', long: false,
    run: () => tangentialSpeeds('recoil') },
  { id: 'chung-ooi-5-spin', title: 'Chung & Ooi test 5: rebound spin at constant normal speed', long: false,
    run: () => tangentialSpeeds('spin') },
  { id: 'chung-ooi-6', title: 'Chung & Ooi test 6: spinning sphere onto a rigid plane', long: false, run: () => spinningImpacts(6) },
  { id: 'chung-ooi-7', title: 'Chung & Ooi test 7: two spheres with equal and opposite spins', long: false, run: oppositeSpins },
  { id: 'chung-ooi-8', title: 'Chung & Ooi test 8: spinning sphere onto a large sphere', long: false, run: () => spinningImpacts(8) },
]);
