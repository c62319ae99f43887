/**
 * Per-step trace of every touching sphere–sphere contact (outputs.contactTrace, runs of at most
 * CONTACT_TRACE_MAX_PARTICLES spheres, scenario/checks.ts): contact-trace.csv with the overlap, the normal and tangential force and
 * the normal approach speed at the end of each step, and contact-trace.svg, the force–overlap loop of each pair —
 * the curve the contact laws are compared by (docs/physics.md §7.9). Forces are those of the kernel at the step.
 *
 * Each contact's rows begin and end with a row of zero overlap and force at the moment the overlap crossed zero,
 * interpolated within its step as impacts.csv does (contacts/impact-records.ts, docs/physics.md §11.4) from the
 * overlaps of the two steps either side, so the trace spans the collision's duration, not a whole number of steps.
 */
import type { Simulation } from '../engine/simulation.js';
import { timeToZeroOverlap } from '../contacts/impact-records.js';
import { CsvWriter } from './csv.js';
import { renderLinePlotSvg, type PlotSeries } from '../plot/line-plot.js';

export const CONTACT_TRACE_HEADER = [
  't', 'i', 'j', 'overlap', 'normal_force', 'tangential_force', 'approach_speed',
] as const;

/** What the trace remembers of a pair from the previous step. */
interface PairStep {
  overlap: number;
  touching: boolean;
}

export class ContactTrace {
  private readonly csv: CsvWriter;
  /** force–overlap points per pair of ids, for the plot */
  private readonly loops = new Map<string, { overlap: number[]; force: number[] }>();
  /** every listed pair's overlap at the previous step, by pair of ids */
  private previous = new Map<string, PairStep>();
  private readonly separation = new Float64Array(3);
  private readonly force = new Float64Array(3);

  constructor(file: string) {
    this.csv = new CsvWriter(file, CONTACT_TRACE_HEADER);
  }

  record(sim: Simulation): void {
    const { pairs, st } = sim;
    const { pos, vel, radius, id } = st;
    const { dt } = sim.setup;
    const current = new Map<string, PairStep>();
    for (let p = 0; p < pairs.count; p++) {
      const i = pairs.first[p], j = pairs.second[p];
      const dist = pairs.separation(pos, p, this.separation);
      const overlap = radius[i] + radius[j] - dist;
      const touching = pairs.touching[p] === 1;
      const [a, b] = id[i] < id[j] ? [id[i], id[j]] : [id[j], id[i]];
      const key = `${a}–${b}`;
      current.set(key, { overlap, touching });
      const before = this.previous.get(key);
      const wasTouching = before?.touching ?? false;
      if (!touching && !wasTouching) continue;
      const nx = this.separation[0] / dist, ny = this.separation[1] / dist, nz = this.separation[2] / dist;
      const approach = -((vel[3 * i] - vel[3 * j]) * nx + (vel[3 * i + 1] - vel[3 * j + 1]) * ny
        + (vel[3 * i + 2] - vel[3 * j + 2]) * nz);
      // The overlap's rate towards zero across the step, from the overlaps at its two ends.
      const rate = (fromInside: number, fromOutside: number) => (fromInside - fromOutside) / dt;
      if (!touching) {
        const end = sim.time - dt + timeToZeroOverlap(before!.overlap, rate(before!.overlap, overlap), dt);
        this.row(end, a, b, 0, 0, 0, approach, key);
        continue;
      }
      if (!wasTouching) {
        const start = sim.time - timeToZeroOverlap(overlap, rate(overlap, before?.overlap ?? overlap), dt);
        this.row(start, a, b, 0, 0, 0, approach, key);
      }
      // The force on i: its part along n (from j to i) is the normal force.
      pairs.pairForceOnFirst(p, this.force);
      const [fx, fy, fz] = this.force;
      const fn = fx * nx + fy * ny + fz * nz;
      const ft = Math.hypot(fx - fn * nx, fy - fn * ny, fz - fn * nz);
      this.row(sim.time, a, b, overlap, fn, ft, approach, key);
    }
    this.previous = current;
  }

  private row(t: number, a: number, b: number, overlap: number, fn: number, ft: number, approach: number, key: string): void {
    this.csv.row([t, a, b, overlap, fn, ft, approach]);
    const loop = this.loops.get(key) ?? { overlap: [], force: [] };
    loop.overlap.push(overlap);
    loop.force.push(fn);
    this.loops.set(key, loop);
  }

  close(): void {
    this.csv.close();
  }

  /** The force–overlap loops, one series per pair of sphere ids. */
  plot(): Promise<string> {
    const series: PlotSeries[] = [...this.loops].map(([pair, loop]) => ({ name: `spheres ${pair}`, x: loop.overlap, y: loop.force }));
    return renderLinePlotSvg({
      title: 'Normal force against overlap', subtitle: 'one loop per touching pair of spheres (ids), every step',
      x: { label: 'overlap δ', unit: 'm' }, y: { label: 'normal force F_{n}', unit: 'N' }, series,
    });
  }
}
