/**
 * Calibration of a normal contact law, measured through the engine: the law's derived constants for a target
 * restitution, and the restitution, contact time and peak force it then delivers at a set of impact speeds — each
 * one impact run by src/run/single-impact.ts. Used by `grainflow calibrate` and the library's `calibrateLaw`.
 *
 * The constant a scenario takes in place of `restitution` is reported in the scenario's units (docs/physics.md
 * §7.10), as the law's definition declares it (e.g. Tsuji α; Kuwabara–Kono χ in N·s/m^1.5 for the pair's K and m*
 * at the given material and radius).
 */
import type { EndOfContact, Material } from '../forces/contact-spec.js';
import { normalLawDefinition, normalLawSchema, resolveNormalLaw } from '../forces/normal/registry.js';
import { DEFAULT_REFERENCE_SPEED } from '../forces/normal/parameters.js';
import { DampingExponent, ElasticLaw } from '../forces/normal/law.js';
import { ScenarioError } from '../base/scenario-error.js';
import {
  IMPACT_STEPS_PER_CONTACT, MAX_IMPACT_SPEED, simulateImpact, type ImpactOutcome, type ImpactTarget, type NormalLawInput,
} from './single-impact.js';

/** Impact speeds of the default table (m/s), 0.001–10, three per decade. */
export const CALIBRATION_SPEEDS: readonly number[] = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10];

/**
 * Aluminium of the reference impact of Machado 2012 and Lankarani 1994: with R = 20 mm, K = 5.5e9 N m^-3/2 and
 * m = 0.092 kg (docs/physics.md §7.9).
 */
export const ALUMINIUM: Material = { youngsModulus: 73.5e9, poissonsRatio: 0.33, density: 2745 };
export const ALUMINIUM_RADIUS = 0.02;

/** The bodies of a single impact. */
export interface ImpactGeometry {
  /** material of both bodies */
  material: Material;
  /** sphere radius (m) */
  radius: number;
  /** 'sphere': two identical spheres head-on; 'wall': a sphere on a fixed plane of the same material */
  target: ImpactTarget;
  /** whether the normal force is clamped at 0 ('no-tension') or may pull until δ = 0 ('free') */
  endOfContact: EndOfContact;
}

/** The default geometry: two aluminium spheres of docs/physics.md §7.9 (R = 20 mm) head-on, force clamped at 0. */
export const DEFAULT_IMPACT_GEOMETRY: ImpactGeometry = {
  material: ALUMINIUM, radius: ALUMINIUM_RADIUS, target: 'sphere', endOfContact: 'no-tension',
};

/** The damping constant of a law in the form a scenario's `contact.normal` takes it. */
export interface ScenarioConstant {
  /** the key in `contact.normal`, e.g. "alpha", "chi" or "A" */
  name: string;
  /** its symbol in print, e.g. "α", "χ" or "A" */
  symbol: string;
  /** its value, in `unit` */
  value: number;
  /** e.g. "dimensionless", "N·s/m^1.5" or "s" */
  unit: string;
}

/** What a law delivers for one impact geometry. */
export interface LawCalibration {
  /** the law as given */
  normal: NormalLawInput;
  /** the bodies of every impact */
  geometry: ImpactGeometry;
  /** speed (m/s) at which the law holds its target restitution: its `referenceSpeed`, else 1 m/s */
  referenceSpeed: number;
  /** the impact at the reference speed: the stiffness K (or k), damping coefficient c and m* the engine used */
  reference: ImpactOutcome;
  /** the law's derived constants (α, Z, ξ, δ_p/δ_m, …), with units in the key names, as in the run's scenario.json */
  derived: Record<string, number | string>;
  /**
   * true for the Hunt–Crossley family: the damping force is c·δ^{3/2}·δ̇/v₀ with v₀ latched at first touch
   * (χ = c/v₀); otherwise c multiplies δ^m·δ̇ alike for every contact
   */
  hysteresis: boolean;
  /** true for a law with its own linear spring k (N/m) instead of the Hertz K */
  linearSpring: boolean;
  /** the constant to put in `contact.normal` instead of `restitution`, for the laws that have one */
  scenarioConstant?: ScenarioConstant;
  /** time steps per elastic contact time t_c of every impact */
  stepsPerContact: number;
  /** one impact per speed, in the order given */
  rows: ImpactOutcome[];
}

/**
 * Runs the impacts, each resolved by `stepsPerContact` steps per elastic contact time (simulateImpact's bounds); a
 * bad law spec or material throws ScenarioError (from the scenario loader), speed <= 0 RangeError.
 */
export function calibrate(
  normal: NormalLawInput, g: ImpactGeometry, speeds: readonly number[] = CALIBRATION_SPEEDS,
  stepsPerContact = IMPACT_STEPS_PER_CONTACT,
): LawCalibration {
  const referenceSpeed = (normal as { referenceSpeed?: number }).referenceSpeed ?? DEFAULT_REFERENCE_SPEED;
  // The reference impact runs at the reference speed, so it is bounded as an impact's speed is (single-impact.ts).
  if (!(referenceSpeed <= MAX_IMPACT_SPEED)) {
    throw new ScenarioError('contact.normal.referenceSpeed', `must be in (0, ${MAX_IMPACT_SPEED}] m/s for a calibration `
      + `(the reference impact runs at it; Hertz contact holds far below the elastic wave speed); got ${referenceSpeed}`);
  }
  const run = (speed: number) => simulateImpact({ normal, endOfContact: g.endOfContact, speed, target: g.target,
    material: g.material, radius: g.radius, stepsPerContact });
  // The first run validates the spec (ScenarioError otherwise), so parsing it again below cannot fail.
  const reference = run(referenceSpeed);
  const law = resolveNormalLaw(normalLawSchema.parse(normal), g.material, g.material, g.endOfContact, 'contact.normal');
  const constant = normalLawDefinition(normal.model).scenarioConstant;
  return {
    normal,
    geometry: g,
    referenceSpeed,
    reference,
    derived: law.derived,
    hysteresis: law.dampingExponent === DampingExponent.hysteresis,
    linearSpring: law.elastic === ElasticLaw.linear,
    scenarioConstant: constant && {
      name: constant.name, symbol: constant.symbol, unit: constant.unit, value: constant.value(law.derived, reference),
    },
    stepsPerContact,
    rows: speeds.map(run),
  };
}
