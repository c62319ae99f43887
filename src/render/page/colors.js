// Colour schemes of the viewer and the exporter: a per-particle colour for each mode and its legend (its ticks in
// the unit with the SI prefix that keeps them between 0.1 and 1000: mm, mm/s …).
// Continuous quantities use viridis (perceptually uniform, legible in grey); materials use the tab10 palette.
const VIRIDIS = ['#440154', '#472c7a', '#3b518b', '#2c718e', '#21908d', '#27ad81', '#5cc863', '#aadc32', '#fde725']
  .map(rgb);
const CATEGORIES = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f',
  '#bcbd22', '#17becf'].map(rgb);

export const COLOR_MODES = ['speed', 'height', 'id', 'material'];

function rgb(hex) {
  const v = parseInt(hex.slice(1), 16);
  return [(v >> 16) / 255, ((v >> 8) & 255) / 255, (v & 255) / 255];
}

/** Viridis at s in [0, 1] (clamped), linear between the nine anchors. */
export function viridis(s, out, at) {
  const x = Math.min(Math.max(s, 0), 1) * (VIRIDIS.length - 1);
  const k = Math.min(Math.floor(x), VIRIDIS.length - 2);
  const f = x - k, a = VIRIDIS[k], b = VIRIDIS[k + 1];
  out[at] = a[0] + f * (b[0] - a[0]);
  out[at + 1] = a[1] + f * (b[1] - a[1]);
  out[at + 2] = a[2] + f * (b[2] - a[2]);
}

/**
 * Fills `out` (rgb per particle, 0..1) for the colour mode and returns the legend:
 * { kind: 'continuous', title, unit, min, max, perFrame } or { kind: 'categorical', title, entries: [{ name, color }] }.
 * Ranges: `range` ([min, max]) if given; else with scale 'run' the run's (1st–99th percentile of the values of
 * every frame pooled, speed from 0: one colour, one value, in every frame), with 'frame' this frame's alone
 * (then `perFrame`, and the legend says so: the same colour means another value in the next frame).
 */
export function colorize(mode, run, frame, out, { scale = 'run', range = null } = {}) {
  const { index } = run;
  const n = frame.count;
  if (mode === 'material') {
    for (let p = 0; p < n; p++) out.set(CATEGORIES[run.material[p] % CATEGORIES.length], 3 * p);
    const used = new Set(run.material);
    const entries = index.materials.map((name, k) => ({ name, color: CATEGORIES[k % CATEGORIES.length] }))
      .filter((_, k) => used.has(k));
    return { kind: 'categorical', title: 'material', entries };
  }
  const perFrame = range === null && scale === 'frame';
  const robust = (quantity) => range ?? (perFrame ? frame.ranges : run.colorScale)[quantity];
  let value, min, max, title, unit;
  if (mode === 'speed') {
    [min, max] = robust('speed');
    value = (p) => frame.speed[p];
    title = 'speed';
    unit = 'm/s';
  } else if (mode === 'height') {
    [min, max] = robust('height');
    value = (p) => frame.position[3 * p + 2];
    title = 'height z';
    unit = 'm';
  } else {
    [min, max] = [0, Math.max(1, n - 1)];
    value = (p) => p;
    title = 'particle id';
    unit = '';
  }
  const span = max > min ? max - min : 1;
  for (let p = 0; p < n; p++) viridis((value(p) - min) / span, out, 3 * p);
  return { kind: 'continuous', title, unit, min, max, perFrame: perFrame && mode !== 'id' };
}

/** The unit with an SI prefix that puts `largest` (in `unit`) between 0.1 and 1000, and its factor. */
export function prefixed(largest, unit) {
  if (!unit || !(largest > 0)) return { unit, factor: 1 };
  for (const [prefix, factor] of [['', 1], ['m', 1e3], ['µ', 1e6], ['n', 1e9]]) {
    if (largest * factor >= 0.1) return { unit: `${prefix}${unit}`, factor };
  }
  return { unit: `n${unit}`, factor: 1e9 };
}

const format = (v) => (Number.isInteger(v) ? String(v) : `${+v.toPrecision(3)}`);

export function drawLegend(element, legend) {
  element.replaceChildren();
  const title = document.createElement('div');
  const shown = legend.kind === 'continuous' ? prefixed(Math.max(Math.abs(legend.min), Math.abs(legend.max)), legend.unit)
    : { unit: '', factor: 1 };
  title.textContent = shown.unit ? `${legend.title} (${shown.unit})` : legend.title;
  element.append(title);
  if (legend.kind === 'categorical') {
    for (const { name, color } of legend.entries) {
      const row = document.createElement('div');
      const swatch = document.createElement('span');
      swatch.className = 'swatch';
      swatch.style.background = `rgb(${color.map((c) => Math.round(255 * c)).join(',')})`;
      row.append(swatch, name);
      element.append(row);
    }
    return;
  }
  const bar = document.createElement('canvas');
  bar.width = 160;
  bar.height = 1;
  const ctx = bar.getContext('2d');
  const image = ctx.createImageData(160, 1);
  const c = [0, 0, 0];
  for (let x = 0; x < 160; x++) {
    viridis(x / 159, c, 0);
    image.data.set([...c.map((v) => Math.round(255 * v)), 255], 4 * x);
  }
  ctx.putImageData(image, 0, 0);
  const ticks = document.createElement('div');
  ticks.className = 'ticks';
  // One value throughout (every sphere at rest at t = 0): say so, rather than three equal ticks.
  const values = legend.max > legend.min ? [legend.min, (legend.min + legend.max) / 2, legend.max] : [legend.min];
  for (const v of values) {
    const tick = document.createElement('span');
    tick.textContent = (values.length === 1 ? 'all ' : '') + format(v * shown.factor);
    ticks.append(tick);
  }
  element.append(bar, ticks);
  if (legend.perFrame) {
    const note = document.createElement('div');
    note.className = 'per-frame';
    note.textContent = "scale: this frame's range";
    element.append(note);
  }
}
