/**
 * Line and scatter plots as SVG text, drawn by Vega-Lite (compiled to Vega, rendered headless with no canvas):
 * the analyses, `grainflow calibrate`, `grainflow impact` and the run summaries all plot through this one
 * function, so every figure of the product has the same look:
 *  - each axis in its SI unit with the prefix that puts the largest value between 0.1 and 1000 (ticks in µm,
 *    not 0.000004 m; si-units.ts), the ticks of an axis in one format: decimals on a linear axis, and on a log
 *    axis decimals, or exponents throughout when it reaches below 1e-4 of its prefixed unit;
 *  - text laid out by the widths of the fonts that may draw it (font-metrics.ts: the widest of the faces the SVG
 *    asks for), so legend labels and titles are never cut at the SVG's edge;
 *  - math in any text, axis label, legend or title: `W^{2/5}`, `ρ_{b}` typeset as super- and subscripts
 *    (math-text.ts), measured at their smaller size;
 *  - series of one `group` share a colour and a legend entry (points and their fit); at most MAX_GROUPS groups in a
 *    panel, in colours told apart also by the colour-blind (Okabe–Ito): more make small multiples, panels of at
 *    most MAX_GROUPS groups on shared axes;
 *  - points drawn over lines, with a white rim, so a measurement is not hidden under its model; error bars (±) on
 *    points that have them; dashed reference lines for targets, dotted vertical lines for events; a series may be
 *    dashed and is then drawn over the solid lines (a fit that lies on a model line leaves it visible);
 *  - axes fitted to the data (and its error bars), not rounded out to the next decade; a linear y range at least
 *    MIN_RELATIVE_SPAN of its centre wide, so noise far below that is not magnified.
 * Nothing here touches the file system.
 */
import * as vega from 'vega';
import { parse, View } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { ADVANCE_WIDTHS, FONT_FAMILY } from './font-metrics.js';
import { mathRuns, SCRIPT_SCALE, typesetMath } from './math-text.js';
import { siUnit } from './si-units.js';

export interface PlotAxis {
  /** quantity and symbol, without the unit, e.g. "impact speed v₀" or "bulk density ρ_{b}" (math-text.ts markup) */
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
  /** a line drawn dashed, over the solid ones: a fit that lies on a model line leaves that line visible in its gaps */
  dashed?: boolean;
  /** legend entry and colour shared with the other series of the group (default: name) */
  group?: string;
  /** uncertainty of each y (±, same unit), drawn as an error bar; NaN or absent: none */
  error?: readonly number[];
}

/** A vertical dotted line at an event on the x axis (a gate removed at 0.3 s), labelled at its top. */
export interface PlotEvent {
  x: number;
  label: string;
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
  events?: readonly PlotEvent[];
  /** size of the plotting area in px (default 480 × 300) */
  width?: number;
  height?: number;
}

/**
 * Text widths for the layout. Headless Vega has no canvas to measure text (it estimated 0.8 em a character); a
 * generic estimate cut legends at the SVG's edge ("…brilliantov.jso"). The advance widths of the fonts the SVG
 * names instead (FONT_FAMILY; font-metrics.ts), the widest of them for each character, and a full em for a
 * character none of them has. This module is the only user of Vega in the product.
 */
type TextItem = { text?: unknown; fontSize?: number; fontWeight?: unknown };
// vega's type declarations leave textMetrics out; the object is exported.
const { textMetrics } = vega as unknown as { textMetrics: { width: (item: TextItem, text?: unknown) => number } };
textMetrics.width = (item, text) => textWidth(String(text ?? item.text ?? ''), item.fontSize ?? 11, item.fontWeight);

/** Width in px of `text` (with its math markup typeset, math-text.ts) at `size` px, bold for Vega's 'bold' or a weight of 600 and more. */
export function textWidth(text: string, size: number, weight?: unknown): number {
  const bold = weight === 'bold' || (typeof weight === 'number' && weight >= 600);
  const widths = ADVANCE_WIDTHS[bold ? 'bold' : 'regular'];
  let width = 0;
  for (const run of mathRuns(text)) {
    let em = 0;
    for (const c of run.text) em += widths[c] ?? 1;
    width += em * size * (run.level === 'base' ? 1 : SCRIPT_SCALE);
  }
  return width;
}

/** Most groups one panel shows: Okabe & Ito's colours, distinct in colour-blind vision too (their yellow, too pale
 * on white, replaced by Tol's olive). */
export const MAX_GROUPS = 8;
const PALETTE = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#000000', '#999933'];

/** Smallest span of a linear y axis relative to the magnitude of its centre. */
const MIN_RELATIVE_SPAN = 1e-3;

interface Datum {
  x: number;
  y: number;
  group: string;
  series: string;
  /** position along its series, so lines join points in the given order, not sorted by x */
  order: number;
  mark: 'line' | 'point';
  dashed: boolean;
  /** the error bar's ends, when the point has one (on a log axis, no lower end below 0: the bar then rises only) */
  low?: number;
  high?: number;
}

/** Renders the plot to a standalone SVG document. Points that cannot be drawn (non-finite, ≤ 0 on a log axis) are left out. */
export async function renderLinePlotSvg(plot: LinePlot): Promise<string> {
  const drawable = (v: number, log: boolean | undefined) => Number.isFinite(v) && (!log || v > 0);
  const barOf = (s: PlotSeries, k: number) => {
    const e = s.error?.[k];
    if (e === undefined || !Number.isFinite(e) || e <= 0) return {};
    const low = s.y[k] - e, high = s.y[k] + e;
    return drawable(low, plot.y.log) ? { low, high } : { high };
  };
  const raw: Datum[] = plot.series.flatMap((s) => s.x.map((x, k): Datum => ({
    x, y: s.y[k], group: s.group ?? s.name, series: s.name, order: k, mark: s.mark ?? 'line', dashed: s.dashed ?? false, ...barOf(s, k),
  }))).filter((d) => drawable(d.x, plot.x.log) && drawable(d.y, plot.y.log));
  const references = (plot.references ?? []).filter((r) => drawable(r.y, plot.y.log));
  const yExtremes = raw.flatMap((d) => [d.y, d.low ?? d.y, d.high ?? d.y]);
  const xUnit = siUnit(raw.map((d) => d.x), plot.x.unit);
  const yUnit = siUnit([...yExtremes, ...references.map((r) => r.y)], plot.y.unit);
  const scaled = raw.map((d) => ({
    ...d, x: d.x * xUnit.factor, y: d.y * yUnit.factor,
    ...(d.low === undefined ? {} : { low: d.low * yUnit.factor }), ...(d.high === undefined ? {} : { high: d.high * yUnit.factor }),
  }));
  const width = plot.width ?? 480;
  const height = plot.height ?? 300;
  const groups = [...new Set(plot.series.map((s) => s.group ?? s.name))];
  const axis = (field: 'x' | 'y', spec: PlotAxis, unit: string, values: number[]) => ({
    field,
    type: 'quantitative' as const,
    title: unit ? `${spec.label} (${unit})` : spec.label,
    // Fitted to the data: not rounded out to the next decade or round number (a run that stops at 3.000005 s is
    // not drawn out to 3.5 s); a few pixels of padding keep markers off the frame.
    scale: spec.log ? { type: 'log' as const, nice: false, padding: 8 }
      : { zero: false, nice: false, padding: 8, ...(field === 'y' ? minimumSpan(values) : {}) },
    axis: {
      grid: true,
      // '~f': Vega gives it the decimals of the tick step (0.5, 250, 0.4998), never an exponent; '~g' took two
      // significant digits and printed 250 as 2.5e+2.
      format: spec.integer ? 'd' : !spec.log ? '~f' : range(values)[0] < 1e-4 ? '~e' : '~g',
      ...(spec.integer ? { tickMinStep: 1 } : {}),
    },
  });
  const yValues = [...yExtremes.map((v) => v * yUnit.factor), ...references.map((r) => r.y * yUnit.factor)];
  const x = axis('x', plot.x, xUnit.unit, scaled.map((d) => d.x));
  const y = axis('y', plot.y, yUnit.unit, yValues);
  const referenceRows = references.map((r) => ({ y: r.y * yUnit.factor, label: r.label }));
  const eventRows = (plot.events ?? []).filter((e) => drawable(e.x, plot.x.log)).map((e) => ({ x: e.x * xUnit.factor, label: e.label }));
  const allLines = plot.series.every((s) => (s.mark ?? 'line') === 'line');

  /** The layers of a panel showing these groups. */
  const panel = (shown: string[]) => {
    const rows = scaled.filter((d) => shown.includes(d.group));
    const color = {
      field: 'group',
      type: 'nominal' as const,
      title: null,
      scale: { domain: shown, range: PALETTE },
      // A line symbol when there are lines only.
      legend: { labelLimit: 0, symbolType: allLines ? 'stroke' : 'circle' },
    };
    const bars = rows.filter((d) => d.high !== undefined).map((d) => ({ ...d, low: d.low ?? d.y }));
    const lines = (dashed: boolean) => ({
      data: { values: rows.filter((d) => d.mark === 'line' && d.dashed === dashed) },
      mark: { type: 'line', strokeWidth: 1.6, ...(dashed ? { strokeDash: [7, 4] } : {}) },
      encoding: { x, y, color, detail: { field: 'series' }, order: { field: 'order' } },
    });
    return [
      lines(false),
      // Dashed lines over the solid ones.
      ...(rows.some((d) => d.dashed) ? [lines(true)] : []),
      ...(bars.length === 0 ? [] : [{
        data: { values: bars }, mark: { type: 'errorbar', ticks: { size: 6 }, thickness: 1.2 },
        encoding: { x, y: { ...y, field: 'low' }, y2: { field: 'high' }, color },
      }]),
      // Points over the lines, with a white rim: a measurement is never hidden under its model line.
      { data: { values: rows.filter((d) => d.mark === 'point') },
        mark: { type: 'point', filled: true, size: 42, opacity: 0.9, stroke: 'white', strokeWidth: 0.8 },
        encoding: { x, y, color } },
      ...(eventRows.length === 0 ? [] : [
        { data: { values: eventRows }, mark: { type: 'rule' as const, strokeDash: [2, 3], color: '#555', strokeWidth: 1.2 }, encoding: { x } },
        {
          data: { values: eventRows },
          mark: { type: 'text' as const, align: 'left' as const, baseline: 'top' as const, dx: 3, y: 3, color: '#333' },
          encoding: { x, text: { field: 'label' } },
        },
      ]),
      ...(referenceRows.length === 0 ? [] : [
        { data: { values: referenceRows }, mark: { type: 'rule' as const, strokeDash: [6, 4], color: '#444', strokeWidth: 1 }, encoding: { y } },
        {
          data: { values: referenceRows },
          mark: { type: 'text' as const, align: 'right' as const, baseline: 'bottom' as const, dy: -3, color: '#444', x: width - 4 },
          encoding: { y, text: { field: 'label' } },
        },
      ]),
    ];
  };
  // More groups than a panel tells apart: small multiples of at most MAX_GROUPS, on the same axes.
  const panels = Array.from({ length: Math.ceil(groups.length / MAX_GROUPS) || 1 },
    (_, k) => groups.slice(k * MAX_GROUPS, (k + 1) * MAX_GROUPS));
  const body = panels.length === 1 ? { width, height, layer: panel(panels[0]) } : {
    vconcat: panels.map((shown) => ({ width, height, layer: panel(shown) })),
    resolve: { scale: { x: 'shared', y: 'shared', color: 'independent' }, legend: { color: 'independent' } },
  };
  const spec = {
    title: { text: plot.title, ...(plot.subtitle ? { subtitle: plot.subtitle } : {}), anchor: 'start' },
    background: 'white',
    config: { font: FONT_FAMILY },
    ...body,
  } as TopLevelSpec;
  const view = new View(parse(compile(spec).spec), { renderer: 'none' });
  try {
    return typesetMath(await view.toSVG());
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
