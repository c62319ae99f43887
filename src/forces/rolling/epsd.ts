/**
 * EPSD rolling resistance without its dashpot (docs/physics.md §9.7; Ai et al. 2011): a rolling spring torque
 * M_r −= k_r·ω_r·dt with k_r = 2.25·μ_r²·k_n·R_eff², k_n = dF_el/dδ, capped at μ_r·R_eff·|F_n|. The kernel's rolling
 * torque (src/kernel/law.ts); `rollingFriction` stays beside `contact.normal`, so the model takes no parameter of
 * its own.
 */
import { subModelSchema } from '../sub-model.js';
import type { RollingModelDefinition } from './model.js';

const schema = subModelSchema('rolling', 'epsd',
  'EPSD rolling spring torque, k_r = 2.25·μ_r²·k_n·R_eff², capped at μ_r·R_eff·|F_n|, no dashpot (docs/physics.md '
  + '§9.7); takes no parameters (μ_r is `rollingFriction`).', {});

export const epsd: RollingModelDefinition<typeof schema> = {
  model: 'epsd',
  schema,
  kernelId: 0,
  docs: 'docs/physics.md §9.7',
  // `rolling sds k_r 0 μ_r`: LAMMPS's torque −k_r·R_L²∫ω_r dt capped at μ_r·R_L·|F_n| with a constant k_r, so
  // k_n = (3/2)K√δ is taken at the reference overlap; k_r R_L² = 2.25 μ_r² k_n R_eff² and μ_L R_L = μ_r R_eff.
  lammps: ({ rollingFriction: mu, stiffness: K, overlap, curvature }) => {
    if (!(mu > 0)) return undefined;
    const kn = 1.5 * K * Math.sqrt(overlap);
    return `rolling sds ${2.25 * mu * mu * kn * curvature ** 2} 0 ${mu * curvature}`;
  },
};
