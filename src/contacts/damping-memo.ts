/**
 * The damping coefficient c of a new contact (forces/contact-table.ts contactConstants), remembered for the last
 * class, R_eff and m*: neighbours mostly share radii and class, so c is mostly reused. One memo per thread that
 * builds contacts; what it returns depends only on its inputs, so any memo gives the same c.
 */
import { contactConstants, type KernelTable } from '../forces/contact-table.js';

export class DampingMemo {
  private readonly constants = new Float64Array(3);
  private lastClass = -1;
  private lastRadius = -1;
  private lastMass = -1;

  coefficient(table: KernelTable, cls: number, reff: number, meff: number): number {
    if (cls !== this.lastClass || reff !== this.lastRadius || meff !== this.lastMass) {
      contactConstants(this.constants, table, cls, reff, meff);
      this.lastClass = cls; this.lastRadius = reff; this.lastMass = meff;
    }
    return this.constants[1];
  }
}
