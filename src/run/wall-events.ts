/**
 * The times a run's walls change — a gate removed, a wall starting or stopping to move — for the plots against
 * time: the energy plot marks them, so a jump in kinetic energy reads as the gate opening or the lift starting.
 */
import type { RunSetup } from './setup.js';
import type { PlotEvent } from '../plot/line-plot.js';

export function wallEvents(setup: RunSetup): PlotEvent[] {
  const duration = setup.scenario.time.duration;
  const events: PlotEvent[] = [];
  setup.walls.motion.forEach((motion, w) => {
    const wall = setup.scenario.walls[w].type;
    const moving = motion.velocity.some((v) => v !== 0);
    if (moving && motion.start > 0 && motion.start < duration) events.push({ x: motion.start, label: `${wall} starts moving` });
    if (moving && motion.stop < duration) events.push({ x: motion.stop, label: `${wall} stops` });
    if (motion.removeAt < duration) events.push({ x: motion.removeAt, label: `${wall} removed` });
  });
  return events.sort((a, b) => a.x - b.x);
}
