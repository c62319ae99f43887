/**
 * What bin/grainflow passes on of its child's stderr when it runs itself under `ulimit -v` (address-space.ts).
 *
 * A child that runs out of address space ends in a fatal report and a signal: V8's ("Fatal process OOM",
 * "JavaScript heap out of memory": a '#' banner or the last garbage collections, then native and JavaScript stack
 * traces) or, when a C++ allocation outside V8's heap fails first, the C++ runtime's two lines ("terminate called
 * after throwing an instance of 'std::bad_alloc'", "  what():  std::bad_alloc"). The launcher tells such an end in
 * one line naming the limit, so from a report's first line on the child's stderr is held back, and dropped if the
 * child ends by that signal. Everything else passes on as it comes, progress bars redrawn with \r included.
 */

/** How each kind of fatal report begins (Node.js 20). */
const REPORT_OPENINGS = ['#', '<--- ', 'FATAL ERROR:', '----- ', 'terminate called after throwing '];

const opensReport = (line: string) => REPORT_OPENINGS.some((opening) => line.startsWith(opening));

/** Whether a line still being written may turn out to open a report (the C++ runtime writes its lines in pieces). */
const mayOpenReport = (partial: string) => opensReport(partial) || REPORT_OPENINGS.some((opening) => opening.startsWith(partial));

export class FatalReportFilter {
  /** Blank lines, held until the next line shows whether they lead into a report (V8's begin with two). */
  private blank = '';
  /** The line being written, held only while it may still open a report. */
  private partial = '';
  /** The report and everything after it, once one has opened. */
  private report: string | null = null;

  /** Takes a piece of the child's stderr; returns what to pass on now. */
  push(chunk: string): string {
    if (this.report !== null) {
      this.report += chunk;
      return '';
    }
    const lines = (this.partial + chunk).split('\n');
    this.partial = lines.pop() ?? '';
    let shown = '';
    for (const [index, line] of lines.entries()) {
      if (opensReport(line)) {
        this.report = this.blank + lines.slice(index).join('\n') + '\n' + this.partial;
        this.blank = this.partial = '';
        return shown;
      }
      if (line.trim() === '') {
        this.blank += line + '\n';
      } else {
        shown += this.blank + line + '\n';
        this.blank = '';
      }
    }
    if (this.partial !== '' && !mayOpenReport(this.partial)) {
      shown += this.blank + this.partial;
      this.blank = this.partial = '';
    }
    return shown;
  }

  /** What is left to pass on when the child has ended: nothing held if it died of the fatal signal, else all of it. */
  end(diedOfFatalSignal: boolean): string {
    const held = this.blank + (this.report ?? '') + this.partial;
    this.blank = this.partial = '';
    this.report = null;
    return diedOfFatalSignal ? '' : held;
  }
}
