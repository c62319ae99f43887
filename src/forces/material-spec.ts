/**
 * The scenario's `materials` entries: their zod schema and type. Below the contact laws, which read a pair's
 * materials, and below contact-spec.ts, which composes the laws into the `contact` block.
 */
import { number, positive, object } from '../base/schema-fields.js';
import type { z } from 'zod';

export const materialSchema = object('material properties', {
  youngsModulus: positive("Young's modulus E in Pa").describe("Young's modulus E (Pa), > 0."),
  poissonsRatio: number("Poisson's ratio ν, dimensionless", 'in (-1, 0.5)')
    .gt(-1, { error: "must be in (-1, 0.5) (Poisson's ratio ν, dimensionless)" })
    .lt(0.5, { error: "must be in (-1, 0.5) (Poisson's ratio ν, dimensionless)" })
    .describe("Poisson's ratio ν (dimensionless), -1 < ν < 0.5."),
  density: positive('density ρ in kg/m^3').describe('Density ρ (kg/m³), > 0.'),
  bulkViscosity: positive('bulk viscosity ξ in Pa·s').optional()
    .describe('Bulk viscosity ξ (Pa·s), > 0; used by Kuwabara–Kono and Brilliantov `variant` damping.'),
  shearViscosity: positive('shear viscosity η in Pa·s').optional()
    .describe('Shear viscosity η (Pa·s), > 0; used by Kuwabara–Kono and Brilliantov `variant` damping.'),
}).describe('Elastic and viscous properties of one material.');

export type Material = z.output<typeof materialSchema>;
