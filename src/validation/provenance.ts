/**
 * Where a stored validation outcome came from: the git commit of the checkout that ran the case, and whether the
 * code or scenarios differed from it (tracked or untracked changes under src/ or scenarios/). The report states it
 * per commit (report.ts); the input digest (input-digest.ts), not this, decides whether an outcome is current.
 */
import { execFileSync } from 'node:child_process';

export interface Provenance {
  /** the commit's full hash, or "unknown" outside a git checkout */
  commit: string;
  /** whether src/ or scenarios/ held changes not in that commit */
  dirty: boolean;
}

function git(args: readonly string[]): string {
  return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
}

/** The provenance of outcomes produced now, in the working directory's checkout. */
export function gitProvenance(): Provenance {
  try {
    return { commit: git(['rev-parse', 'HEAD']), dirty: git(['status', '--porcelain', '--', 'src', 'scenarios']) !== '' };
  } catch {
    return { commit: 'unknown', dirty: true };
  }
}

/** How the report and `--check` name a provenance: "commit 0123456789ab", "… with uncommitted changes". */
export function provenanceText(p: Provenance): string {
  return `commit ${p.commit.slice(0, 12)}${p.dirty ? ' with uncommitted changes' : ''}`;
}
