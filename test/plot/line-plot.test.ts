import { describe, expect, it } from 'vitest';
import { renderLinePlotSvg } from '../../src/plot/line-plot.js';

describe('renderLinePlotSvg', () => {
  it('draws each series, both axis titles and a legend into a standalone SVG', async () => {
    const svg = await renderLinePlotSvg({
      title: 'restitution against impact speed',
      xLabel: 'impact speed v (m/s)',
      yLabel: 'restitution e',
      xLog: true,
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
      title: 't', xLabel: 'x', yLabel: 'y', yLog: true,
      series: [{ name: 's', x: [1, 2, 3], y: [1, 0, Number.NaN], mark: 'point' }],
    });
    expect(svg.match(/aria-roledescription="point"/g)?.length).toBe(1);
  });
});
