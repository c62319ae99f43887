/**
 * The one error type for bad user input. The CLI prints `field: message` and exits non-zero without a
 * stack trace; everything that rejects input (schema, cross-checks, calibration) throws this.
 */
export class ScenarioError extends Error {
  /** Dotted path of the offending field, e.g. `materials.steel.poissonsRatio` or `particles[3].radius`. */
  readonly field: string;
  /** The message without its `field: ` prefix, for callers that name the field their own way (a CLI option). */
  readonly detail: string;

  constructor(field: string, message: string) {
    const printableField = printable(field);
    const detail = printable(message);
    super(`${printableField}: ${detail}`);
    this.name = 'ScenarioError';
    this.field = printableField;
    this.detail = detail;
  }
}

/**
 * Control characters (C0, DEL, C1) and the bidirectional overrides, which would move the cursor, recolour the
 * terminal or reorder the text when a name from the input is printed: a regular-expression character range.
 */
export const UNPRINTABLE_CHARACTERS = '\\u0000-\\u001f\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069';
const UNPRINTABLE = new RegExp(`[${UNPRINTABLE_CHARACTERS}]`, 'g');

/**
 * `text` with every control character written as a \uXXXX escape: input quoted in a message (a key, a name, a file
 * path) then cannot break the message's single line or send escape sequences to the terminal.
 */
function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
