/**
 * Text from a file, made safe to print on a terminal: control characters (C0, DEL and C1, line breaks included)
 * are shown as \xNN escapes instead of being sent, so a crafted dump or deck cannot retitle, clear or rewrite the
 * terminal, nor break a one-line message into several.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

export function printable(text: string): string {
  return text.replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}
