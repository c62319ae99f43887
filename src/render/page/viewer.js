// The viewer page: plays a run (play/pause, loop, frame steps by buttons and arrow keys, a timeline with time
// ticks, speed, colour mode, legend, scale bar, the run's result, summary numbers and parameters) and, with
// ?export=1, serves the headless exporter, which drives it frame by frame through window.grainflow. It opens on
// the last frame, the outcome the result describes; Play from there starts again at the first.
import { DamagedFrameError } from './frame-values.js';
import { loadRun } from './run-data.js';
import { RunScene, CAMERA_PRESETS, isDischarge } from './scene.js';
import { colorize, drawLegend, prefixed, COLOR_MODES } from './colors.js';

/** Labelled time ticks under the timeline. */
const TICKS = 5;
/** Length of the scale bar on screen, about, in overlay units (px at 1280×720). */
const SCALE_BAR_UNITS = 150;
/** The view size at which one overlay unit is one pixel. */
const REFERENCE_VIEW = [1280, 720];

const params = new URLSearchParams(location.search);
const exporting = params.has('export');
/** --overlay-scale: a factor on the overlay's size (1: proportional to the view) */
const overlayScale = Number(params.get('overlay') ?? 1);
const $ = (id) => document.getElementById(id);

/** auto: from the front for a discharge (the orifice and the jet in view, the cut-away through them), else iso. */
function parseCamera(text, run) {
  if (text === 'auto') return CAMERA_PRESETS[isDischarge(run) ? 'front' : 'iso'];
  if (CAMERA_PRESETS[text]) return CAMERA_PRESETS[text];
  const angles = text.split(',').map(Number);
  if (angles.length === 2 && angles.every(Number.isFinite)) return angles;
  throw new Error(`camera must be one of ${Object.keys(CAMERA_PRESETS).join(', ')} or "azimuth,elevation" in degrees`);
}

function parseRange(text) {
  if (text === null) return null;
  const range = text.split(',').map(Number);
  if (range.length !== 2 || !range.every(Number.isFinite) || !(range[0] < range[1])) throw new Error('range must be MIN,MAX with MIN < MAX');
  return range;
}

/** Shows `error` on the page and reports it to the exporter; a damaged frame file also as { file, problem }. */
function showError(error) {
  $('error').hidden = false;
  $('error').textContent = `Cannot show this run: ${error.message}`;
  const damaged = error instanceof DamagedFrameError ? { file: error.file, problem: error.problem } : undefined;
  window.grainflow = { ...window.grainflow, error: error.message, damaged };
}

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Values of the run summary (summary.json); collisions only when the run recorded them (outputs.impacts). */
const SUMMARY_FIELDS = [
  ['particles', (s) => s.particles],
  ['steps', (s) => s.steps],
  ['time step (s)', (s) => s.dt],
  ['simulated time (s)', (s) => s.simulatedTime],
  ['collisions', (s, scenario) => (scenario?.outputs?.impacts === false ? undefined : s.impacts)],
  ['final kinetic energy (J)', (s) => s.final?.kineticEnergy],
  ['final contacts', (s) => s.final?.contacts],
  ['wall time (s)', (s) => s.performance?.wallSeconds],
  ['particle-steps/s', (s) => s.performance?.particleStepsPerSecond],
];

/** Parameters of the run, from its resolved scenario.json. */
const PARAMETER_FIELDS = [
  ['contact law', (c) => c.contact?.normal?.model],
  ['restitution e', (c) => c.contact?.normal?.restitution],
  ['friction μ', (c) => c.contact?.friction],
  ['rolling friction μ_r', (c) => c.contact?.rollingFriction],
  ['materials', (c) => Object.entries(c.materials ?? {}).map(([name, m]) =>
    `${name} (E ${pascals(m.youngsModulus)}, ρ ${formatNumber(m.density)} kg/m³)`).join(', ')],
  ['walls', (c) => c.walls?.map((w) => w.type + (w.removeAt !== undefined ? ` removed at ${w.removeAt} s`
    : w.motion ? ' moving' : '')).join(', ')],
  ['gravity (m/s²)', (c) => c.gravity?.map(formatNumber).join(', ')],
  ['duration (s)', (c) => c.time?.duration],
  ['output interval (s)', (c) => c.derived?.outputInterval_s],
  ['seed', (c) => c.seed],
];

function formatNumber(value) {
  if (typeof value !== 'number' || Number.isInteger(value)) return String(value);
  const magnitude = Math.abs(value);
  return magnitude !== 0 && (magnitude < 1e-3 || magnitude >= 1e5) ? value.toExponential(3) : String(+value.toPrecision(4));
}

/** A modulus with the prefix a materials table uses: 5 MPa, 73.5 GPa. */
function pascals(value) {
  for (const [prefix, factor] of [['G', 1e9], ['M', 1e6], ['k', 1e3]]) {
    if (Math.abs(value) >= factor) return `${+(value / factor).toPrecision(4)} ${prefix}Pa`;
  }
  return `${formatNumber(value)} Pa`;
}

function fillList(list, facts) {
  for (const [label, value] of facts) {
    if (value === undefined || value === null || value === '') continue;
    const dt = document.createElement('dt');
    dt.textContent = label;
    const dd = document.createElement('dd');
    dd.textContent = formatNumber(value);
    list.append(dt, dd);
  }
}

function showSummary(run) {
  const { summary, scenario, index } = run;
  $('headline').textContent = summary?.analysis?.headline ?? (summary ? 'this scenario has no analysis' : 'no summary.json');
  fillList($('summary'), summary ? SUMMARY_FIELDS.map(([label, get]) => [label, get(summary, scenario)])
    : [['particles', index.particles], ['frames', index.frames.length]]);
  if (scenario) fillList($('parameters'), PARAMETER_FIELDS.map(([label, get]) => [label, get(scenario)]));
  // How far apart the stored frames are, beside the parameters: the requested interval (frames hold the state at
  // exactly their times, docs/outputs.md "Frames at the requested times"), or a run's own spacing (an import's dumps).
  if (index.frames.length > 1) fillList($('parameters'), [['frames every (s)', index.frames[1].t - index.frames[0].t]]);
}

/** Times at TICKS evenly spaced frames, as datalist ticks on the slider and labels under it. */
function showTimeTicks(index) {
  const last = index.frames.length - 1;
  const frames = [...new Set(Array.from({ length: TICKS }, (_, j) => Math.round((j * last) / (TICKS - 1))))];
  const { unit, factor } = prefixed(Math.abs(index.frames[last].t), 's');
  for (const k of frames) {
    const option = document.createElement('option');
    option.value = String(k);
    $('ticks').append(option);
    const label = document.createElement('span');
    label.style.left = `${last > 0 ? (100 * k) / last : 0}%`;
    label.textContent = `${+(index.frames[k].t * factor).toPrecision(3)}${k === last ? ` ${unit}` : ''}`;
    $('tick-labels').append(label);
  }
}

/**
 * One overlay unit in pixels for a view of this size: proportional to the view (the smaller of its width and height
 * ratios to REFERENCE_VIEW), times the requested overlay scale. The interactive viewer keeps at least 0.75 (text
 * stays readable in a small window).
 */
function overlayUnit(width, height) {
  const proportional = Math.min(width / REFERENCE_VIEW[0], height / REFERENCE_VIEW[1]);
  return (exporting ? proportional : Math.max(0.75, proportional)) * overlayScale;
}

/** A bar of a round length (1, 2 or 5 × 10^k m) near SCALE_BAR_UNITS long at the framed centre's distance. */
function showScaleBar(scene, overlayPixels) {
  const perMetre = scene.pixelsPerMetre();
  const target = (SCALE_BAR_UNITS * overlayPixels) / perMetre;
  const decade = 10 ** Math.floor(Math.log10(target));
  const length = [1, 2, 5, 10].map((m) => m * decade).reduce((best, l) => (Math.abs(l - target) < Math.abs(best - target) ? l : best));
  const { unit, factor } = prefixed(length, 'm');
  $('scale-line').style.width = `${Math.round(length * perMetre)}px`;
  $('scale-label').textContent = `${+(length * factor).toPrecision(3)} ${unit}`;
}

async function main() {
  if (exporting) document.body.classList.add('export');
  const run = await loadRun();
  const { index } = run;
  const canvas = $('view');
  const cutParam = params.get('cut') ?? 'auto';
  if (!['on', 'off', 'auto'].includes(cutParam)) throw new Error('cut must be on, off or auto');
  const cut = cutParam === 'auto' ? isDischarge(run) : cutParam === 'on';
  const scene = new RunScene(canvas, run, { interactive: !exporting, fit: params.get('fit') ?? 'auto', cut });
  $('cut').checked = cut;
  $('cut').addEventListener('change', () => {
    scene.setCut($('cut').checked);
    redraw();
  });
  let colorBy = params.get('color') ?? 'speed';
  if (!COLOR_MODES.includes(colorBy)) throw new Error(`color must be one of ${COLOR_MODES.join(', ')}`);
  const colorOptions = { scale: params.get('scale') ?? 'run', range: parseRange(params.get('range')) };
  const tint = new Float32Array(3 * index.particles);
  const last = index.frames.length - 1;
  let current = last;
  let shown = null;

  $('run-name').textContent = index.name;
  $('title').textContent = `${index.name} — ${plural(index.particles, 'sphere')}`;
  $('scrub').max = String(last);
  $('color-by').value = colorBy;
  showSummary(run);
  showTimeTicks(index);

  let overlayPixels = 1;
  const redraw = () => {
    scene.render();
    showScaleBar(scene, overlayPixels);
  };
  const resize = () => {
    overlayPixels = overlayUnit(canvas.clientWidth, canvas.clientHeight);
    $('overlay').style.setProperty('--u', `${overlayPixels}px`);
    scene.resize(canvas.clientWidth, canvas.clientHeight);
    redraw();
  };
  scene.aim(parseCamera(params.get('camera') ?? 'auto', run));
  scene.controls?.addEventListener('change', () => showScaleBar(scene, overlayPixels));
  new ResizeObserver(resize).observe(canvas);
  resize();

  async function show(k) {
    current = k;
    let frame;
    try {
      frame = await run.frame(k);
    } catch (error) {
      // Said on the page (a frame of the interactive viewer has no caller to tell) and to the exporter.
      showError(error);
      throw error;
    }
    if (current !== k) return; // a later request overtook this one
    const legend = colorize(colorBy, run, frame, tint, colorOptions);
    scene.setParticles(frame.position, tint);
    scene.placeWalls(frame.walls);
    redraw();
    shown = k;
    $('time').textContent = `t = ${frame.t.toFixed(Math.max(3, -Math.floor(Math.log10(index.frames[1]?.t || 1)) + 1))} s`
      + `   frame ${k + 1}/${index.frames.length}`;
    $('scrub').value = String(k);
    drawLegend($('legend'), legend);
  }

  // Playback in simulated time: at 1× one second of the run takes one second (frames the display cannot keep up
  // with are skipped), so a bouncing ball falls as fast as a real one; the speed menu slows it down or speeds it up.
  let playing = false;
  let simulated = 0;
  let previous = 0;
  /** The last stored frame at or before simulated time t. */
  const frameAt = (t) => {
    let [lo, hi] = [0, last];
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (index.frames[mid].t <= t) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  function tick(now) {
    if (!playing) return;
    simulated += ((now - previous) / 1000) * Number($('speed').value);
    previous = now;
    if (shown === current) {
      if (simulated > index.frames[last].t) {
        if (current < last) show(last);
        else if ($('loop').checked) {
          simulated = index.frames[0].t;
          show(0);
        } else setPlaying(false);
      } else if (frameAt(simulated) !== current) show(frameAt(simulated));
    }
    requestAnimationFrame(tick);
  }
  function setPlaying(on) {
    playing = on;
    $('play').textContent = on ? 'Pause' : 'Play';
    if (on) {
      if (current >= last) show(0);
      simulated = index.frames[current >= last ? 0 : current].t;
      previous = performance.now();
      requestAnimationFrame(tick);
    }
  }
  const step = (by) => {
    setPlaying(false);
    show(Math.min(last, Math.max(0, current + by)));
  };
  $('play').addEventListener('click', () => setPlaying(!playing));
  $('previous').addEventListener('click', () => step(-1));
  $('next').addEventListener('click', () => step(1));
  $('scrub').addEventListener('input', () => show(Number($('scrub').value)));
  $('color-by').addEventListener('change', () => {
    colorBy = $('color-by').value;
    show(current);
  });
  document.addEventListener('keydown', (event) => {
    if (event.target instanceof HTMLSelectElement) return;
    const keys = {
      ArrowLeft: () => step(-1), ArrowRight: () => step(1), Home: () => step(-last), End: () => step(last),
      ' ': () => setPlaying(!playing),
    };
    if (!keys[event.key]) return;
    event.preventDefault();
    keys[event.key]();
  });

  await show(last);
  window.grainflow = {
    ready: true,
    frames: index.frames.length,
    show,
    camera: () => scene.cameraState(),
    webgl2: scene.renderer.capabilities.isWebGL2,
  };
}

main().catch(showError);
