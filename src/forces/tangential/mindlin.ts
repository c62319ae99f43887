/**
 * Mindlin's no-slip tangential spring, kept as a force (docs/physics.md §9.2–9.5; Thornton 2013, Eq 18): the
 * spring force F_s rotated into the current tangent plane, F_s −= k_t·v_t·dt with k_t = 8G*√(R_eff δ), the normal
 * damping applied tangentially, and the Coulomb cap μ|F_n|. The kernel's tangential force (src/kernel/law.ts);
 * `friction` stays beside `contact.normal`, so the model takes no parameter of its own.
 */
import { TangentialModel } from '../../kernel-interface/layout.js';
import { subModelSchema } from '../sub-model.js';
import type { TangentialModelDefinition } from './model.js';

const schema = subModelSchema('tangential', 'mindlin',
  'Mindlin no-slip spring kept as a force, k_t = 8G*·√(R_eff·δ), capped at μ·|F_n| (docs/physics.md §9.2–9.5); '
  + 'takes no parameters (μ is `friction`).', {});

export const mindlin: TangentialModelDefinition<typeof schema> = {
  model: 'mindlin',
  schema,
  kernelId: TangentialModel.mindlin,
  docs: 'docs/physics.md §9.2–9.5',
  // `mindlin/force k_t 1 μ`: the spring kept as a force, tangential damping = the normal prefactor (×1), as here;
  // k_t = 8G*·√(R_eff/R_L) for LAMMPS's a = √(R_L δ). Without friction, no tangential force and no history.
  lammps: ({ friction, effectiveShearModulus, curvature }) => (friction > 0
    ? `tangential mindlin/force ${8 * effectiveShearModulus * Math.sqrt(curvature)} 1 ${friction}`
    : 'tangential linear_nohistory 0 0'),
};
