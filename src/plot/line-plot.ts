/**
 * Line and scatter plots as SVG text, drawn by Vega-Lite (compiled to Vega, rendered headless with no canvas):
 * the analyses, `grainflow calibrate` and the run summaries all plot through this one function, so every figure
 * of the product has the same look. Nothing here touches the file system.
 */
import { parse, View } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';

export interface PlotSeries {
  /** legend entry */
  name: string;
  x: readonly number[];
  y: readonly number[];
  /** 'line' (default) joins the points in the given order; 'point' draws markers only */
  mark?: 'line' | 'point';
}

export interface LinePlot {
  title: string;
  /** axis titles, with units, e.g. "impact speed v (m/s)" */
  xLabel: string;
  yLabel: string;
  xLog?: boolean;
  yLog?: boolean;
  series: readonly PlotSeries[];
  /** size of the plotting area in px (default 480 × 300) */
  width?: number;
  height?: number;
}

interface Datum {
  x: number;
  y: number;
  series: string;
  /** position along its series, so lines join points in the given order, not sorted by x */
  order: number;
}

/** Renders the plot to a standalone SVG document. Points that cannot be drawn (non-finite, ≤ 0 on a log axis) are left out. */
export async function renderLinePlotSvg(plot: LinePlot): Promise<string> {
  const drawable = (v: number, log: boolean | undefined) => Number.isFinite(v) && (!log || v > 0);
  const rows = (mark: 'line' | 'point'): Datum[] => plot.series
    .filter((s) => (s.mark ?? 'line') === mark)
    .flatMap((s) => s.x.map((x, k) => ({ x, y: s.y[k], series: s.name, order: k })))
    .filter((d) => drawable(d.x, plot.xLog) && drawable(d.y, plot.yLog));
  const axis = (field: 'x' | 'y', title: string, log: boolean | undefined) => ({
    field,
    type: 'quantitative' as const,
    title,
    scale: log ? { type: 'log' as const } : { zero: false },
    // '~g', not SI prefixes: an 'm' for milli on an axis in metres would be misread.
    axis: { format: '~g', grid: true },
  });
  // Every series gets a colour, in the order given, whichever layer draws it.
  const color = {
    field: 'series',
    type: 'nominal' as const,
    title: null,
    scale: { domain: plot.series.map((s) => s.name) },
  };
  const encoding = { x: axis('x', plot.xLabel, plot.xLog), y: axis('y', plot.yLabel, plot.yLog), color };
  const spec: TopLevelSpec = {
    title: plot.title,
    width: plot.width ?? 480,
    height: plot.height ?? 300,
    background: 'white',
    layer: [
      { data: { values: rows('line') }, mark: { type: 'line', strokeWidth: 1.5 }, encoding: { ...encoding, order: { field: 'order' } } },
      { data: { values: rows('point') }, mark: { type: 'point', filled: true, size: 30 }, encoding },
    ],
  };
  const view = new View(parse(compile(spec).spec), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
