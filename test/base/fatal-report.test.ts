/**
 * The launcher's filter of its child's stderr under `ulimit -v` (src/base/fatal-report.ts). The reports are Node.js
 * 20's own: V8's out-of-memory report and the C++ runtime's std::bad_alloc lines, the second seen in CI when a
 * run under 878 MiB failed in C++ before V8 (it reached the user above the launcher's one line).
 */
import { describe, expect, it } from 'vitest';
import { FatalReportFilter } from '../../src/base/fatal-report.js';

/** Feeds the pieces in order; returns everything passed on, the end included. */
function filtered(pieces: string[], diedOfFatalSignal: boolean): string {
  const filter = new FatalReportFilter();
  return pieces.map((piece) => filter.push(piece)).join('') + filter.end(diedOfFatalSignal);
}

const BAD_ALLOC_PIECES = ["terminate called after throwing an instance of '", 'std::bad_alloc', "'\n", '  what():  ', 'std::bad_alloc', '\n'];

const V8_REPORT = [
  '',
  '<--- Last few GCs --->',
  '',
  '[4711:0x6a1c2e0]       41 ms: Mark-Compact 2.1 (3.4) -> 2.0 (4.4) MB, 1.3 / 0.0 ms  (average mu = 1.000) last resort',
  '',
  '<--- JS stacktrace --->',
  '',
  'FATAL ERROR: Committing semi space failed. Allocation failed - JavaScript heap out of memory',
  '----- Native stack trace -----',
  '',
  ' 1: 0xb8ced1 node::Abort() [node]',
  '----- JavaScript stack trace -----',
  '',
  '1: loadScenario (file:///grainflow/dist/src/scenario/load.js:12:9)',
  '',
].join('\n');

describe('FatalReportFilter', () => {
  it('holds back the C++ runtime\'s std::bad_alloc lines, written in pieces, when the child dies of the signal', () => {
    // Catches: a piece passed on before its line shows it opens a report (the CI failure of stop 38).
    for (let cut = 1; cut < BAD_ALLOC_PIECES[0].length; cut++) {
      const first = BAD_ALLOC_PIECES[0];
      expect(filtered(['step 3/10\n', first.slice(0, cut), first.slice(cut), ...BAD_ALLOC_PIECES.slice(1)], true)).toBe('step 3/10\n');
    }
  });

  it('holds back V8\'s whole report, its JavaScript stack trace and blank lines included', () => {
    // Catches: report lines that match no pattern of their own (the numbered JavaScript frames) leaking through.
    expect(filtered(['a warning\n', V8_REPORT.slice(0, 70), V8_REPORT.slice(70)], true)).toBe('a warning\n');
  });

  it('passes everything on when the child exits instead of dying of the signal', () => {
    // Catches: a child's own output lost because it looked like the start of a report.
    const text = 'grainflow: the run stopped\n\n# a heading\n----- a rule\n';
    expect(filtered([text.slice(0, 5), text.slice(5)], false)).toBe(text);
  });

  it('passes a progress bar redrawn with \\r on at once, and keeps blank lines between ordinary lines', () => {
    // Catches: progress held until a newline that never comes; blank lines dropped from ordinary output.
    const filter = new FatalReportFilter();
    expect(filter.push('\rrun  10 %')).toBe('\rrun  10 %');
    expect(filter.push('\rrun  20 %')).toBe('\rrun  20 %');
    expect(filter.push('\n\nnext\n')).toBe('\n\nnext\n');
    expect(filter.end(false)).toBe('');
  });
});
