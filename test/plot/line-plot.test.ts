/**
 * The one plot function (src/plot/line-plot.ts): series, axes and legend in a standalone SVG; each axis in its SI
 * unit with a prefix (µm, not 0.000004 m) and one tick format; legends never cut; a group shares one colour and
 * one legend entry; whole-number axes have whole-number ticks; a reference line is drawn and labelled; a y range
 * never narrower than 1e-3 of its centre (noise of 1e-5 relative is not magnified); SI formatting of values.
 */
import { describe, expect, it } from 'vitest';
import { renderLinePlotSvg } from '../../src/plot/line-plot.js';
import { formatQuantity, prefixFor } from '../../src/plot/si-units.js';

/** Text of every <text> element of the SVG. */
const texts = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
/** Tick labels of an axis: the numeric texts in the SVG group of the axis whose title is `title`. */
function ticks(svg: string, role: 'x' | 'y'): number[] {
  const groups = svg.split('aria-roledescription="axis"').slice(1);
  const axis = groups.find((g) => new RegExp(`aria-label="[^"]*${role.toUpperCase()}-axis`).test(g)) ?? '';
  return texts(axis.split('role="graphics-object"')[0]).map(Number).filter(Number.isFinite);
}

describe('renderLinePlotSvg', () => {
  it('draws each series, both axis titles and a legend into a standalone SVG', async () => {
    const svg = await renderLinePlotSvg({
      title: 'restitution against impact speed',
      x: { label: 'impact speed v', unit: 'm/s', log: true },
      y: { label: 'restitution e' },
      series: [
        { name: 'tsuji', x: [0.01, 0.1, 1, 10], y: [0.5, 0.5, 0.5, 0.5] },
        { name: 'measured', x: [0.01, 1], y: [0.51, 0.49], mark: 'point' },
      ],
    });
    expect(svg.startsWith('<svg')).toBe(true);
    for (const text of ['restitution against impact speed', 'impact speed v (m/s)', 'restitution e', 'tsuji', 'measured']) {
      expect(svg).toContain(text);
    }
    // One line path for the line series and one marker per point of the scatter series.
    expect(svg.match(/aria-roledescription="line mark"/g)?.length).toBe(1);
    expect(svg.match(/aria-roledescription="point"/g)?.length).toBe(2);
  });

  it('leaves out points a log axis cannot show instead of failing', async () => {
    const svg = await renderLinePlotSvg({
      title: 't', x: { label: 'x' }, y: { label: 'y', log: true },
      series: [{ name: 's', x: [1, 2, 3], y: [1, 0, Number.NaN], mark: 'point' }],
    });
    expect(svg.match(/aria-roledescription="point"/g)?.length).toBe(1);
  });

  it('puts each axis in its prefixed SI unit with plain tick numbers', async () => {
    const svg = await renderLinePlotSvg({
      title: 'force against overlap', x: { label: 'overlap δ', unit: 'm' }, y: { label: 'force F', unit: 'N' },
      series: [{ name: 'pair', x: [0, 1e-6, 2e-6, 4e-6], y: [0, 60, 150, 250] }],
    });
    expect(svg).toContain('overlap δ (µm)');
    expect(svg).toContain('force F (N)');
    const xs = ticks(svg, 'x');
    expect(Math.max(...xs)).toBeGreaterThanOrEqual(3.5);
    expect(Math.max(...xs)).toBeLessThanOrEqual(4.5);
    expect(texts(svg).some((t) => /e[+-]|0\.0000/.test(t))).toBe(false);
  });

  it('gives a group one colour and one legend entry, and never cuts a legend label', async () => {
    const long = 'R + (H₀ − R)·e₁²ᵏ with a legend label much longer than the default limit of Vega';
    const svg = await renderLinePlotSvg({
      title: 'groups', x: { label: 'x' }, y: { label: 'y' },
      series: [
        { name: 'points 1', group: 'sector 1', x: [0, 1], y: [0, 1], mark: 'point' },
        { name: 'fit 1', group: 'sector 1', x: [0, 1], y: [0, 1] },
        { name: long, x: [0, 1], y: [1, 0] },
      ],
    });
    const labels = texts(svg);
    expect(labels.filter((t) => t === 'sector 1')).toHaveLength(1);
    expect(labels).toContain(long);
    expect(labels.some((t) => t.includes('…'))).toBe(false);
    const pointFill = /aria-roledescription="point"[^>]*fill="(#[0-9a-f]+)"/.exec(svg)?.[1]
      ?? /fill="(#[0-9a-f]+)"[^>]*aria-roledescription="point"/.exec(svg)?.[1];
    const lineStrokes = [...svg.matchAll(/aria-roledescription="line mark"[^>]*stroke="(#[0-9a-f]+)"/g)].map((m) => m[1]);
    expect(pointFill).toBeDefined();
    expect(lineStrokes[0]).toBe(pointFill);
    expect(lineStrokes[1]).not.toBe(pointFill);
  });

  it('draws a dashed series over a solid line it lies on, so both show', async () => {
    // The silo's fitted Beverloo line can coincide with a published band edge (silo-beverloo).
    const svg = await renderLinePlotSvg({
      title: 'two lines on each other', x: { label: 'x' }, y: { label: 'y' },
      series: [{ name: 'band edge', x: [0, 1], y: [0, 1] }, { name: 'fit', x: [0, 1], y: [0, 1], dashed: true }],
    });
    const lines = [...svg.matchAll(/<path [^>]*aria-roledescription="line mark"[^>]*>/g)].map((m) => m[0]);
    expect(lines).toHaveLength(2);
    // Solid first, dashed after it (SVG paints later elements on top), each in its own colour.
    expect(lines[0]).not.toContain('stroke-dasharray');
    expect(lines[1]).toContain('stroke-dasharray="7,4"');
    const stroke = (l: string) => /stroke="(#[0-9a-f]+)"/.exec(l)?.[1];
    expect(stroke(lines[0])).not.toBe(stroke(lines[1]));
  });

  it('ticks a whole-number axis at whole numbers only', async () => {
    const svg = await renderLinePlotSvg({
      title: 'bounces', x: { label: 'bounce k', integer: true }, y: { label: 'apex', unit: 'm' },
      series: [{ name: 'apex', x: [1, 2, 3, 4], y: [0.6, 0.4, 0.25, 0.16], mark: 'point' }],
    });
    const xs = ticks(svg, 'x');
    expect(xs.length).toBeGreaterThan(1);
    for (const x of xs) expect(Number.isInteger(x)).toBe(true);
  });

  it('draws a labelled reference line and keeps noise far below 1e-3 of the value flat', async () => {
    const svg = await renderLinePlotSvg({
      title: 'e(v)', x: { label: 'v', unit: 'm/s', log: true }, y: { label: 'e' },
      series: [{ name: 'delivered', x: [0.001, 0.1, 10], y: [0.5000346, 0.5000368, 0.500035] }],
      references: [{ y: 0.5, label: 'target e = 0.5' }],
    });
    expect(texts(svg)).toContain('target e = 0.5');
    expect(svg).toContain('aria-roledescription="rule mark"');
    const ys = ticks(svg, 'y');
    expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThanOrEqual(0.3e-3);
  });
});

describe('SI units', () => {
  it('keeps 0.1–1000 in the unit and prefixes the rest to 1–1000', () => {
    expect(formatQuantity(73.5e9, 'Pa')).toBe('73.5 GPa');
    expect(formatQuantity(4e-6, 'm')).toBe('4 µm');
    expect(formatQuantity(250, 'N')).toBe('250 N');
    expect(formatQuantity(0.7, 's')).toBe('0.7 s');
    expect(formatQuantity(3.3751e-6, 's')).toBe('3.38 µs');
    expect(formatQuantity(0.005, 'kg')).toBe('5 g');
    expect(prefixFor(0.015, 'm')).toEqual({ unit: 'mm', factor: 1000 });
  });
});
