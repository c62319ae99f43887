/**
 * grainflow's walls (src/walls/wall-spec.ts) as LAMMPS wall surfaces. A box at rest, and a plane at rest whose normal
 * is a coordinate axis, are `fix wall/gran … xplane/yplane/zplane` planes: LAMMPS tests them per atom without a
 * region (a box as five `wall/gran/region` block faces cost 42–49 % of LAMMPS's loop in a 200 000-sphere settle,
 * project issue 27). Every other wall is one region for `fix wall/gran/region` (two for a silo: floor and side),
 * the region's `move` following the wall's prescribed translation.
 *
 * Which side a region acts from (measured on LAMMPS 29 Sep 2021, project issue 27): a closed region (a plane, a
 * closed block) acts on the spheres inside it only; an open one (cylinders and cones, always exported `open 1 open 2`,
 * and a box with an open top) acts from both sides, because Region::match() is true for every point of an open
 * region — a sphere outside an exported cylinder bounces off it as off the inside, as grainflow's two-sided walls
 * do. Rims of open cylinders and cones are not edges in LAMMPS.
 *
 * Curvature (measured on this LAMMPS with a sphere of R = 1 mm hitting a cylinder, a cone and a sphere region of
 * radius 10 mm): the contact uses R_L = R·r_w/(R + r_w) with r_w = −2 × the cylinder's radius, −2 × the cone's
 * radius at the contact's height, −1 × a sphere's radius; contact times 0.990, 0.990 and 0.979 of a plane's.
 * grainflow ignores wall curvature (docs/physics.md §1.6), so lammps-contact.ts scales the stiffness back with
 * `curvatureRadius` = −r_w (for a cone, at its mean radius).
 */
import { ScenarioError } from '../base/scenario-error.js';
import type { WallSpec } from '../walls/wall-spec.js';

/** One LAMMPS wall surface of a wall: a region, or planes of `fix wall/gran`. */
export interface WallSurface {
  /** the surface's name: its region ID, and the stem of its fixes' IDs */
  id: string;
  /** `region` commands (none for planes) */
  commands: string[];
  /** the fix style: `wall/gran/region` for a region, `wall/gran` for planes */
  fix: 'wall/gran/region' | 'wall/gran';
  /** the fix's wall arguments after the contact model: `region ID`, or e.g. `zplane lo hi` */
  where: string;
  /** −r_w (m) of the region's surface for the curvature correction; 0 for a flat one */
  curvatureRadius: number;
}

/** A scenario wall in the deck: its motion variables and surfaces. */
export interface DeckWall {
  index: number;
  variables: string[];
  surfaces: WallSurface[];
}

/**
 * Rise (m, relative to the orifice diameter) of the silo floor from its orifice rim to its side wall. LAMMPS
 * 29 Sep 2021 cannot cut a hole in a plane: its Region::match() is true for every point of an open region, so a
 * union of the floor plane and an open cylinder through the orifice still holds the plane's contact over the hole
 * (project issue 27: nothing discharged). A nearly flat open cone between the orifice rim and the side wall is a
 * floor with a hole: over the orifice its closest point is the rim. The tilt, atan(2·FLOOR_RISE·d_o/(D − d_o)), is
 * 0.08° for scenarios/silo.json; the floor stands FLOOR_RISE·d_o (32 µm there) higher at the side wall.
 */
const FLOOR_RISE = 1e-3;

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

/** The axis (0, 1, 2) a normal lies along, or −1 when it is oblique. */
function axisOf(normal: readonly number[]): number {
  const along = [0, 1, 2].filter((a) => normal[a] !== 0);
  return along.length === 1 ? along[0] : -1;
}

/** `fix wall/gran` planes along `axis` at `lo` (spheres above it) and `hi` (below it); null: no plane there. */
function planes(id: string, axis: number, lo: number | null, hi: number | null): WallSurface {
  const at = (x: number | null) => (x === null ? 'NULL' : num(x));
  return { id: `${id}_${'xyz'[axis]}`, commands: [], fix: 'wall/gran', where: `${'xyz'[axis]}plane ${at(lo)} ${at(hi)}`, curvatureRadius: 0 };
}

/** The surfaces and motion variables of walls[k]; mesh walls are refused. */
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
  const surface = (name: string, curvatureRadius: number, commands: string[]): WallSurface =>
    ({ id: name, commands, fix: 'wall/gran/region', where: `region ${name}`, curvatureRadius });
  const open = ' open 1 open 2';
  const atRest = variables.length === 0;
  switch (wall.type) {
    case 'plane': {
      const axis = axisOf(wall.normal);
      if (atRest && axis >= 0) {
        const p = wall.point[axis];
        return { index: k, variables, surfaces: [wall.normal[axis] > 0 ? planes(id, axis, p, null) : planes(id, axis, null, p)] };
      }
      return { index: k, variables, surfaces: [
        surface(id, 0, [region(id, `plane ${[...wall.point, ...unit(wall.normal)].map(num).join(' ')}`)]),
      ] };
    }
    case 'box':
      if (atRest) {
        return { index: k, variables, surfaces: [0, 1, 2].map((a) =>
          planes(id, a, wall.min[a], a === 2 && wall.openTop ? null : wall.max[a])) };
      }
      return { index: k, variables, surfaces: [surface(id, 0, [
        region(id, `block ${[0, 1, 2].flatMap((a) => [wall.min[a], wall.max[a]]).map(num).join(' ')}`, wall.openTop ? ' open 6' : ''),
      ])] };
    case 'cylinder': {
      const [cx, cy] = wall.center;
      return { index: k, variables, surfaces: [surface(id, 2 * wall.radius,
        [region(id, `cylinder z ${num(cx)} ${num(cy)} ${num(wall.radius)} ${num(wall.zMin)} ${num(wall.zMax)}`, open)])] };
    }
    case 'cone': {
      const [cx, cy] = wall.center;
      const [rb, rt] = [wall.bottomDiameter / 2, wall.topDiameter / 2];
      return { index: k, variables, surfaces: [surface(id, rb + rt,
        [region(id, `cone z ${[cx, cy, rb, rt, wall.zBottom, wall.zTop].map(num).join(' ')}`, open)])] };
    }
    case 'silo': {
      const [cx, cy] = wall.center;
      const floor = `${id}_floor`, side = `${id}_side`;
      const sideSurface = surface(side, wall.diameter, [region(side, `cylinder z ${num(cx)} ${num(cy)} `
        + `${num(wall.diameter / 2)} ${num(wall.zBottom)} ${num(wall.zBottom + wall.height)}`, open)]);
      if (wall.orificeDiameter === 0) {
        return { index: k, variables, surfaces: [
          surface(floor, 0, [region(floor, `plane ${num(cx)} ${num(cy)} ${num(wall.zBottom)} 0 0 1`)]), sideSurface,
        ] };
      }
      // The floor with its orifice: an open cone from the orifice rim at zBottom to the side wall, FLOOR_RISE higher.
      const [ro, rs] = [wall.orificeDiameter / 2, wall.diameter / 2];
      const rise = FLOOR_RISE * wall.orificeDiameter;
      return { index: k, variables, surfaces: [
        surface(floor, ro + rs, [region(floor, `cone z ${[cx, cy, ro, rs, wall.zBottom, wall.zBottom + rise].map(num).join(' ')}`, open)]),
        sideSurface,
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
