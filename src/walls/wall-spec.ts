/**
 * The scenario's `walls` entries: their zod schema and type. src/scenario/schema.ts composes them into the
 * scenario format; src/walls/build.ts turns them into primitives.
 */
import { z } from 'zod';
import { number, positive, nonNegative, vec3, point3, velocity3, name, object, quoted } from '../base/schema-fields.js';

const wallMaterial = name('material name, a key of `materials`').describe('Material name (a key of `materials`).');
const rotationSchema = object('wall rotation {axis, point, angularVelocity, rampTime}', {
  axis: vec3('rotation axis direction, dimensionless, not zero')
    .describe('Direction [ax, ay, az] of the rotation axis (any non-zero length); the rotation is right-handed about it.'),
  point: point3('a point on the rotation axis, in m').describe('A point [x, y, z] (m) of the axis at rest; it moves with the translation.'),
  angularVelocity: number('angular velocity in rad/s')
    .describe('Angular velocity (rad/s) about `axis`, right-handed; negative turns the other way.'),
  rampTime: nonNegative('time to reach the full angular velocity, in s').default(0)
    .describe('Time (s), >= 0, over which the rate rises linearly from 0 at `start` to `angularVelocity`. Default 0: at once.'),
}).describe('Rotation about a fixed axis direction through a point, from `start` to `stop` of the motion.');

const wallMotionFields = {
  motion: object('wall motion {velocity, rotation, start, stop}', {
    velocity: velocity3('wall velocity in m/s').default([0, 0, 0])
      .describe('Translation velocity [vx, vy, vz] (m/s) while moving. Default [0, 0, 0].'),
    rotation: rotationSchema.optional(),
    start: nonNegative('time the wall starts moving, in s').default(0)
      .describe('Time (s), >= 0, at which the wall starts moving. Default 0.'),
    stop: positive('time the wall stops moving, in s').optional()
      .describe('Time (s), > start, at which the wall stops; default: never.'),
  }).optional().describe('Prescribed motion: the wall translates at `velocity` and turns as `rotation` says from `start` to `stop` (m/s, s).'),
  removeAt: positive('time the wall is removed, in s').optional()
    .describe('Time (s), > 0, at which the wall disappears (a gate opening); its contacts end then.'),
};
const centre2 = z.tuple([number('axis position in m'), number('axis position in m')], {
  error: 'must be an array of 2 numbers [x, y] (position of the vertical axis in m)',
});
const axisCentre = z.union([centre2, point3('a point on the axis, in m')], {
  error: 'must be an array of 2 numbers [x, y] or 3 numbers [x, y, z] (a point on the axis in m)',
}).describe('A point of the axis (m): [x, y] for [x, y, 0]; heights along the axis are measured from it.');
const axisDirection = vec3('axis direction, dimensionless, not zero').default([0, 0, 1])
  .describe('Direction [ax, ay, az] of the axis (any non-zero length). Default [0, 0, 1]: vertical.');
const surfaceVelocity = velocity3('surface velocity in m/s').optional()
  .describe('Velocity [vx, vy, vz] (m/s) of the wall\'s material along its surface, the geometry staying put (a belt); '
    + 'its part along a contact\'s normal is ignored. Turns with a rotating wall.');

const planeWallSchema = object('plane wall', {
  type: z.literal('plane'),
  point: point3('a point on the plane, in m').describe('Any point on the plane [x, y, z] (m).'),
  normal: vec3('plane normal pointing into the domain, dimensionless, not zero')
    .describe('Normal [nx, ny, nz] pointing into the domain (dimensionless, any non-zero length).'),
  material: wallMaterial,
  surfaceVelocity,
  ...wallMotionFields,
}).describe('Infinite plane; spheres live on the side its normal points to.');

const boxWallSchema = object('box wall', {
  type: z.literal('box'),
  min: vec3('box corner with the smallest coordinates, in m').describe('Corner [x, y, z] with the smallest coordinates (m).'),
  max: vec3('box corner with the largest coordinates, in m').describe('Corner [x, y, z] with the largest coordinates (m).'),
  openTop: z.boolean({ error: 'must be true or false (box without its top face)' }).default(false)
    .describe('Leave out the top face (largest z), e.g. for a container filled from above.'),
  material: wallMaterial,
  ...wallMotionFields,
}).describe('Axis-aligned box of thin two-sided faces (12 triangles, 10 with an open top).');

const cylinderWallSchema = object('cylinder wall', {
  type: z.literal('cylinder'),
  center: axisCentre,
  axis: axisDirection,
  radius: positive('cylinder radius in m').describe('Radius (m), > 0.'),
  zMin: number('bottom height in m').describe('Position of the lower rim along the axis from `center` (m): its height for a vertical axis.'),
  zMax: number('top height in m').describe('Position of the upper rim along the axis from `center` (m), > zMin.'),
  closed: z.boolean({ error: 'must be true or false (cylinder with end caps)' }).default(false)
    .describe('Close both ends with flat discs (a drum). Default false: an open shell.'),
  material: wallMaterial,
  ...wallMotionFields,
}).describe('Cylindrical shell about an axis (vertical unless `axis` says otherwise), open or with end caps, two-sided.');

const coneWallSchema = object('cone wall', {
  type: z.literal('cone'),
  center: axisCentre,
  axis: axisDirection,
  zBottom: number('height of the lower rim in m').describe('Position of the lower rim, the orifice, along the axis from `center` (m).'),
  zTop: number('height of the upper rim in m').describe('Position of the upper rim along the axis from `center` (m), > zBottom.'),
  bottomDiameter: nonNegative('orifice diameter in m').describe('Diameter of the lower rim (m), >= 0: the orifice of a hopper.'),
  topDiameter: nonNegative('top diameter in m').describe('Diameter of the upper rim (m), >= 0.'),
  material: wallMaterial,
  ...wallMotionFields,
}).describe('Conical frustum shell about an axis (vertical unless `axis` says otherwise; a hopper), open at both rims, two-sided.');

const diskWallSchema = object('disk wall', {
  type: z.literal('disk'),
  center: axisCentre.describe('Centre of the disk (m): [x, y] for [x, y, 0].'),
  axis: axisDirection.describe('Normal [ax, ay, az] of the disk (any non-zero length). Default [0, 0, 1]: horizontal.'),
  diameter: positive('disk diameter in m').describe('Diameter (m), > 0.'),
  material: wallMaterial,
  ...wallMotionFields,
}).describe('Flat circular disk through `center` perpendicular to `axis`, two-sided: the gate under a silo\'s orifice '
  + '(a plane there would touch every sphere on the floor a second time).');

const siloWallSchema = object('silo wall', {
  type: z.literal('silo'),
  center: centre2.describe('Axis position [x, y] (m); the axis is vertical (z).'),
  diameter: positive('silo diameter in m').describe('Inner diameter (m), > 0.'),
  zBottom: number('floor height in m').describe('Height of the flat floor (m).'),
  height: positive('silo wall height in m').describe('Height of the cylindrical wall above the floor (m), > 0.'),
  orificeDiameter: nonNegative('orifice diameter in m')
    .describe('Diameter of the circular orifice at the floor centre (m), 0 <= orificeDiameter < diameter.'),
  material: wallMaterial,
  ...wallMotionFields,
}).describe('Flat-bottomed cylindrical silo with a central circular orifice; close the orifice with a `disk` wall of the orifice\'s diameter, removed when it opens.');

const meshWallSchema = object('mesh wall', {
  type: z.literal('mesh'),
  file: name('STL file path').min(1, { error: 'must be a non-empty string (STL file path)' })
    .describe('STL file (ASCII or binary), relative to the scenario file.'),
  scale: positive('scale factor from file units to m').default(1)
    .describe('Factor converting the file\'s coordinates to metres (e.g. 0.001 for a file in mm), > 0.'),
  translate: vec3('translation in m').default([0, 0, 0])
    .describe('Translation [x, y, z] (m) applied after scaling.'),
  material: wallMaterial,
  surfaceVelocity,
  ...wallMotionFields,
}).describe('Triangle mesh from an STL file; its triangles are two-sided.');

export const wallTypes = ['plane', 'box', 'cylinder', 'cone', 'disk', 'silo', 'mesh'] as const;

export const wallSchema = z.discriminatedUnion('type', [
  planeWallSchema, boxWallSchema, cylinderWallSchema, coneWallSchema, diskWallSchema, siloWallSchema, meshWallSchema,
], { error: `must be a wall with "type" one of ${quoted(wallTypes)}` });

export type WallSpec = z.output<typeof wallSchema>;

/**
 * A cylinder's, cone's or silo's `center` as a 3-D point: an [x, y] centre is [x, y, 0], so that the rims' positions
 * along a vertical axis are their heights.
 */
export function centrePoint(center: readonly number[]): [number, number, number] {
  return [center[0], center[1], center.length === 3 ? center[2] : 0];
}
