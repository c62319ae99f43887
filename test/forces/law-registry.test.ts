/**
 * Every normal law's declared speed behaviour (its definition's `speedBehaviour`, src/forces/normal/law.ts) against
 * what `calibrateLaw` (src/api/calibrate.ts) measures through the engine: a velocity-independent law delivers the
 * same e at 0.01, 1 and 10 m/s, a speed-dependent one does not — so a new law that declares the wrong behaviour
 * (and with it the wrong `impact` cases, validation checks and help texts) fails here. Also what the registry's
 * consumers rely on: a speed-dependent law takes `referenceSpeed`, its example is calibrated at the example's
 * speed, and a law's scenario constant, given back to it, is the law it was calibrated to.
 */
import { describe, expect, it } from 'vitest';
import { calibrateLaw } from '../../src/api/index.js';
import { normalLawDefinition, normalLawParameters, normalModelNames } from '../../src/forces/normal/registry.js';
import type { NormalLawInput } from '../../src/run/single-impact.js';
import type { EndOfContact } from '../../src/scenario/schema.js';

const SPEEDS = [0.01, 1, 10];
const scene = { restitution: 0.7, speed: 1, linearStiffness: 1e6 };
/** The law's plain example case (its first), for a target e = 0.7 and, where e depends on speed, v_ref = 1 m/s. */
const exampleOf = (model: string) => normalLawDefinition(model as never).examples(scene)[0].spec as NormalLawInput;

/**
 * How much the engine's e of one impact may be off (calibrateLaw runs 1000 steps per contact): velocity Verlet's
 * O(dt²) error, ~1e-5; and, for a dashpot whose force jumps to c·v₀ at touch-down (Kelvin–Voigt), the step in which
 * the bodies touch applies it for a whole step or none, an error up to c·dt/m* = 2ξ·ω·dt = 2ξπ/1000 ≈ 7e-4 at
 * e = 0.7 (ξ ≈ 0.11). Measured spreads: at most 1.7e-4 (Kelvin–Voigt), 1e-6 for every other constant-e law.
 */
const SAME_E = 1e-3;
/**
 * A speed-dependent law's e over two decades either side of v_ref moves far more than that: β ∝ v^{(4m−1)/5}
 * (docs/physics.md §7.1) changes by 2.5× (m = ½), 4.4× (m = 0.65) or 0.4× (m = 0) between 0.01 and 10 m/s;
 * measured spreads 0.28–0.43.
 */
const DIFFERENT_E = 0.05;

const conventions: EndOfContact[] = ['no-tension', 'free'];

describe('each normal law\'s declared speed behaviour, measured by calibrateLaw', () => {
  for (const endOfContact of conventions) {
    it.each(normalModelNames)(`%s under "${endOfContact}"`, (model) => {
      const { rows } = calibrateLaw(exampleOf(model), { speeds: SPEEDS, endOfContact });
      const e = rows.map((row) => row.restitution);
      const spread = Math.max(...e) - Math.min(...e);
      if (normalLawDefinition(model).speedBehaviour === 'velocity-independent') expect(spread).toBeLessThan(SAME_E);
      else expect(spread).toBeGreaterThan(DIFFERENT_E);
    });
  }
});

describe('what the registry\'s consumers rely on', () => {
  it.each(normalModelNames)('%s: speed-dependent exactly when it takes a referenceSpeed, and its example holds e there', (model) => {
    const speedDependent = normalLawDefinition(model).speedBehaviour === 'speed-dependent';
    expect(normalLawParameters(model).includes('referenceSpeed')).toBe(speedDependent);
    if (speedDependent) {
      const spec = normalLawDefinition(model).examples({ ...scene, speed: 0.3 })[0].spec as NormalLawInput;
      const { reference, referenceSpeed } = calibrateLaw(spec, { speeds: [0.3] });
      expect(referenceSpeed).toBe(0.3);
      expect(reference.restitution).toBeCloseTo(0.7, 3);
    }
  });

  it.each(normalModelNames.filter((model) => normalLawDefinition(model).scenarioConstant !== undefined))(
    '%s: the scenario constant calibrate reports, given instead of restitution, delivers the same impacts', (model) => {
      const calibrated = calibrateLaw(exampleOf(model), { speeds: [0.1, 3] });
      const constant = calibrated.scenarioConstant!;
      expect(normalLawParameters(model)).toContain(constant.name);
      const given = calibrateLaw({ model, [constant.name]: constant.value } as NormalLawInput, { speeds: [0.1, 3] });
      given.rows.forEach((row, k) => expect(row.restitution).toBeCloseTo(calibrated.rows[k].restitution, 6));
    });
});
