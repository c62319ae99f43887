/**
 * A wall's prescribed rotation (src/walls/motion.ts, docs/physics.md §1.6 "Rotating walls") as LAMMPS's region
 * keyword `rotate v_θ Px Py Pz Rx Ry Rz`, θ an equal-style variable of `time` that is grainflow's integrated angle
 * exactly (turnsAt: ωe²/(2T) during the ramp of T seconds, ω(e − T/2) after it, e the time since `start`, held at
 * `stop`).
 *
 * What LAMMPS 29 Sep 2021 does with it (src/region.cpp, src/GRANULAR/fix_wall_gran_region.cpp): the region turns by
 * θ radians, right-handed about R through P, and is then displaced by its `move` variables, as grainflow turns the
 * rest pose about the rotation point and then translates it. Region::set_velocity() takes the rate from the angle's
 * change over the last step, (θ(t) − θ(t − dt))/dt, and fix wall/gran/region gives every contact the wall velocity
 * ω × (contact point − P) + v (Region::velocity_contact) for the normal damping and the friction. Its rolling
 * resistance ignores the wall's spin (fix_wall_gran.cpp reads the sphere's ω alone), where grainflow's uses the
 * spin relative to the wall: the deck's README states it.
 */
import type { WallSpec } from '../walls/wall-spec.js';
import { unit } from './lammps-axes.js';

const num = (x: number) => String(x);

/**
 * LAMMPS expression of the time (s) a wall has moved by at `time`: clamp(time, start, stop) − start, the elapsed
 * time of src/walls/motion.ts.
 */
export function elapsedExpression(start: number, stop: number | undefined): string {
  return `((time>${num(start)})*(time-${num(start)})`
    + (stop === undefined ? ')' : `-(time>${num(stop)})*(time-${num(stop)}))`);
}

/**
 * The variables of a turning wall's angle (rad) and its region keyword ` rotate v_… P R`; nothing for a wall that
 * does not turn.
 */
export function rotation(wall: WallSpec, id: string): { variables: string[]; rotate: string } {
  const m = wall.motion;
  const r = m?.rotation;
  if (m === undefined || r === undefined || r.angularVelocity === 0) return { variables: [], rotate: '' };
  const elapsed = `${id}_elapsed`, angle = `${id}_theta`;
  const e = `v_${elapsed}`, w = num(r.angularVelocity), T = r.rampTime;
  // The ramp's rate rises linearly, so its angle is quadratic in e; after it the rate is full and the angle lags
  // the full-rate one by the ramp's half (ω·T/2).
  const theta = T === 0 ? `${w}*${e}`
    : `${w}*((${e}<${num(T)})*${e}*${e}/${num(2 * T)}+(${e}>=${num(T)})*(${e}-${num(T / 2)}))`;
  return {
    variables: [
      `variable ${elapsed} equal "${elapsedExpression(m.start, m.stop)}"`,
      `variable ${angle} equal "${theta}"`,
    ],
    rotate: ` rotate v_${angle} ${[...r.point, ...unit(r.axis)].map(num).join(' ')}`,
  };
}
