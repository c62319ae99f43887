// The viewer page: plays a run (play/pause, scrub, speed, colour mode, legend, summary numbers) and, with
// ?export=1, serves the headless exporter, which drives it frame by frame through window.grainflow.
import { loadRun } from './run-data.js';
import { RunScene, CAMERA_PRESETS } from './scene.js';
import { colorize, drawLegend, COLOR_MODES } from './colors.js';

/** Playback rate at speed 1×, in stored frames per second. */
const FRAMES_PER_SECOND = 20;

const params = new URLSearchParams(location.search);
const exporting = params.has('export');
const $ = (id) => document.getElementById(id);

function parseCamera(text) {
  if (CAMERA_PRESETS[text]) return CAMERA_PRESETS[text];
  const angles = text.split(',').map(Number);
  if (angles.length === 2 && angles.every(Number.isFinite)) return angles;
  throw new Error(`camera must be one of ${Object.keys(CAMERA_PRESETS).join(', ')} or "azimuth,elevation" in degrees`);
}

function showError(error) {
  $('error').hidden = false;
  $('error').textContent = `Cannot show this run: ${error.message}`;
  window.grainflow = { ...window.grainflow, error: error.message };
}

const SUMMARY_FIELDS = [
  ['particles', (s) => s.particles],
  ['steps', (s) => s.steps],
  ['time step (s)', (s) => s.dt],
  ['simulated time (s)', (s) => s.simulatedTime],
  ['collisions', (s) => s.impacts],
  ['final kinetic energy (J)', (s) => s.final?.kineticEnergy],
  ['final contacts', (s) => s.final?.contacts],
  ['wall time (s)', (s) => s.performance?.wallSeconds],
  ['particle-steps/s', (s) => s.performance?.particleStepsPerSecond],
];

function formatNumber(value) {
  if (typeof value !== 'number' || Number.isInteger(value)) return String(value);
  const magnitude = Math.abs(value);
  return magnitude !== 0 && (magnitude < 1e-3 || magnitude >= 1e5) ? value.toExponential(3) : String(+value.toPrecision(4));
}

function showSummary(summary, index) {
  const list = $('summary');
  const facts = summary
    ? SUMMARY_FIELDS.map(([label, get]) => [label, get(summary)]).filter(([, v]) => v !== undefined)
    : [['particles', index.particles], ['frames', index.frames.length]];
  for (const [label, value] of facts) {
    const dt = document.createElement('dt');
    dt.textContent = label;
    const dd = document.createElement('dd');
    dd.textContent = formatNumber(value);
    list.append(dt, dd);
  }
}

async function main() {
  if (exporting) document.body.classList.add('export');
  const run = await loadRun();
  const { index } = run;
  const canvas = $('view');
  const scene = new RunScene(canvas, run, { interactive: !exporting });
  let colorBy = params.get('color') ?? 'speed';
  if (!COLOR_MODES.includes(colorBy)) throw new Error(`color must be one of ${COLOR_MODES.join(', ')}`);
  const tint = new Float32Array(3 * index.particles);
  const last = index.frames.length - 1;
  let current = 0;
  let shown = null;

  $('run-name').textContent = index.name;
  $('title').textContent = `${index.name} — ${index.particles} spheres`;
  $('scrub').max = String(last);
  $('color-by').value = colorBy;
  showSummary(run.summary, index);

  const resize = () => {
    scene.resize(canvas.clientWidth, canvas.clientHeight);
    scene.render();
  };
  scene.aim(parseCamera(params.get('camera') ?? 'iso'));
  new ResizeObserver(resize).observe(canvas);
  resize();

  async function show(k) {
    current = k;
    const frame = await run.frame(k);
    if (current !== k) return; // a later request overtook this one
    const legend = colorize(colorBy, run, frame, tint);
    scene.setParticles(frame.position, tint);
    scene.render();
    shown = k;
    $('time').textContent = `t = ${frame.t.toFixed(Math.max(3, -Math.floor(Math.log10(index.frames[1]?.t || 1)) + 1))} s`
      + `   frame ${k + 1}/${index.frames.length}`;
    $('scrub').value = String(k);
    drawLegend($('legend'), legend);
  }

  // Playback: advance by wall-clock time so the rate does not depend on how fast frames render.
  let playing = false;
  let clock = 0;
  let previous = 0;
  function tick(now) {
    if (!playing) return;
    clock += ((now - previous) / 1000) * FRAMES_PER_SECOND * Number($('speed').value);
    previous = now;
    const steps = Math.floor(clock);
    if (steps > 0 && shown === current) {
      clock -= steps;
      if (current >= last) setPlaying(false);
      else show(Math.min(last, current + steps));
    }
    requestAnimationFrame(tick);
  }
  function setPlaying(on) {
    playing = on;
    $('play').textContent = on ? 'Pause' : 'Play';
    if (on) {
      if (current >= last) show(0);
      previous = performance.now();
      clock = 0;
      requestAnimationFrame(tick);
    }
  }
  $('play').addEventListener('click', () => setPlaying(!playing));
  $('scrub').addEventListener('input', () => show(Number($('scrub').value)));
  $('color-by').addEventListener('change', () => {
    colorBy = $('color-by').value;
    show(current);
  });

  await show(0);
  window.grainflow = {
    ready: true,
    frames: index.frames.length,
    show,
    camera: () => scene.cameraState(),
    webgl2: scene.renderer.capabilities.isWebGL2,
  };
}

main().catch(showError);
