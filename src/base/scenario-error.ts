/**
 * The one error type for bad user input. The CLI prints `field: message` and exits non-zero without a
 * stack trace; everything that rejects input (schema, cross-checks, calibration) throws this.
 */
export class ScenarioError extends Error {
  /** Dotted path of the offending field, e.g. `materials.steel.poissonsRatio` or `particles[3].radius`. */
  readonly field: string;

  constructor(field: string, message: string) {
    super(`${field}: ${message}`);
    this.name = 'ScenarioError';
    this.field = field;
  }
}
