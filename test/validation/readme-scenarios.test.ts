/**
 * README's table of shipped scenarios quotes their parameters (sphere counts, μ, μ_r, pour rates, gate and lift
 * times, restitution); each quoted number must be the one in the scenario file, so a change to a file that README
 * does not follow (or the reverse) fails here. The results README quotes for these scenarios come from
 * `npm run validate` (docs/validation/README.md).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ScenarioInput } from '../../src/scenario/schema.js';

const README = readFileSync('README.md', 'utf8');

/** The rows of README's scenario table: the file names in the first cell and the description in the second. */
function scenarioRows(): { files: string[]; text: string }[] {
  const lines = README.split('\n');
  const header = lines.findIndex((line) => line.startsWith('| scenario | what it shows |'));
  const end = lines.findIndex((line, k) => k > header && !line.startsWith('|'));
  return lines.slice(header + 2, end).map((line) => {
    const cells = line.split(' | ');
    return { files: [...cells[0].matchAll(/`([\w-]+\.json)`/g)].map((m) => m[1]), text: cells[1] };
  });
}

/** "1 000" → 1000 (README writes thousands with a space). */
const number = (s: string) => Number(s.replace(/ /g, ''));

type Json = ScenarioInput & Record<string, unknown>;
const load = (file: string) => JSON.parse(readFileSync(`scenarios/${file}`, 'utf8')) as Json;
const walls = (s: Json) => (s.walls ?? []) as Record<string, unknown>[];

/** The quantities README may quote in a row, each read from the file. */
const CLAIMS: { name: string; pattern: RegExp; value: (s: Json) => number | undefined }[] = [
  { name: 'sphere count', pattern: /^(\d[\d ]*\d|\d) (?:[a-z]+ )?spheres/,
    value: (s) => (s.insert ?? []).reduce((n, i) => n + i.count, 0) + ((s.particles ?? []) as unknown[]).length },
  { name: 'μ', pattern: /μ = ([\d.]+)/, value: (s) => s.contact?.friction },
  { name: 'μ_r', pattern: /μ_r = ([\d.]+)/, value: (s) => s.contact?.rollingFriction },
  { name: 'pour rate (/s)', pattern: /poured at ([\d ]+) \/s/,
    value: (s) => (s.insert?.[0] as { rate?: { particlesPerSecond: number } } | undefined)?.rate?.particlesPerSecond },
  { name: 'gate time (s)', pattern: /(?:opens at|gate at) ([\d.]+) s/,
    value: (s) => walls(s).find((w) => w.removeAt !== undefined)?.removeAt as number | undefined },
  { name: 'lift time (s)', pattern: /lifted at ([\d.]+) s/,
    value: (s) => (walls(s).find((w) => w.motion !== undefined)?.motion as { start: number } | undefined)?.start },
  { name: 'restitution', pattern: /Tsuji e = ([\d.]+)/,
    value: (s) => (s.contact?.normal as { restitution?: number } | undefined)?.restitution },
];

describe("README's scenario table quotes the shipped scenario files", () => {
  const rows = scenarioRows();
  it('lists every scenario file', () => {
    const listed = rows.flatMap((r) => r.files).sort();
    expect(listed).toEqual(readdirSync('scenarios').filter((f) => f.endsWith('.json')).sort());
  });
  for (const row of rows) {
    for (const file of row.files) {
      it(`${file}: every quoted parameter is the file's`, () => {
        const scenario = load(file);
        const quoted = CLAIMS.flatMap((c) => {
          const m = c.pattern.exec(row.text);
          return m === null ? [] : [{ name: c.name, readme: number(m[1]), file: c.value(scenario) }];
        });
        expect(quoted.length, `README quotes nothing checkable for ${file}`).toBeGreaterThan(0);
        expect(quoted.filter((q) => q.readme !== q.file)).toEqual([]);
      });
    }
  }
});
