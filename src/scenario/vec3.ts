/** A point or vector [x, y, z] as the scenario gives it (m, m/s, rad/s). */
export type Vec3 = [number, number, number];
