/**
 * Mindlin & Deresiewicz's tangential contact with micro-slip and load history (docs/physics.md §9.9): the spring
 * of `mindlin` with a stiffness k_t = 8G*a·θ that falls as the traction nears the Coulomb limit, θ³ = 1 − |F_s|/(μN)
 * on the first loading and 1 − |F_s − F_o|/(2μN) on a branch that began at a reversal F_o (the Masing rule of
 * Mindlin & Deresiewicz 1953, in the incremental form of Thornton & Yin 1991); the turning point moves by μΔN as the
 * normal load grows, and spring and turning point scale with the contact radius a/a_old as it falls (Thornton,
 * Cummins & Cleary 2011). It keeps one more double per contact than `mindlin` (the turning point along the spring).
 * LAMMPS has no form for it: `mindlin_rescale/force` has the unloading rule but no micro-slip.
 * These rules approximate the theory: where the force reverses while the normal load rises and falls (oblique impacts
 * below about 6° in Kharaz et al.'s experiment) they are up to 0.06 off in e_t from the theory solved exactly
 * (src/validation/mdr-springs.ts; docs/physics.md §9.9).
 */
import { TangentialModel } from '../../kernel-interface/layout.js';
import { subModelSchema } from '../sub-model.js';
import type { TangentialModelDefinition } from './model.js';

const schema = subModelSchema('tangential', 'mindlin-deresiewicz',
  'Mindlin–Deresiewicz micro-slip with load history: k_t = 8G*·a·θ, θ³ = 1 − |F_s|/(μN) while first loaded and '
  + '1 − |F_s − F_o|/(2μN) after a reversal at F_o; spring rescaled with the contact radius when the overlap falls '
  + '(docs/physics.md §9.9); takes no parameters (μ is `friction`).', {});

export const mindlinDeresiewicz: TangentialModelDefinition<typeof schema> = {
  model: 'mindlin-deresiewicz',
  schema,
  kernelId: TangentialModel.mindlinDeresiewicz,
  docs: 'docs/physics.md §9.9',
  lammps: () => ({ refusal: 'LAMMPS\'s pair_style granular has no micro-slip; its mindlin_rescale/force has only the '
    + 'unloading rule. Set the tangential model to "mindlin" to export' }),
};
