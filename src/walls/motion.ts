/**
 * Where each wall is at time t: a function of t only, so every thread and every run agrees. The main thread
 * writes the state of the step's end time into a shared array before the step's phases run; the workers read it.
 * Prescribed translation: offset(t) = v·(clamp(t, start, stop) − start), velocity v while start <= t < stop.
 * A removed wall (t >= removeAt) is inactive: its contacts end and it exerts no force.
 */
import type { WallMotion } from './build.js';

/** Float64 slots per wall: offset x y z, velocity x y z, active (1/0), unused. */
export const MOTION_STRIDE = 8;
export const MOTION = { offset: 0, velocity: 3, active: 6 } as const;

export function writeWallState(motion: readonly WallMotion[], t: number, state: Float64Array): void {
  motion.forEach((m, w) => {
    const o = MOTION_STRIDE * w;
    const moving = t >= m.start && t < m.stop;
    const elapsed = Math.min(Math.max(t, m.start), m.stop) - m.start;
    for (let a = 0; a < 3; a++) {
      state[o + MOTION.offset + a] = m.velocity[a] * elapsed;
      state[o + MOTION.velocity + a] = moving ? m.velocity[a] : 0;
    }
    state[o + MOTION.active] = t < m.removeAt ? 1 : 0;
  });
}
