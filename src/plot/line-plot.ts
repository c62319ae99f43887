/**
 * Line and scatter plots as SVG text, drawn by Vega-Lite (compiled to Vega, rendered headless with no canvas):
 * the analyses, `grainflow calibrate`, `grainflow impact` and the run summaries all plot through this one
 * function, so every figure of the product has the same look:
 *  - each axis in its SI unit with the prefix that puts the largest value between 0.1 and 1000 (ticks in µm,
 *    not 0.000004 m; si-units.ts), the ticks of an axis in one format: decimals on a linear axis, and on a log
 *    axis decimals, or exponents throughout when it reaches below 1e-4 of its prefixed unit;
 *  - legend labels never cut; series of one `group` share a colour and a legend entry (points and their fit);
 *    beyond ten groups, lines differ in dash pattern too;
 *  - lines drawn over points, so a fit stays visible; dashed reference lines for targets;
 *  - a linear y range at least MIN_RELATIVE_SPAN of its centre wide, so noise far below that is not magnified.
 * Nothing here touches the file system.
 */
import * as vega from 'vega';
import { parse, View } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { siUnit } from './si-units.js';

export interface PlotAxis {
  /** quantity and symbol, without the unit, e.g. "impact speed v₀" */
  label: string;
  /** SI unit without prefix ("m", "m/s", "J", "kg"); none for a pure number */
  unit?: string;
  log?: boolean;
  /** whole-number ticks only (counts such as the bounce number) */
  integer?: boolean;
}

export interface PlotSeries {
  /** legend entry (unless `group` is given) */
  name: string;
  x: readonly number[];
  y: readonly number[];
  /** 'line' (default) joins the points in the given order; 'point' draws markers only */
  mark?: 'line' | 'point';
  /** legend entry and colour shared with the other series of the group (default: name) */
  group?: string;
}

/** A horizontal dashed line at a target value, labelled at its right end. */
export interface ReferenceLine {
  y: number;
  label: string;
}

export interface LinePlot {
  title: string;
  /** lines under the title: conditions and parameters, kept out of the title so it stays short */
  subtitle?: string | string[];
  x: PlotAxis;
  y: PlotAxis;
  series: readonly PlotSeries[];
  references?: readonly ReferenceLine[];
  /** size of the plotting area in px (default 480 × 300) */
  width?: number;
  height?: number;
}

/**
 * Text widths for the layout. Headless Vega has no canvas to measure text and estimates 0.8 em per character,
 * about half again the width of real sans-serif text, which left wide empty margins beside long legend labels
 * and titles. Per-character widths of a Helvetica/Arial-like face (in em) instead; this module is the only
 * user of Vega in the product.
 */
type TextItem = { text?: unknown; fontSize?: number; fontWeight?: unknown };
// vega's type declarations leave textMetrics out; the object is exported.
const { textMetrics } = vega as unknown as { textMetrics: { width: (item: TextItem, text?: unknown) => number } };
textMetrics.width = (item, text) => {
  const value = String(text ?? item.text ?? '');
  const size = item.fontSize ?? 11;
  let em = 0;
  for (const c of value) em += charWidth(c);
  return em * size * (item.fontWeight === 'bold' ? 1.08 : 1);
};

function charWidth(c: string): number {
  if ('ijl|.,:;\'!'.includes(c)) return 0.25;
  if ('ftrI()[] -/'.includes(c)) return 0.33;
  if ('mwMW'.includes(c)) return 0.86;
  if (c >= 'A' && c <= 'Z') return 0.68;
  if (c >= '0' && c <= '9') return 0.56;
  if (c >= 'a' && c <= 'z') return 0.52;
  return 0.6;
}

/** Smallest span of a linear y axis relative to the magnitude of its centre. */
const MIN_RELATIVE_SPAN = 1e-3;

interface Datum {
  x: number;
  y: number;
  group: string;
  series: string;
  /** position along its series, so lines join points in the given order, not sorted by x */
  order: number;
}

/** Renders the plot to a standalone SVG document. Points that cannot be drawn (non-finite, ≤ 0 on a log axis) are left out. */
export async function renderLinePlotSvg(plot: LinePlot): Promise<string> {
  const drawable = (v: number, log: boolean | undefined) => Number.isFinite(v) && (!log || v > 0);
  const all = plot.series.flatMap((s) => s.x.map((x, k) => ({ x, y: s.y[k] })))
    .filter((d) => drawable(d.x, plot.x.log) && drawable(d.y, plot.y.log));
  const references = (plot.references ?? []).filter((r) => drawable(r.y, plot.y.log));
  const xUnit = siUnit(all.map((d) => d.x), plot.x.unit);
  const yUnit = siUnit([...all.map((d) => d.y), ...references.map((r) => r.y)], plot.y.unit);
  const rows = (mark: 'line' | 'point'): Datum[] => plot.series
    .filter((s) => (s.mark ?? 'line') === mark)
    .flatMap((s) => s.x.map((x, k) => ({ x, y: s.y[k], group: s.group ?? s.name, series: s.name, order: k })))
    .filter((d) => drawable(d.x, plot.x.log) && drawable(d.y, plot.y.log))
    .map((d) => ({ ...d, x: d.x * xUnit.factor, y: d.y * yUnit.factor }));
  const width = plot.width ?? 480;
  const groups = [...new Set(plot.series.map((s) => s.group ?? s.name))];
  const axis = (field: 'x' | 'y', spec: PlotAxis, unit: string, values: number[]) => ({
    field,
    type: 'quantitative' as const,
    title: unit ? `${spec.label} (${unit})` : spec.label,
    // A linear x axis ends at the data (a run that stops at 3.000005 s is not drawn out to 3.5 s).
    scale: spec.log ? { type: 'log' as const } : { zero: false, ...(field === 'y' ? minimumSpan(values) : { nice: false }) },
    axis: {
      grid: true,
      // '~f': Vega gives it the decimals of the tick step (0.5, 250, 0.4998), never an exponent; '~g' took two
      // significant digits and printed 250 as 2.5e+2.
      format: spec.integer ? 'd' : !spec.log ? '~f' : range(values)[0] < 1e-4 ? '~e' : '~g',
      ...(spec.integer ? { tickMinStep: 1 } : {}),
    },
  });
  const yValues = [...all.map((d) => d.y * yUnit.factor), ...references.map((r) => r.y * yUnit.factor)];
  const x = axis('x', plot.x, xUnit.unit, all.map((d) => d.x * xUnit.factor));
  const y = axis('y', plot.y, yUnit.unit, yValues);
  const color = {
    field: 'group',
    type: 'nominal' as const,
    title: null,
    scale: { domain: groups, scheme: 'tableau10' },
    // A line symbol when there are lines only, so a dashed series shows its dash in the legend too.
    legend: { labelLimit: 0, symbolType: plot.series.every((s) => (s.mark ?? 'line') === 'line') ? 'stroke' : 'circle' },
  };
  // More groups than colours: lines also differ in dash pattern (10 colours × 9 dashes give distinct pairs).
  const dash = groups.length > 10 ? { strokeDash: { field: 'group', type: 'nominal' as const, scale: { domain: groups }, legend: { labelLimit: 0 } } } : {};
  const referenceRows = references.map((r) => ({ y: r.y * yUnit.factor, label: r.label }));
  const spec: TopLevelSpec = {
    title: { text: plot.title, ...(plot.subtitle ? { subtitle: plot.subtitle } : {}), anchor: 'start' },
    width,
    height: plot.height ?? 300,
    background: 'white',
    layer: [
      // Points first: the lines (fits, models) are drawn over them.
      { data: { values: rows('point') }, mark: { type: 'point', filled: true, size: 22, opacity: 0.75 }, encoding: { x, y, color } },
      { data: { values: rows('line') }, mark: { type: 'line', strokeWidth: 1.6 }, encoding: { x, y, color, ...dash, detail: { field: 'series' }, order: { field: 'order' } } },
      ...(referenceRows.length === 0 ? [] : [
        { data: { values: referenceRows }, mark: { type: 'rule' as const, strokeDash: [6, 4], color: '#444', strokeWidth: 1 }, encoding: { y } },
        {
          data: { values: referenceRows },
          mark: { type: 'text' as const, align: 'right' as const, baseline: 'bottom' as const, dy: -3, color: '#444', x: width - 4 },
          encoding: { y, text: { field: 'label' } },
        },
      ]),
    ],
  } as TopLevelSpec;
  const view = new View(parse(compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** A domain MIN_RELATIVE_SPAN of its centre wide when the values spread less than that, else nothing. */
function minimumSpan(values: number[]): { domain?: [number, number] } {
  if (values.length === 0) return {};
  const [lo, hi] = range(values);
  const centre = (lo + hi) / 2;
  const half = (MIN_RELATIVE_SPAN / 2) * Math.abs(centre);
  if (hi - lo >= 2 * half || half === 0) return {};
  return { domain: [centre - half, centre + half] };
}

/** Smallest and largest value (a loop: a long series has more values than a call takes arguments). */
function range(values: readonly number[]): [number, number] {
  let lo = Infinity, hi = -Infinity;
  for (const v of values) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  return [lo, hi];
}
