/**
 * The input digest of a validation case (src/validation/input-digest.ts) moves with everything the case's numbers
 * depend on — its module's import closure, what that code loads by path, the data files it read — and with nothing
 * else: not a plot module, not another case's module, not where the checkout lies. Built on small trees of
 * compiled-looking modules in a temporary folder, and on the real build for the report's own cases.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  codeClosure, compiledModule, DigestError, inputDigest, LOADED_BY_PATH,
} from '../../src/validation/input-digest.js';
import { VALIDATION_CASES } from '../../src/validation/cases.js';
import { readScenarioFile, recordingReads, runScenarioFile } from '../../src/validation/scenario-run.js';

const repository = fileURLToPath(new URL('../..', import.meta.url));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'grainflow-digest-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A build tree of the given files (paths relative to its root) in a fresh folder; its root. */
function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(scratch, 'build-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

const CASES = {
  'src/validation/case-a.js': "import { law } from './law.js';\nimport { plot } from '../plot/line-plot.js';\nexport const a = law(plot);\n",
  'src/validation/law.js': "export { step } from '../engine/step.js';\nexport const law = (x) => x + 1;\n",
  'src/engine/step.js': "import '../base/side-effect.js';\nexport const step = 1;\n",
  'src/base/side-effect.js': 'globalThis.touched = true;\n',
  'src/plot/line-plot.js': 'export const plot = 1;\n',
  'src/validation/case-b.js': "import { law } from './law.js';\nexport const b = law(2);\n",
  'scenarios/s.json': '{"seed": 1}\n',
};

describe('input digest of a validation case', () => {
  const root = tree(CASES);
  const at = (name: string) => path.join(root, name);
  const digestA = () => inputDigest(at('src/validation/case-a.js'), [at('scenarios/s.json')]);
  const change = (name: string, text: string, body: () => void) => {
    const before = fs.readFileSync(at(name), 'utf8');
    fs.writeFileSync(at(name), text);
    try { body(); } finally { fs.writeFileSync(at(name), before); }
  };

  it('follows imports, re-exports and side-effect imports, and leaves out the plots', () => {
    expect([...codeClosure(at('src/validation/case-a.js')).keys()]).toEqual([
      'src/base/side-effect.js', 'src/engine/step.js', 'src/validation/case-a.js', 'src/validation/law.js',
    ]);
  });

  it('changes when a module of the closure, however deep, or a data file read changes', () => {
    const before = digestA();
    change('src/validation/law.js', CASES['src/validation/law.js'].replace('x + 1', 'x + 2'), () => expect(digestA()).not.toBe(before));
    change('src/base/side-effect.js', 'globalThis.touched = false;\n', () => expect(digestA()).not.toBe(before));
    change('scenarios/s.json', '{"seed": 2}\n', () => expect(digestA()).not.toBe(before));
    expect(inputDigest(at('src/validation/case-a.js'), [])).not.toBe(before);
    expect(digestA()).toBe(before);
  });

  it('does not change with a plot module, another case\'s module or where the tree lies', () => {
    const before = digestA();
    change('src/plot/line-plot.js', 'export const plot = 2;\n', () => expect(digestA()).toBe(before));
    change('src/validation/case-b.js', 'export const b = 3;\n', () => expect(digestA()).toBe(before));
    const moved = tree(CASES);
    expect(inputDigest(path.join(moved, 'src/validation/case-a.js'), [])).toBe(inputDigest(at('src/validation/case-a.js'), []));
  });

  it('hashes what the code loads by path: the kernel and the worker entry with its own imports', () => {
    const built = tree({
      'src/validation/case.js': "import '../forces/kernel-instance.js';\nimport '../engine/parallel/executor.js';\n",
      'src/forces/kernel-instance.js': 'const wasm = "grainflow.wasm";\n',
      'src/kernel/grainflow.wasm': 'kernel 1',
      'src/engine/parallel/executor.js': 'const file = "worker.js";\n',
      'src/engine/parallel/worker.js': "import './lane.js';\n",
      'src/engine/parallel/lane.js': 'export const lane = 1;\n',
    });
    const file = path.join(built, 'src/validation/case.js');
    const before = inputDigest(file, []);
    expect([...codeClosure(file).keys()]).toEqual(expect.arrayContaining(['src/kernel/grainflow.wasm', 'src/engine/parallel/lane.js']));
    fs.writeFileSync(path.join(built, 'src/kernel/grainflow.wasm'), 'kernel 2');
    expect(inputDigest(file, [])).not.toBe(before);
  });

  it('follows a literal dynamic import and refuses a computed one in one line', () => {
    const built = tree({
      'src/validation/case.js': "export const later = () => import('./later.js');\n",
      'src/validation/later.js': 'export const x = 1;\n',
      'src/validation/computed.js': 'export const later = (name) => import(`./${name}.js`);\n',
    });
    expect([...codeClosure(path.join(built, 'src/validation/case.js')).keys()]).toContain('src/validation/later.js');
    expect(() => codeClosure(path.join(built, 'src/validation/computed.js'))).toThrow(DigestError);
    expect(() => codeClosure(path.join(built, 'src/validation/computed.js'))).toThrow(/computed\.js: a dynamic import with a computed specifier/);
  });

  it('names a missing module and who imports it', () => {
    const built = tree({ 'src/validation/case.js': "import { gone } from './gone.js';\n" });
    expect(() => inputDigest(path.join(built, 'src/validation/case.js'), [])).toThrow(/cannot read .*gone\.js \(imported by src\/validation\/case\.js\): ENOENT/);
  });
});

describe('input digest of the report\'s own cases (the build in dist/)', () => {
  const byId = (id: string) => VALIDATION_CASES.find((c) => c.id === id)!;
  const closure = (id: string) => [...codeClosure(compiledModule(byId(id).module)).keys()];

  it('each scenario case depends on its own module, the engine, the kernel and the workers, not on the other cases', () => {
    const cooling = closure('granular-gas-cooling');
    expect(cooling).toEqual(expect.arrayContaining([
      'src/validation/cooling-case.js', 'src/validation/scenario-run.js', 'src/kernel/grainflow.wasm', 'src/engine/parallel/worker.js',
    ]));
    expect(cooling.filter((f) => /silo-case|pile-case|chung-ooi\.js|^src\/plot\/|report\.js/.test(f))).toEqual([]);
    expect(closure('silo-beverloo')).toContain('src/validation/beverloo-band.js');
    expect(closure('pile-repose')).not.toContain('src/validation/beverloo-band.js');
  });

  // Catches a case that imports the API's index, which carries the LAMMPS export and import: every edit of a deck's
  // README text would then make every stored outcome stale (a rerun of over an hour) without moving a number.
  it('no case depends on the LAMMPS interop, the command line or the renderer', () => {
    const outside = VALIDATION_CASES.flatMap((c) => closure(c.id).filter((f) => /^src\/(interop|cli|render)\//.test(f)).map((f) => `${c.id}: ${f}`));
    expect(outside).toEqual([]);
  });

  it('every module of src that starts workers or compiles WebAssembly is in LOADED_BY_PATH', () => {
    const loaders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) { if (entry.name !== 'kernel') walk(file); continue; }
        if (!file.endsWith('.ts')) continue;
        if (/new (Worker|Piscina)\(|WebAssembly\.(Module|instantiate|compile)\b/.test(fs.readFileSync(file, 'utf8'))) {
          loaders.push(path.relative(repository, file).split(path.sep).join('/').replace(/\.ts$/, '.js'));
        }
      }
    };
    walk(path.join(repository, 'src'));
    expect(loaders.length).toBeGreaterThan(0);
    expect(loaders.filter((f) => LOADED_BY_PATH[f] === undefined)).toEqual([]);
  });

  it('the scenario files a case reads are recorded', async () => {
    const { files } = await recordingReads(() => readScenarioFile('scenarios/pile.json'));
    expect(files).toEqual(['scenarios/pile.json']);
    expect(inputDigest(compiledModule(byId('pile-repose').module), files))
      .not.toBe(inputDigest(compiledModule(byId('pile-repose').module), ['scenarios/heap.json']));
  });

  it('a file a run scenario names (here a sphere CSV) is recorded beside the scenario', async () => {
    const folder = tree({
      'scenarios/bed.json': JSON.stringify({
        name: 'bed', gravity: [0, 0, 0], time: { duration: 1e-4 },
        materials: { glass: { youngsModulus: 1e7, poissonsRatio: 0.3, density: 2500 } },
        contact: { normal: { model: 'hertz-dashpot', restitution: 0.5 } },
        particles: { file: 'spheres/bed.csv' }, outputs: { interval: 1e-4 },
      }),
      'scenarios/spheres/bed.csv': 'x,y,z,radius,material\n0,0,0,0.001,glass\n0.01,0,0,0.001,glass\n',
    });
    const { files } = await recordingReads(() => runScenarioFile(path.join(folder, 'scenarios/bed.json'), () => {}, {}));
    const relative = (name: string) => path.relative(process.cwd(), path.join(folder, name)).split(path.sep).join('/');
    expect(files).toEqual([relative('scenarios/bed.json'), relative('scenarios/spheres/bed.csv')]);
  });
});
