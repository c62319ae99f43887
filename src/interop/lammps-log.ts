/**
 * What a LAMMPS log (log.lammps) says about a finished run: the release, the MPI ranks, the loop time and its
 * breakdown by task, the atoms and steps of each `run`, the neighbour-list builds. Optional for an import: the
 * performance figures of its summary come from here.
 */
import fs from 'node:fs';
import { readRunText, RunFileError } from '../output/run-files.js';
import { DeckError } from './deck-manifest.js';

export interface LammpsLog {
  /** e.g. "29 Sep 2021 - Update 2" */
  release: string;
  ranks: number;
  /** Σ over the runs of the loop time (s) */
  loopSeconds: number;
  /** Σ over the runs of steps × atoms at the run's end */
  particleSteps: number;
  neighbourBuilds: number;
  /** Σ over the runs of the MPI task timing breakdown, average over ranks (s) */
  tasks: Record<string, number>;
  /** "Total wall time" (s), process start to end */
  totalSeconds: number;
}

/** Parses `file`; null when there is none; a DeckError when the run stopped with an error or did not finish. */
export function readLammpsLog(file: string): LammpsLog | null {
  if (!fs.existsSync(file)) return null;
  let text: string;
  try {
    text = readRunText(file);
  } catch (error) {
    if (error instanceof RunFileError) throw new DeckError(error.message);
    throw error;
  }
  const error = /^ERROR.*$/m.exec(text);
  if (error) throw new DeckError(`${file}: the LAMMPS run stopped with "${error[0].slice(0, 160)}"`);
  const total = /^Total wall time: (\d+):(\d+):(\d+)/m.exec(text);
  if (total === null) throw new DeckError(`${file} has no "Total wall time": the LAMMPS run did not finish`);
  const log: LammpsLog = {
    release: /^LAMMPS \((.*)\)/m.exec(text)?.[1] ?? 'unknown',
    ranks: 1, loopSeconds: 0, particleSteps: 0, neighbourBuilds: 0, tasks: {},
    totalSeconds: 3600 * Number(total[1]) + 60 * Number(total[2]) + Number(total[3]),
  };
  for (const m of text.matchAll(/^Loop time of (\S+) on (\d+) procs for (\d+) steps with (\d+) atoms/gm)) {
    log.loopSeconds += Number(m[1]);
    log.ranks = Number(m[2]);
    log.particleSteps += Number(m[3]) * Number(m[4]);
  }
  for (const m of text.matchAll(/^Neighbor list builds = (\d+)/gm)) log.neighbourBuilds += Number(m[1]);
  // "Pair    | min | avg | max | %varavg | %total" (Other has only avg)
  for (const m of text.matchAll(/^(Pair|Neigh|Comm|Output|Modify|Other)\s*\|(.*)$/gm)) {
    log.tasks[m[1]] = (log.tasks[m[1]] ?? 0) + Number(m[2].split('|')[1]);
  }
  return log;
}
