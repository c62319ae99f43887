// Types of page/run-data.js (plain JavaScript, served to the browser as it is) for the package's TypeScript: the
// parts of a loaded run the tests read.
export interface LoadedRun {
  radius: Float32Array;
  material: Uint16Array;
  /** walls.f32: wall triangles at rest, xyz per vertex */
  walls: Float32Array;
}
export declare function loadRun(base?: string): Promise<LoadedRun>;
