/**
 * One impact run through the engine (src/run/single-impact.ts) — what `grainflow impact` prints and calibrateLaw
 * measures at each speed — and the default impact geometry and step, with a run's automatic step for comparison,
 * for the command line.
 */
export {
  boundRange, densityForMass, IMPACT_BOUNDS, IMPACT_STEPS_PER_CONTACT, simulateImpact, youngsModulusForStiffness,
  type ImpactOutcome, type ImpactTarget,
} from '../run/single-impact.js';
export { AUTO_STEPS_PER_CONTACT } from '../engine/timestep.js';
export { DEFAULT_IMPACT_GEOMETRY } from '../run/calibration.js';
