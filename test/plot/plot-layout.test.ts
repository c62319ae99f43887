/**
 * Plots a reader can use (issue 28, points 6–7): drawn in headless Chromium, every text of a plot lies inside the
 * SVG (legends and titles laid out by the widths of the fonts that draw them, not a generic estimate that cut
 * "…brilliantov.jso"), math markup (W^{2/5}, ρ_{b}) included, its superscripts raised and smaller; error bars;
 * at most 8 series to a panel, more as small multiples on shared axes; axes fitted to the data, not rounded out to
 * the next decade; the energy plot marks when a gate is removed or a wall moves (point 10).
 */
import { describe, expect, it } from 'vitest';
import { findChromium, launchChromium } from '../../src/render/browser.js';
import { MAX_GROUPS, renderLinePlotSvg, textWidth, type LinePlot } from '../../src/plot/line-plot.js';
import { createSetup } from '../../src/run/setup.js';
import { energyPlot, SERIES_HEADER } from '../../src/run/run.js';
import { wallEvents } from '../../src/run/wall-events.js';
import { loadScenarioFile } from '../../src/scenario/load.js';
import { browserTests } from '../helpers/viewer-page.js';

const texts = (svg: string) => [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
/** Tick labels of the x axis (the numeric texts of its SVG group). */
const xTicks = (svg: string) => {
  const axis = svg.split('aria-roledescription="axis"').slice(1).find((g) => /aria-label="[^"]*X-axis/.test(g)) ?? '';
  return texts(axis.split('role="graphics-object"')[0]).map(Number).filter(Number.isFinite);
};

/** Plots with the labels that were cut, long titles, error bars and many series. */
const PLOTS: LinePlot[] = [
  {
    title: 'granular temperature against time', subtitle: 'Haff\u2019s law T ∝ (1 + t/τ)⁻² for comparison',
    x: { label: 'time t', unit: 's' }, y: { label: 'granular temperature T', unit: 'J', log: true },
    series: ['granular-gas.json', 'granular-gas-brilliantov.json', 'rotational', 'discharged mass'].map((name, k) => ({
      name, x: [0, 0.1, 0.2, 0.3], y: [1, 0.5, 0.3, 0.2].map((v) => v * (k + 1)), mark: k % 2 ? 'point' as const : 'line' as const,
    })),
  },
  {
    title: 'angle of repose', x: { label: 'friction μ' }, y: { label: 'angle θ', unit: 'rad' },
    series: [{ name: 'measured, ± one standard deviation over the sectors', x: [0.2, 0.4, 0.6], y: [0.3, 0.45, 0.55], error: [0.02, 0.03, 0.05], mark: 'point' }],
  },
  {
    title: 'twenty-one laws', x: { label: 'impact speed v', unit: 'm/s', log: true }, y: { label: 'restitution e' },
    series: Array.from({ length: 21 }, (_, k) => ({ name: `law number ${k + 1}`, x: [0.02, 0.1, 0.5], y: [0.5, 0.5 + 0.01 * k, 0.6] })),
  },
  {
    title: 'energy', x: { label: 'time t', unit: 's' }, y: { label: 'energy', unit: 'J' },
    series: [{ name: 'kinetic', x: [0, 0.5, 1], y: [0, 2, 1] }],
    events: [{ x: 0.3, label: 'plane removed' }, { x: 0.95, label: 'cylinder starts moving' }],
  },
  // Math markup everywhere a text goes: title, two-line subtitle, both axes, a long legend, a reference label.
  {
    title: 'Beverloo: W^{2/5} against D', subtitle: ['W^{2/5} = (C ρ_{b} √g)^{2/5} (D − k d)', 'the line reaches zero at D = k d_{50}'],
    x: { label: 'orifice diameter D_{o}', unit: 'm' }, y: { label: 'W^{2/5} ((kg/s)^{2/5})' },
    series: [
      { name: 'grainflow, ρ_{b} = 1520 kg/m³, mean W^{2/5} of seeds 1–3 ± standard error', x: [0.02, 0.03, 0.04], y: [0.05, 0.1, 0.15], error: [0.01, 0.01, 0.02], mark: 'point' },
      { name: 'Beverloo at C_{min} = 0.55, k_{max} = 1.6', x: [0.02, 0.04], y: [0.05, 0.16] },
    ],
    references: [{ y: 0.1, label: 'k_{t} = 4G^{*}a' }],
  },
];

describe('plot layout in the SVG', () => {
  it('measures text by the widest face of its font list: an M is wider than an i, bold wider than regular', () => {
    expect(textWidth('M', 10)).toBeGreaterThan(2.5 * textWidth('i', 10));
    expect(textWidth('granular', 11, 'bold')).toBeGreaterThan(textWidth('granular', 11));
  });

  it('draws error bars, and more than 8 series as panels of at most 8', async () => {
    const bars = await renderLinePlotSvg(PLOTS[1]);
    expect(bars.match(/aria-roledescription="errorbar"/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
    const many = await renderLinePlotSvg(PLOTS[2]);
    const legends = many.split('aria-roledescription="legend"').slice(1);
    expect(legends).toHaveLength(Math.ceil(21 / MAX_GROUPS));
    for (const legend of legends) expect(texts(legend.split('aria-roledescription="axis"')[0]).filter((t) => t.startsWith('law')).length).toBeLessThanOrEqual(MAX_GROUPS);
  });

  it('marks on the energy plot when the gate is removed and the cylinder starts to rise', async () => {
    const setup = createSetup(loadScenarioFile('test/fixtures/render-walls.json'), { workers: 1 });
    const events = wallEvents(setup);
    expect(events).toEqual([{ x: 0.002, label: 'cylinder starts moving' }, { x: 0.004, label: 'plane removed' }]);
    const rows = [0, 0.005, 0.01].map((t) => SERIES_HEADER.map((name) => (name === 't' ? t : 1)));
    const svg = await energyPlot(rows, false, events);
    expect(texts(svg)).toEqual(expect.arrayContaining(['cylinder starts moving', 'plane removed']));
  });

  it('fits a log axis to the data instead of the next decades', async () => {
    const svg = await renderLinePlotSvg(PLOTS[2]);
    for (const tick of xTicks(svg)) {
      expect(tick).toBeGreaterThanOrEqual(0.02 * 0.8);
      expect(tick).toBeLessThanOrEqual(0.5 * 1.25);
    }
  });
});

browserTests('plots drawn in Chromium', () => {
  it('keep every text inside the SVG', async () => {
    const browser = await launchChromium(findChromium());
    try {
      const page = await browser.newPage();
      for (const plot of PLOTS) {
        await page.setContent(`<!doctype html><body style="margin:0">${await renderLinePlotSvg(plot)}</body>`);
        const outside = await page.evaluate(`(() => {
          const svg = document.querySelector('svg').getBoundingClientRect();
          return [...document.querySelectorAll('text')].filter((t) => t.textContent.trim() !== '').map((t) => {
            const r = t.getBoundingClientRect();
            return { text: t.textContent, inside: r.left >= svg.left - 0.5 && r.right <= svg.right + 0.5 && r.top >= svg.top - 0.5 && r.bottom <= svg.bottom + 0.5 };
          }).filter((t) => !t.inside).map((t) => t.text);
        })()`);
        expect(outside, plot.title).toEqual([]);
      }
      // The title's superscript drawn smaller and above the text around it.
      const [base, script] = await page.evaluate(`(() => {
        const title = [...document.querySelectorAll('text')].find((t) => t.textContent.startsWith('Beverloo: W2/5'));
        return [title.querySelector('tspan:not([font-size])'), title.querySelector('tspan[font-size]')].map((t) => {
          const r = t.getBoundingClientRect();
          return { top: r.top, bottom: r.bottom, height: r.height };
        });
      })()`) as { top: number; bottom: number; height: number }[];
      expect(script.height).toBeLessThan(0.8 * base.height);
      expect(script.top).toBeLessThan(base.top);
      expect(script.bottom).toBeLessThan(base.bottom - 2);
    } finally {
      await browser.close();
    }
  });
});
