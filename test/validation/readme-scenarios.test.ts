/**
 * README's table of shipped scenarios quotes their parameters (sphere counts, sizes, μ, μ_r, pour rates, gate and
 * lift times, restitution, container and orifice sizes, the bouncing ball's and the colliding pairs' constants);
 * each quoted number must be the one in the scenario file, so a change to a file that README does not follow (or the
 * reverse) fails here. Counts and set values are compared exactly; a derived size (d ≈ 3 mm, φ = 0.1, K = 1.4e8,
 * half-angle 27.5°) to the digits README writes. The results README quotes for these scenarios come from
 * `npm run validate` (docs/validation/README.md, test/validation/readme-figures.test.ts).
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

/** Significant digits README writes in a number: "27.5" → 3, "0.1" → 1, "1.4e8" → 2, "20" → 2. */
function significantDigits(quoted: string): number {
  const mantissa = quoted.replace(/ /g, '').split(/e/i)[0].replace('.', '').replace(/^0+/, '');
  return Math.max(1, mantissa.length);
}

type Json = ScenarioInput & Record<string, unknown>;
const load = (file: string) => JSON.parse(readFileSync(`scenarios/${file}`, 'utf8')) as Json;
const walls = (s: Json) => (s.walls ?? []) as Record<string, unknown>[];
/** The spheres a file lists (none when it reads them from a sphere file). */
const listed = (s: Json) => (Array.isArray(s.particles) ? s.particles : []);
const wallOf = (s: Json, type: string) => walls(s).find((w) => w.type === type);

/** Mean diameter of the spheres a file inserts (m): twice the mean radius of its first insertion block. */
function meanDiameter(s: Json): number | undefined {
  const r = s.insert?.[0]?.radius as number | { distribution: string; min?: number; max?: number; mean?: number } | undefined;
  if (typeof r === 'number') return 2 * r;
  if (r?.distribution === 'uniform') return r.min! + r.max!;
  if (r?.distribution === 'normal') return 2 * r.mean!;
  return undefined;
}

/** The one radius (m) every explicit sphere of a file has, if they share it. */
function sharedRadius(s: Json): number | undefined {
  const radii = new Set(listed(s).map((p) => p.radius));
  return radii.size === 1 ? [...radii][0] : undefined;
}

/** Hertz K = (4/3)E*√R_eff (N m^-3/2) of the file's first contact: sphere–wall for one sphere, else the first pair. */
function hertzK(s: Json): number | undefined {
  const p = listed(s);
  const material = (name: string) => s.materials[name];
  const compliance = (name: string) => (1 - material(name).poissonsRatio ** 2) / material(name).youngsModulus;
  if (p.length === 1) {
    const wall = walls(s)[0];
    if (wall === undefined) return undefined;
    return (4 / 3) / (compliance(p[0].material) + compliance(wall.material as string)) * Math.sqrt(p[0].radius);
  }
  if (p.length < 2) return undefined;
  const reff = (p[0].radius * p[1].radius) / (p[0].radius + p[1].radius);
  return (4 / 3) / (compliance(p[0].material) + compliance(p[1].material)) * Math.sqrt(reff);
}

interface Claim {
  name: string;
  pattern: RegExp;
  value: (s: Json) => number | undefined;
  /** README's number in the file's unit (default: as written) */
  unit?: (quoted: number, match: RegExpExecArray) => number;
  /** 'exact' (a count or a value set in the file) or 'digits' (derived: equal to the digits README writes) */
  compare: 'exact' | 'digits';
}

/** The quantities README may quote in a row, each read from the file. */
const CLAIMS: Claim[] = [
  { name: 'sphere count', pattern: /^(\d[\d ]*\d|\d) (?:[a-z]+ )?spheres/, compare: 'exact',
    value: (s) => (s.insert ?? []).reduce((n, i) => n + i.count, 0) + listed(s).length },
  { name: 'μ', pattern: /μ = ([\d.]+)/, value: (s) => s.contact?.friction, compare: 'exact' },
  { name: 'μ_r', pattern: /μ_r = ([\d.]+)/, value: (s) => s.contact?.rollingFriction, compare: 'exact' },
  { name: 'pour rate (/s)', pattern: /poured at ([\d ]+) \/s/, compare: 'exact',
    value: (s) => (s.insert?.[0] as { rate?: { particlesPerSecond: number } } | undefined)?.rate?.particlesPerSecond },
  { name: 'gate time (s)', pattern: /(?:opens at|gate at) ([\d.]+) s/, compare: 'exact',
    value: (s) => walls(s).find((w) => w.removeAt !== undefined)?.removeAt as number | undefined },
  { name: 'lift time (s)', pattern: /lifted at ([\d.]+) s/, compare: 'exact',
    value: (s) => (walls(s).find((w) => w.motion !== undefined)?.motion as { start: number } | undefined)?.start },
  { name: 'restitution', pattern: /Tsuji e = ([\d.]+)/, compare: 'exact',
    value: (s) => (s.contact?.normal as { restitution?: number } | undefined)?.restitution },
  { name: 'mean diameter (mm)', pattern: /d ≈ ([\d.]+) mm/, compare: 'digits', value: (s) => {
    const d = meanDiameter(s);
    return d === undefined ? undefined : 1000 * d;
  } },
  { name: 'silo diameter (d)', pattern: /silo of ([\d.]+) d\b/, compare: 'digits', value: (s) => {
    const silo = wallOf(s, 'silo'), d = meanDiameter(s);
    return silo === undefined || d === undefined ? undefined : (silo.diameter as number) / d;
  } },
  { name: 'orifice (d)', pattern: /(?:([\d.]+) d orifice|orifice ([\d.]+) d\b)/, compare: 'digits', value: (s) => {
    const d = meanDiameter(s);
    const orifice = (wallOf(s, 'silo')?.orificeDiameter ?? wallOf(s, 'cone')?.bottomDiameter) as number | undefined;
    return orifice === undefined || d === undefined ? undefined : orifice / d;
  } },
  { name: 'hopper half-angle (°)', pattern: /half-angle ([\d.]+)°/, compare: 'digits', value: (s) => {
    const cone = wallOf(s, 'cone') as { topDiameter: number; bottomDiameter: number; zTop: number; zBottom: number } | undefined;
    if (cone === undefined) return undefined;
    return (Math.atan2((cone.topDiameter - cone.bottomDiameter) / 2, cone.zTop - cone.zBottom) * 180) / Math.PI;
  } },
  { name: 'sphere radius R', pattern: /R = ([\d.]+) (mm|m)\b/, compare: 'digits', value: sharedRadius,
    unit: (q, m) => (m[2] === 'mm' ? q / 1000 : q) },
  { name: 'sphere mass m (kg)', pattern: /m = ([\d.]+) kg/, compare: 'digits', value: (s) => {
    const p = listed(s)[0];
    return p === undefined ? undefined : s.materials[p.material].density * (4 / 3) * Math.PI * p.radius ** 3;
  } },
  { name: 'drop height H₀ (m)', pattern: /H₀ = ([\d.]+) m/, compare: 'digits', value: (s) => listed(s)[0]?.position[2] },
  { name: 'Hertz K', pattern: /K = ([\d.]+e\d+)/, compare: 'digits', value: hertzK },
  { name: 'approach speed (m/s)', pattern: /colliding at ([\d.]+) m\/s/, compare: 'digits', value: (s) => {
    const [a, b] = listed(s);
    if (a?.velocity === undefined || b?.velocity === undefined) return undefined;
    return Math.hypot(a.velocity[0] - b.velocity[0], a.velocity[1] - b.velocity[1], a.velocity[2] - b.velocity[2]);
  } },
  { name: 'solid fraction φ', pattern: /φ = ([\d.]+)/, compare: 'digits', value: (s) => {
    const box = s.periodic as { min: number[]; max: number[] } | undefined;
    const block = s.insert?.[0];
    if (box === undefined || block === undefined || typeof block.radius !== 'number') return undefined;
    const volume = box.max.reduce((v, hi, k) => v * (hi - box.min[k]), 1);
    return (block.count * (4 / 3) * Math.PI * block.radius ** 3) / volume;
  } },
];

/** Whether the file's value is README's: equal, or equal to the digits README writes. */
function agrees(claim: Claim, quoted: string, match: RegExpExecArray, value: number | undefined): boolean {
  if (value === undefined) return false;
  const readme = claim.unit ? claim.unit(number(quoted), match) : number(quoted);
  if (claim.compare === 'exact') return readme === value;
  const digits = significantDigits(quoted);
  return Number(value.toPrecision(digits)) === Number(readme.toPrecision(digits));
}

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
          if (m === null) return [];
          const text = m.slice(1).find((g) => g !== undefined && /\d/.test(g))!;
          const value = c.value(scenario);
          return [{ name: c.name, readme: text, file: value, agrees: agrees(c, text, m, value) }];
        });
        expect(quoted.length, `README quotes nothing checkable for ${file}`).toBeGreaterThan(0);
        expect(quoted.filter((q) => !q.agrees)).toEqual([]);
      });
      it(`${file}: a quoted parameter changed by half is caught`, () => {
        const scenario = load(file);
        for (const c of CLAIMS) {
          const m = c.pattern.exec(row.text);
          if (m === null) continue;
          const text = m.slice(1).find((g) => g !== undefined && /\d/.test(g))!;
          const changed = String(Number((1.5 * number(text)).toPrecision(significantDigits(text))));
          const edited = c.pattern.exec(row.text.replace(text, changed))!;
          expect(agrees(c, changed, edited, c.value(scenario)), `${c.name}: ${text} → ${changed}`).toBe(false);
        }
      });
    }
  }
});
