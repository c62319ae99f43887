/**
 * Hopper and silo discharge: mass flow rate from the discharged mass against time, and Beverloo's law.
 *
 * Beverloo, Leniger & van de Velde (1961), Chem. Eng. Sci. 15, 260:  W = C ρ_b √g (D − k d)^{5/2}
 * with W the mass flow rate (kg/s), ρ_b the bulk density of the packing (kg/m³), D the orifice diameter and d the
 * particle diameter (m); C ≈ 0.55–0.65 and k ≈ 1.5 for spheres. The flow rate does not depend on the fill height,
 * so W is the slope of a straight line through the steady part of the discharge: here the samples between
 * STEADY_FROM and STEADY_TO of the mass that left during the run, which drops the start-up after the gate opens
 * and the end when the silo runs empty.
 */
import { fitLine } from './linear-fit.js';

export const STEADY_FROM = 0.2;
export const STEADY_TO = 0.8;
/** Beverloo's empty-annulus constant for spheres. */
export const BEVERLOO_K = 1.5;
/** A fit needs this many samples in the steady window. */
const MIN_STEADY_SAMPLES = 4;

export interface DischargeSamples {
  /** time (s), ascending */
  t: readonly number[];
  /** mass that has left through the orifice by time t (kg), non-decreasing */
  mass: readonly number[];
}

export interface FlowRate {
  /** W (kg/s) */
  massFlowRate: number;
  /** standard error of W from the fit (kg/s) */
  massFlowRateError: number;
  /** the steady window the line was fitted over (s) */
  window: [number, number];
  samples: number;
  /** line through the window: mass = intercept + W·t */
  intercept: number;
}

/** W by least squares over the steady window; throws a RangeError when too little mass left to have one. */
export function massFlowRate(samples: DischargeSamples): FlowRate {
  const { t, mass } = samples;
  const total = mass[mass.length - 1] ?? 0;
  const chosen: number[] = [];
  for (let k = 0; k < t.length; k++) {
    if (mass[k] >= STEADY_FROM * total && mass[k] <= STEADY_TO * total) chosen.push(k);
  }
  if (!(total > 0)) {
    throw new RangeError('nothing was discharged (no sphere below outletZ at the end of the run); run longer or check outletZ');
  }
  if (chosen.length < MIN_STEADY_SAMPLES) {
    throw new RangeError(`only ${chosen.length} samples between ${STEADY_FROM * 100} % and ${STEADY_TO * 100} % `
      + `of the discharged mass (${total} kg); run longer or write outputs more often (outputs.interval)`);
  }
  const fit = fitLine(chosen.map((k) => t[k]), chosen.map((k) => mass[k]));
  return {
    massFlowRate: fit.slope,
    massFlowRateError: fit.slopeError,
    window: [t[chosen[0]], t[chosen[chosen.length - 1]]],
    samples: chosen.length,
    intercept: fit.intercept,
  };
}

export interface BeverlooInputs {
  /** measured W (kg/s) */
  massFlowRate: number;
  /** ρ_b (kg/m³) */
  bulkDensity: number;
  /** |g| (m/s²) */
  gravity: number;
  /** D (m) */
  orificeDiameter: number;
  /** d (m) */
  particleDiameter: number;
  k?: number;
}

export interface BeverlooComparison {
  k: number;
  /** C that makes Beverloo's law give the measured W */
  fittedC: number;
  /** ρ_b √g (D − k d)^{5/2} (kg/s): W = C × this */
  scale: number;
}

export function beverloo(inputs: BeverlooInputs): BeverlooComparison {
  const k = inputs.k ?? BEVERLOO_K;
  const opening = inputs.orificeDiameter - k * inputs.particleDiameter;
  if (opening <= 0) {
    throw new RangeError(`orifice diameter ${inputs.orificeDiameter} m is not larger than ${k} particle diameters `
      + `(${k * inputs.particleDiameter} m): Beverloo's law does not apply`);
  }
  // W = C × scale: a scale of 0 (or NaN) would give C = Infinity (or NaN), a number for nothing measured.
  if (!(inputs.bulkDensity > 0)) {
    throw new RangeError(`the bulk density is ${inputs.bulkDensity} kg/m³ (no sphere in its region?): Beverloo's C cannot be measured`);
  }
  if (!(inputs.gravity > 0)) throw new RangeError(`gravity is ${inputs.gravity} m/s²: Beverloo's law needs gravity`);
  const scale = inputs.bulkDensity * Math.sqrt(inputs.gravity) * opening ** 2.5;
  return { k, fittedC: inputs.massFlowRate / scale, scale };
}

/** One discharge of a series over orifice sizes. */
export interface DischargeRun {
  /** W (kg/s) */
  massFlowRate: number;
  /** D (m) */
  orificeDiameter: number;
  /** d (m) */
  particleDiameter: number;
  /** ρ_b (kg/m³) */
  bulkDensity: number;
}

/**
 * k and C of Beverloo's law fitted together to discharges through two or more orifices, as Nedderman (1992, §10.3)
 * finds them: W^{2/5} = (C ρ_b √g)^{2/5} (D − k d) is a straight line in D, whose slope gives C and whose
 * intercept gives k. With k fixed at 1.5 instead, C found at small D/d depends on how far the true k is from
 * 1.5 (C_1.5 = C ((D − k d)/(D − 1.5 d))^{5/2}), so the fitted pair is what compares with measured C.
 * Uses the mean d and ρ_b of the runs.
 */
export function beverlooFit(runs: readonly DischargeRun[], gravity: number): { k: number; C: number } {
  if (runs.length < 2) throw new RangeError(`fitting k and C needs discharges through at least 2 orifices; got ${runs.length}`);
  const mean = (f: (r: DischargeRun) => number) => runs.reduce((s, r) => s + f(r), 0) / runs.length;
  const line = fitLine(runs.map((r) => r.orificeDiameter), runs.map((r) => r.massFlowRate ** 0.4));
  return {
    k: -line.intercept / line.slope / mean((r) => r.particleDiameter),
    C: line.slope ** 2.5 / (mean((r) => r.bulkDensity) * Math.sqrt(gravity)),
  };
}
