/**
 * Hertz (1882): F = Kδ^{3/2}, purely elastic, e = 1 (docs/physics.md §3.1, K in §1.5; Banerjee 2016, Eq 1;
 * Safaeifar 2020, Eq 1; Machado 2012, Eq 17; Corral 2021, Eq 5.2; Lankarani 1994, Eq 1). K is the pair's, so the
 * law takes no parameter and nothing is left to resolve.
 */
import { DampingExponent, type NormalLawDefinition } from './law.js';
import { lawSchema } from './parameters.js';
import { HERTZ_SPRING } from './springs.js';

const schema = lawSchema('hertz',
  'Hertz (1882): F = K·δ^{3/2} with K = (4/3)E*√R_eff, elastic (e = 1); takes no parameters.', {});

export const hertz: NormalLawDefinition<typeof schema> = {
  model: 'hertz',
  schema,
  ...HERTZ_SPRING,
  dampingExponent: DampingExponent.none,
  resolve: () => ({ dampingScale: 0, kPower: 0, massPower: 0, radiusPower: 0, derived: { restitution: 1 } }),
  speedBehaviour: 'velocity-independent',
  examples: () => [{ label: 'hertz', spec: { model: 'hertz' } }],
  // `damping velocity 0`: no damping.
  lammps: { damping: 'velocity' },
};
