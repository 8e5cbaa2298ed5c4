/**
 * Demo shell: scene switcher, HiDPI canvas that follows its container, fixed-step loop, input routing,
 * the stats panel and the window.__qc hooks the browser tests read.
 */
import type { PointerInfo, Scene, SceneHost, Stats } from './scene.js';
import { BenchmarkScene } from './scenes/benchmark.js';
import { BulletsScene } from './scenes/bullets.js';
import { CameraScene } from './scenes/camera.js';
import { PlaygroundScene } from './scenes/playground.js';
import { ShapesScene } from './scenes/shapes.js';
import { SnakeScene } from './scenes/snake.js';
import { el, fmt } from './util.js';

const factories: Record<string, () => Scene> = {
  playground: () => new PlaygroundScene(),
  camera: () => new CameraScene(),
  snake: () => new SnakeScene(),
  shapes: () => new ShapesScene(),
  bullets: () => new BulletsScene(),
  benchmark: () => new BenchmarkScene(),
};
const titles: Record<string, string> = {
  playground: '1 · Playground',
  camera: '2 · Camera',
  snake: '3 · Snake',
  shapes: '4 · Shapes & rays',
  bullets: '5 · Bullets',
  benchmark: '6 · Benchmark',
};
const ids = Object.keys(factories);

const canvas = document.getElementById('canvas') as HTMLCanvasElement;
const stage = document.getElementById('stage') as HTMLElement;
const controls = document.getElementById('controls') as HTMLElement;
const statsEl = document.getElementById('stats') as HTMLElement;
const helpEl = document.getElementById('help') as HTMLElement;
const aboutEl = document.getElementById('about') as HTMLElement;
const nav = document.getElementById('scenes') as HTMLElement;
const toastEl = document.getElementById('toast') as HTMLElement;
const ctx = canvas.getContext('2d', { alpha: false })!;

interface QcHooks {
  ready: boolean;
  scene: string;
  scenes: string[];
  seed: number;
  readonly stats: Stats;
  steps: number;
  frames: number;
  paused: boolean;
  errors: string[];
  api: Record<string, unknown>;
  setScene(id: string, seed?: number): void;
  setSeed(seed: number): void;
  pause(): void;
  resume(): void;
  step(n?: number): Stats;
}

declare global {
  interface Window {
    __qc: QcHooks;
  }
}

/** placeholder until the first scene mounts */
const idle: Scene = {
  id: '',
  title: '',
  help: '',
  about: '',
  defaultSeed: 1,
  mount() {},
  resize() {},
  step() {},
  draw() {},
  stats: () => ({}),
  dispose() {},
};
let scene: Scene = idle;
let dpr = 1;
let cssW = 0;
let cssH = 0;
let steps = 0;
let frames = 0;
let paused = false;
let fps = 0;
let frameMs = 0;
let lastFrame = 0;
let lastPanel = 0;
let toastTimer = 0;
let currentSeed = 0;
/** settings carried from a scene to its next instance during a reseed (see SceneHost.kept) */
let carried: unknown = null;

const params = new URLSearchParams(location.search);

const host: SceneHost = {
  canvas,
  ctx,
  controls,
  get seed() {
    return currentSeed;
  },
  params,
  get kept() {
    return carried;
  },
  width: 0,
  height: 0,
  pixelRatio: 1,
  toast(text, ms = 1800) {
    toastEl.textContent = text;
    toastEl.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = window.setTimeout(() => {
      toastEl.hidden = true;
    }, ms);
  },
};

const navButtons = ids.map((id) => {
  const a = el('a', { href: `#${id}`, id: `nav-${id}` }, titles[id]);
  nav.append(a);
  return a;
});

// seed box in the header: every scene is reproducible from its seed
const seedInput = el('input', { type: 'number', id: 'seed', min: '0', step: '1', 'aria-label': 'Seed' });
const seedBox = el('label', { class: 'seed' }, el('span', {}, 'seed'), seedInput);
document.getElementById('top')!.append(seedBox);
// The built site serves the examples next to the demo (demo/dist/examples/); the dev server does not.
if (import.meta.env.PROD) {
  document.getElementById('top')!.append(el('a', { href: './examples/', id: 'examples-link' }, 'examples'));
}
/**
 * A seed as the scenes' generators take it: a whole number from 0 to 2³² − 1. The seed box, ?seed= and the
 * hooks all go through here, so the URL the box writes shows the same scene when it is loaded.
 */
const clampSeed = (value: number): number => Math.min(Math.max(0, Math.floor(value)), 0xffffffff);
seedInput.addEventListener('change', () => qc.setSeed(Number(seedInput.value) || 0));

function collectStats(): Stats {
  return {
    scene: scene.id,
    seed: currentSeed,
    fps: Math.round(fps * 10) / 10,
    frameMs: Math.round(frameMs * 100) / 100,
    steps,
    frames,
    paused,
    ...scene.stats(),
  };
}

function renderPanel(s: Stats): void {
  const rows: Node[] = [];
  for (const [k, v] of Object.entries(s)) {
    if (k === 'scene' || k === 'frames' || k === 'paused') continue;
    const value =
      typeof v === 'number' ? fmt(v, Number.isInteger(v) ? 0 : k.endsWith('Ms') ? 2 : 1) : String(v);
    rows.push(el('dt', {}, k), el('dd', { 'data-stat': k }, value));
  }
  statsEl.replaceChildren(...rows);
}

/**
 * `id` if it names a scene, else 'playground', which an unknown #hash or ?scene= shows: the URL then says
 * #playground, so that a reload or a copied link reproduces it.
 */
function knownScene(id: string): string {
  if (factories[id]) return id;
  const url = new URL(location.href);
  url.hash = 'playground';
  history.replaceState(null, '', url);
  return 'playground';
}

function mountScene(id: string, seed?: number, keep: unknown = null): void {
  id = knownScene(id);
  scene.dispose();
  controls.replaceChildren();
  toastEl.hidden = true;
  scene = factories[id]();
  currentSeed = seed ?? scene.defaultSeed;
  seedInput.value = String(currentSeed);
  seedBox.hidden = scene.seeded === false;
  steps = 0;
  lastStepAt = 0; // (a new scene starts on the frame it is mounted, owing no time)
  paused = new URLSearchParams(location.search).get('paused') === '1';
  qc.paused = paused;
  for (const a of navButtons) a.setAttribute('aria-current', String(a.id === `nav-${id}`));
  document.body.dataset.scene = id; // lets the stylesheet size the panel per scene (the benchmark's table)
  helpEl.textContent = scene.help;
  aboutEl.replaceChildren(el('h2', {}, scene.title), el('p', {}, scene.about));
  document.title = `${scene.title} · quadcollide demo`;
  carried = keep;
  try {
    scene.mount(host);
  } finally {
    carried = null;
  }
  scene.resize(cssW, cssH);
  qc.scene = id;
  qc.seed = currentSeed;
  qc.api = scene.api ?? {};
  renderPanel(collectStats());
}

function resize(): void {
  const r = stage.getBoundingClientRect();
  dpr = Math.min(window.devicePixelRatio || 1, 3);
  cssW = Math.max(1, Math.floor(r.width));
  cssH = Math.max(1, Math.floor(r.height));
  canvas.style.width = `${cssW}px`;
  canvas.style.height = `${cssH}px`;
  canvas.width = Math.round(cssW * dpr);
  canvas.height = Math.round(cssH * dpr);
  host.width = cssW;
  host.height = cssH;
  host.pixelRatio = dpr;
  scene.resize(cssW, cssH);
}

/** the scene whose exception was last reported: one report per scene instance, not one per frame */
let reportedFor: Scene | null = null;

/** Every scene steps in fixed steps of 1/60 s, as many as real time asks for (see {@link stepsDue}). */
const STEP_MS = 1000 / 60;
/** The same step in seconds, what `scene.step` takes (the frame loop and `__qc.step` alike). */
const STEP = STEP_MS / 1000;
/**
 * Most steps one frame runs to catch up: after a slow frame or a tab that was hidden, the rest of
 * the time is dropped instead of run in a burst.
 */
const MAX_STEPS_PER_FRAME = 4;
/**
 * Most time, ms, one frame spends on steps beyond its first (see {@link runSteps}): one frame's worth.
 * Cheap steps catch up after a short stall as before; steps too slow to keep up with real time run one
 * per frame, and the time they owe is dropped.
 */
const STEP_BUDGET_MS = STEP_MS;
/** Real time not yet stepped, ms; and the frame time it was last counted at (0: start afresh). */
let owedMs = 0;
let lastStepAt = 0;

/**
 * How many fixed steps the frame at `now` runs: one per 1/60 s of real time, whatever the display's
 * refresh rate (a 120 Hz screen steps every other frame, instead of running the simulation at twice
 * its speed). A step is due once 90% of its time has passed, the rest owed to the next frame: a
 * 60 Hz display, whose frames come a little early or late, then steps once every frame.
 */
function stepsDue(now: number): number {
  owedMs = lastStepAt === 0 ? STEP_MS : Math.min(owedMs + (now - lastStepAt), MAX_STEPS_PER_FRAME * STEP_MS);
  lastStepAt = now;
  let due = 0;
  while (owedMs >= 0.9 * STEP_MS && due < MAX_STEPS_PER_FRAME) {
    owedMs -= STEP_MS;
    due++;
  }
  return due;
}

/**
 * Runs the `due` steps of a frame, or fewer: another step only while the steps run so far and one more
 * of their average length fit in {@link STEP_BUDGET_MS}. The first always runs. Steps that are too slow
 * (brute force over thousands of objects) would otherwise owe more time every frame than the frame can
 * pay back, and the page would spend all its time in catch-up steps (the "spiral of death"): the steps
 * left out are dropped, the simulation runs slower than real time, and the page answers input every
 * frame. Only how many steps a frame runs changes: the states, step after step, stay the same.
 */
function runSteps(due: number): void {
  const t0 = performance.now();
  for (let ran = 0; ran < due; ) {
    scene.step(STEP);
    steps++;
    ran++;
    const spent = performance.now() - t0;
    if (spent + spent / ran > STEP_BUDGET_MS) break;
  }
}

function frame(now: number): void {
  // Scheduled first: an exception in a scene must not stop the loop, or no later scene would ever run.
  requestAnimationFrame(frame);
  const t0 = performance.now();
  try {
    if (!paused && !scene.manualLoop) runSteps(stepsDue(now));
    else lastStepAt = 0;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    scene.draw(ctx);
  } catch (error) {
    if (reportedFor !== scene) {
      reportedFor = scene;
      console.error(`scene ${scene.id}:`, error);
      qc.errors.push(`scene ${scene.id}: ${error instanceof Error ? error.message : String(error)}`);
    }
    // a throw between save() and restore() must not leave the next frames clipped or scaled
    ctx.reset?.();
  }
  frames++;
  const spent = performance.now() - t0;
  frameMs = frameMs === 0 ? spent : frameMs * 0.9 + spent * 0.1;
  if (lastFrame) {
    const dt = now - lastFrame;
    if (dt > 0) fps = fps === 0 ? 1000 / dt : fps * 0.9 + (1000 / dt) * 0.1;
  }
  lastFrame = now;
  qc.steps = steps;
  qc.frames = frames;
  if (now - lastPanel > 250) {
    lastPanel = now;
    renderPanel(collectStats());
  }
}

const qc: QcHooks = {
  ready: false,
  scene: '',
  scenes: ids,
  seed: 0,
  /** always fresh: computed on read, so a test never sees last frame's numbers */
  get stats(): Stats {
    return collectStats();
  },
  steps: 0,
  frames: 0,
  paused: false,
  errors: [],
  api: {},
  setScene(id, seed) {
    if (seed !== undefined) seed = clampSeed(seed);
    const url = new URL(location.href);
    if (seed !== undefined) url.searchParams.set('seed', String(seed));
    else url.searchParams.delete('seed');
    url.hash = id;
    history.replaceState(null, '', url);
    mountScene(id, seed);
  },
  setSeed(seed) {
    seed = clampSeed(seed);
    const url = new URL(location.href);
    url.searchParams.set('seed', String(seed));
    history.replaceState(null, '', url);
    if (scene.seeded === false) {
      // A scene the seed does not change (the benchmark) is not started over for a new one.
      currentSeed = seed;
      seedInput.value = String(seed);
      qc.seed = seed;
      return;
    }
    // Same scene, new seed: the user's choices (count, mode, options…) carry over.
    mountScene(scene.id, seed, scene.settings?.() ?? null);
  },
  pause() {
    paused = true;
    qc.paused = true;
  },
  resume() {
    paused = false;
    qc.paused = false;
  },
  step(n = 1) {
    for (let i = 0; i < n; i++) {
      scene.step(STEP);
      steps++;
    }
    qc.steps = steps;
    return collectStats();
  },
};
window.__qc = qc;
window.addEventListener('error', (e) => qc.errors.push(String(e.message)));
window.addEventListener('unhandledrejection', (e) => qc.errors.push(String(e.reason)));

// ---- input -------------------------------------------------------------------------------------------------
const isFormField = (t: EventTarget | null): boolean =>
  t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement;

window.addEventListener('keydown', (e) => {
  if (isFormField(e.target) || e.metaKey || e.ctrlKey || e.altKey) return;
  if (e.key === 'p' || e.key === 'P') {
    if (paused) qc.resume();
    else qc.pause();
    host.toast(paused ? 'paused (P to resume, . to step)' : 'running');
    return;
  }
  if (e.key === '.' && paused) {
    qc.step(1);
    return;
  }
  const n = Number(e.key);
  if (e.key.length === 1 && n >= 1 && n <= ids.length && !scene.keyDown?.(e.key, e)) {
    location.hash = ids[n - 1];
    return;
  }
  if (scene.keyDown?.(e.key, e)) e.preventDefault();
});
// Every release reaches the scene, wherever the focus is: a key pressed on the canvas and released in a form
// field (after a click on a checkbox, say) would otherwise stay held.
window.addEventListener('keyup', (e) => scene.keyUp?.(e.key, e));
// no keyup arrives while the window is out of focus or the page hidden: let go of every held key
window.addEventListener('blur', () => scene.blur?.());
document.addEventListener('visibilitychange', () => {
  if (document.hidden) scene.blur?.();
});

function pointerInfo(e: PointerEvent): PointerInfo {
  const r = canvas.getBoundingClientRect();
  return {
    x: e.clientX - r.left,
    y: e.clientY - r.top,
    buttons: e.buttons,
    pointerType: e.pointerType,
    id: e.pointerId,
  };
}
canvas.addEventListener('pointerdown', (e) => {
  canvas.focus();
  canvas.setPointerCapture(e.pointerId);
  scene.pointerDown?.(pointerInfo(e));
});
canvas.addEventListener('pointermove', (e) => scene.pointerMove?.(pointerInfo(e)));
canvas.addEventListener('pointerup', (e) => scene.pointerUp?.(pointerInfo(e)));
canvas.addEventListener('pointercancel', (e) => scene.pointerUp?.(pointerInfo(e)));
canvas.addEventListener('pointerleave', () => scene.pointerLeave?.());
canvas.addEventListener(
  'wheel',
  (e) => {
    // A sideways scroll (a trackpad's deltaX alone) is no turn of the wheel: the page keeps it, as it keeps
    // every wheel event of a scene that has no use for the wheel.
    if (!scene.wheel || e.deltaY === 0) return;
    const r = canvas.getBoundingClientRect();
    if (scene.wheel(e.clientX - r.left, e.clientY - r.top, e.deltaY)) e.preventDefault();
  },
  { passive: false },
);

/** The seed the URL asks for (?seed=, clamped like the seed box), or undefined for the scene's default. */
function urlSeed(): number | undefined {
  const value = new URLSearchParams(location.search).get('seed');
  const seed = value !== null && value !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(seed) ? clampSeed(seed) : undefined;
}

// A scene link (or key 1–6, or the back button) changes only the hash: the new scene takes the URL's seed,
// so that what is on screen is what the URL shows after a reload.
window.addEventListener('hashchange', () => {
  const id = knownScene(location.hash.slice(1));
  if (id !== scene.id) mountScene(id, urlSeed());
});

new ResizeObserver(resize).observe(stage);
// A media query matches one pixel ratio: when it changes (the window moved to another screen, the page was
// zoomed), listen for the new one, or a second move (2× → 1× → 1.5×) would go unnoticed. resize() hands the
// new ratio to the scene (the camera's minimap is a canvas of its own).
function watchPixelRatio(): void {
  const query = window.matchMedia?.(`(resolution: ${window.devicePixelRatio}dppx)`);
  query?.addEventListener?.(
    'change',
    () => {
      resize();
      watchPixelRatio();
    },
    { once: true },
  );
}
watchPixelRatio();

// ?paused=1 starts every scene frozen at step 0 (reproducible screenshots and tests; P or __qc.resume() runs it)
const startId = location.hash.slice(1) || params.get('scene') || 'playground';
resize();
// The same clamp as the seed box (?seed=abc falls back to the default, -3 to 0).
mountScene(startId, urlSeed());
qc.ready = true;
requestAnimationFrame(frame);
