/**
 * The scenario's `walls` entries: their zod schema and type. src/scenario/schema.ts composes them into the
 * scenario format; src/walls/build.ts turns them into primitives.
 */
import { z } from 'zod';
import { number, positive, nonNegative, vec3, point3, name, object, quoted } from '../base/schema-fields.js';

const wallMaterial = name('material name, a key of `materials`').describe('Material name (a key of `materials`).');
const wallMotionFields = {
  motion: object('wall motion {velocity, start, stop}', {
    velocity: vec3('wall velocity in m/s').describe('Translation velocity [vx, vy, vz] (m/s) while moving.'),
    start: nonNegative('time the wall starts moving, in s').default(0)
      .describe('Time (s), >= 0, at which the wall starts moving. Default 0.'),
    stop: positive('time the wall stops moving, in s').optional()
      .describe('Time (s), > start, at which the wall stops; default: never.'),
  }).optional().describe('Prescribed translation: the wall moves at `velocity` from `start` to `stop` (m/s, s).'),
  removeAt: positive('time the wall is removed, in s').optional()
    .describe('Time (s), > 0, at which the wall disappears (a gate opening); its contacts end then.'),
};
const centre2 = z.tuple([number('axis position in m'), number('axis position in m')], {
  error: 'must be an array of 2 numbers [x, y] (position of the vertical axis in m)',
});

const planeWallSchema = object('plane wall', {
  type: z.literal('plane'),
  point: point3('a point on the plane, in m').describe('Any point on the plane [x, y, z] (m).'),
  normal: vec3('plane normal pointing into the domain, dimensionless, not zero')
    .describe('Normal [nx, ny, nz] pointing into the domain (dimensionless, any non-zero length).'),
  material: wallMaterial,
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
  center: centre2.describe('Axis position [x, y] (m); the axis is vertical (z).'),
  radius: positive('cylinder radius in m').describe('Radius (m), > 0.'),
  zMin: number('bottom height in m').describe('Height of the lower rim (m).'),
  zMax: number('top height in m').describe('Height of the upper rim (m), > zMin.'),
  material: wallMaterial,
  ...wallMotionFields,
}).describe('Open vertical cylindrical shell (no floor, no lid), two-sided.');

const coneWallSchema = object('cone wall', {
  type: z.literal('cone'),
  center: centre2.describe('Axis position [x, y] (m); the axis is vertical (z).'),
  zBottom: number('height of the lower rim in m').describe('Height of the lower rim, the orifice (m).'),
  zTop: number('height of the upper rim in m').describe('Height of the upper rim (m), > zBottom.'),
  bottomDiameter: nonNegative('orifice diameter in m').describe('Diameter of the lower rim (m), >= 0: the orifice of a hopper.'),
  topDiameter: nonNegative('top diameter in m').describe('Diameter of the upper rim (m), >= 0.'),
  material: wallMaterial,
  ...wallMotionFields,
}).describe('Conical frustum shell about a vertical axis (a hopper), open at both rims, two-sided.');

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
}).describe('Flat-bottomed cylindrical silo with a central circular orifice; close the orifice with a gate wall.');

const meshWallSchema = object('mesh wall', {
  type: z.literal('mesh'),
  file: name('STL file path').min(1, { error: 'must be a non-empty string (STL file path)' })
    .describe('STL file (ASCII or binary), relative to the scenario file.'),
  scale: positive('scale factor from file units to m').default(1)
    .describe('Factor converting the file\'s coordinates to metres (e.g. 0.001 for a file in mm), > 0.'),
  translate: vec3('translation in m').default([0, 0, 0])
    .describe('Translation [x, y, z] (m) applied after scaling.'),
  material: wallMaterial,
  ...wallMotionFields,
}).describe('Triangle mesh from an STL file; its triangles are two-sided.');

export const wallTypes = ['plane', 'box', 'cylinder', 'cone', 'silo', 'mesh'] as const;

export const wallSchema = z.discriminatedUnion('type', [
  planeWallSchema, boxWallSchema, cylinderWallSchema, coneWallSchema, siloWallSchema, meshWallSchema,
], { error: `must be a wall with "type" one of ${quoted(wallTypes)}` });

export type WallSpec = z.output<typeof wallSchema>;
