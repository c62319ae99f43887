/**
 * The import graph of src/ and the two rules the layering keeps (docs/architecture.md §1): a folder imports
 * only folders of lower layers, and no file imports itself through others (a cycle). Type-only imports count:
 * a shared interface belongs in a module of its own in the lower layer.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Folders of src/ from the bottom layer up; folders on one line are siblings and must not import each other. */
export const LAYERS: readonly (readonly string[])[] = [
  ['base', 'kernel', 'kernel-interface'],
  ['particles', 'broadphase', 'plot'],
  ['forces', 'walls'],
  ['scenario'],
  ['contacts'],
  ['engine'],
  ['output', 'analysis'],
  ['checkpoint'],
  ['run'],
  ['interop'],
  ['render'],
  ['api'],
  ['cli', 'validation'],
];

export interface ImportEdge {
  from: string;
  to: string;
}

/** Calls `found` with every module specifier (static, re-export, dynamic import) of every TypeScript file under `srcDir`. */
function forEachImport(srcDir: string, found: (file: string, specifier: string) => void): void {
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.name.endsWith('.ts')) {
        const text = fs.readFileSync(file, 'utf8');
        for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)'([^']+)'/g)) found(file, m[1]);
      }
    }
  };
  visit(srcDir);
}

/** Every relative import between TypeScript files under `srcDir`, as paths relative to it. */
export function importGraph(srcDir: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  forEachImport(srcDir, (file, specifier) => {
    if (!/^\.{1,2}\//.test(specifier)) return;
    // TypeScript imports name the emitted .js; the kernel's AssemblyScript imports name no extension.
    const target = path.resolve(path.dirname(file), specifier.replace(/\.js$/, '') + '.ts');
    edges.push({ from: path.relative(srcDir, file), to: path.relative(srcDir, target) });
  });
  return edges;
}

/** The folder (layer member) of a path relative to src/: its first segment. */
export function folderOf(file: string): string {
  return file.split(path.sep)[0];
}

/** Imports that break the layering, described one per line; unknown folders are violations too. */
export function layerViolations(edges: readonly ImportEdge[], layers = LAYERS): string[] {
  const rank = new Map<string, number>();
  layers.forEach((folders, k) => folders.forEach((f) => rank.set(f, k)));
  const problems = new Set<string>();
  for (const { from, to } of edges) {
    const a = folderOf(from), b = folderOf(to);
    if (a === b) continue;
    const ra = rank.get(a), rb = rank.get(b);
    if (ra === undefined) problems.add(`${from}: folder src/${a} is in no layer`);
    else if (rb === undefined) problems.add(`${from} imports ${to}: folder src/${b} is in no layer`);
    else if (rb > ra) problems.add(`${from} imports ${to}: src/${a} may not import the higher layer src/${b}`);
    else if (rb === ra) problems.add(`${from} imports ${to}: sibling folders src/${a} and src/${b} stay independent`);
  }
  return [...problems];
}

/**
 * Folders that reach the rest of src/ only through a few: the command line goes through the library (src/api)
 * and the renderer, besides the leaf helpers of src/base and src/plot (docs/architecture.md §5).
 */
export const ONLY_THROUGH: Readonly<Record<string, readonly string[]>> = {
  cli: ['api', 'render', 'plot', 'base'],
};

/** Imports of a folder of ONLY_THROUGH past the folders it may use, described one per line. */
export function bypassViolations(edges: readonly ImportEdge[], only = ONLY_THROUGH): string[] {
  const problems: string[] = [];
  for (const { from, to } of edges) {
    const a = folderOf(from), b = folderOf(to), allowed = only[a];
    if (allowed === undefined || a === b || allowed.includes(b)) continue;
    problems.push(`${from} imports ${to}: src/${a} goes through ${allowed.map((f) => `src/${f}`).join(', ')} only`);
  }
  return problems;
}

/**
 * Node.js modules a folder may not import: the engine steps the model it is given and knows nothing of the machine
 * (cores, memory, heap), whose budget and thread choice are the run's (src/run/setup.ts, docs/architecture.md §2).
 */
export const MACHINE_BLIND: Readonly<Record<string, readonly string[]>> = {
  engine: ['node:os', 'node:v8'],
};

/** Every import of a Node.js built-in module (`node:…`) by a TypeScript file under `srcDir`, as { from, to: module }. */
export function builtinImports(srcDir: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  forEachImport(srcDir, (file, specifier) => {
    if (specifier.startsWith('node:')) edges.push({ from: path.relative(srcDir, file), to: specifier });
  });
  return edges;
}

/** Built-in imports a folder of MACHINE_BLIND may not make, described one per line. */
export function machineViolations(edges: readonly ImportEdge[], blind = MACHINE_BLIND): string[] {
  return edges.filter(({ from, to }) => blind[folderOf(from)]?.includes(to))
    .map(({ from, to }) => `${from} imports ${to}: src/${folderOf(from)} leaves the machine (cores, memory) to src/run`);
}

/** Strongly connected groups of more than one file (Tarjan), each listed once. */
export function importCycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) {
    if (!next.has(from)) next.set(from, []);
    next.get(from)!.push(to);
  }
  const index = new Map<string, number>(), low = new Map<string, number>();
  const stack: string[] = [], onStack = new Set<string>(), cycles: string[][] = [];
  let counter = 0;
  const connect = (v: string) => {
    index.set(v, counter); low.set(v, counter); counter++;
    stack.push(v); onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (w === v) { cycles.push([v]); continue; }
      if (!index.has(w)) { connect(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do { w = stack.pop()!; onStack.delete(w); group.push(w); } while (w !== v);
      if (group.length > 1) cycles.push(group.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) connect(v);
  return cycles;
}
