/**
 * Mindlin & Deresiewicz's theory itself, for any history of normal and tangential load: the exact solution of the
 * Cattaneo–Mindlin contact of two elastic spheres (Coulomb friction pointwise, normal and tangential problems
 * uncoupled), by the method of dimensionality reduction [Popov & Heß 2015, ch. 5]. The three-dimensional contact is
 * replaced by a row of independent springs at positions x ≥ 0 (both sides counted, hence the factor 2): each has the
 * normal compression u_z = δ − x²/R_eff (Hertz: 2∫₀ᵃE*u_z dx = (4/3)E*√R_eff δ^{3/2}) and a tangential
 * displacement u_x, stiffness 4G* per unit length (full stick: 2·4G*·a = 8G*a, Mindlin's stiffness), that follows
 * the rigid tangential displacement of the bodies until its force reaches μ times its normal force, and then
 * slips; a spring that enters the contact starts at u_x = 0, one that leaves it forgets u_x. Summed, the row gives
 * Mindlin's first-loading curve, the Masing branches after a reversal and every case of Mindlin & Deresiewicz 1953
 * with a varying normal load, without a branch rule: the reference that tells an incremental scheme's rules
 * (docs/physics.md §9.9) from the theory they approximate (test/validation/mdr-springs.test.ts).
 */

export class MdrSpringRow {
  private readonly displacement: Float64Array;
  private readonly spacing: number;
  /** 4G* and E* (Pa): the tangential and normal stiffness per unit length of the row */
  private readonly shearPerLength: number;
  private readonly normalPerLength: number;
  /** springs that were in the contact at the last step: those beyond are at rest */
  private active = 0;

  /**
   * effectiveRadius: R_eff (m); reach: the largest contact radius the row must cover (m); count: springs over it;
   * shearCoefficient: 8G*√R_eff (N m^-3/2, k_t = this·√δ); hertzCoefficient: K = (4/3)E*√R_eff (N m^-3/2).
   */
  constructor(
    private readonly effectiveRadius: number, reach: number, count: number,
    shearCoefficient: number, hertzCoefficient: number,
  ) {
    this.displacement = new Float64Array(count);
    this.spacing = reach / count;
    const root = Math.sqrt(effectiveRadius);
    this.shearPerLength = shearCoefficient / (2 * root); // 4G*
    this.normalPerLength = (0.75 * hertzCoefficient) / root; // E*
  }

  /**
   * One step: the overlap δ now (m) and the rigid tangential displacement of the step (m); returns the tangential
   * force of the row (N) along the displacement it resists, i.e. Σ of the springs' forces.
   */
  advance(delta: number, increment: number, friction: number): number {
    const u = this.displacement, h = this.spacing;
    const limitPerCompression = (friction * this.normalPerLength) / this.shearPerLength;
    const radius = Math.sqrt(this.effectiveRadius * Math.max(0, delta));
    if (radius > u.length * h) throw new Error(`contact radius ${radius} m beyond the spring row's ${u.length * h} m`);
    const active = Math.ceil(radius / h);
    let sum = 0;
    for (let i = 0; i < Math.max(active, this.active); i++) {
      const x = (i + 0.5) * h;
      const compression = delta - (x * x) / this.effectiveRadius;
      if (compression <= 0) {
        u[i] = 0;
        continue;
      }
      const limit = limitPerCompression * compression;
      u[i] = Math.max(-limit, Math.min(limit, u[i] + increment));
      sum += u[i];
    }
    this.active = active;
    return 2 * this.shearPerLength * h * sum;
  }
}
