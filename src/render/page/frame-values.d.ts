// Types of page/frame-values.js (plain JavaScript, served to the browser as it is) for the package's TypeScript.
export declare class DamagedFrameError extends Error {
  constructor(file: string, problem: string);
  readonly file: string;
  readonly problem: string;
}
export declare function firstNonFinite(values: ArrayLike<number>, components: number): number;
export declare function checkFinite(file: string, values: Float32Array, components: number, item: string, what: string): void;
