/**
 * grainflow's walls (src/walls/wall-spec.ts) as LAMMPS wall surfaces. A box at rest, and a plane at rest whose normal
 * is a coordinate axis, are `fix wall/gran … xplane/yplane/zplane` planes: LAMMPS tests them per atom without a
 * region (a box as five `wall/gran/region` block faces cost 42–49 % of LAMMPS's loop in a 200 000-sphere settle,
 * project issue 27); such a plane with a surfaceVelocity along one axis is a belt, `shear`. Every other wall is
 * one region for `fix wall/gran/region` (two for a silo: floor and side; a disk, the one cap left of a cylinder region
 * with the other and the side open; three for a closed cylinder: its side along x, y or z and two end caps, each such
 * a disk of its radius, finite as grainflow's caps are, where a plane region reached past the rim), the region's `move`
 * following the wall's prescribed translation and its `rotate` the rotation (lammps-rotation.ts).
 *
 * Which side a region acts from (measured on LAMMPS 29 Sep 2021, project issue 27): a closed region (a plane, a
 * closed block) acts on the spheres inside it only; an open one (cylinders and cones, always exported `open 1 open 2`,
 * disks and a closed cylinder's end caps, and a box with an open top) acts from both sides, because Region::match()
 * is true for every point of an open region — a sphere outside an exported cylinder bounces off it as off the inside,
 * as grainflow's two-sided walls do. Rims of open cylinders and cones are not edges in LAMMPS, nor is a disk's:
 * measured, a sphere of radius 2.5 mm falling with its centre 1 mm outside a 50 mm disk's rim passes it untouched,
 * where grainflow's rim edge turns it outward (docs/lammps.md).
 *
 * Curvature (measured on this LAMMPS with a sphere of R = 1 mm hitting a cylinder, a cone and a sphere region of
 * radius 10 mm): the contact uses R_L = R·r_w/(R + r_w) with r_w = −2 × the cylinder's radius, −2 × the cone's
 * radius at the contact's height, −1 × a sphere's radius; contact times 0.990, 0.990 and 0.979 of a plane's.
 * grainflow ignores wall curvature (docs/physics.md §1.6), so lammps-contact.ts scales the stiffness back with
 * `curvatureRadius` = −r_w (for a cone, at its mean radius).
 */
import { ScenarioError } from '../base/scenario-error.js';
import { centrePoint, type WallSpec } from '../walls/wall-spec.js';
import { axisOf, unit } from './lammps-axes.js';
import { elapsedExpression, rotation } from './lammps-rotation.js';

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

/** `fix wall/gran` planes along `axis` at `lo` (spheres above it) and `hi` (below it); null: no plane there. */
function planes(id: string, axis: number, lo: number | null, hi: number | null): WallSurface {
  const at = (x: number | null) => (x === null ? 'NULL' : num(x));
  return { id: `${id}_${'xyz'[axis]}`, commands: [], fix: 'wall/gran', where: `${'xyz'[axis]}plane ${at(lo)} ${at(hi)}`, curvatureRadius: 0 };
}

/**
 * Why LAMMPS cannot express `wall`, as [field, reason]; null when it can. Mesh walls are refused by their type
 * (deckWall).
 */
function unexported(wall: WallSpec): [string, string] | null {
  if (wall.type === 'mesh') return null;
  if ('surfaceVelocity' in wall && wall.surfaceVelocity?.some((v) => v !== 0) && shear(wall) === null) {
    return ['surfaceVelocity', 'cannot be exported to LAMMPS: it moves a wall\'s material without its geometry only by '
      + 'fix wall/gran `shear`, on a plane at rest along x, y or z and along one coordinate axis (a surfaceVelocity '
      + 'with one non-zero component on such a plane exports; a moving, turning or oblique belt does not)'];
  }
  if ((wall.type === 'cylinder' || wall.type === 'disk') && axisOf(wall.axis) < 0) {
    return ['axis', `cannot be exported to LAMMPS: its cylinder regions lie along x, y or z; got [${wall.axis.join(', ')}]`];
  }
  if (wall.type === 'cone' && !(wall.axis[0] === 0 && wall.axis[1] === 0 && wall.axis[2] > 0 && wall.center.length === 2)) {
    return ['axis', 'cannot be exported to LAMMPS yet: cones are exported upright (axis [0, 0, 1], centre [x, y]); '
      + `got axis [${wall.axis.join(', ')}], centre [${wall.center.join(', ')}]`];
  }
  return null;
}

/**
 * The plane of fix wall/gran `shear` for a plane wall's surface velocity: the axis the velocity lies along and its
 * value, when the plane is at rest along a coordinate axis and the velocity along one other axis; else null.
 */
function shear(wall: WallSpec): { axis: number; speed: number } | null {
  if (wall.type !== 'plane' || wall.surfaceVelocity === undefined || moves(wall)) return null;
  const axis = axisOf(wall.surfaceVelocity);
  return axisOf(wall.normal) >= 0 && axis >= 0 ? { axis, speed: wall.surfaceVelocity[axis] } : null;
}

/**
 * A flat two-sided disk of `radius` across axis `along` at coordinate `at`, its centre at `c` (the two other
 * coordinates): a disk wall, or a closed cylinder's end cap. LAMMPS has no disk region: a cylinder of the disk's
 * radius ending at the disk, with its other cap and its side (face 3) open, leaves the one cap, and an open region acts
 * from both sides as grainflow's disk does (measured on this LAMMPS: spheres dropped on it rest at the disk's height
 * wherever they lie inside the rim, and fall past it outside; its rim is no edge, above). `beyond` is the side of the
 * disk the cylinder lies on, −1 towards lower coordinates (faces 1 and 3 open), +1 towards higher ones (faces 2 and
 * 3); its length, a diameter, keeps a sphere on that side of the disk inside it.
 */
function diskRegion(
  along: number, c: readonly number[], radius: number, at: number, beyond: -1 | 1,
): { shape: string; open: string } {
  const [lo, hi] = beyond < 0 ? [at - 2 * radius, at] : [at, at + 2 * radius];
  return {
    shape: `cylinder ${'xyz'[along]} ${[...c, radius, lo, hi].map(num).join(' ')}`,
    open: beyond < 0 ? ' open 1 open 3' : ' open 2 open 3',
  };
}

/** Whether a wall's prescribed motion moves it: a motion of zero velocity and no rotation leaves it at rest. */
function moves(wall: WallSpec): boolean {
  const m = wall.motion;
  return m !== undefined && (m.velocity.some((v) => v !== 0) || (m.rotation?.angularVelocity ?? 0) !== 0);
}

/** The surfaces and motion variables of walls[k]; mesh walls and what `unexported` names are refused. */
export function deckWall(wall: WallSpec, k: number): DeckWall {
  const id = `w${k}`;
  const refusal = unexported(wall);
  if (refusal !== null) throw new ScenarioError(`walls[${k}].${refusal[0]}`, refusal[1]);
  const { variables, move } = motion(wall, id);
  const region = (name: string, shape: string, open = '') =>
    `region ${name} ${shape} side in units box${open}${move}`;
  const surface = (name: string, curvatureRadius: number, commands: string[]): WallSurface =>
    ({ id: name, commands, fix: 'wall/gran/region', where: `region ${name}`, curvatureRadius });
  const diskSurface = (name: string, ...geometry: Parameters<typeof diskRegion>): WallSurface => {
    const disk = diskRegion(...geometry);
    return surface(name, 0, [region(name, disk.shape, disk.open)]);
  };
  const open = ' open 1 open 2';
  const atRest = variables.length === 0;
  switch (wall.type) {
    case 'plane': {
      const axis = axisOf(wall.normal);
      if (atRest && axis >= 0) {
        const p = wall.point[axis];
        const plane = wall.normal[axis] > 0 ? planes(id, axis, p, null) : planes(id, axis, null, p);
        // A belt: LAMMPS moves the plane's material along one axis with `shear`, the plane staying put.
        const belt = shear(wall);
        if (belt !== null) plane.where += ` shear ${'xyz'[belt.axis]} ${num(belt.speed)}`;
        return { index: k, variables, surfaces: [plane] };
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
      // Along x, y or z (unexported refuses other axes): the side an open cylinder, each end cap a finite disk of the
      // cylinder's radius (diskRegion) as grainflow's caps are; separate regions, so that the curvature correction
      // stays with the side (curvatureRadius). A plane region would be infinite, and closed: it held spheres outside
      // the drum's radius beside a cap, which grainflow's cap does not touch (docs/lammps.md, the wall table).
      const { along, lo, hi, centre } = cylinderSpan(wall);
      const c = centre.filter((_, a) => a !== along);
      const side = surface(id, 2 * wall.radius, [region(id, `cylinder ${'xyz'[along]} ${[...c, wall.radius, lo, hi].map(num).join(' ')}`, open)]);
      if (!wall.closed) return { index: k, variables, surfaces: [side] };
      // Each cap's cylinder lies outside the drum, on the cap's far side. Measured on this LAMMPS (docs/lammps.md):
      // spheres inside the drum rest on, bounce off and are dragged round by a cap as by the plane cap it replaces,
      // the dumps equal to 9 digits, whichever side the cap's cylinder lies on.
      return { index: k, variables, surfaces: [
        side, diskSurface(`${id}_lo`, along, c, wall.radius, lo, -1), diskSurface(`${id}_hi`, along, c, wall.radius, hi, 1),
      ] };
    }
    case 'cone': {
      const [cx, cy] = wall.center;
      const [rb, rt] = [wall.bottomDiameter / 2, wall.topDiameter / 2];
      return { index: k, variables, surfaces: [surface(id, rb + rt,
        [region(id, `cone z ${[cx, cy, rb, rt, wall.zBottom, wall.zTop].map(num).join(' ')}`, open)])] };
    }
    case 'disk': {
      const { along, centre, at } = diskPlane(wall);
      return { index: k, variables, surfaces: [diskSurface(id, along, centre.filter((_, a) => a !== along), wall.diameter / 2, at, -1)] };
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
        + 'the wall types that export are plane, box, cylinder, cone, disk and silo');
  }
}

/**
 * Equal-style variables of the wall's displacement, v·(clamp(t, start, stop) − start) (src/walls/motion.ts), and of
 * its angle (lammps-rotation.ts), and the region keywords that move and turn it; nothing for a wall at rest.
 */
function motion(wall: WallSpec, id: string): { variables: string[]; move: string } {
  const m = wall.motion;
  const turning = rotation(wall, id);
  if (m === undefined || m.velocity.every((v) => v === 0)) return { variables: turning.variables, move: turning.rotate };
  const elapsed = elapsedExpression(m.start, m.stop);
  const variables: string[] = [];
  const moves = m.velocity.map((v, a) => {
    if (v === 0) return 'NULL';
    const name = `${id}_d${'xyz'[a]}`;
    variables.push(`variable ${name} equal "${num(v)}*${elapsed}"`);
    return `v_${name}`;
  });
  return { variables: [...variables, ...turning.variables], move: ` move ${moves.join(' ')}${turning.rotate}` };
}

/** Axis-aligned bounds (m) of a finite wall at t = 0, to size the LAMMPS box; null for an infinite plane. */
export function wallBounds(wall: WallSpec): { min: number[]; max: number[] } | null {
  switch (wall.type) {
    case 'plane':
    case 'mesh':
      return null;
    case 'box':
      return { min: [...wall.min], max: [...wall.max] };
    case 'cylinder': {
      const { along, lo, hi, centre } = cylinderSpan(wall);
      const min = centre.map((x, a) => (a === along ? lo : x - wall.radius));
      const max = centre.map((x, a) => (a === along ? hi : x + wall.radius));
      return { min, max };
    }
    case 'disk': {
      const { along, centre } = diskPlane(wall);
      const R = wall.diameter / 2;
      return { min: centre.map((x, a) => (a === along ? x : x - R)), max: centre.map((x, a) => (a === along ? x : x + R)) };
    }
    case 'cone':
      return revolved(wall.center, Math.max(wall.bottomDiameter, wall.topDiameter) / 2, wall.zBottom, wall.zTop);
    case 'silo':
      return revolved(wall.center, wall.diameter / 2, wall.zBottom, wall.zBottom + wall.height);
  }
}

/**
 * A cylinder along a coordinate axis: that axis (0, 1, 2), its rims' coordinates lo < hi along it, and the centre
 * as a 3-D point (an [x, y] centre is [x, y, 0]; zMin and zMax are measured from it along the unit axis,
 * src/walls/build.ts pushRevolved).
 */
function cylinderSpan(wall: Extract<WallSpec, { type: 'cylinder' }>): { along: number; lo: number; hi: number; centre: number[] } {
  const along = axisOf(wall.axis);
  const centre = centrePoint(wall.center);
  const sign = Math.sign(wall.axis[along]);
  const [a, b] = [centre[along] + sign * wall.zMin, centre[along] + sign * wall.zMax];
  return { along, lo: Math.min(a, b), hi: Math.max(a, b), centre };
}

/** A disk along a coordinate axis (unexported refuses others): that axis, its centre as a 3-D point, its coordinate. */
function diskPlane(wall: Extract<WallSpec, { type: 'disk' }>): { along: number; centre: number[]; at: number } {
  const along = axisOf(wall.axis);
  const centre = centrePoint(wall.center);
  return { along, centre, at: centre[along] };
}

function revolved(c: readonly number[], r: number, z0: number, z1: number) {
  return { min: [c[0] - r, c[1] - r, z0], max: [c[0] + r, c[1] + r, z1] };
}
