/**
 * The zod building blocks every part of the scenario format uses, so that each part (materials and contact laws
 * in src/forces, walls in src/walls, the rest in src/scenario) states its fields the same way: every message
 * names the allowed range and the unit; ranges are zod checks (not refinements), so they also reach the JSON
 * Schema.
 */
import { z } from 'zod';
import { UNPRINTABLE_CHARACTERS } from './scenario-error.js';

/** `what` names the quantity with its unit, e.g. 'sphere radius in m'. zod 4 numbers already reject NaN and ±∞. */
export const number = (what: string, range = '') =>
  z.number({ error: `must be a number${range ? ` ${range}` : ''} (${what})` });
export const positive = (what: string) => number(what, '> 0').gt(0, { error: `must be > 0 (${what})` });
export const nonNegative = (what: string) => number(what, '>= 0').gte(0, { error: `must be >= 0 (${what})` });
export const wholeAtLeastOne = (what: string) =>
  number(what, '>= 1').int({ error: `must be a whole number >= 1 (${what})` })
    .min(1, { error: `must be a whole number >= 1 (${what})` });
/** [x, y, z], each component checked by `component`. */
const triple = (component: (what: string) => z.ZodNumber, what: string) =>
  z.tuple([component(what), component(what), component(what)], { error: `must be an array of 3 numbers [x, y, z] (${what})` });
export const vec3 = (what: string) => triple(number, what);
/**
 * Largest |coordinate| of a position (m). Far beyond any granular scene; past it, grid cell indices of spheres a
 * few millimetres wide lose integer precision (an overlap search at y = -1e300 never finished).
 */
export const MAX_COORDINATE = 1e6;
export const coordinate = (what: string) => number(what, `within ±${MAX_COORDINATE} m`)
  .gte(-MAX_COORDINATE, { error: `must be within ±${MAX_COORDINATE} m (${what})` })
  .lte(MAX_COORDINATE, { error: `must be within ±${MAX_COORDINATE} m (${what})` });
export const point3 = (what: string) => triple(coordinate, what);
/**
 * Largest |component| of a velocity (m/s): the speed of light. A Newtonian contact model means nothing near it, and
 * no granular flow comes near it; below it, a sphere's kinetic energy and every force stay finite numbers.
 */
export const MAX_SPEED = 299_792_458;
const SPEED_RANGE = `within ±${MAX_SPEED} m/s, the speed of light`;
export const speedComponent = (what: string) => number(what, SPEED_RANGE)
  .gte(-MAX_SPEED, { error: `must be ${SPEED_RANGE} (${what})` })
  .lte(MAX_SPEED, { error: `must be ${SPEED_RANGE} (${what})` });
export const velocity3 = (what: string) => triple(speedComponent, what);
/**
 * Largest magnitude of gravity (m/s²): a free fall across the largest scene the format allows (2 × MAX_COORDINATE)
 * stays slower than light, v² = 2 g h < MAX_SPEED². About 2.2e9 g; a geotechnical centrifuge reaches 1e3 g.
 */
export const MAX_GRAVITY = MAX_SPEED ** 2 / (4 * MAX_COORDINATE);
/**
 * A name or path. Control characters are refused: names reach the terminal (the run's summary line, messages), where
 * a newline or an escape sequence would forge output or recolour the screen.
 */
export const name = (what: string) => z.string({ error: `must be a string (${what})` })
  .regex(new RegExp(`^[^${UNPRINTABLE_CHARACTERS}]*$`), { error: `must be a string without control characters (${what})` });
/** Unknown keys are reported by `load.ts` with the allowed names, so only the type error needs a message here. */
export const object = <Shape extends z.ZodRawShape>(what: string, shape: Shape) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'invalid_type' ? `must be an object (${what})` : undefined),
  });

export const quoted = (names: readonly string[]) => names.map((n) => `"${n}"`).join(', ');
export const vec2 = (what: string) => z.tuple([number(what), number(what)], {
  error: `must be an array of 2 numbers [x, y] (${what})`,
});
