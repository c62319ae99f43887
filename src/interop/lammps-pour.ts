/**
 * Pouring (insert blocks with a `rate`, src/engine/pour.ts) as LAMMPS `fix deposit`: one sphere every M steps at a
 * random free place in the block's region, up to the block's count. The nearest LAMMPS mechanism, not the same:
 *  - grainflow places every sphere that is due, every 20 steps; fix deposit places one every M = round(1/(N·dt))
 *    steps, so the rate is 1/(M·dt) (stated in the deck's README) and a sphere enters up to M steps later or earlier.
 *  - radii: grainflow pours the radii it drew at set-up in that order; fix deposit draws each sphere from molecule
 *    templates, one per radius class: the block's own radii binned into at most RADIUS_CLASSES classes (exact for
 *    a fixed radius and for discrete distributions with few values), each at the mean radius of its class, drawn
 *    with the class's share of the block. Different random streams: the spheres and places differ one by one.
 *  - overlap check: `near` = the largest distance two spheres' centres can touch at, so no new sphere overlaps
 *    another; walls are not checked (grainflow checks them): the region is shrunk by the block's largest radius so
 *    the sphere lies inside it, as grainflow requires. A sphere that finds no place in 100 attempts is skipped and
 *    the next one M steps later tries again.
 */
import type { PourBlock } from '../scenario/pour-plan.js';

/** Most radius classes (molecule templates) per poured block. */
export const RADIUS_CLASSES = 8;
/** Random places fix deposit tries per sphere (grainflow: PLACEMENT_ATTEMPTS in src/engine/pour.ts). */
const ATTEMPTS = 100;

export interface RadiusClass {
  radius: number;
  /** share of the block's spheres */
  fraction: number;
}

/** The block's radii binned into at most RADIUS_CLASSES classes (distinct values kept when there are that few). */
export function radiusClasses(radii: Float64Array): RadiusClass[] {
  const values = [...new Set(radii)].sort((a, b) => a - b);
  if (values.length <= RADIUS_CLASSES) {
    return values.map((r) => ({ radius: r, fraction: radii.filter((x) => x === r).length / radii.length }));
  }
  const lo = values[0], hi = values[values.length - 1];
  const sums = Array.from({ length: RADIUS_CLASSES }, () => ({ n: 0, total: 0 }));
  for (const r of radii) {
    const s = sums[Math.min(RADIUS_CLASSES - 1, Math.floor(((r - lo) / (hi - lo)) * RADIUS_CLASSES))];
    s.n++;
    s.total += r;
  }
  return sums.filter((s) => s.n > 0).map((s) => ({ radius: s.total / s.n, fraction: s.n / radii.length }));
}

/** A molecule template file of one sphere (LAMMPS `molecule` command) of the atom type, radius and mass given. */
export function sphereTemplate(type: number, radius: number, mass: number): string {
  return ['# one sphere of a grainflow pour (written by grainflow export lammps)', '1 atoms', '', 'Coords', '', '1 0 0 0',
    '', 'Types', '', `1 ${type}`, '', 'Diameters', '', `1 ${2 * radius}`, '', 'Masses', '', `1 ${mass}`, ''].join('\n');
}

export interface DeckPour {
  /** molecule template files: name → content */
  files: Map<string, string>;
  /** commands defining the templates and the insertion region */
  setup: string[];
  /** the fix deposit command (issued when the pour starts) */
  fix: string;
  /** spheres per second that fix deposit delivers */
  rate: number;
  /** one sphere every this many steps */
  every: number;
}

export interface PourContext {
  /** k of insert[k] */
  block: PourBlock;
  /** LAMMPS atom type and group of the block's material */
  type: number;
  group: string;
  density: number;
  /** spheres per second the scenario asks for */
  rate: number;
  dt: number;
  /** largest radius of any sphere of the run (m) */
  largestRadius: number;
  seed: number;
}

/** Molecule templates, insertion region and fix deposit of one poured block. */
export function deckPour(c: PourContext): DeckPour {
  const { block } = c;
  const id = `pour${block.index}`;
  const classes = radiusClasses(block.radii);
  const files = new Map<string, string>();
  const templates = classes.map((cls, j) => {
    const name = `${id}-${j}.mol`;
    files.set(name, sphereTemplate(c.type, cls.radius, (4 / 3) * Math.PI * cls.radius ** 3 * c.density));
    return name;
  });
  const rMax = Math.max(...classes.map((cls) => cls.radius));
  const r = block.region;
  const region = r.type === 'box'
    ? `block ${[0, 1, 2].flatMap((a) => [r.min[a] + rMax, r.max[a] - rMax]).join(' ')}`
    : `cylinder z ${r.center[0]} ${r.center[1]} ${r.radius - rMax} ${r.center[2] + rMax} ${r.center[2] + r.height - rMax}`;
  const every = Math.max(1, Math.round(1 / (c.rate * c.dt)));
  // fix deposit needs the fractions to add up to 1.
  const fractions = classes.map((cls) => cls.fraction);
  fractions[fractions.length - 1] = 1 - fractions.slice(0, -1).reduce((a, b) => a + b, 0);
  const v = block.velocity;
  const fix = `fix ${id} ${c.group} deposit ${block.radii.length} 0 ${every} ${c.seed} region ${id} `
    + `near ${Math.max(2 * rMax, rMax + c.largestRadius)} attempt ${ATTEMPTS} mol ${id} `
    + `molfrac ${fractions.join(' ')} vx ${v[0]} ${v[0]} vy ${v[1]} ${v[1]} vz ${v[2]} ${v[2]} id max units box`;
  return {
    files,
    setup: [`molecule ${id} ${templates.join(' ')}`, `region ${id} ${region} side in units box`],
    fix,
    rate: 1 / (every * c.dt),
    every,
  };
}
