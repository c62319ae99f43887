/**
 * Mindlin & Deresiewicz's tangential contact with micro-slip and load history (docs/physics.md §9.9), solved as the
 * method of dimensionality reduction has it [Popov & Heß 2015, ch. 5]: the contact is a row of 8 springs over the
 * largest contact radius so far, each with a share of the normal load in proportion to its compression
 * δ − x²/R_eff and a tangential displacement that slips at μ times that share (src/kernel/spring-row.ts). The sum
 * follows Mindlin's loading curve, Masing's unloading branches and a changing normal load with no branch rule; in
 * Kharaz et al.'s oblique impacts it is within 0.0012 in e_t of the theory solved with a fine row. It keeps 25 more
 * doubles per contact than `mindlin` (the row's reach and springs). LAMMPS has no form for it: `mindlin_rescale/force`
 * has the unloading rule but no micro-slip.
 */
import { TangentialModel } from '../../kernel-interface/layout.js';
import { subModelSchema } from '../sub-model.js';
import type { TangentialModelDefinition } from './model.js';

const schema = subModelSchema('tangential', 'mindlin-deresiewicz',
  'Mindlin–Deresiewicz micro-slip with load history: the contact as a row of springs (stiffness summing to 8G*·a), '
  + 'each slipping at μ times its share of the normal load (docs/physics.md §9.9); takes no parameters (μ is '
  + '`friction`).', {});

export const mindlinDeresiewicz: TangentialModelDefinition<typeof schema> = {
  model: 'mindlin-deresiewicz',
  schema,
  kernelId: TangentialModel.mindlinDeresiewicz,
  docs: 'docs/physics.md §9.9',
  lammps: () => ({ refusal: 'LAMMPS\'s pair_style granular has no micro-slip; its mindlin_rescale/force has only the '
    + 'unloading rule. Set the tangential model to "mindlin" to export' }),
};
