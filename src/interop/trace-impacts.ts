/**
 * The collisions of the first sphere with the walls, recovered from its per-step trace (the deck's
 * `trace.grainflow`: time, position, velocity), for the bounces analysis of an imported run. A collision starts at
 * the first traced step the sphere overlaps a wall and ends at the first step it does not; its impact and rebound
 * speeds are the normal relative speeds at those two steps (docs/physics.md §1.2, §1.7), as the engine's collision
 * records state them from the full-step velocities.
 */
import type { ImpactRecord } from '../engine/simulation.js';
import type { ContactMeter } from './frame-measures.js';
import { readNumberRows } from './lammps-dump.js';
import { TRACE_COLUMNS } from './lammps-deck.js';

/** Wall collisions of sphere 0 (radius r) in the trace file, in the order they ended. */
export function traceWallImpacts(file: string, radius: number, meter: ContactMeter): ImpactRecord[] {
  const impacts: ImpactRecord[] = [];
  let open: { wall: number; tStart: number; impactSpeed: number; maxOverlap: number; normal: number[] } | null = null;
  readNumberRows(file, TRACE_COLUMNS.length, ([t, x, y, z, vx, vy, vz]) => {
    meter.placeWalls(t);
    // The deepest wall contact of this step; wall −1: none.
    const hit = { delta: 0, wall: -1, normal: [0, 0, 0] };
    meter.wallContacts(x, y, z, radius, (delta, wall, nx, ny, nz) => {
      if (delta > hit.delta) Object.assign(hit, { delta, wall, normal: [nx, ny, nz] });
    });
    // Approach speed −(v − v_wall)·n, n from the wall to the centre.
    const approach = (wall: number, n: readonly number[]) => {
      const vw = meter.wallVelocity(wall);
      return -((vx - vw[0]) * n[0] + (vy - vw[1]) * n[1] + (vz - vw[2]) * n[2]);
    };
    if (open !== null && hit.wall !== open.wall) {
      impacts.push({
        tStart: open.tStart, duration: t - open.tStart, i: 0, j: open.wall, isWall: true,
        impactSpeed: open.impactSpeed, reboundSpeed: -approach(open.wall, open.normal), maxOverlap: open.maxOverlap,
        maxNormalForce: Number.NaN, slipBefore: Number.NaN, slipAfter: Number.NaN,
        omegaIBefore: [], omegaJBefore: [], omegaIAfter: [], omegaJAfter: [],
      });
      open = null;
    }
    if (hit.wall < 0) return;
    open ??= { wall: hit.wall, tStart: t, impactSpeed: approach(hit.wall, hit.normal), maxOverlap: 0, normal: hit.normal };
    open.maxOverlap = Math.max(open.maxOverlap, hit.delta);
    open.normal = hit.normal;
  });
  return impacts;
}
