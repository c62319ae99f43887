/**
 * What a normal contact law is: the definition each law's module exports (registry.ts lists them), and the
 * coefficients the force kernel reads, resolved once per material pair.
 *
 * Every law here has the form F_n = F_el(δ) + c·g_m(δ)·δ̇   (docs/physics.md §2.1)
 * with the elastic part F_el chosen by `elastic` (Hertz Kδ^{3/2} with K = (4/3)E*√R_eff, §1.5; linear kδ, §5.1;
 * or Hertz loading with the permanent-indentation unloading branch of Lankarani & Nikravesh, §5.3) and the
 * damping shape g_m chosen by `dampingExponent` (δ^m; δ^{3/2}/v₀ for the Hunt–Crossley family, v₀ latched per
 * contact at first touch, §4.2; δ^{1/4} on the compression branch only for Jankowski, §5.2). The damping
 * coefficient c may depend on the pair's K, effective mass m* and effective radius R_eff; it is written as a power
 * product so the kernel can evaluate it once per pair at neighbour-list rebuilds:
 *   c = dampingScale · K^kPower · m*^massPower · R_eff^radiusPower.
 */
import type { z } from 'zod';
import type { Material } from '../material-spec.js';
import { DampingExponent, ElasticLaw } from '../../kernel-interface/layout.js';

/** The kernel's ids (src/kernel-interface/spec.json): ElasticLaw, DampingExponent. */
export { DampingExponent, ElasticLaw };

/**
 * When a contact ends (docs/physics.md §6.2): "no-tension" clamps the normal force at 0,
 * "free" allows tension until the overlap returns to 0. Calibrations depend on it.
 */
export const endOfContactNames = ['no-tension', 'free'] as const;
export type EndOfContact = (typeof endOfContactNames)[number];

type DampingShapeName = keyof typeof DampingExponent;
export type DampingExponentId = (typeof DampingExponent)[DampingShapeName];

/**
 * The exponent m of δ^m each damping shape g(δ) of the kernel (DampingExponent) is reported with (scenario.json,
 * reference integrations). The kernel switches on the ids in its hot loop: no Math.pow for 1/4 and 1/2.
 */
const DAMPING_SHAPE_EXPONENTS: { readonly [N in DampingShapeName]: number } = {
  none: 0,
  /** m = 1/4: Tsuji */
  quarter: 0.25,
  /** m = 1/2: Kuwabara–Kono, Brilliantov */
  half: 0.5,
  /** m = 0.65: Bordbar–Hyppänen */
  bordbar: 0.65,
  /** δ^{3/2}/v₀, v₀ the impact speed latched at first touch: the Hunt–Crossley family, c = Z(e)·K */
  hysteresis: 1.5,
  /** m = 1/4 while approaching (δ̇ > 0), no damping while separating: Jankowski */
  quarterLoading: 0.25,
  /** m = 0: linear dashpot, Kelvin–Voigt */
  zero: 0,
};

const EXPONENT_BY_ID = new Map<number, number>(
  (Object.keys(DampingExponent) as DampingShapeName[]).map((name) => [DampingExponent[name], DAMPING_SHAPE_EXPONENTS[name]]),
);

/** The damping exponent m of a damping shape, for reporting and for reference integrations. */
export function dampingExponentValue(id: DampingExponentId): number {
  return EXPONENT_BY_ID.get(id)!;
}

export type ElasticLawId = (typeof ElasticLaw)[keyof typeof ElasticLaw];

/** What a law's calibration yields for one material pair: its damping and the constants of its history. */
export interface LawCalibration {
  /** linear stiffness k (N/m) when elastic is `linear`; default 0 */
  linearStiffness?: number;
  /** permanent set δ_p/δ_m = 1 − e² when elastic is `plasticHertz`; default 0 */
  plasticSet?: number;
  /** floor on the latched impact speed v₀ (m/s) when dampingExponent is `hysteresis`; default 0 */
  minimumImpactSpeed?: number;
  dampingScale: number;
  kPower: number;
  massPower: number;
  radiusPower: number;
  /** Derived constants to report in the resolved scenario.json (α, β*, A, χ, …), with units in the key names. */
  derived: Record<string, number | string>;
}

/** The kernel's coefficients of one material pair: the law's ids and its calibration, nothing left optional. */
export interface NormalLawCoefficients extends Required<LawCalibration> {
  model: string;
  elastic: ElasticLawId;
  dampingExponent: DampingExponentId;
}

/** A material with the dotted path that names it in errors (`materials.<name>`). */
export interface PairMaterial {
  material: Material;
  path: string;
}

/** The zod schema of one law's spec: a strict object whose `model` is the law's name. */
export type LawSchema = z.ZodObject<{ model: z.ZodLiteral<string> } & z.ZodRawShape, z.core.$strict>;

/**
 * How a law's restitution depends on impact speed (docs/physics.md §7): "velocity-independent" laws deliver the
 * same e at every impact speed (the Hunt–Crossley family above its floor v_min); "speed-dependent" ones hold a
 * calibrated e only at their `referenceSpeed` and take that parameter.
 */
export type SpeedBehaviour = 'velocity-independent' | 'speed-dependent';

/** The scene of an example impact (`grainflow impact --example`, the validation report) a law sets its cases for. */
export interface ExampleScene {
  /** the target coefficient of restitution */
  restitution: number;
  /** the example's impact speed (m/s): a speed-dependent law is calibrated at it */
  speed: number;
  /** the stiffness (N/m) a law with its own linear spring takes: the secant of the example's elastic Hertz impact */
  linearStiffness: number;
}

/** One labelled impact of a law in an example table. */
export interface ExampleCase {
  label: string;
  spec: { model: string } & Record<string, unknown>;
}

/**
 * The damping constant a scenario's spec can take instead of `restitution`, in the scenario's units
 * (docs/physics.md §7.10): `grainflow calibrate` prints it so it can be pasted into `contact.normal`.
 */
export interface ScenarioConstantDefinition {
  /** the key in the law's spec, e.g. "alpha" */
  readonly name: string;
  /** its symbol in print, e.g. "α" */
  readonly symbol: string;
  /** its unit, e.g. "N·s/m^1.5" or "dimensionless" */
  readonly unit: string;
  /** its value from the law's derived constants and one contact's stiffness K (or k) and damping coefficient c */
  value(derived: LawCalibration['derived'], contact: { stiffness: number; damping: number }): number;
}

/**
 * How LAMMPS's `pair_style granular` writes the law (src/interop/lammps-contact.ts turns it into arguments): the
 * Hertz normal model with the `damping` sub-model whose prefactor has the law's damping shape — `velocity`
 * (η₀, δ⁰), `tsuji` (δ^{1/4}) or `viscoelastic` (δ^{1/2}) — or `refusal`: why no sub-model fits, for the one-line
 * error of `grainflow export lammps`.
 */
export type LammpsNormalForm =
  | { readonly damping: 'velocity' | 'tsuji' | 'viscoelastic' }
  | { readonly refusal: string };

/**
 * One normal law, declared in its own module and listed in registry.ts. Adding a law means writing one of these
 * (and a test); the scenario schema, model lists, time step, energy bookkeeping, `calibrate`, `impact`, the
 * validation report and the LAMMPS exporter all ask the definitions.
 */
export interface NormalLawDefinition<Schema extends LawSchema = LawSchema> {
  /** the law's name: the literal of `model` in its schema */
  readonly model: string;
  /** `contact.normal` for this model: `model` and exactly the law's own parameters, with units and ranges */
  readonly schema: Schema;
  /** the kernel's ids of the elastic part and of the damping shape */
  readonly elastic: ElasticLawId;
  readonly dampingExponent: DampingExponentId;
  /**
   * The law's calibration for one material pair, with the checks between its parameters (which alternative is
   * given, materials it needs). `field` is the spec's dotted path; every rejection is a ScenarioError.
   */
  resolve(spec: z.output<Schema>, pair: readonly [PairMaterial, PairMaterial], endOfContact: EndOfContact,
    field: string): LawCalibration;
  /** Duration (s) of an undamped impact at `impactSpeed` for effective mass m* and the contact's stiffness. */
  contactTime(meff: number, stiffness: number, impactSpeed: number): number;
  /** Shortest time scale (s) of the damping of a contact of this class, where it bounds the explicit step. */
  dampingTime?(contactTime: number, law: NormalLawCoefficients): number;
  /** Elastic energy (J) stored in a contact of this stiffness at overlap δ: ∫F_el dδ. */
  storedEnergy(stiffness: number, overlap: number): number;
  /** whether a calibrated e holds at every impact speed or only at `referenceSpeed` */
  readonly speedBehaviour: SpeedBehaviour;
  /** the constant a spec can give instead of `restitution`, where the law has one */
  readonly scenarioConstant?: ScenarioConstantDefinition;
  /** the law's cases in an example table of impacts (one per variant worth comparing) */
  examples(scene: ExampleScene): ExampleCase[];
  /** the law in a LAMMPS deck, or why it cannot be written */
  readonly lammps: LammpsNormalForm;
}
