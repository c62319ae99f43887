/**
 * Per-step trace of every touching sphere–sphere contact (outputs.contactTrace, runs of at most
 * CONTACT_TRACE_MAX_PARTICLES spheres, scenario/checks.ts): contact-trace.csv with the overlap, the normal and tangential force and
 * the normal approach speed at the end of each step, and contact-trace.svg, the force–overlap loop of each pair —
 * the curve the contact laws are compared by (docs/physics.md §7.9). Forces are those of the kernel at the step.
 */
import type { Simulation } from '../engine/simulation.js';
import { PAIR_OUT_STRIDE } from '../contacts/pair-contacts.js';
import { CsvWriter } from './csv.js';
import { renderLinePlotSvg, type PlotSeries } from '../plot/line-plot.js';

export const CONTACT_TRACE_HEADER = [
  't', 'i', 'j', 'overlap', 'normal_force', 'tangential_force', 'approach_speed',
] as const;

export class ContactTrace {
  private readonly csv: CsvWriter;
  /** force–overlap points per pair of ids, for the plot */
  private readonly loops = new Map<string, { overlap: number[]; force: number[] }>();
  private readonly separation = new Float64Array(3);

  constructor(file: string) {
    this.csv = new CsvWriter(file, CONTACT_TRACE_HEADER);
  }

  record(sim: Simulation): void {
    const { pairs, st } = sim;
    const { pos, vel, radius, id } = st;
    for (let p = 0; p < pairs.count; p++) {
      if (pairs.touching[p] === 0) continue;
      const i = pairs.first[p], j = pairs.second[p];
      const dist = pairs.separation(pos, p, this.separation);
      const nx = this.separation[0] / dist, ny = this.separation[1] / dist, nz = this.separation[2] / dist;
      const o = PAIR_OUT_STRIDE * p;
      // out[o..o+2] is the force on i: its part along n (from j to i) is the normal force.
      const fx = pairs.out[o], fy = pairs.out[o + 1], fz = pairs.out[o + 2];
      const fn = fx * nx + fy * ny + fz * nz;
      const ft = Math.hypot(fx - fn * nx, fy - fn * ny, fz - fn * nz);
      const approach = -((vel[3 * i] - vel[3 * j]) * nx + (vel[3 * i + 1] - vel[3 * j + 1]) * ny
        + (vel[3 * i + 2] - vel[3 * j + 2]) * nz);
      const overlap = radius[i] + radius[j] - dist;
      const [a, b] = id[i] < id[j] ? [id[i], id[j]] : [id[j], id[i]];
      this.csv.row([sim.time, a, b, overlap, fn, ft, approach]);
      const key = `${a}–${b}`;
      const loop = this.loops.get(key) ?? { overlap: [], force: [] };
      loop.overlap.push(overlap);
      loop.force.push(fn);
      this.loops.set(key, loop);
    }
  }

  close(): void {
    this.csv.close();
  }

  /** The force–overlap loops, one series per pair of sphere ids. */
  plot(): Promise<string> {
    const series: PlotSeries[] = [...this.loops].map(([pair, loop]) => ({ name: `spheres ${pair}`, x: loop.overlap, y: loop.force }));
    return renderLinePlotSvg({
      title: 'Normal force against overlap', subtitle: 'one loop per touching pair of spheres (ids), every step',
      x: { label: 'overlap δ', unit: 'm' }, y: { label: 'normal force F_n', unit: 'N' }, series,
    });
  }
}
