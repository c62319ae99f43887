/**
 * What a rolling-resistance model is (docs/physics.md §9.7): the definition each model's module exports and
 * registry.ts lists — the family's common fields (forces/sub-model.ts) and its form in a LAMMPS deck.
 */
import type { SubModelDefinition, SubModelSchema } from '../sub-model.js';

/** What the `rolling` words of a LAMMPS `pair_coeff` are made of, for one contact class at the deck's reference contact. */
export interface RollingLammpsInput {
  /** rolling friction coefficient μ_r of the class (0: no rolling resistance) */
  rollingFriction: number;
  /** the contact's Hertz K (N m^-3/2) */
  stiffness: number;
  /** overlap (m) at which a constant LAMMPS stiffness is matched (interop/lammps-contact.ts referenceOverlap) */
  overlap: number;
  /** R_eff / R_L: 1 for sphere pairs and flat walls, larger on a curved region wall */
  curvature: number;
}

export interface RollingModelDefinition<Schema extends SubModelSchema = SubModelSchema> extends SubModelDefinition<Schema> {
  /** the `rolling …` words of `pair_style granular` for this model, or undefined when the class has none */
  lammps(at: RollingLammpsInput): string | undefined;
}
