/**
 * What a benchmark prints about the machine it ran on, so that every figure it quotes names its CPU and load
 * (README and docs/benchmarks.md quote no figure without them).
 */
import os from 'node:os';

/** The 1-, 5- and 15-minute load averages, two decimals each. */
export const loadAverage = (): string => os.loadavg().map((l) => l.toFixed(2)).join(' ');

/** `title: node vX, N cores (CPU model), load average a b c`. */
export function machineLine(title: string): string {
  return `${title}: node ${process.version}, ${os.availableParallelism()} cores `
    + `(${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), load average ${loadAverage()}`;
}
