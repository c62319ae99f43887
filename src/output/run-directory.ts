/**
 * Where grainflow writes its outputs, and the one rule for replacing an existing one (docs/outputs.md, "Safety
 * of your files"). Every output directory grainflow makes holds a marker file, `.grainflow-output` (output-marker.ts),
 * naming the command that made it and listing every file it wrote there, at every depth. An existing output is
 *  - used as it is when it is an empty directory;
 *  - replaced with force only when it is a directory the same command made (the marker's kind: `render` never
 *    replaces a run, nor `calibrate` a run's checkpoints) holding nothing its marker does not list, at any depth,
 *    and when it is not an input of the command writing it (a file output: a regular file that the command's own
 *    test, `OwnFile`, recognises as its output — a video grainflow rendered, an impacts CSV it exported);
 *  - never written at all when it is `/`, the home directory, the working directory or one of its ancestors, a
 *    non-empty directory without the marker, or something other than a directory (a file output: a regular file).
 * Every writer first takes the output's lock (output-lock.ts), checks the rule under it, and removes what killed
 * writers of the same output left (staging directories of processes no longer running). The directories above the
 * output it makes for the lock are removed again, while empty, when the output is abandoned (made-directories.ts).
 * Kinds of output:
 *  - RunDirectory: appears whole or not at all. Files are written into a sibling staging directory,
 *    `.<name>.partial-<pid>`, which replaces the target only when the output is complete; an output that fails
 *    removes its staging directory, and so does the exit handler of a process ended by process.exit. The lock and
 *    the staging directory are made with the first file, after the caller's set-up: a set-up that fails or aborts
 *    (out of memory) leaves nothing.
 *  - ResumableRunDirectory (runs with checkpoints): written in place, because a run that stops — failure, signal,
 *    kill -9 — must leave its checkpoints where `--resume <dir>` finds them. Every whole file is written to a
 *    temporary name and renamed; summary.json is written last, so its presence marks a finished run. The CSV
 *    files grow during the run and are checked and cut back to the checkpoint's length on resume (csv.ts).
 *  - StagedFiles: files (a video and its poster, a CSV) made in a staging directory and renamed into place at the
 *    end; each kind says how to recognise a file it wrote (OwnFile).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onProcessExit } from './exit-cleanup.js';
import { makeDirectories, removeEmptyDirectories } from './made-directories.js';
import { fileTypeOf, OutputWriteError, writeFileAtomically, writeWholeFile } from './file-writes.js';
import { busyRefusal, OutputLock, processIsAlive } from './output-lock.js';
import { foreignPath, markerAbsence, OUTPUT_MARKER, readMarker, recordPath, relativeName, writeMarker } from './output-marker.js';
import { OutputExistsError, type Refusal } from './output-refusal.js';

export { OUTPUT_MARKER } from './output-marker.js';

export interface RunOutputDirectory {
  /** path of an output file (`name` may have directories: "frames/000001.f32") */
  file(name: string): string;
  writeFile(name: string, content: string): void;
  /** the output is complete: it becomes the output directory */
  commit(): void;
  /** the output is over, complete or not (called last, always): lock released, staging removed */
  discard(): void;
}

export interface OutputOptions {
  /** replace an existing output the same command made (see the rule above); without it an existing non-empty one is refused */
  force?: boolean;
  /** the command making the output, recorded in the marker: 'run', 'calibrate', 'impact', 'frames', … (default 'run') */
  kind?: string;
  /** what the command reads (a run being rendered, a deck being imported): the output may neither be nor hold one */
  inputs?: readonly string[];
  /** one-line notices: a stale lock taken over, a dead process's staging directory removed */
  onNotice?: (message: string) => void;
}

/**
 * How a command that writes files recognises one it wrote: a file output is replaced only when this says so, since a
 * file carries no marker (a user's file, or another output's, passed as the target with force, is never replaced).
 */
export interface OwnFile {
  /** whether the regular file at `file` is one this command wrote */
  test(file: string): boolean;
  /** what that file is, for the refusal: "a video or poster grainflow rendered" */
  what: string;
}

/** What a new output is, for the rule: a directory or a file; for a directory, the command making it (when known). */
export interface OutputIntent {
  wanted?: 'directory' | 'file';
  /** a file output's test of an existing file (StagedFiles has one for every file it writes) */
  ownFile?: OwnFile;
  /** the marker kind of the new output; when absent, an existing output of any kind counts as this command's */
  kind?: string;
  inputs?: readonly string[];
}

/**
 * Throws OutputExistsError when a new output may not be written at `target` (the rule above), or when another
 * process is writing it: the check a command makes before its work, which its writer repeats under the lock.
 */
export function refuseToReplace(target: string, force: boolean, intent: OutputIntent = {}): void {
  // Busy first: while another process writes the output its contents are in flux (a checkpoint listed after the
  // marker was read looks foreign), so the rule can only be judged under the lock.
  const refusal = busyRefusal(target) ?? replaceRefusal(target, force, intent);
  if (refusal !== null) throw new OutputExistsError(target, refusal);
}

/** The rule alone, for a writer holding the output's lock. */
function refuseByRule(target: string, force: boolean, intent: OutputIntent): void {
  const refusal = replaceRefusal(target, force, intent);
  if (refusal !== null) throw new OutputExistsError(target, refusal);
}

/** Why a new output may not be written at `target`, or null when it may (the rule above). */
function replaceRefusal(target: string, force: boolean, intent: OutputIntent): Refusal | null {
  const wanted = intent.wanted ?? 'directory';
  const absolute = path.resolve(target);
  const what = protectedPath(absolute);
  if (what !== null) return { reason: 'protected', what };
  const input = (intent.inputs ?? []).find((given) => holds(absolute, path.resolve(given)));
  if (input !== undefined) return { reason: 'input', input, same: realPath(absolute) === realPath(path.resolve(input)) };
  let stat: fs.Stats;
  try {
    stat = fs.lstatSync(absolute);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    if (typeof code !== 'string') throw error;
    // ENOTDIR, EACCES: the output could not be made there either.
    throw new OutputWriteError(target, code, wanted === 'directory' ? 'mkdir' : 'open');
  }
  if (wanted === 'file') {
    if (!stat.isFile()) return { reason: 'wrong-type', what: fileTypeOf(stat), wanted };
    if (!force) return { reason: 'exists', directory: false };
    const own = intent.ownFile;
    return own === undefined || own.test(absolute) ? null : { reason: 'foreign-file', what: own.what };
  }
  if (!stat.isDirectory()) return { reason: 'wrong-type', what: fileTypeOf(stat), wanted };
  if (fs.readdirSync(absolute).length === 0) return null;
  const marker = readMarker(absolute);
  if (marker === null) return { reason: 'not-ours', marker: OUTPUT_MARKER, found: markerAbsence(absolute) };
  if (intent.kind !== undefined && marker.kind !== intent.kind) return { reason: 'other-kind', kind: marker.kind };
  const foreign = foreignPath(absolute, marker);
  if (foreign !== null) return { reason: 'foreign-entry', entry: foreign };
  return force ? null : { reason: 'exists', directory: true };
}

/** Whether `outer` is `inner` or one of its ancestors (compared through symbolic links too). */
function holds(outer: string, inner: string): boolean {
  return [outer, realPath(outer)].some((o) => [inner, realPath(inner)].some((i) => o === i || isInside(i, o)));
}

/**
 * What `absolute` is if it is a path grainflow never writes an output to: the root, a home directory, the working
 * directory or an ancestor of it (compared through symbolic links). Null otherwise.
 */
function protectedPath(absolute: string): string | null {
  const cwd = realPath(process.cwd());
  const homes = [os.homedir(), process.env.HOME, userHome()].flatMap((h) => (h ? [realPath(h)] : []));
  for (const p of new Set([absolute, realPath(absolute)])) {
    if (p === path.parse(p).root) return 'the root directory';
    if (homes.includes(p)) return 'your home directory';
    if (p === cwd) return 'the working directory';
    if (isInside(cwd, p)) return 'an ancestor of the working directory';
  }
  return null;
}

/** Whether `inner` lies below `outer`. */
function isInside(inner: string, outer: string): boolean {
  const rel = path.relative(outer, inner);
  return rel !== '' && rel.split(path.sep)[0] !== '..' && !path.isAbsolute(rel);
}

function userHome(): string | undefined {
  try {
    return os.userInfo().homedir;
  } catch {
    return undefined;
  }
}

function realPath(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return p;
  }
}

// --- The marker ---

/** Lists `file` in the marker of the directory holding it, if that is an output grainflow made (a run's video). */
function recordInEnclosingOutput(file: string): void {
  const dir = path.dirname(path.resolve(file));
  const marker = readMarker(dir);
  const name = path.basename(file);
  if (marker !== null && !marker.paths.has(name)) recordPath(dir, name);
}

// --- Claiming an output: lock, rule, leftovers ---

/** `.<name>.partial-<pid>`: the staging directory of this process for the output at `target`. */
function stagingPath(target: string): string {
  const absolute = path.resolve(target);
  return path.join(path.dirname(absolute), `.${path.basename(absolute)}.partial-${process.pid}`);
}

/** An output's lock, with the directories above the output that taking it made (`--out newdir/a.mp4`: newdir). */
class OutputClaim {
  constructor(private readonly lock: OutputLock, private readonly parent: string, private readonly made: string | null) {}

  /**
   * Releases the lock, then removes the directories the claim made if they are empty: an abandoned output leaves
   * no directory behind that it made for nothing (a finished output is in them, so they stay).
   */
  release(): void {
    try {
      this.lock.release();
    } finally {
      if (this.made !== null) removeEmptyDirectories(this.parent, this.made);
    }
  }
}

/**
 * Takes the output's lock (making the directory it lives in if need be), checks the rule under it (unless
 * resuming: then the directory is the run's own), and removes staging directories that writers no longer running
 * left for the same output.
 */
function claim(target: string, intent: OutputIntent, options: OutputOptions, resume = false): OutputClaim {
  const force = options.force ?? false;
  const notice = options.onNotice ?? (() => {});
  // First without side effects: a refused output gets no parent directory and no lock file.
  if (!resume) refuseToReplace(target, force, intent);
  const parent = path.dirname(path.resolve(target));
  let made: string | null = null;
  let lock: OutputLock;
  try {
    made = makeDirectories(parent);
    lock = OutputLock.acquire(target, notice);
  } catch (error) {
    if (made !== null) removeEmptyDirectories(parent, made);
    if (error instanceof OutputExistsError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code !== 'string') throw error;
    throw new OutputWriteError(target, code, 'mkdir');
  }
  const claimed = new OutputClaim(lock, parent, made);
  try {
    if (!resume) refuseByRule(target, force, intent);
    removeStaleStaging(target, notice);
  } catch (error) {
    claimed.release();
    throw error;
  }
  return claimed;
}

/** Removes the staging directories of the output at `target` whose process is no longer running. */
function removeStaleStaging(target: string, notice: (message: string) => void): void {
  const absolute = path.resolve(target);
  const parent = path.dirname(absolute);
  const pattern = new RegExp(`^\\.${escapeRegExp(path.basename(absolute))}\\.partial-(\\d+)(\\.old)?$`);
  for (const name of fs.readdirSync(parent)) {
    const m = pattern.exec(name);
    if (m === null) continue;
    const pid = Number(m[1]);
    // This process holds the lock, so a staging directory with its pid was left by an earlier process.
    if (pid !== process.pid && processIsAlive(pid)) continue;
    const dir = path.join(parent, name);
    if (!fs.lstatSync(dir).isDirectory() || readMarker(dir) === null) continue;
    fs.rmSync(dir, { recursive: true, force: true });
    notice(`removed ${dir}, left by process ${pid}, which is no longer running`);
  }
}

/** Makes a staging directory with the marker in it, so that a later writer may recognise and remove it. */
function createStaging(staging: string, kind: string): void {
  try {
    fs.mkdirSync(staging);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code !== 'string') throw error;
    throw new OutputWriteError(staging, code, 'mkdir');
  }
  writeMarker(staging, kind);
}

/** The rule's view of an output written with `options` (for files, `ownFile` recognises an earlier one). */
function intentOf(options: OutputOptions, wanted: 'directory' | 'file', ownFile?: OwnFile): OutputIntent {
  return { wanted, kind: options.kind ?? 'run', inputs: options.inputs, ownFile };
}

/** Puts `staged` where `target` is, replacing what is there (checked by the rule under the lock). */
function moveIntoPlace(staged: string, target: string, options: OutputOptions, intent: OutputIntent): void {
  refuseByRule(target, options.force ?? false, intent);
  const absolute = path.resolve(target);
  if (intent.wanted === 'file') {
    fs.renameSync(staged, absolute);
    return;
  }
  const previous = `${stagingPath(target)}.old`;
  const replacing = fs.existsSync(absolute);
  if (replacing) fs.renameSync(absolute, previous);
  try {
    fs.renameSync(staged, absolute);
  } catch (error) {
    if (replacing) fs.renameSync(previous, absolute);
    throw error;
  }
  if (replacing) fs.rmSync(previous, { recursive: true, force: true });
}

/** Lists `name` in the marker of the output `dir` unless `listed` (what it lists already) has it. */
function listOnce(dir: string, name: string, listed: Set<string>): void {
  const relative = relativeName(name);
  if (listed.has(relative)) return;
  recordPath(dir, relative);
  listed.add(relative);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// --- The kinds of output ---

export class RunDirectory implements RunOutputDirectory {
  private readonly options: OutputOptions;
  /** the paths listed in the staging directory's marker */
  private readonly listed = new Set<string>();
  /** taken with the first file, so that a set-up that fails (or aborts) leaves neither lock nor staging */
  private lock: OutputClaim | null = null;
  private finished = false;
  private closed = false;
  private readonly cancelExitHook: () => void;

  /** Checks the rule for `target` (OutputExistsError when refused); nothing is written before the first file. */
  constructor(readonly target: string, options: OutputOptions = {}) {
    this.options = options;
    refuseToReplace(target, options.force ?? false, intentOf(options, 'directory'));
    this.cancelExitHook = onProcessExit(() => this.discard());
  }

  /** The sibling directory the output is written into until commit. */
  get staging(): string {
    return stagingPath(this.target);
  }

  file(name: string): string {
    this.makeStaging();
    listOnce(this.staging, name, this.listed);
    return path.join(this.staging, name);
  }

  writeFile(name: string, content: string): void {
    writeWholeFile(this.file(name), content);
  }

  /** Moves the staging directory into place, replacing an earlier output at the same path (rule permitting). */
  commit(): void {
    this.makeStaging();
    moveIntoPlace(this.staging, this.target, this.options, intentOf(this.options, 'directory'));
    this.finished = true;
    recordInEnclosingOutput(this.target);
  }

  /** Removes the staging directory of an output that did not finish, and releases the lock. */
  discard(): void {
    if (this.closed) return;
    this.closed = true;
    this.cancelExitHook();
    if (this.lock === null) return;
    try {
      if (!this.finished) fs.rmSync(this.staging, { recursive: true, force: true });
    } finally {
      this.lock.release();
    }
  }

  /** Claims the output (lock, rule under it, leftovers of killed writers) and makes the staging directory. */
  private makeStaging(): void {
    if (this.lock !== null) return;
    if (this.closed) throw new Error(`internal: ${this.target} written after discard()`);
    const lock = claim(this.target, intentOf(this.options, 'directory'), this.options);
    try {
      createStaging(this.staging, this.options.kind ?? 'run');
    } catch (error) {
      lock.release();
      throw error;
    }
    this.lock = lock;
  }
}

export class ResumableRunDirectory implements RunOutputDirectory {
  private readonly lock: OutputClaim;
  /** the directory's marker, kept up to date as entries appear; null for a directory without one (resumed) */
  private readonly listed: Set<string> | null;
  private closed = false;

  /**
   * @param mode 'fresh': a new run, made here (an earlier output replaced as the rule and `options.force` allow);
   *   'resume': continue the run already here
   */
  constructor(readonly target: string, private readonly mode: 'fresh' | 'resume', options: OutputOptions = {}) {
    this.lock = claim(target, intentOf(options, 'directory'), options, mode === 'resume');
    try {
      if (mode === 'resume') {
        this.listed = readMarker(target)?.paths ?? null;
        return;
      }
      if (fs.existsSync(target) && fs.readdirSync(target).length > 0) fs.rmSync(target, { recursive: true });
      fs.mkdirSync(target, { recursive: true });
      writeMarker(target, options.kind ?? 'run');
      this.listed = new Set();
    } catch (error) {
      this.lock.release();
      throw error;
    }
  }

  file(name: string): string {
    if (this.listed !== null) listOnce(this.target, name, this.listed);
    return path.join(this.target, name);
  }

  writeFile(name: string, content: string): void {
    const file = this.file(name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    writeFileAtomically(file, content);
  }

  commit(): void {}

  /** Releases the lock; an unfinished run keeps its checkpoints for --resume. */
  discard(): void {
    if (this.closed) return;
    this.closed = true;
    this.lock.release();
  }

  /**
   * A fresh run that holds nothing to resume from (it failed before its first checkpoint): removes the directory it
   * made, marker included, then releases the lock — left, it would only block the run's rerun, as a run without
   * checkpoints leaves no staging directory. A resumed run's directory is never removed.
   */
  discardUnresumable(): void {
    if (this.closed) return;
    try {
      if (this.mode === 'fresh') fs.rmSync(this.target, { recursive: true, force: true });
    } finally {
      this.discard();
    }
  }
}

/**
 * Files that appear whole or not at all (a video and its poster, a CSV): made in a staging directory beside the
 * first target, renamed into place by commit. Each target follows the rule for files: an existing regular file is
 * replaced only with force and only when `ownFile` recognises it, anything else never.
 */
export class StagedFiles {
  private readonly lock: OutputClaim;
  private readonly options: OutputOptions;
  private readonly intent: OutputIntent;
  private closed = false;
  private readonly cancelExitHook: () => void;
  /** the staging directory, made with the marker */
  readonly directory: string;

  /** @param ownFile recognises a file of `targets` written before, which force may replace (OwnFile) */
  constructor(readonly targets: readonly string[], ownFile: OwnFile, options: OutputOptions = {}) {
    this.options = options;
    this.intent = intentOf(options, 'file', ownFile);
    for (const target of targets) refuseToReplace(target, options.force ?? false, this.intent);
    this.lock = claim(targets[0], this.intent, options);
    this.directory = stagingPath(targets[0]);
    this.cancelExitHook = onProcessExit(() => this.discard());
    try {
      createStaging(this.directory, options.kind ?? 'files');
    } catch (error) {
      this.discard();
      throw error;
    }
  }

  /** Renames `staged[k]` (files in the staging directory) to `targets[k]`. */
  commit(staged: readonly string[]): void {
    for (const target of this.targets) refuseByRule(target, this.options.force ?? false, this.intent);
    staged.forEach((file, k) => moveIntoPlace(file, this.targets[k], this.options, this.intent));
    for (const target of this.targets) recordInEnclosingOutput(target);
  }

  /** Removes the staging directory and releases the lock. */
  discard(): void {
    if (this.closed) return;
    this.closed = true;
    this.cancelExitHook();
    try {
      fs.rmSync(this.directory, { recursive: true, force: true });
    } finally {
      this.lock.release();
    }
  }
}
