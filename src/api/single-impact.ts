/**
 * One impact run through the engine (src/run/single-impact.ts) — what `grainflow impact` prints and calibrateLaw
 * measures at each speed — and the default impact geometry, for the command line.
 */
export {
  boundRange, densityForMass, IMPACT_BOUNDS, simulateImpact, youngsModulusForStiffness, type ImpactOutcome,
  type ImpactTarget,
} from '../run/single-impact.js';
export { DEFAULT_IMPACT_GEOMETRY } from '../run/calibration.js';
