/**
 * Progress line for long runs on stderr: bar, step, particle-steps per second and ETA. Shown only once a run
 * has taken more than a second; redrawn in place on a terminal, one line per 10 % otherwise (logs, CI).
 */
import type { Progress } from '../api/index.js';

const SHOW_AFTER_SECONDS = 1;
const BAR_WIDTH = 24;

/** Words of the line: a run counts steps and particle-steps/s; the exporter counts frames and frames/s. */
export interface ProgressUnits {
  step: string;
  rate: string;
}

/** The rate shown is `particleSteps` per second (for the exporter, one "particle-step" is a frame). */
export function createProgressReporter(
  stream: NodeJS.WriteStream = process.stderr, units: ProgressUnits = { step: 'step', rate: 'particle-steps/s' },
) {
  let shown = false;
  let lastDecile = -1;
  return {
    report(p: Progress): void {
      if (p.elapsedSeconds < SHOW_AFTER_SECONDS && !shown) return;
      const fraction = p.step / p.steps;
      const rate = p.particleSteps / Math.max(p.elapsedSeconds, 1e-9);
      const eta = fraction > 0 ? p.elapsedSeconds * (1 / fraction - 1) : Infinity;
      const filled = Math.round(fraction * BAR_WIDTH);
      const line = `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${(100 * fraction).toFixed(0).padStart(3)}%`
        + `  ${units.step} ${p.step}/${p.steps}  ${formatRate(rate)} ${units.rate}  ETA ${formatSeconds(eta)}`;
      if (stream.isTTY) {
        stream.write(`\r${line}${p.step === p.steps ? '\n' : ''}`);
      } else {
        const decile = Math.floor(fraction * 10);
        if (decile !== lastDecile) stream.write(`${line}\n`);
        lastDecile = decile;
      }
      shown = true;
    },
  };
}

function formatRate(rate: number): string {
  if (rate >= 1e6) return `${(rate / 1e6).toFixed(2)} M`;
  return rate >= 1e3 ? `${(rate / 1e3).toFixed(1)} k` : rate.toFixed(1);
}

function formatSeconds(s: number): string {
  if (!Number.isFinite(s)) return '--';
  if (s < 60) return `${s.toFixed(0)} s`;
  return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}
