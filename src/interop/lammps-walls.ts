/**
 * grainflow's walls (src/walls/wall-spec.ts) as LAMMPS regions for `fix wall/gran/region`: one region per wall (two
 * for a silo: floor and side), with the region's `move` following the wall's prescribed translation. A region
 * wall acts on the spheres inside the region (`side in`), from the inside: grainflow's walls are two-sided, so a
 * sphere that gets outside a box, cylinder or cone no longer feels it in LAMMPS. Rims of open cylinders and cones
 * are not edges in LAMMPS, and the silo's orifice rim is a band of height ORIFICE_BAND (below).
 *
 * Curvature (measured on this LAMMPS with a sphere of R = 1 mm hitting a cylinder, a cone and a sphere region of
 * radius 10 mm): the contact uses R_L = R·r_w/(R + r_w) with r_w = −2 × the cylinder's radius, −2 × the cone's
 * radius at the contact's height, −1 × a sphere's radius; contact times 0.990, 0.990 and 0.979 of a plane's.
 * grainflow ignores wall curvature (docs/physics.md §1.6), so lammps-contact.ts scales the stiffness back with
 * `curvatureRadius` = −r_w (for a cone, at its mean radius).
 */
import { ScenarioError } from '../base/scenario-error.js';
import type { WallSpec } from '../walls/wall-spec.js';

/** One LAMMPS region of a wall. */
export interface WallRegion {
  /** region ID, used by its fix */
  id: string;
  /** `region` commands (sub-regions first) */
  commands: string[];
  /** −r_w (m) of the region's surface for the curvature correction; 0 for a flat one */
  curvatureRadius: number;
}

/** A scenario wall in the deck: its motion variables and regions. */
export interface DeckWall {
  index: number;
  variables: string[];
  regions: WallRegion[];
}

/**
 * Half-height (m, relative to the orifice diameter) of the band that cuts the silo's orifice out of its floor: the
 * floor is the union of the half-space above it and a short open cylinder through the orifice, so that spheres
 * below the floor leave the region. Its side is the orifice rim.
 */
const ORIFICE_BAND = 1e-3;

const num = (x: number) => String(x);

/**
 * The unit vector along `v`: the scenario takes any non-zero normal, but LAMMPS normalises it by its length, whose
 * square underflows to 0 for a normal of 1e-300 (ERROR: Illegal region plane normal vector). Scaled by its largest
 * component first, so no square underflows or overflows.
 */
function unit(v: readonly number[]): number[] {
  const largest = Math.max(...v.map(Math.abs));
  const scaled = v.map((x) => x / largest);
  const length = Math.hypot(...scaled);
  return scaled.map((x) => x / length);
}

/** The regions and motion variables of walls[k]; mesh walls are refused. */
export function deckWall(wall: WallSpec, k: number): DeckWall {
  const id = `w${k}`;
  const unexported = wall.motion?.rotation !== undefined ? 'motion.rotation'
    : 'surfaceVelocity' in wall && wall.surfaceVelocity !== undefined ? 'surfaceVelocity'
      : 'closed' in wall && wall.closed ? 'closed'
        : 'axis' in wall && !(wall.axis[0] === 0 && wall.axis[1] === 0 && wall.axis[2] > 0 && wall.center.length === 2)
          ? 'axis' : null;
  if (unexported !== null) {
    throw new ScenarioError(`walls[${k}].${unexported}`, 'cannot be exported to LAMMPS yet: rotating walls, surface '
      + 'velocities, end caps and tilted or 3-D-centred axes are grainflow-only (leave the field out to export)');
  }
  const { variables, move } = motion(wall, id);
  const region = (name: string, shape: string, open = '') =>
    `region ${name} ${shape} side in units box${open}${move}`;
  const open = ' open 1 open 2';
  switch (wall.type) {
    case 'plane':
      return { index: k, variables, regions: [{
        id, curvatureRadius: 0, commands: [region(id, `plane ${[...wall.point, ...unit(wall.normal)].map(num).join(' ')}`)],
      }] };
    case 'box':
      return { index: k, variables, regions: [{
        id, curvatureRadius: 0,
        commands: [region(id, `block ${[0, 1, 2].flatMap((a) => [wall.min[a], wall.max[a]]).map(num).join(' ')}`,
          wall.openTop ? ' open 6' : '')],
      }] };
    case 'cylinder': {
      const [cx, cy] = wall.center;
      return { index: k, variables, regions: [{
        id, curvatureRadius: 2 * wall.radius,
        commands: [region(id, `cylinder z ${num(cx)} ${num(cy)} ${num(wall.radius)} ${num(wall.zMin)} ${num(wall.zMax)}`, open)],
      }] };
    }
    case 'cone': {
      const [cx, cy] = wall.center;
      const [rb, rt] = [wall.bottomDiameter / 2, wall.topDiameter / 2];
      return { index: k, variables, regions: [{
        id, curvatureRadius: rb + rt,
        commands: [region(id, `cone z ${[cx, cy, rb, rt, wall.zBottom, wall.zTop].map(num).join(' ')}`, open)],
      }] };
    }
    case 'silo': {
      const [cx, cy] = wall.center;
      const floor = `${id}_floor`, side = `${id}_side`;
      const plane = region(wall.orificeDiameter > 0 ? `${id}_plane` : floor,
        `plane ${num(cx)} ${num(cy)} ${num(wall.zBottom)} 0 0 1`);
      const band = ORIFICE_BAND * wall.orificeDiameter;
      const floorCommands = wall.orificeDiameter > 0
        ? [plane,
          region(`${id}_hole`, `cylinder z ${num(cx)} ${num(cy)} ${num(wall.orificeDiameter / 2)} `
            + `${num(wall.zBottom - band)} ${num(wall.zBottom + band)}`, open),
          `region ${floor} union 2 ${id}_plane ${id}_hole units box`]
        : [plane];
      return { index: k, variables, regions: [
        { id: floor, curvatureRadius: 0, commands: floorCommands },
        { id: side, curvatureRadius: wall.diameter,
          commands: [region(side, `cylinder z ${num(cx)} ${num(cy)} ${num(wall.diameter / 2)} ${num(wall.zBottom)} `
            + `${num(wall.zBottom + wall.height)}`, open)] },
      ] };
    }
    case 'mesh':
      throw new ScenarioError(`walls[${k}].type`, '"mesh" walls cannot be exported: LAMMPS has no triangle-mesh '
        + 'granular walls (fix wall/gran/region takes planes, blocks, cylinders, cones and their unions); '
        + 'the wall types that export are plane, box, cylinder, cone and silo');
  }
}

/**
 * Equal-style variables of the wall's displacement, v·(clamp(t, start, stop) − start) (src/walls/motion.ts), and
 * the region keyword that moves it; nothing for a wall at rest.
 */
function motion(wall: WallSpec, id: string): { variables: string[]; move: string } {
  const m = wall.motion;
  if (m === undefined || m.velocity.every((v) => v === 0)) return { variables: [], move: '' };
  const elapsed = `((time>${num(m.start)})*(time-${num(m.start)})`
    + (m.stop === undefined ? ')' : `-(time>${num(m.stop)})*(time-${num(m.stop)}))`);
  const variables: string[] = [];
  const moves = m.velocity.map((v, a) => {
    if (v === 0) return 'NULL';
    const name = `${id}_d${'xyz'[a]}`;
    variables.push(`variable ${name} equal "${num(v)}*${elapsed}"`);
    return `v_${name}`;
  });
  return { variables, move: ` move ${moves.join(' ')}` };
}

/** Axis-aligned bounds (m) of a finite wall at t = 0, to size the LAMMPS box; null for an infinite plane. */
export function wallBounds(wall: WallSpec): { min: number[]; max: number[] } | null {
  switch (wall.type) {
    case 'plane':
    case 'mesh':
      return null;
    case 'box':
      return { min: [...wall.min], max: [...wall.max] };
    case 'cylinder':
      return revolved(wall.center, wall.radius, wall.zMin, wall.zMax);
    case 'cone':
      return revolved(wall.center, Math.max(wall.bottomDiameter, wall.topDiameter) / 2, wall.zBottom, wall.zTop);
    case 'silo':
      return revolved(wall.center, wall.diameter / 2, wall.zBottom, wall.zBottom + wall.height);
  }
}

function revolved(c: readonly number[], r: number, z0: number, z1: number) {
  return { min: [c[0] - r, c[1] - r, z0], max: [c[0] + r, c[1] + r, z1] };
}
