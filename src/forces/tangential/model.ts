/**
 * What a tangential contact model is (docs/physics.md §9): the definition each model's module exports and
 * registry.ts lists — the family's common fields (forces/sub-model.ts) and its form in a LAMMPS deck.
 */
import type { SubModelDefinition, SubModelSchema } from '../sub-model.js';

/** What the `tangential` words of a LAMMPS `pair_coeff` are made of, for one contact class at the deck's reference contact. */
export interface TangentialLammpsInput {
  /** Coulomb friction coefficient μ of the class (0: no friction) */
  friction: number;
  /** G* (Pa) of the class (docs/physics.md §1.5) */
  effectiveShearModulus: number;
  /** R_eff / R_L: 1 for sphere pairs and flat walls, larger on a curved region wall (interop/lammps-contact.ts) */
  curvature: number;
}

export interface TangentialModelDefinition<Schema extends SubModelSchema = SubModelSchema> extends SubModelDefinition<Schema> {
  /**
   * the `tangential …` words of `pair_style granular` that give this model's force, or `refusal`: why no LAMMPS
   * sub-model gives it, for the one-line error of `grainflow export lammps`
   */
  lammps(at: TangentialLammpsInput): string | { readonly refusal: string };
}
