/**
 * The input digest of a validation case: SHA-256 over everything its numbers depend on, so that a stored outcome
 * (outcome-store.ts) can be told current or stale without running the case (docs/verification.md, "The validation
 * report, case by case"). It covers
 *   - the compiled code: the case's module in the build (dist/) and the closure of its relative imports, static
 *     (`import … from './x.js'`, `export … from`, `import './x.js'`) and dynamic with a literal specifier
 *     (`import('./x.js')`); a dynamic import with a computed specifier cannot be followed, so it is refused. Type-only
 *     imports are gone from the build and cannot change a number. Left out: the plots (src/plot) and the report's own
 *     modules, since the SVGs are re-rendered from the stored plot data;
 *   - the files the code loads by path rather than imports (LOADED_BY_PATH: the kernel's WebAssembly, the worker
 *     threads' entry and, through it, the worker's own closure);
 *   - the data files the case read (the scenario files, recorded by scenario-run.ts, and the files they name).
 * Package imports (node_modules) are not followed: they are pinned by package-lock.json, not by this digest.
 * Each file enters as its path (relative to the build root or the working directory) and its bytes, in sorted order,
 * so the digest does not depend on where the checkout lies.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Why a digest could not be computed, in one line (a file the code names is missing, an import cannot be followed). */
export class DigestError extends Error {}

/** Modules (paths relative to the build root) whose code the numbers do not pass through. */
const NOT_INPUTS: readonly RegExp[] = [
  /^src\/plot\//,
  /^src\/validation\/(main|validate|report|outcome-store|input-digest|provenance)\.js$/,
];

/**
 * Files that a module loads by path instead of importing them, relative to the build root: a `.js` file is followed
 * like an import, anything else is hashed as bytes. test/validation/input-digest.test.ts fails when a module of
 * src starts a worker or compiles WebAssembly and is not listed here.
 */
export const LOADED_BY_PATH: Readonly<Record<string, readonly string[]>> = {
  'src/forces/kernel-instance.js': ['src/kernel/grainflow.wasm'],
  'src/engine/parallel/executor.js': ['src/engine/parallel/worker.js'],
};

/** The compiled file of a module URL: the .js itself, or for a source run by the tests (src/…/x.ts), dist/src/…/x.js. */
export function compiledModule(moduleUrl: string): string {
  const file = fileURLToPath(moduleUrl);
  if (!file.endsWith('.ts')) return file;
  const at = file.lastIndexOf(`${path.sep}src${path.sep}`);
  if (at < 0) throw new DigestError(`${file} lies outside a src folder, so its compiled module cannot be found`);
  return path.join(file.slice(0, at), 'dist', file.slice(at + 1).replace(/\.ts$/, '.js'));
}

/** The build root of a compiled module: the folder that holds its `src`. */
function buildRoot(file: string): string {
  const at = file.lastIndexOf(`${path.sep}src${path.sep}`);
  if (at < 0) throw new DigestError(`${file} lies outside a src folder of a build`);
  return file.slice(0, at);
}

// A statement of tsc's output that names a module: at the start of a line, `import`/`export` … `from 'spec'`, or a
// bare `import 'spec'`. Doc comments start their lines with `*`, so they never match.
const STATIC_SPECIFIER = /^\s*(?:(?:import|export)\b[^'"`;]*?\bfrom|import)\s*(['"])([^'"]+)\1/gm;
const DYNAMIC_IMPORT = /\bimport\s*\(\s*([^)]*)\)/g;

/** The relative specifiers a compiled module names, statically or by a literal dynamic import. */
function relativeSpecifiers(text: string, file: string): string[] {
  const found = [...text.matchAll(STATIC_SPECIFIER)].map((m) => m[2]);
  for (const m of text.matchAll(DYNAMIC_IMPORT)) {
    const literal = /^(['"])([^'"]+)\1$/.exec(m[1].trim());
    if (literal === null) throw new DigestError(`${file}: a dynamic import with a computed specifier (${m[0]}) cannot be followed by the input digest`);
    found.push(literal[2]);
  }
  return found.filter((s) => s.startsWith('./') || s.startsWith('../'));
}

function readInput(file: string, why: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    throw new DigestError(`cannot read ${file} (${why}): ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
}

/** The code a compiled module's numbers depend on: paths relative to the build root, sorted, with their bytes. */
export function codeClosure(moduleFile: string): Map<string, Buffer> {
  const root = buildRoot(moduleFile);
  const files = new Map<string, Buffer>();
  const visit = (file: string, why: string) => {
    const name = path.relative(root, file).split(path.sep).join('/');
    if (files.has(name) || NOT_INPUTS.some((r) => r.test(name))) return;
    const bytes = readInput(file, why);
    files.set(name, bytes);
    if (!name.endsWith('.js')) return;
    for (const spec of relativeSpecifiers(bytes.toString('utf8'), file)) visit(path.resolve(path.dirname(file), spec), `imported by ${name}`);
    for (const loaded of LOADED_BY_PATH[name] ?? []) visit(path.join(root, loaded), `loaded by ${name}`);
  };
  visit(moduleFile, 'the case\'s module');
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The input digest (hex SHA-256) of a case whose compiled module is `moduleFile` and which read the data files
 * `dataFiles` (paths relative to the working directory).
 */
export function inputDigest(moduleFile: string, dataFiles: readonly string[]): string {
  const hash = createHash('sha256');
  const add = (label: string, bytes: Buffer) => {
    hash.update(`${label}\0${bytes.length}\0`);
    hash.update(bytes);
  };
  for (const [name, bytes] of codeClosure(moduleFile)) add(`code ${name}`, bytes);
  for (const file of [...new Set(dataFiles)].sort()) add(`data ${file}`, readInput(file, 'read by the case'));
  return hash.digest('hex');
}
