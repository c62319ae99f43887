/**
 * Math typography in plot text: a small markup for super- and subscripts, `W^{2/5}` and `ρ_{b}`, split into runs
 * for measuring and written into the SVG as raised or lowered <tspan>s at a smaller size. Braces are required, so a
 * caret or underscore elsewhere (a file name, "e^x" in prose) stays literal; scripts do not nest.
 *
 * Vega draws each text as one string, so the markup passes through it unchanged and is typeset afterwards in the
 * SVG it wrote (typesetMath). The shift is a `dy`, not `baseline-shift`, which Firefox ignores; each script's `dy`
 * is taken back on the next run or the next line, so lines below stay where Vega put them.
 */

export type ScriptLevel = 'base' | 'sup' | 'sub';

export interface TextRun {
  text: string;
  level: ScriptLevel;
}

/** Size of a script relative to its line (TeX's scriptstyle is 0.7). */
export const SCRIPT_SCALE = 0.7;

/** Where a run's baseline sits, in em of the line's size, downwards as SVG's y: a superscript's raised by about
 * TeX's 0.36 em, a subscript's lowered by 0.2 em, both keeping the script inside the line's ascent and descent
 * once at SCRIPT_SCALE. */
const BASELINE_EM: Record<ScriptLevel, number> = { base: 0, sup: -0.36, sub: 0.2 };

const SCRIPT = /([\^_])\{([^{}]*)\}/g;

/** The runs of `text`: plain text at the base size, and each `^{…}` or `_{…}` as a script (empty runs left out). */
export function mathRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  let at = 0;
  for (const m of text.matchAll(SCRIPT)) {
    if (m.index > at) runs.push({ text: text.slice(at, m.index), level: 'base' });
    if (m[2] !== '') runs.push({ text: m[2], level: m[1] === '^' ? 'sup' : 'sub' });
    at = m.index + m[0].length;
  }
  if (at < text.length) runs.push({ text: text.slice(at), level: 'base' });
  return runs;
}

/** `text` without its markup, as a reader of plain text would write it: W^(2/5), ρ_b. */
export function plainMath(text: string): string {
  return mathRuns(text).map((r) => (r.level === 'base' ? r.text : `${r.level === 'sup' ? '^' : '_'}${r.text.length > 1 ? `(${r.text})` : r.text}`)).join('');
}

const px = (v: number) => `${+v.toFixed(2)}`;

/**
 * The SVG `svg` with the markup in its <text> elements typeset: scripts as <tspan>s shifted by `dy` at
 * SCRIPT_SCALE of the element's font size. Handles the one-line texts Vega writes and its multi-line ones (a
 * <tspan> per line, the later ones `dy` below the one before). Texts without markup are left as they are; the
 * accessible labels (aria-label) get the plain form, which a screen reader reads better than braces.
 */
export function typesetMath(svg: string): string {
  return svg.replace(/aria-label="([^"]*)"/g, (_, label: string) => `aria-label="${plainMath(label)}"`).replace(/<text([^>]*)>([\s\S]*?)<\/text>/g, (whole, attributes: string, content: string) => {
    if (!content.match(SCRIPT)) return whole;
    const size = Number(/font-size="([\d.]+)px"/.exec(attributes)?.[1] ?? 11);
    // The current baseline below the line's own, in px: taken back by the next run or the next line's dy.
    let shift = 0;
    const line = (text: string) => mathRuns(text).map((run) => {
      const target = BASELINE_EM[run.level] * size;
      const dy = target - shift;
      shift = target;
      const attrs = `${dy === 0 ? '' : ` dy="${px(dy)}"`}${run.level === 'base' ? '' : ` font-size="${px(size * SCRIPT_SCALE)}px"`}`;
      return attrs === '' ? run.text : `<tspan${attrs}>${run.text}</tspan>`;
    }).join('');
    const lines = [...content.matchAll(/<tspan([^>]*)>([^<]*)<\/tspan>/g)];
    if (lines.length === 0) return `<text${attributes}>${line(content)}</text>`;
    return `<text${attributes}>${lines.map(([, lineAttributes, text]) => {
      const dy = Number(/dy="([-\d.]+)"/.exec(lineAttributes)?.[1] ?? 0) - shift;
      shift = 0;
      const rest = lineAttributes.replace(/\s*dy="[-\d.]+"/, '');
      return `<tspan${rest}${dy === 0 ? '' : ` dy="${px(dy)}"`}>${line(text)}</tspan>`;
    }).join('')}</text>`;
  });
}
