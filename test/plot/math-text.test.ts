/**
 * Math typography in plot text (src/plot/math-text.ts, issue 28 point 6): `W^{2/5}` and `ρ_{b}` become raised and
 * lowered scripts at a smaller size, measured at that size, and a script's shift never moves the text after it or
 * the lines below; a caret or underscore without braces stays literal.
 */
import { describe, expect, it } from 'vitest';
import { renderLinePlotSvg, textWidth } from '../../src/plot/line-plot.js';
import { mathRuns, plainMath, SCRIPT_SCALE, typesetMath } from '../../src/plot/math-text.js';

/** Sum of the dy values (px) of the <tspan>s in `svg` that carry one. */
const netDy = (svg: string) => [...svg.matchAll(/<tspan[^>]*\sdy="([-\d.]+)"/g)].reduce((sum, m) => sum + Number(m[1]), 0);

describe('math markup', () => {
  it('splits text into base runs and scripts, and leaves a bare caret or underscore alone', () => {
    expect(mathRuns('W^{2/5} ((kg/s)^{2/5})')).toEqual([
      { text: 'W', level: 'base' }, { text: '2/5', level: 'sup' }, { text: ' ((kg/s)', level: 'base' }, { text: '2/5', level: 'sup' },
      { text: ')', level: 'base' },
    ]);
    expect(mathRuns('ρ_{b}')).toEqual([{ text: 'ρ', level: 'base' }, { text: 'b', level: 'sub' }]);
    expect(mathRuns('heap_json ^ e_t')).toEqual([{ text: 'heap_json ^ e_t', level: 'base' }]);
    expect(plainMath('W^{2/5} = (C ρ_{b})')).toBe('W^(2/5) = (C ρ_b)');
  });

  it('measures a script at its smaller size', () => {
    expect(textWidth('W^{2/5}', 10)).toBeCloseTo(textWidth('W', 10) + SCRIPT_SCALE * textWidth('2/5', 10), 10);
    expect(textWidth('ρ_{b}', 11, 'bold')).toBeCloseTo(textWidth('ρ', 11, 'bold') + SCRIPT_SCALE * textWidth('b', 11, 'bold'), 10);
    expect(textWidth('W^{2/5}', 10)).toBeLessThan(textWidth('W2/5', 10));
  });

  it('raises a superscript, lowers a subscript, both smaller, and returns to the baseline after them', () => {
    const svg = typesetMath('<text font-size="10px">W<tspan>x</tspan></text><text font-size="10px">W^{2} and ρ_{b}</text>');
    expect(svg).toContain('<text font-size="10px">W<tspan>x</tspan></text>');
    const sup = /<tspan dy="(-[\d.]+)" font-size="7px">2<\/tspan>/.exec(svg);
    const sub = /<tspan dy="([\d.]+)" font-size="7px">b<\/tspan>/.exec(svg);
    expect(sup).not.toBeNull();
    expect(sub).not.toBeNull();
    expect(svg).toContain('>W<tspan');
    expect(svg).toMatch(/<tspan dy="[\d.]+"> and ρ<\/tspan>/);
    // A script at the end of a line is taken back by the next line's dy, so the lines keep Vega's spacing.
    const lines = typesetMath('<text font-size="10px"><tspan>a^{2}</tspan><tspan x="0" dy="14">b_{1}</tspan><tspan x="0" dy="14">c</tspan></text>');
    // The last line's c is on the baseline Vega gave it: 2 × 14 px below the first.
    expect(lines).toMatch(/<tspan x="0" dy="[\d.]+">c<\/tspan><\/text>$/);
    expect(netDy(lines)).toBeCloseTo(28, 10);
  });

  it('typesets the markup in every text of a plot and keeps the plain form for screen readers', async () => {
    const svg = await renderLinePlotSvg({
      title: 'Beverloo W^{2/5}', subtitle: ['bulk density ρ_{b}', 'second line'], x: { label: 'orifice D', unit: 'm' },
      y: { label: 'W^{2/5} ((kg/s)^{2/5})' }, series: [{ name: 'C ρ_{b} √g', x: [0, 1], y: [0, 1] }],
      references: [{ y: 0.5, label: 'e_{t} = 0.5' }],
    });
    expect(svg).not.toMatch(/[\^_]\{/);
    expect(svg.match(/font-size="[\d.]+px">2\/5<\/tspan>/g)?.length).toBe(3);
    expect(svg).toContain('aria-label="Y-axis titled \'W^(2/5) ((kg/s)^(2/5))\'');
  });
});
