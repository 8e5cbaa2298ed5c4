#!/usr/bin/env node
// Real-browser tests for the demo: builds demo/, serves demo/dist on a free loopback port, drives Debian's
// chromium through playwright-core, prints "N passed, M failed".
//   node test/browser/run.mjs [--no-build] [--only substring] [--headed] [--docs-images]
// Screenshots go to test/browser/out/ (git-ignored), so a test run never changes tracked files.
// --docs-images (`npm run docs:images`) writes the README and docs pictures to docs/images/ instead.
// Env: CHROMIUM_PATH (default /usr/bin/chromium). No browser is ever downloaded.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDemo, serveStatic } from '../../demo/serve.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : '';
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const DOCS_MODE = args.includes('--docs-images');
const OUT = join(repo, 'test', 'browser', 'out');
const DOCS_IMAGES = join(repo, 'docs', 'images');
/** Where a screenshot named `file` goes: docs/images/ for the docs' pictures in --docs-images mode, else out/. */
const shotPath = (file, { docs = false } = {}) => join(docs && DOCS_MODE ? DOCS_IMAGES : OUT, file);
const VIEWPORT = { width: 1280, height: 760 };

let passed = 0;
let failed = 0;
const finish = (code) => {
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(code);
};

if (!existsSync(CHROMIUM)) {
  console.error(
    `✗ chromium not found at ${CHROMIUM}. Install it: apt-get install -y chromium (or set CHROMIUM_PATH).`,
  );
  failed++;
  finish(1);
}

let chromium;
try {
  ({ chromium } = await import('playwright-core'));
} catch (err) {
  console.error(`✗ playwright-core is not installed (npm install): ${err}`);
  failed++;
  finish(1);
}

if (!args.includes('--no-build')) {
  const t = Date.now();
  if (!buildDemo()) {
    console.error('✗ demo build failed');
    failed++;
    finish(1);
  }
  console.log(`built demo in ${Date.now() - t} ms`);
}
if (!existsSync(join(repo, 'demo/dist/index.html'))) {
  console.error('✗ demo/dist/index.html missing (run without --no-build)');
  failed++;
  finish(1);
}
mkdirSync(OUT, { recursive: true });

const { server, ipUrl: base } = await serveStatic({ dir: join(repo, 'demo/dist') });
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: !args.includes('--headed'),
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-dev-shm-usage',
    // (for the allocation test: exact heap figures and a gc() to call)
    '--enable-precise-memory-info',
    '--js-flags=--expose-gc',
  ].filter((a) => a !== '--headless' || !args.includes('--headed')),
});
console.log(
  `chromium ${browser.version()} · demo at ${base} · screenshots in ${DOCS_MODE ? 'docs/images/ and ' : ''}test/browser/out/`,
);

// ---- helpers -------------------------------------------------------------------------------------------------
class Check extends Error {}
function assert(cond, message) {
  if (!cond) throw new Check(message);
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** details printed under the test's result line */
let notes = [];
const note = (text) => notes.push(text);

/** A fresh page that records console errors and page errors; `open` waits for the demo's hooks. */
async function newPage(options = {}) {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, ...options });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console.error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) =>
    problems.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`),
  );
  const open = async (hash, query = '') => {
    await page.goto(`${base}${query ? `?${query}` : ''}#${hash}`);
    await page.waitForFunction(() => window.__qc?.ready === true, null, { timeout: 15000 });
    await page.waitForFunction((id) => window.__qc.scene === id && window.__qc.frames > 2, hash, {
      timeout: 15000,
    });
  };
  /** Opens an example and waits until it has run `frames` frames. */
  const openExample = async (name, frames) => {
    await page.goto(`${base}examples/${name}/`);
    await page.waitForFunction(
      (f) => window.__example?.ready === true && window.__example.frames > f,
      frames,
      {
        timeout: 20000,
      },
    );
  };
  const close = async () => {
    await context.close();
    assert(problems.length === 0, `errors in the page:\n    ${problems.join('\n    ')}`);
  };
  return { page, problems, open, openExample, close };
}

const stats = (page) => page.evaluate(() => ({ ...window.__qc.stats }));

/** Sample the canvas: how many distinct colours, and the share of pixels that differ from the corner colour. */
function canvasPixels(page) {
  return page.evaluate(() => {
    const c = document.getElementById('canvas');
    const g = c.getContext('2d');
    const d = g.getImageData(0, 0, c.width, c.height).data;
    const bg = `${d[0]},${d[1]},${d[2]}`;
    const colours = new Set();
    let differ = 0;
    let total = 0;
    for (let y = 2; y < c.height; y += 7) {
      for (let x = 2; x < c.width; x += 7) {
        const i = (y * c.width + x) * 4;
        const k = `${d[i]},${d[i + 1]},${d[i + 2]}`;
        colours.add(k);
        if (k !== bg) differ++;
        total++;
      }
    }
    return { colours: colours.size, nonBackground: differ / total, width: c.width, height: c.height };
  });
}

/**
 * An init script: keeps every `(resolution: …)` media query the page makes, and defines
 * window.__ratioChanged(), which sends 'change' to those whose answer changed, as the browser does when
 * the window moves to a screen of another pixel ratio or the page is zoomed. Headless Chromium changes
 * devicePixelRatio and the queries' answers under a device metrics override (see setPixelRatio), but sends
 * their listeners nothing.
 */
function resolutionQueryEvents() {
  const queries = [];
  const matchMedia = window.matchMedia.bind(window);
  window.matchMedia = (text) => {
    const query = matchMedia(text);
    if (text.includes('resolution')) queries.push({ query, matches: query.matches });
    return query;
  };
  window.__ratioChanged = () => {
    for (const q of queries) {
      if (q.query.matches === q.matches) continue;
      q.matches = q.query.matches;
      q.query.dispatchEvent(new MediaQueryListEvent('change', { matches: q.matches, media: q.query.media }));
    }
  };
}

/** DevTools sessions by page: an override lasts as long as the session that made it. */
const overrides = new WeakMap();
/** Gives a page opened with `resolutionQueryEvents` another pixel ratio, its viewport unchanged. */
async function setPixelRatio(page, ratio) {
  if (!overrides.has(page)) overrides.set(page, await page.context().newCDPSession(page));
  const cdp = overrides.get(page);
  const { width, height } = page.viewportSize();
  await cdp.send('Emulation.setDeviceMetricsOverride', {
    width,
    height,
    deviceScaleFactor: ratio,
    mobile: false,
  });
  await page.waitForFunction((r) => window.devicePixelRatio === r, ratio);
  await page.evaluate(() => window.__ratioChanged());
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

// ---- every scene: loads clean, draws something, stats move, screenshot ------------------------------------------
const SCENES = [
  { id: 'playground', query: 'seed=1&n=1500', minShare: 0.05, moving: 'pairHash' },
  { id: 'camera', query: 'seed=1', minShare: 0.05, moving: 'queryMs' },
  { id: 'snake', query: 'seed=1', minShare: 0.02, moving: 'headX' },
  { id: 'shapes', query: 'seed=1', minShare: 0.02, moving: 'steps' },
  { id: 'bullets', query: 'seed=1', minShare: 0.02, moving: 'fired' },
  { id: 'benchmark', query: 'autorun=0', minShare: 0.01, moving: 'frames' },
];
for (const s of SCENES) {
  test(`${s.id}: loads without errors, canvas drawn, stats update`, async () => {
    const p = await newPage();
    try {
      await p.open(s.id, s.query);
      const first = await stats(p.page);
      const domFirst = await p.page.locator('#stats').textContent();
      await sleep(1200);
      const second = await stats(p.page);
      const domSecond = await p.page.locator('#stats').textContent();
      const px = await canvasPixels(p.page);
      assert(px.width === VIEWPORT.width - 300 || px.width > 600, `canvas width ${px.width}`);
      assert(px.colours >= 4, `canvas looks blank: ${px.colours} colours`);
      assert(
        px.nonBackground >= s.minShare,
        `canvas nearly empty: ${(px.nonBackground * 100).toFixed(1)}% drawn`,
      );
      assert(
        second.frames > first.frames + 10,
        `frames did not advance (${first.frames} → ${second.frames})`,
      );
      if (s.id !== 'benchmark') assert(second.steps > first.steps, 'simulation did not step');
      assert(first[s.moving] !== second[s.moving], `stat ${s.moving} did not change (${first[s.moving]})`);
      assert(domFirst !== domSecond, 'stats panel text did not change');
      assert(typeof second.fps === 'number' && second.fps > 0, `fps ${second.fps}`);
    } finally {
      await p.close();
    }
  });
}

test('scenes run in real time on 60, 120 and 144 Hz displays (fixed steps of 1/60 s)', async () => {
  // A frame used to run exactly one step: on a 120 Hz screen everything moved twice as fast.
  const rates = [];
  for (const hz of [60, 120, 144]) {
    const p = await newPage();
    try {
      // The display's refresh, faked: animation frames from a timer at that rate.
      await p.page.addInitScript((rate) => {
        const period = 1000 / rate;
        let next = performance.now();
        window.requestAnimationFrame = (callback) => {
          next = Math.max(next + period, performance.now());
          return setTimeout(() => callback(performance.now()), next - performance.now());
        };
      }, hz);
      await p.open('shapes', 'seed=1');
      const first = await p.page.evaluate(() => ({
        steps: window.__qc.steps,
        frames: window.__qc.frames,
        t: performance.now(),
      }));
      await sleep(2000);
      const second = await p.page.evaluate(() => ({
        steps: window.__qc.steps,
        frames: window.__qc.frames,
        t: performance.now(),
      }));
      const seconds = (second.t - first.t) / 1000;
      const stepsPerSecond = (second.steps - first.steps) / seconds;
      const framesPerSecond = (second.frames - first.frames) / seconds;
      rates.push(`${hz} Hz: ${framesPerSecond.toFixed(0)} frames/s, ${stepsPerSecond.toFixed(0)} steps/s`);
      assert(
        stepsPerSecond > 45 && stepsPerSecond < 66,
        `${hz} Hz display: ${stepsPerSecond.toFixed(1)} steps/s, not 60`,
      );
    } finally {
      await p.close();
    }
  }
  note(rates.join(' · '));
});

// ---- playground ------------------------------------------------------------------------------------------------
test('playground: quadtree and brute force report the same pairs on the same seed', async () => {
  const p = await newPage();
  try {
    const rows = [];
    for (const [seed, n, layout] of [
      [1, 500, 'uniform'],
      [2, 2000, 'uniform'],
      [3, 5000, 'uniform'],
      [4, 3000, 'clusters'],
    ]) {
      await p.open('playground', `seed=${seed}&n=${n}&layout=${layout}&paused=1`);
      await p.page.evaluate(() => window.__qc.step(45));
      const q = await p.page.evaluate(() => window.__qc.api.recount());
      const brute = await p.page.evaluate(() => {
        window.__qc.api.setMode('brute');
        return window.__qc.api.recount();
      });
      const s = await stats(p.page);
      assert(s.mode === 'brute', `mode ${s.mode}`);
      assert(q.pairs > 0, `no pairs at seed ${seed}, n ${n}`);
      assert(
        q.pairs === brute.pairs,
        `seed ${seed} n ${n}: quadtree ${q.pairs} pairs, brute force ${brute.pairs}`,
      );
      assert(q.pairHash === brute.pairHash, `seed ${seed} n ${n}: same count but different pairs`);
      assert(brute.checks === (n * (n - 1)) / 2, `brute checks ${brute.checks}`);
      assert(q.checks < brute.checks / 5, `quadtree checks ${q.checks} not far below ${brute.checks}`);
      await p.page.evaluate(() => window.__qc.api.validate());
      rows.push(`seed ${seed} n ${n} ${layout}: ${q.pairs} pairs, ${q.checks} vs ${brute.checks} checks`);
    }
    // and through the UI: click the mode buttons on a running scene
    await p.open('playground', 'seed=4&n=1000');
    await p.page.evaluate(() => window.__qc.pause());
    await p.page.click('#mode-brute');
    const b = await stats(p.page);
    await p.page.click('#mode-quadtree');
    const q = await stats(p.page);
    assert(b.mode === 'brute' && q.mode === 'quadtree', 'mode buttons did not switch');
    assert(b.pairs === q.pairs && b.pairHash === q.pairHash, `UI switch: ${b.pairs} vs ${q.pairs} pairs`);
    note(rows.join('\n    '));
  } finally {
    await p.close();
  }
});

test('playground: the N slider, the keyboard and the tree sliders change the scene', async () => {
  const p = await newPage();
  try {
    await p.open('playground', 'seed=1');
    const before = await stats(p.page);
    assert(before.n === 1000, `default n ${before.n}`);
    const slider = p.page.locator('#n-slider');
    const box = await slider.boundingBox();
    await p.page.mouse.click(box.x + box.width * 0.85, box.y + box.height / 2);
    await p.page.waitForFunction(() => window.__qc.stats.n !== 1000);
    const after = await stats(p.page);
    assert(after.n > 10000, `slider at 85% gave n = ${after.n}`);
    await p.page.mouse.click(box.x + 2, box.y + box.height / 2);
    await p.page.waitForFunction(() => window.__qc.stats.n < 200);
    await p.page.locator('#canvas').focus();
    await p.page.keyboard.press('+');
    await p.page.waitForFunction(() => window.__qc.stats.n > 130);
    await p.page.keyboard.press('m');
    await p.page.waitForFunction(() => window.__qc.stats.mode === 'brute');
    const ml = p.page.locator('#max-levels');
    await ml.focus();
    await p.page.keyboard.press('Home');
    await p.page.waitForFunction(() => window.__qc.stats.maxLevels === 0 && window.__qc.stats.depth === 0);
    await p.page.keyboard.press('End');
    await p.page.waitForFunction(() => window.__qc.stats.maxLevels === 16);
    // hover: a query under the pointer
    const c = await p.page.locator('#canvas').boundingBox();
    await p.page.mouse.move(c.x + c.width / 2, c.y + c.height / 2);
    await p.page.waitForFunction(() => window.__qc.stats.hovered > 0);
  } finally {
    await p.close();
  }
});

test('playground: the arrow keys move the log N slider to the next nice value, either way', async () => {
  // One step of the range input (1/1000 of it) used to round back to the same value: the keys did nothing.
  const p = await newPage();
  try {
    await p.open('playground', 'seed=1&paused=1');
    const slider = p.page.locator('#n-slider');
    await slider.focus();
    const seen = [];
    for (const [key, want] of [
      ['ArrowRight', 1250],
      ['ArrowUp', 1500],
      ['ArrowLeft', 1250],
      ['ArrowDown', 1000],
      ['ArrowDown', 975],
      ['End', 50000],
      ['ArrowRight', 50000],
      ['ArrowLeft', 47500],
      ['Home', 100],
      ['ArrowLeft', 100],
      ['ArrowUp', 125],
    ]) {
      await p.page.keyboard.press(key);
      const got = await p.page.evaluate(() => ({
        n: window.__qc.stats.n,
        shown: document.querySelector('label.slider output').textContent,
        spoken: document.getElementById('n-slider').getAttribute('aria-valuetext'),
      }));
      seen.push(`${key} ${got.n}`);
      assert(got.n === want, `${seen.join(', ')}: wanted ${want}`);
      const text = want.toLocaleString('en-US');
      assert(got.shown === text && got.spoken === text, `shown ${got.shown}, aria-valuetext ${got.spoken}`);
    }
    // from a value the slider's rounding never gives (the + key's 1.5×, ?n=): the next nice one past it
    await p.open('playground', 'seed=1&paused=1&n=1234');
    await p.page.locator('#n-slider').focus();
    await p.page.keyboard.press('ArrowRight');
    assert((await stats(p.page)).n === 1250, 'n=1234, ArrowRight');
    await p.page.keyboard.press('ArrowLeft');
    assert((await stats(p.page)).n === 1000, 'n=1250, ArrowLeft');
    note(seen.join(' · '));
  } finally {
    await p.close();
  }
});

test('playground: brute force at its largest N stays responsive (steps too slow to keep up are dropped, not owed)', async () => {
  // Brute force ran up to 20,000 objects, and the loop ran 4 catch-up steps every frame once a step took longer
  // than a frame: ?n=50000&mode=brute drew no 3 frames in 15 s, and a click took seconds.
  const p = await newPage();
  try {
    await p.open('playground', 'seed=1&n=50000&mode=brute'); // (waits for 3 frames)
    const s = await stats(p.page);
    assert(s.mode === 'brute' && s.n === 5000 && s.cappedFromN === 50000, `mode ${s.mode}, n ${s.n}`);
    const count = () => p.page.evaluate(() => ({ frames: window.__qc.frames, steps: window.__qc.steps }));
    const a = await count();
    await p.page.waitForFunction((f) => window.__qc.frames >= f + 10, a.frames, { timeout: 60000 });
    const b = await count();
    const collideMs = (await stats(p.page)).collideMs;
    const frames = b.frames - a.frames;
    const steps = b.steps - a.steps;
    // A step longer than two frames' time (this machine's, measured by the page) leaves no room for a
    // second one in its frame: one step a frame, the rest of the owed time dropped. (A fast machine's
    // brute force may keep up: then nothing is owed and there is nothing to check here.)
    const slow = collideMs > (2 * 1000) / 60;
    if (slow) assert(steps <= frames, `${steps} steps in ${frames} frames at ${collideMs} ms a step`);
    // a real click on "quadtree" acts within a few frames
    await p.page.evaluate(() => {
      document.getElementById('mode-quadtree').addEventListener(
        'click',
        () => {
          window.__clickedAt = { frames: window.__qc.frames, steps: window.__qc.steps };
        },
        { capture: true, once: true },
      );
    });
    const button = await p.page.locator('#mode-quadtree').boundingBox();
    const before = await count();
    await p.page.mouse.click(button.x + button.width / 2, button.y + button.height / 2);
    await p.page.waitForFunction(() => window.__qc.stats.mode === 'quadtree', null, { timeout: 30000 });
    const at = await p.page.evaluate(() => window.__clickedAt);
    assert(at.frames - before.frames <= 4, `the click acted ${at.frames - before.frames} frames later`);
    if (slow)
      assert(at.steps - before.steps <= 4, `${at.steps - before.steps} steps ran before the click acted`);
    // Cheap steps still catch up after a short stall (a slow frame, a garbage collection): up to 4 at once.
    await p.open('shapes', 'seed=1');
    const caughtUp = await p.page.evaluate(async () => {
      const frame = () => new Promise((r) => requestAnimationFrame(r));
      await frame();
      const s0 = window.__qc.steps;
      const t = performance.now();
      while (performance.now() - t < 300) {}
      await frame();
      await frame();
      return window.__qc.steps - s0;
    });
    assert(caughtUp >= 4, `${caughtUp} steps in the two frames after a 300 ms stall`);
    note(
      `brute force, 5,000 objects: ${collideMs} ms a step, ${steps} steps in ${frames} frames${slow ? '' : ' (keeps up: not checked)'}; the click acted ${at.frames - before.frames} frames and ${at.steps - before.steps} steps later; ${caughtUp} steps in 2 frames after a 300 ms stall (shapes)`,
    );
  } finally {
    await p.close();
  }
});

test('playground: the development check (V) runs validate() every step and reports ok', async () => {
  const p = await newPage();
  try {
    await p.open('playground', 'seed=2&n=800');
    assert((await stats(p.page)).validate === 'off', 'the check starts off');
    await p.page.locator('#canvas').focus();
    await p.page.keyboard.press('v');
    await p.page.waitForFunction(() => window.__qc.stats.validate === 'ok');
    const frames = await p.page.evaluate(() => window.__qc.frames);
    await p.page.waitForFunction((f) => window.__qc.frames > f + 10, frames);
    const after = await stats(p.page);
    assert(after.validate === 'ok', `validate after 10 frames: ${after.validate}`);
  } finally {
    await p.close();
  }
});

test("a new seed keeps the scene's settings; a bad ?seed= is clamped; validate says n/a in brute force", async () => {
  const p = await newPage();
  try {
    await p.open('playground', 'seed=1&n=900');
    await p.page.click('#mode-brute');
    await p.page.click('#check-moves');
    await p.page.evaluate(() => window.__qc.api.setTreeOptions(3, 5));
    const before = await stats(p.page);
    // validate() checks the tree; brute force has none, so the stat must not claim "ok"
    assert(before.validate === 'n/a (brute force)', `validate in brute force: ${before.validate}`);
    await p.page.click('#reseed');
    await p.page.waitForFunction(() => window.__qc.seed === 2);
    const after = await stats(p.page);
    for (const key of ['n', 'mode', 'maxObjects', 'maxLevels', 'validate']) {
      assert(after[key] === before[key], `new seed reset ${key}: ${before[key]} -> ${after[key]}`);
    }
    await p.open('camera', 'seed=-3');
    assert((await p.page.evaluate(() => window.__qc.seed)) === 0, 'seed=-3 is clamped to 0');
    await p.open('camera', 'seed=abc');
    const seed = await p.page.evaluate(() => [window.__qc.seed, document.getElementById('seed').value]);
    assert(seed[0] === 1 && seed[1] === '1', `seed=abc falls back to the default: ${seed}`);
  } finally {
    await p.close();
  }
});

test('playground: brute force lowers a large N, says so, and switching back restores it', async () => {
  const p = await newPage();
  try {
    await p.open('playground', 'seed=1&n=35000');
    await p.page.evaluate(() => window.__qc.pause());
    await p.page.click('#mode-brute');
    const capped = await stats(p.page);
    assert(capped.mode === 'brute' && capped.n === 5000, `brute: mode ${capped.mode}, n ${capped.n}`);
    assert(capped.cappedFromN === 35000, `cappedFromN ${capped.cappedFromN}`);
    const toast = await p.page.locator('#toast').textContent();
    assert(toast.includes('capped') && toast.includes('35,000'), `toast: ${toast}`);
    await p.page.locator('#canvas').screenshot({ path: shotPath('playground-brute-capped.png') });
    await p.page.click('#mode-quadtree');
    const back = await stats(p.page);
    assert(back.mode === 'quadtree' && back.n === 35000, `back: mode ${back.mode}, n ${back.n}`);
    assert(back.cappedFromN === 0, `cappedFromN after switching back: ${back.cappedFromN}`);
    // a new N chosen while capped is the user's N: nothing is restored over it
    await p.page.click('#mode-brute');
    await p.page.evaluate(() => window.__qc.api.setN(2000));
    await p.page.click('#mode-quadtree');
    const chosen = await stats(p.page);
    assert(chosen.n === 2000, `N chosen in brute mode was overwritten: ${chosen.n}`);
  } finally {
    await p.close();
  }
});

test('playground: maxLevels 0 or 1 lowers a large N like brute force does, and maxLevels 2 restores it', async () => {
  const p = await newPage();
  try {
    // paused: no frame of 5,000 objects in one leaf is run
    await p.open('playground', 'seed=1&n=35000&paused=1');
    await p.page.evaluate(() => window.__qc.api.setTreeOptions(8, 0));
    const capped = await stats(p.page);
    assert(
      capped.n === 5000 && capped.cappedFromN === 35000,
      `maxLevels 0: n ${capped.n} (${capped.cappedFromN})`,
    );
    const toast = await p.page.locator('#toast').textContent();
    assert(toast.includes('capped') && toast.includes('35,000'), `toast: ${toast}`);
    assert((await p.page.locator('#max-levels').inputValue()) === '0', 'the maxLevels slider did not follow');
    await p.page.evaluate(() => window.__qc.api.setTreeOptions(8, 2));
    const back = await stats(p.page);
    assert(back.n === 35000 && back.cappedFromN === 0, `maxLevels 2: n ${back.n} (${back.cappedFromN})`);
  } finally {
    await p.close();
  }
});

test('playground: the hover query ends when the pointer leaves the canvas', async () => {
  const p = await newPage();
  try {
    await p.open('playground', 'seed=1');
    const c = await p.page.locator('#canvas').boundingBox();
    await p.page.mouse.move(c.x + c.width / 2, c.y + c.height / 2);
    await p.page.waitForFunction(() => window.__qc.stats.hovered > 0);
    await p.page.mouse.move(c.x + c.width + 100, c.y + 100, { steps: 5 }); // onto the side panel
    await p.page
      .waitForFunction(() => window.__qc.stats.hovered === 0, null, { timeout: 3000 })
      .catch(() => {
        throw new Check('the hover query is still counted after the pointer left the canvas');
      });
  } finally {
    await p.close();
  }
});

// ---- camera ----------------------------------------------------------------------------------------------------
test('camera: keys and drag move the camera; only the query result is drawn', async () => {
  const p = await newPage();
  try {
    await p.open('camera', 'seed=1');
    await p.page.locator('#canvas').focus();
    const a = await stats(p.page);
    assert(a.drawn > 0 && a.drawn < a.total, `drawn ${a.drawn} of ${a.total}`);
    await p.page.keyboard.down('ArrowRight');
    await sleep(500);
    await p.page.keyboard.up('ArrowRight');
    const b = await stats(p.page);
    assert(b.cameraX > a.cameraX + 50, `ArrowRight: x ${a.cameraX} → ${b.cameraX}`);
    await p.page.keyboard.down('s');
    await sleep(400);
    await p.page.keyboard.up('s');
    const c = await stats(p.page);
    assert(c.cameraY > b.cameraY + 50, `S: y ${b.cameraY} → ${c.cameraY}`);
    const box = await p.page.locator('#canvas').boundingBox();
    await p.page.mouse.move(box.x + 400, box.y + 300);
    await p.page.mouse.down();
    await p.page.mouse.move(box.x + 250, box.y + 200, { steps: 5 });
    await p.page.mouse.up();
    await sleep(100);
    const d = await stats(p.page);
    assert(
      d.cameraX > c.cameraX + 100 && d.cameraY > c.cameraY + 50,
      `drag: (${c.cameraX}, ${c.cameraY}) → (${d.cameraX}, ${d.cameraY})`,
    );
    await p.page.keyboard.press('c');
    for (const [x, y] of [
      [8000, 5000],
      [100, 100],
      [15900, 9900],
    ]) {
      await p.page.evaluate(([x, y]) => window.__qc.api.setCamera(x, y), [x, y]);
      await sleep(60);
      const q = await p.page.evaluate(() => window.__qc.api.checkQuery());
      assert(
        q.got === q.expected,
        `query at (${x}, ${y}) returned ${q.got}, brute force finds ${q.expected}`,
      );
    }
    await p.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await p.page.mouse.wheel(0, 400);
    await sleep(100);
    const z = await stats(p.page);
    assert(z.zoom < 1, `wheel did not zoom out (${z.zoom})`);
  } finally {
    await p.close();
  }
});

test('camera: the minimap view stays inside the minimap; rebuild gives a fresh tree', async () => {
  const p = await newPage();
  try {
    await p.open('camera', 'seed=1');
    const inside = (r, m) => r.x >= m.x && r.y >= m.y && r.x + r.w <= m.x + m.w && r.y + r.h <= m.y + m.h;
    for (const [x, y, zoom] of [
      [0, 0, 1],
      [16000, 10000, 1],
      [16000, 0, 0.3],
      [8000, 5000, 0.08],
      [8000, 5000, 2],
    ]) {
      await p.page.evaluate(([x, y, z]) => window.__qc.api.setCamera(x, y, z), [x, y, zoom]);
      const { map, view } = await p.page.evaluate(() => window.__qc.api.minimap());
      assert(
        inside(view, map),
        `camera (${x}, ${y}) zoom ${zoom}: view ${JSON.stringify(view)} outside ${JSON.stringify(map)}`,
      );
      assert(view.w > 0 && view.h > 0, `camera (${x}, ${y}) zoom ${zoom}: empty view rectangle`);
    }
    await p.page.evaluate(() => window.__qc.api.setCamera(16000, 10000, 1));
    await sleep(100);
    await p.page.locator('#canvas').screenshot({ path: shotPath('camera-corner.png') });
    // the running tree grows past a fresh build while the ships fly; a rebuild returns to it
    await p.page.evaluate(() => window.__qc.pause());
    const start = await stats(p.page);
    await p.page.evaluate(() => window.__qc.step(600));
    const running = await stats(p.page);
    await p.page.click('#rebuild-tree');
    const rebuilt = await stats(p.page);
    assert(
      rebuilt.nodes === rebuilt.freshNodes,
      `rebuilt ${rebuilt.nodes} nodes, fresh count ${rebuilt.freshNodes}`,
    );
    assert(
      rebuilt.nodes < running.nodes,
      `rebuild did not shrink the tree: ${running.nodes} → ${rebuilt.nodes} nodes`,
    );
    note(
      `nodes: ${start.nodes} at start, ${running.nodes} after 600 more steps, ${rebuilt.nodes} after rebuild`,
    );
  } finally {
    await p.close();
  }
});

test('camera: a key released after focus moved to a form field, or held while the window blurs, stops', async () => {
  const p = await newPage();
  try {
    await p.open('camera', 'seed=1');
    const x = async () => (await stats(p.page)).cameraX;
    await p.page.locator('#canvas').focus();
    await p.page.keyboard.down('ArrowRight');
    await sleep(200);
    await p.page.click('#culling-frame');
    await p.page.keyboard.up('ArrowRight');
    const a = await x();
    await sleep(500);
    assert((await x()) === a, 'ArrowRight released in a checkbox still moves the camera');
    await p.page.locator('#canvas').focus();
    await p.page.keyboard.down('d');
    await sleep(200);
    await p.page.evaluate(() => window.dispatchEvent(new Event('blur')));
    const b = await x();
    await sleep(500);
    await p.page.keyboard.up('d');
    assert((await x()) === b, 'D held while the window lost focus still moves the camera');
  } finally {
    await p.close();
  }
});

// ---- snake -----------------------------------------------------------------------------------------------------
test('snake: keys and swipes steer; the head eats food from the tree', async () => {
  const p = await newPage();
  try {
    await p.open('snake', 'seed=1');
    await p.page.evaluate(() => window.__qc.pause());
    await p.page.evaluate(() => window.__qc.api.restart());
    await p.page.locator('#canvas').focus();
    const a = await stats(p.page);
    assert(a.dir === 'right' && a.player === 'autopilot', `start ${a.dir} ${a.player}`);
    await p.page.keyboard.press('ArrowUp');
    await p.page.evaluate(() => window.__qc.step(20));
    const b = await stats(p.page);
    assert(b.player === 'you', 'a key did not hand over control');
    assert(b.dir === 'up' && b.headY < a.headY - 50, `ArrowUp: dir ${b.dir}, y ${a.headY} → ${b.headY}`);
    await p.page.keyboard.press('a');
    await p.page.evaluate(() => window.__qc.step(20));
    const c = await stats(p.page);
    assert(c.dir === 'left' && c.headX < b.headX - 50, `A: dir ${c.dir}, x ${b.headX} → ${c.headX}`);
    const box = await p.page.locator('#canvas').boundingBox();
    await p.page.mouse.move(box.x + 300, box.y + 300);
    await p.page.mouse.down();
    await p.page.mouse.move(box.x + 300, box.y + 400, { steps: 4 });
    await p.page.mouse.up();
    await p.page.evaluate(() => window.__qc.step(10));
    const d = await stats(p.page);
    assert(d.dir === 'down' && d.headY > c.headY + 20, `swipe down: dir ${d.dir}, y ${c.headY} → ${d.headY}`);
    // autopilot: it finds food through the tree
    await p.page.evaluate(() => {
      window.__qc.api.restart();
      window.__qc.api.setAutopilot(true);
      window.__qc.step(900);
    });
    const e = await stats(p.page);
    assert(e.eaten > 3, `autopilot ate ${e.eaten} in 15 s`);
    assert(
      e.food === 6000 && e.treeItems === e.food + e.length,
      `tree holds ${e.treeItems}, food ${e.food} + body ${e.length}`,
    );
    assert(e.headChecks >= 0, 'headChecks');
  } finally {
    await p.close();
  }
});

// ---- shapes & rays ---------------------------------------------------------------------------------------------
test('shapes: the ray follows the mouse', async () => {
  const p = await newPage();
  try {
    await p.open('shapes', 'seed=1');
    const ready = await p.page.evaluate(() => typeof window.__qc.api.ray === 'function');
    assert(ready, 'shapes scene has no ray (geometry layer missing?)');
    const box = await p.page.locator('#canvas').boundingBox();
    for (const [x, y] of [
      [40, 60],
      [box.width - 60, box.height - 40],
    ]) {
      await p.page.mouse.move(box.x + x, box.y + y);
      await sleep(120);
      const r = await p.page.evaluate(() => window.__qc.api.ray());
      assert(
        Math.abs(r.screenX - x) < 2 && Math.abs(r.screenY - y) < 2,
        `ray origin (${r.screenX}, ${r.screenY}) vs mouse (${x}, ${y})`,
      );
    }
    const s = await stats(p.page);
    assert(s.shapes > 0, `shapes ${s.shapes}`);
    // the tree-accelerated ray finds the same first hit as testing every shape
    for (const [x, y, a] of [
      [100, 100, 0.4],
      [800, 500, 2.5],
      [1500, 900, -2.2],
      [-50, 500, 0],
    ]) {
      await p.page.evaluate(([x, y, a]) => window.__qc.api.setRay(x, y, a), [x, y, a]);
      const r = await p.page.evaluate(() => window.__qc.api.checkRay());
      assert(
        r.tree === r.brute || Math.abs(r.tree - r.brute) < 1e-9,
        `ray (${x}, ${y}, ${a}): tree ${r.tree}, all shapes ${r.brute}`,
      );
    }
    const c = await stats(p.page);
    assert(c.contacts > 0, 'no contacts drawn');
  } finally {
    await p.close();
  }
});

test('shapes: the first ray hits at a positive distance; resolve keeps every shape in the arena', async () => {
  const p = await newPage();
  try {
    const rows = [];
    for (const seed of [1, 2, 3, 4, 5]) {
      await p.open('shapes', `seed=${seed}&paused=1`);
      const r = await p.page.evaluate(() => window.__qc.api.ray());
      assert(r.hit && r.hit.distance > 0, `seed ${seed}: first ray ${JSON.stringify(r.hit)}`);
      const label = await stats(p.page);
      assert(label.hitDistance > 0, `seed ${seed}: hitDistance ${label.hitDistance}`);
      await p.page.evaluate(() => window.__qc.api.setResolve(true));
      let worst = await p.page.evaluate(() => window.__qc.api.outsideArena());
      let contacts = 0;
      for (let k = 0; k < 20 && worst === 0; k++) {
        const s = await p.page.evaluate(() => window.__qc.step(30));
        contacts += s.contacts;
        worst = await p.page.evaluate(() => window.__qc.api.outsideArena());
      }
      assert(worst === 0, `seed ${seed}: ${worst} shapes outside the arena with resolve on`);
      rows.push(`seed ${seed}: ray hit at ${r.hit.distance.toFixed(1)}, ${contacts} contacts sampled`);
    }
    note(rows.join('; '));
  } finally {
    await p.close();
  }
});

// ---- bullets ---------------------------------------------------------------------------------------------------
test('bullets: discrete bullets tunnel through thin walls, continuous ones never do; both hit', async () => {
  const p = await newPage();
  try {
    const rows = [];
    for (const seed of [1, 2]) {
      for (const mode of ['discrete', 'continuous']) {
        await p.open('bullets', `seed=${seed}&mode=${mode}&paused=1`);
        const s = await p.page.evaluate(() => window.__qc.step(600));
        await p.page.evaluate(() => window.__qc.api.validate());
        assert(s.mode === mode, `mode ${s.mode}, expected ${mode}`);
        assert(s.walls > 0 && s.targets > 0, `walls ${s.walls}, targets ${s.targets}`);
        assert(s.fired > 100, `seed ${seed} ${mode}: only ${s.fired} bullets fired`);
        assert(s.hits > 0 && s.wallHits > 0, `seed ${seed} ${mode}: hits ${s.hits}, wall hits ${s.wallHits}`);
        if (mode === 'continuous') {
          assert(s.tunnelled === 0, `seed ${seed}: ${s.tunnelled} continuous bullets tunnelled`);
          assert(s.sweptHits > 0, `seed ${seed}: no hit came from a sweep`);
        } else {
          assert(
            s.tunnelled > s.fired / 10,
            `seed ${seed}: only ${s.tunnelled} of ${s.fired} discrete bullets tunnelled`,
          );
          assert(s.sweptHits === 0, `seed ${seed}: ${s.sweptHits} swept hits in discrete mode`);
        }
        await sleep(100);
        const px = await canvasPixels(p.page);
        assert(px.colours >= 4 && px.nonBackground >= 0.02, `seed ${seed} ${mode}: canvas nearly blank`);
        if (seed === 1)
          await p.page.locator('#canvas').screenshot({ path: shotPath(`bullets-seed1-${mode}.png`) });
        rows.push(
          `seed ${seed} ${mode}: fired ${s.fired}, hits ${s.hits} (swept ${s.sweptHits}), tunnelled ${s.tunnelled}`,
        );
      }
    }
    // the same bullets, the same steps: only the mode differs
    await p.open('bullets', 'seed=1&mode=discrete&paused=1');
    const discrete = await p.page.evaluate(() => window.__qc.step(300));
    await p.open('bullets', 'seed=1&mode=continuous&paused=1');
    const continuous = await p.page.evaluate(() => window.__qc.step(300));
    assert(discrete.fired === continuous.fired, `fired ${discrete.fired} vs ${continuous.fired}`);
    // switching through the UI remakes the bullets in flight and starts the counters again
    await p.open('bullets', 'seed=1');
    await p.page.evaluate(() => window.__qc.pause());
    await p.page.evaluate(() => window.__qc.step(120));
    const before = await stats(p.page);
    assert(
      before.mode === 'discrete' && before.tunnelled > 0,
      `default: ${before.mode}, ${before.tunnelled} tunnelled`,
    );
    await p.page.click('#mode-continuous');
    const switched = await stats(p.page);
    assert(
      switched.mode === 'continuous' && switched.fired === 0,
      `after the click: ${JSON.stringify(switched)}`,
    );
    assert(switched.bullets === before.bullets, `bullets in flight ${before.bullets} → ${switched.bullets}`);
    const after = await p.page.evaluate(() => window.__qc.step(300));
    assert(
      after.tunnelled === 0 && after.hits > 0,
      `after switching: ${after.tunnelled} tunnelled, ${after.hits} hits`,
    );
    await p.page.locator('#canvas').focus();
    await p.page.keyboard.press('c');
    const back = await stats(p.page);
    assert(back.mode === 'discrete', `C did not switch back (${back.mode})`);
    await p.page.evaluate(() => window.__qc.api.validate());
    note(rows.join('\n    '));
  } finally {
    await p.close();
  }
});

// ---- benchmark -------------------------------------------------------------------------------------------------
test('benchmark: every contestant (flatbush and detect-collisions too) agrees on the pairs; the table fits 1366 px', async () => {
  const p = await newPage({ viewport: { width: 1366, height: 768 } });
  try {
    await p.open('benchmark', 'autorun=0');
    await p.page.evaluate(() =>
      window.__qc.api.run({
        sizes: [500, 1000, 2000, 5000, 10000, 20000],
        warmupFrames: 3,
        minWarmupMs: 40,
        timedFrames: 10,
        maxFrameMs: 150,
      }),
    );
    const results = await p.page.evaluate(() => window.__qc.api.results());
    const mism = await p.page.evaluate(() => window.__qc.api.mismatches());
    assert(mism.length === 0, `pair sets differ: ${JSON.stringify(mism)}`);
    // ours at every size; a peer may be dropped as too slow at the largest sizes on a busy machine
    for (const [name, sizes] of [
      ['quadcollide (update)', 6],
      ['quadcollide (rebuild)', 6],
      ['quadcollide ids', 6],
      ['sort-and-sweep', 6],
      ['flatbush', 4],
      ['detect-collisions', 4],
      ['rbush', 4],
    ]) {
      const r = results.find((x) => x.name === name);
      assert(
        r && r.browser.length >= sizes,
        `${name}: ${JSON.stringify(r?.browser)}; skipped: ${JSON.stringify(await p.page.evaluate(() => window.__qc.api.skips()))}`,
      );
    }
    const bf = results.find((r) => r.name === 'brute force');
    assert(bf && bf.browser.length >= 2, 'brute force results');
    const bs = await stats(p.page);
    note(`timer: ${bs.timer}`);
    const table = await p.page.locator('#bench-table').textContent();
    assert(
      table.includes('qc upd') && table.includes('flatb.') && table.includes('20,000'),
      'table not rendered',
    );
    assert(table.includes('in every frame'), 'no agreement line under the table');
    // nothing sticks out sideways: not the page, not the panel, not the table's own scroll box
    const fit = await p.page.evaluate(() => {
      const box = document.getElementById('bench-table');
      const panel = document.getElementById('panel');
      const t = box.querySelector('table').getBoundingClientRect();
      const pr = panel.getBoundingClientRect();
      return {
        page: document.documentElement.scrollWidth,
        window: window.innerWidth,
        box: [box.scrollWidth, box.clientWidth],
        panel: [panel.scrollWidth, panel.clientWidth],
        tableRight: t.right,
        panelRight: pr.right,
      };
    });
    assert(fit.page <= fit.window, `page ${fit.page} px wide in a ${fit.window} px window`);
    assert(fit.box[0] <= fit.box[1], `table scrolls sideways: ${fit.box[0]} px in ${fit.box[1]} px`);
    assert(fit.panel[0] <= fit.panel[1], `panel scrolls sideways: ${fit.panel[0]} px in ${fit.panel[1]} px`);
    assert(fit.tableRight <= fit.panelRight, `table ends at ${fit.tableRight}, panel at ${fit.panelRight}`);
    note(
      `browser ms/frame: ${results.map((r) => `${r.name} ${r.browser.map((b) => `${b.n}:${b.ms.toFixed(2)}`).join(' ')}`).join(' | ')}`,
    );
    await sleep(200);
    await p.page.screenshot({ path: shotPath('benchmark-1366.png') });
  } finally {
    await p.close();
  }
});

if (DOCS_MODE)
  test('benchmark screenshot for the docs (1280 px)', async () => {
    const p = await newPage();
    try {
      await p.open('benchmark', 'autorun=0');
      await p.page.evaluate(() =>
        window.__qc.api.run({
          sizes: [500, 1000, 2000, 5000, 10000, 20000],
          warmupFrames: 3,
          minWarmupMs: 40,
          timedFrames: 10,
          maxFrameMs: 40,
        }),
      );
      await sleep(200);
      await p.page.screenshot({ path: shotPath('benchmark.png', { docs: true }) });
    } finally {
      await p.close();
    }
  });

// ---- the shell: seed box, small stages, a scene that throws -------------------------------------------------------
test('the seed box clamps like ?seed= does, so the URL it writes shows the same scene', async () => {
  const p = await newPage();
  try {
    await p.open('playground', 'paused=1');
    await p.page.locator('#seed').fill('99999999999');
    await p.page.locator('#seed').press('Enter');
    await p.page.waitForFunction(() => window.__qc.seed === 4294967295);
    const typed = await p.page.evaluate(() => ({
      box: document.getElementById('seed').value,
      url: new URL(location.href).searchParams.get('seed'),
      pairHash: window.__qc.stats.pairHash,
    }));
    assert(typed.box === '4294967295' && typed.url === '4294967295', `box ${typed.box}, ?seed=${typed.url}`);
    await p.open('playground', 'paused=1&seed=99999999999');
    const loaded = await stats(p.page);
    assert(loaded.seed === 4294967295 && loaded.pairHash === typed.pairHash, `loaded: seed ${loaded.seed}`);
  } finally {
    await p.close();
  }
});

test("a scene link takes the URL's seed, so a reload shows the same; an unknown #hash becomes #playground", async () => {
  const p = await newPage();
  try {
    const now = () =>
      p.page.evaluate(() => ({
        scene: window.__qc.scene,
        seed: window.__qc.seed,
        box: document.getElementById('seed').value,
        url: new URL(location.href).searchParams.get('seed'),
        hash: location.hash,
      }));
    await p.open('playground', 'seed=5');
    await p.page.click('#nav-camera'); // the camera showed seed 1 under ?seed=5#camera, and a reload seed 5
    await p.page.waitForFunction(() => window.__qc.scene === 'camera');
    const linked = await now();
    assert(
      linked.seed === 5 && linked.box === '5' && linked.url === '5' && linked.hash === '#camera',
      `after the link: ${JSON.stringify(linked)}`,
    );
    const stat = (await stats(p.page)).total;
    await p.page.reload();
    await p.page.waitForFunction(() => window.__qc?.ready && window.__qc.frames > 2);
    const reloaded = await now();
    assert(reloaded.scene === 'camera' && reloaded.seed === 5, `reloaded: ${JSON.stringify(reloaded)}`);
    assert((await stats(p.page)).total === stat, 'the reload shows another world');
    // the number keys and the back button go the same way
    await p.page.locator('#canvas').focus();
    await p.page.keyboard.press('3');
    await p.page.waitForFunction(() => window.__qc.scene === 'snake');
    assert((await now()).seed === 5, 'key 3: another seed');
    await p.page.goBack();
    await p.page.waitForFunction(() => window.__qc.scene === 'camera');
    assert((await now()).seed === 5, 'back: another seed');
    // an unknown scene shows the playground, and the URL says so
    await p.page.evaluate(() => {
      location.hash = 'nope';
    });
    await p.page.waitForFunction(() => window.__qc.scene === 'playground');
    assert((await now()).hash === '#playground', `hash after #nope: ${(await now()).hash}`);
    await p.page.goto(`${base}?seed=2#nope`);
    await p.page.waitForFunction(() => window.__qc?.ready && window.__qc.frames > 2);
    const loaded = await now();
    assert(
      loaded.scene === 'playground' && loaded.hash === '#playground' && loaded.seed === 2,
      `loaded #nope: ${JSON.stringify(loaded)}`,
    );
  } finally {
    await p.close();
  }
});

test('the benchmark waits with ?autorun=0 and hides the seed it ignores; the wheel, sideways scrolls, a11y', async () => {
  const p = await newPage();
  try {
    // fillText on the demo canvas, to read what the benchmark says
    await p.page.addInitScript(() => {
      window.__texts = new Set();
      const fillText = CanvasRenderingContext2D.prototype.fillText;
      CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
        if (this.canvas.id === 'canvas') window.__texts.add(text);
        return fillText.call(this, text, ...rest);
      };
    });
    await p.open('benchmark', 'autorun=0');
    const texts = await p.page.evaluate(() => [...window.__texts]);
    assert(!texts.some((t) => t.includes('starting')), `"starting…" with nothing started: ${texts}`);
    assert(
      texts.some((t) => t.includes('not run yet')),
      `no idle message: ${texts.join(' | ')}`,
    );
    assert(!(await p.page.locator('#seed').isVisible()), 'the benchmark shows a seed box');
    assert((await p.page.locator('#bench-run').textContent()) === 'run', 'the button');
    // a new seed (from the hook: the box is hidden) does not start the benchmark over
    await p.page.evaluate(() => window.__qc.setSeed(9));
    const bench = await stats(p.page);
    assert(bench.running === false && bench.results === 0, `a new seed ran it: ${JSON.stringify(bench)}`);

    // the wheel: a sideways scroll (deltaX alone) neither zooms nor turns, and the page keeps it
    await p.open('camera', 'seed=1');
    assert(await p.page.locator('#seed').isVisible(), 'the camera hides the seed box');
    await p.page.evaluate(() => {
      window.__wheels = [];
      window.addEventListener('wheel', (e) => window.__wheels.push([e.deltaX, e.deltaY, e.defaultPrevented]));
    });
    const c = await p.page.locator('#canvas').boundingBox();
    await p.page.mouse.move(c.x + c.width / 2, c.y + c.height / 2);
    await p.page.mouse.wheel(120, 0);
    await p.page.waitForFunction(() => window.__wheels.length === 1);
    assert((await stats(p.page)).zoom === 1, `sideways scroll zoomed: ${(await stats(p.page)).zoom}`);
    await p.page.mouse.wheel(0, 120);
    await p.page.waitForFunction(() => window.__wheels.length === 2);
    assert((await stats(p.page)).zoom === 0.9, `a turn down zooms out to 0.9: ${(await stats(p.page)).zoom}`);
    const wheels = await p.page.evaluate(() => window.__wheels);
    assert(!wheels[0][2] && wheels[1][2], `default prevented (sideways, down): ${JSON.stringify(wheels)}`);
    // zoom buttons have names; the toast is a live region; Tab to the canvas shows a focus ring
    const names = await p.page.evaluate(() =>
      ['zoom-in', 'zoom-out'].map((id) => document.getElementById(id).getAttribute('aria-label')),
    );
    assert(names[0] === 'Zoom in' && names[1] === 'Zoom out', `zoom buttons: ${names}`);
    const toast = await p.page.evaluate(() => {
      const t = document.getElementById('toast');
      return [t.getAttribute('role'), t.getAttribute('aria-live')];
    });
    assert(toast[0] === 'status' && toast[1] === 'polite', `toast: ${toast}`);
    await p.open('camera', 'seed=1'); // (afresh: no pointer used, so focus moved by Tab is "visible")
    let focused = '';
    for (let i = 0; i < 30 && focused !== 'canvas'; i++) {
      await p.page.keyboard.press('Tab');
      focused = await p.page.evaluate(() => document.activeElement?.id);
    }
    assert(focused === 'canvas', 'Tab never reached the canvas');
    const ring = await p.page.evaluate(
      () => getComputedStyle(document.getElementById('canvas')).outlineStyle,
    );
    assert(ring !== 'none', `no focus ring on the canvas: outline-style ${ring}`);

    // the shapes scene: a sideways scroll does not turn the ray; its angle reads 0 to 359 whichever way it turned
    await p.open('shapes', 'seed=1&paused=1');
    const angle0 = (await stats(p.page)).rayAngleDeg;
    await p.page.mouse.move(c.x + c.width / 2, c.y + c.height / 2);
    await p.page.mouse.wheel(120, 0);
    await sleep(100);
    assert((await stats(p.page)).rayAngleDeg === angle0, 'a sideways scroll turned the ray');
    await p.page.evaluate(() => {
      const r = window.__qc.api.ray();
      window.__qc.api.setRay(r.worldX, r.worldY, 0.1);
    });
    await p.page.locator('#canvas').focus();
    for (let i = 0; i < 10; i++) await p.page.keyboard.press('ArrowLeft'); // 0.06 rad each
    const angle = (await stats(p.page)).rayAngleDeg;
    assert(angle === 331, `0.1 rad turned 0.6 rad left (-29°) reads ${angle}`);
  } finally {
    await p.close();
  }
});

test('a short landscape canvas: the snake minimap takes at most 40% of it', async () => {
  const p = await newPage({ viewport: { width: 667, height: 375 }, deviceScaleFactor: 2 });
  try {
    await p.page.addInitScript(() => {
      const fillRect = CanvasRenderingContext2D.prototype.fillRect;
      CanvasRenderingContext2D.prototype.fillRect = function (x, y, w, h) {
        if (this.canvas.id === 'canvas' && this.fillStyle === 'rgba(13, 20, 38, 0.9)')
          window.__minimap = [w, h];
        return fillRect.call(this, x, y, w, h);
      };
    });
    await p.open('snake', 'seed=1');
    const got = await p.page.evaluate(() => ({
      map: window.__minimap,
      canvas: [document.getElementById('canvas').clientWidth, document.getElementById('canvas').clientHeight],
    }));
    assert(got.map, 'no minimap drawn');
    assert(
      got.map[0] <= got.canvas[0] * 0.4 + 1 && got.map[1] <= got.canvas[1] * 0.4 + 1,
      `minimap ${got.map} on a ${got.canvas} canvas`,
    );
    note(`minimap ${got.map.join('×')} px on a ${got.canvas.join('×')} px canvas`);
  } finally {
    await p.close();
  }
});

test('a stage only a few pixels tall does not stop the loop; a scene that throws is reported once', async () => {
  const p = await newPage();
  try {
    const running = async () => {
      const f = await p.page.evaluate(() => window.__qc.frames);
      await p.page
        .waitForFunction((f) => window.__qc.frames > f + 5, f, { timeout: 3000 })
        .catch(() => {
          throw new Check('the loop stopped');
        });
    };
    for (const id of ['shapes', 'playground', 'bullets']) {
      await p.open(id, 'seed=1');
      await p.page.setViewportSize({ width: 320, height: 160 }); // the phone layout leaves a stage 8 px tall
      await running();
      await p.page.setViewportSize(VIEWPORT);
      await running();
    }
    // whatever a scene throws: the loop goes on, one report per scene, drawing resumes when the cause is gone
    await p.open('shapes', 'seed=1'); // draws the ray's origin with arc() every frame
    await p.page.evaluate(() => {
      const arc = CanvasRenderingContext2D.prototype.arc;
      CanvasRenderingContext2D.prototype.arc = () => {
        throw new Error('arc test failure');
      };
      setTimeout(() => {
        CanvasRenderingContext2D.prototype.arc = arc;
      }, 500);
    });
    await running();
    await sleep(600);
    await running();
    const reported = p.problems.splice(0).filter((x) => x.includes('arc test failure'));
    const errors = await p.page.evaluate(() => window.__qc.errors);
    assert(reported.length === 1, `${reported.length} console reports of one scene's error`);
    assert(errors.length === 1 && errors[0].includes('shapes'), `__qc.errors: ${errors.join(' | ')}`);
    const px = await canvasPixels(p.page);
    assert(px.colours >= 4, 'blank after the scene recovered');
  } finally {
    await p.close();
  }
});

// ---- HiDPI, resize, touch ----------------------------------------------------------------------------------------
test('canvas is HiDPI, follows resizes, and takes touch input', async () => {
  const p = await newPage({ deviceScaleFactor: 2, hasTouch: true, isMobile: false });
  try {
    await p.open('playground', 'seed=1');
    let dims = await p.page.evaluate(() => {
      const c = document.getElementById('canvas');
      return { w: c.width, cw: c.clientWidth };
    });
    assert(dims.w === dims.cw * 2, `backing store ${dims.w} for css width ${dims.cw} at dpr 2`);
    await p.page.setViewportSize({ width: 700, height: 900 });
    await p.page.waitForFunction(() => document.getElementById('canvas').clientWidth <= 700);
    await sleep(100);
    dims = await p.page.evaluate(() => {
      const c = document.getElementById('canvas');
      return { w: c.width, cw: c.clientWidth };
    });
    assert(dims.cw <= 700 && dims.w === dims.cw * 2, `after resize: ${dims.w} for ${dims.cw}`);
    const px = await canvasPixels(p.page);
    assert(px.colours >= 4, 'blank after resize');
    const box = await p.page.locator('#canvas').boundingBox();
    await p.page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await p.page.waitForFunction(() => window.__qc.stats.hovered >= 0);
    await p.open('snake', 'seed=1');
    await p.page.evaluate(() => window.__qc.pause());
    await p.page.touchscreen.tap(box.x + 50, box.y + 50);
    await p.page
      .waitForFunction(() => window.__qc.stats.player === 'you', null, { timeout: 3000 })
      .catch(() => {
        throw new Check('tap did not take over the snake');
      });
  } finally {
    await p.close();
  }
});

test('phone width (375 and 320 px): no canvas text runs off the canvas; long labels wrap without overlapping', async () => {
  const rows = [];
  for (const width of [375, 320]) {
    const p = await newPage({ viewport: { width, height: 667 } });
    let widest = 0;
    try {
      // every fillText on the demo canvas, and every plate under a label (util.ts label(): its colour), in
      // device pixels, with the frame it was drawn in
      await p.page.addInitScript(() => {
        window.__drawn = [];
        const proto = CanvasRenderingContext2D.prototype;
        const fillText = proto.fillText;
        proto.fillText = function (text, x, y, maxWidth) {
          if (this.canvas.id === 'canvas') {
            const t = this.getTransform();
            const w = Math.min(this.measureText(text).width, maxWidth ?? Number.POSITIVE_INFINITY);
            const align = this.textAlign;
            const left = x - (align === 'right' || align === 'end' ? w : align === 'center' ? w / 2 : 0);
            window.__drawn.push({
              kind: 'text',
              text,
              frame: window.__qc?.frames,
              left: t.a * left + t.e,
              right: t.a * (left + w) + t.e,
              canvas: this.canvas.width,
            });
          }
          return fillText.call(this, text, x, y, maxWidth);
        };
        const fillRect = proto.fillRect;
        proto.fillRect = function (x, y, w, h) {
          if (this.canvas.id === 'canvas' && this.fillStyle === 'rgba(8, 12, 26, 0.78)') {
            const t = this.getTransform();
            window.__drawn.push({
              kind: 'plate',
              frame: window.__qc?.frames,
              left: t.a * x + t.e,
              right: t.a * (x + w) + t.e,
              top: t.d * y + t.f,
              bottom: t.d * (y + h) + t.f,
            });
          }
          return fillRect.call(this, x, y, w, h);
        };
      });
      for (const [id, query, setup] of [
        ['playground', 'seed=1&n=35000&paused=1', () => window.__qc.api.setTreeOptions(8, 0)], // with the capped note
        ['playground', 'seed=2&n=35000&paused=1', () => window.__qc.api.setMode('brute')],
        ['camera', 'seed=1'],
        ['snake', 'seed=1'],
        ['shapes', 'seed=1'],
        ['bullets', 'seed=1&mode=continuous&paused=1', () => window.__qc.step(120)],
        ['bullets', 'seed=1&mode=discrete&paused=1', () => window.__qc.step(120)],
        ['benchmark', 'autorun=0'],
      ]) {
        await p.open(id, query);
        if (setup) await p.page.evaluate(setup);
        await p.page.evaluate(
          () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
        );
        await p.page.evaluate(() => {
          window.__drawn.length = 0;
        });
        await p.page.evaluate(
          () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
        );
        const drawn = await p.page.evaluate(() => window.__drawn.splice(0));
        const texts = drawn.filter((d) => d.kind === 'text');
        assert(texts.length > 0, `${id} at ${width} px: no canvas text recorded`);
        const out = texts.filter((d) => d.left < -0.5 || d.right > d.canvas + 0.5);
        assert(
          out.length === 0,
          `${id} at ${width} px, cut off: ${[...new Set(out.map((d) => `"${d.text}" (${d.left.toFixed(0)} to ${d.right.toFixed(0)} px of ${d.canvas})`))].join(', ')}`,
        );
        // the labels of one frame (the last) keep clear of each other: one that wraps pushes the next down
        const plates = drawn.filter((d) => d.kind === 'plate' && d.frame === drawn[drawn.length - 1].frame);
        assert(id === 'benchmark' || plates.length > 0, `${id} at ${width} px: no label found`);
        for (let i = 0; i < plates.length; i++) {
          for (let j = i + 1; j < plates.length; j++) {
            const [a, b] = [plates[i], plates[j]];
            const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
            assert(
              !overlap,
              `${id} at ${width} px: two labels overlap (${JSON.stringify(a)} and ${JSON.stringify(b)})`,
            );
          }
        }
        widest = Math.max(widest, ...texts.map((d) => d.right - d.left));
      }
      rows.push(`${width} px: widest text ${widest.toFixed(0)} px`);
      await p.page.screenshot({ path: shotPath(`phone-${width}-benchmark.png`) });
    } finally {
      await p.close();
    }
  }
  note(rows.join(' · '));
});

test('demo: the canvas and the camera minimap follow a change of pixel ratio (1× → 2× → 1.5×)', async () => {
  const p = await newPage();
  try {
    await p.page.addInitScript(resolutionQueryEvents);
    // the minimap is a canvas of its own, drawn onto the demo canvas every frame: its backing store's width
    await p.page.addInitScript(() => {
      const drawImage = CanvasRenderingContext2D.prototype.drawImage;
      CanvasRenderingContext2D.prototype.drawImage = function (image, ...rest) {
        if (this.canvas.id === 'canvas' && image instanceof HTMLCanvasElement)
          window.__minimapWidth = image.width;
        return drawImage.call(this, image, ...rest);
      };
    });
    await p.open('camera', 'seed=1');
    const rows = [];
    for (const ratio of [1, 2, 1.5]) {
      if (ratio !== 1) await setPixelRatio(p.page, ratio);
      const s = await p.page.evaluate(() => ({
        width: document.getElementById('canvas').width,
        css: document.getElementById('canvas').clientWidth,
        mini: window.__minimapWidth,
        map: window.__qc.api.minimap().map.w,
      }));
      rows.push(
        `${ratio}×: canvas ${s.width} px for ${s.css} CSS px, minimap ${s.mini} px for ${s.map} CSS px`,
      );
      assert(s.width === Math.round(s.css * ratio), `at ${ratio}×: canvas ${s.width} px for ${s.css} CSS px`);
      assert(
        s.mini >= s.map * ratio && s.mini <= 200 * ratio,
        `at ${ratio}×: the minimap is drawn from ${s.mini} px for ${s.map} CSS px`,
      );
    }
    note(rows.join(' · '));
    const px = await canvasPixels(p.page);
    assert(px.colours >= 4, 'blank after the ratio changed');
  } finally {
    await p.close();
  }
});

// ---- engine examples (examples/<name>/, built into demo/dist/examples/) ------------------------------------------
/**
 * Colour statistics of a PNG screenshot, decoded by the page itself: works for WebGL canvases too,
 * whose pixels getImageData cannot read back after the frame.
 */
function screenshotPixels(page, png) {
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const c = new OffscreenCanvas(bitmap.width, bitmap.height);
    const g = c.getContext('2d');
    g.drawImage(bitmap, 0, 0);
    const d = g.getImageData(0, 0, c.width, c.height).data;
    // the background is the most frequent colour (a corner pixel may be a wall)
    const counts = new Map();
    let total = 0;
    for (let y = 2; y < c.height; y += 5) {
      for (let x = 2; x < c.width; x += 5) {
        const i = (y * c.width + x) * 4;
        const k = `${d[i]},${d[i + 1]},${d[i + 2]}`;
        counts.set(k, (counts.get(k) ?? 0) + 1);
        total++;
      }
    }
    const background = Math.max(...counts.values());
    return {
      colours: counts.size,
      nonBackground: (total - background) / total,
      width: c.width,
      height: c.height,
    };
  }, png.toString('base64'));
}

const EXAMPLES = [
  { name: 'pixi', minShare: 0.05 },
  { name: 'phaser', minShare: 0.03 },
  { name: 'ecs', minShare: 0.05 },
];
for (const ex of EXAMPLES) {
  test(`example ${ex.name}: runs without errors, draws, finds collisions`, async () => {
    const p = await newPage();
    try {
      await p.openExample(ex.name, 30);
      const first = await p.page.evaluate(() => ({ ...window.__example }));
      await sleep(1000);
      const second = await p.page.evaluate(() => ({ ...window.__example }));
      assert(
        second.frames > first.frames + 10,
        `frames did not advance (${first.frames} → ${second.frames})`,
      );
      assert(second.hits > 0, `no collisions after ${second.frames} frames`);
      assert(second.hits > first.hits, `collisions stopped (${first.hits} → ${second.hits} hits)`);
      const canvas = p.page.locator('#stage canvas');
      assert((await canvas.count()) === 1, `${await canvas.count()} canvases in #stage`);
      const png = await canvas.screenshot({ path: shotPath(`example-${ex.name}.png`) });
      const px = await screenshotPixels(p.page, png);
      assert(px.colours >= 4, `canvas looks blank: ${px.colours} colours`);
      assert(
        px.nonBackground >= ex.minShare,
        `canvas nearly empty: ${(px.nonBackground * 100).toFixed(1)}% drawn`,
      );
      // a window narrower than the canvas shrinks it without squashing it
      await p.page.setViewportSize({ width: 700, height: 900 });
      await sleep(200);
      const shape = await canvas.evaluate((c) => {
        const r = c.getBoundingClientRect();
        return { css: r.width / r.height, store: c.width / c.height, width: r.width };
      });
      assert(
        shape.width <= 700 && Math.abs(shape.css - shape.store) < 0.02,
        `at 700 px: shown ${shape.width.toFixed(0)} px wide, aspect ${shape.css.toFixed(3)} for a ${shape.store.toFixed(3)} canvas`,
      );
      const extra = Object.entries(second)
        .filter(([k]) => !['ready', 'frames', 'hits'].includes(k))
        .map(([k, v]) => `${k} ${v}`);
      note(
        `${second.frames} frames, ${second.hits} hits, ${px.colours} colours, ${(px.nonBackground * 100).toFixed(0)}% drawn; ${extra.join(', ')}`,
      );
    } finally {
      await p.close();
    }
  });
}

test('examples draw at the screen pixel ratio (sharp on HiDPI), in the same CSS size', async () => {
  const rows = [];
  for (const ex of EXAMPLES) {
    const p = await newPage({ deviceScaleFactor: 2 });
    try {
      await p.openExample(ex.name, 5);
      const size = await p.page.locator('#stage canvas').evaluate((c) => {
        const r = c.getBoundingClientRect();
        return {
          width: c.width,
          cssWidth: r.width,
          aspect: c.width / c.height,
          cssAspect: r.width / r.height,
        };
      });
      rows.push(`${ex.name} ${size.width} px for ${size.cssWidth.toFixed(0)} CSS px`);
      assert(
        size.width >= 1.9 * size.cssWidth,
        `${ex.name} at ratio 2: ${size.width} px for ${size.cssWidth} CSS px`,
      );
      assert(
        Math.abs(size.aspect - size.cssAspect) < 0.02,
        `${ex.name}: aspect ${size.cssAspect} for ${size.aspect}`,
      );
    } finally {
      await p.close();
    }
  }
  note(rows.join(' · '));
});

test('examples keep their shape in a narrow window at any pixel ratio (375 px at 2×, 900 px at 1.5× and 2×)', async () => {
  // Phaser, zoomed out by the ratio, wrote a fixed CSS height: a window narrower than the canvas squashed it.
  const rows = [];
  const failures = [];
  for (const [name, width, height, ratio] of [
    ['phaser', 375, 667, 2],
    ['phaser', 900, 700, 1.5],
    ['phaser', 900, 700, 2],
    ['pixi', 375, 667, 2],
    ['ecs', 375, 667, 2],
  ]) {
    const p = await newPage({ viewport: { width, height }, deviceScaleFactor: ratio });
    try {
      await p.openExample(name, 5);
      const size = await p.page.locator('#stage canvas').evaluate((c) => {
        const r = c.getBoundingClientRect();
        return { cssWidth: r.width, aspect: c.width / c.height, cssAspect: r.width / r.height };
      });
      rows.push(
        `${name} ${width} px ${ratio}×: ${size.cssWidth.toFixed(0)} CSS px, aspect ${size.cssAspect.toFixed(3)}`,
      );
      if (size.cssWidth > width) failures.push(`${name} ${width} px ${ratio}×: ${size.cssWidth} CSS px wide`);
      if (Math.abs(size.aspect - size.cssAspect) > 0.02)
        failures.push(
          `${name} ${width} px ${ratio}×: shown at aspect ${size.cssAspect.toFixed(3)}, drawn at ${size.aspect.toFixed(3)}`,
        );
      if (name === 'phaser' && width === 375)
        await p.page.screenshot({ path: shotPath('example-phaser-375-ratio-2.png') });
    } finally {
      await p.close();
    }
  }
  note(rows.join('\n    '));
  assert(failures.length === 0, failures.join('\n    '));
});

test('the static server sends a folder without its slash to the slash (/examples → /examples/)', async () => {
  // It served the folder's index.html at /examples/ecs, whose relative ./assets/… then 404'd.
  for (const [path, want] of [
    ['examples', '/examples/'],
    ['examples/ecs?x=1', '/examples/ecs/?x=1'],
    ['/examples', '/examples/'], // (//examples: a path, never another host)
  ]) {
    const r = await fetch(`${base}${path}`, { redirect: 'manual' });
    assert(
      r.status === 301 && r.headers.get('location') === want,
      `${path}: ${r.status} to ${r.headers.get('location')}`,
    );
  }
  assert((await fetch(`${base}examples/`)).status === 200, 'examples/');
  const p = await newPage();
  try {
    // (its script is ./assets/…: the example runs only if that resolved in the right folder)
    await p.page.goto(`${base}examples/ecs`);
    await p.page.waitForFunction(
      () => window.__example?.ready === true && window.__example.frames > 5,
      null,
      {
        timeout: 20000,
      },
    );
    assert(p.page.url().endsWith('/examples/ecs/'), `ended at ${p.page.url()}`);
  } finally {
    await p.close();
  }
});

test('examples follow a change of pixel ratio (1× → 2× → 1.5×): redrawn at the new ratio, same CSS size', async () => {
  const rows = [];
  const failures = [];
  for (const ex of EXAMPLES) {
    const p = await newPage();
    try {
      await p.page.addInitScript(resolutionQueryEvents);
      await p.openExample(ex.name, 5);
      const canvas = p.page.locator('#stage canvas');
      const sizes = [];
      for (const ratio of [1, 2, 1.5]) {
        if (ratio !== 1) await setPixelRatio(p.page, ratio);
        const frames = await p.page.evaluate(() => window.__example.frames);
        await p.page.waitForFunction((f) => window.__example.frames > f + 3, frames);
        const size = await canvas.evaluate((c) => {
          const r = c.getBoundingClientRect();
          return {
            width: c.width,
            cssWidth: r.width,
            aspect: c.width / c.height,
            cssAspect: r.width / r.height,
          };
        });
        sizes.push(`${ratio}×: ${size.width} px for ${size.cssWidth.toFixed(0)} CSS px`);
        if (Math.abs(size.width - ratio * size.cssWidth) > 1 || size.cssWidth !== 960)
          failures.push(`${ex.name} at ${ratio}×: ${size.width} px for ${size.cssWidth} CSS px`);
        if (Math.abs(size.aspect - size.cssAspect) > 0.02)
          failures.push(`${ex.name} at ${ratio}×: aspect ${size.cssAspect} for ${size.aspect}`);
      }
      const png = await canvas.screenshot({ path: shotPath(`example-${ex.name}-ratio-1.5.png`) });
      const px = await screenshotPixels(p.page, png);
      if (px.colours < 4 || px.nonBackground < ex.minShare)
        failures.push(`${ex.name}: nearly blank after the changes (${px.colours} colours)`);
      rows.push(`${ex.name} ${sizes.join(', ')}`);
    } finally {
      await p.close();
    }
  }
  note(rows.join('\n    '));
  assert(failures.length === 0, failures.join('\n    '));
});

// ---- screenshots for the docs and README -------------------------------------------------------------------------
test('steady frames allocate nothing in Chromium (refresh, clear + insert, moveAll, World step)', async () => {
  // Node's V8 and Chromium's differ: in Chromium, Array.prototype.fill over the insert's staging
  // list allocated 131 KB a frame at 10,000 items, where Node's allocated nothing. The library is
  // bundled from src and served to a blank page; each frame kind runs 300 frames to warm up, then
  // five windows of 100 frames, each after a gc() (heap in use after minus before, per frame), and
  // reads the median window. (One window of 300 read 3.3 KB a frame in one run of about ten for
  // moveAll + forEachPair, against 0.4-33 B in the others: a one-off growth, such as a scratch
  // buffer or compiled code, spread over the window. A cost paid every frame shows in every window.)
  const { build } = await import('esbuild');
  const bundle = await build({
    entryPoints: [join(repo, 'src/index.ts')],
    bundle: true,
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  const p = await newPage();
  try {
    await p.page.route('http://alloc.test/**', (route) =>
      route.fulfill(
        route.request().url().endsWith('.js')
          ? { contentType: 'text/javascript', body: bundle.outputFiles[0].text }
          : { contentType: 'text/html', body: '<!doctype html><title>allocation</title>' },
      ),
    );
    await p.page.goto('http://alloc.test/');
    const perFrame = await p.page.evaluate(async () => {
      const { Body, Circle, QuadIndex, Quadtree, World } = await import('http://alloc.test/quadcollide.js');
      let seed = 1;
      const random = () => {
        seed = (seed * 1103515245 + 12345) >>> 0;
        return seed / 4294967296;
      };
      const N = 10000;
      const items = Array.from({ length: N }, () => ({
        x: random() * 1980,
        y: random() * 1980,
        width: 4 + random() * 12,
        height: 4 + random() * 12,
        vx: random() - 0.5,
        vy: random() - 0.5,
      }));
      const move = () => {
        for (const it of items) {
          it.x += it.vx;
          it.y += it.vy;
          if (it.x < 0 || it.x > 1980) it.vx = -it.vx;
          if (it.y < 0 || it.y > 1980) it.vy = -it.vy;
        }
      };
      let pairs = 0;
      const visit = () => {
        pairs++;
      };
      const measure = (frame) => {
        for (let i = 0; i < 300; i++) frame();
        const windows = [];
        for (let w = 0; w < 5; w++) {
          window.gc();
          const before = performance.memory.usedJSHeapSize;
          for (let i = 0; i < 100; i++) frame();
          windows.push((performance.memory.usedJSHeapSize - before) / 100);
        }
        return windows.sort((a, b) => a - b)[2];
      };
      const bounds = { x: 0, y: 0, width: 2000, height: 2000 };
      const tree = new Quadtree(bounds);
      tree.insert(items);
      const index = new QuadIndex(bounds);
      for (const it of items) index.add(it.x, it.y, it.x + it.width, it.y + it.height);
      const boxes = new Float64Array(4 * N);
      const world = new World({ bounds });
      const bodies = items
        .slice(0, 2000)
        .map((it) => world.add(new Body(new Circle(it.x, it.y, it.width / 2))));
      return {
        'refresh + forEachPair': measure(() => {
          move();
          tree.refresh();
          tree.forEachPair(visit);
        }),
        'clear + insert(array) + forEachPair': measure(() => {
          move();
          tree.clear();
          tree.insert(items);
          tree.forEachPair(visit);
        }),
        'moveAll + forEachPair': measure(() => {
          move();
          for (let i = 0; i < N; i++) {
            const it = items[i];
            boxes[4 * i] = it.x;
            boxes[4 * i + 1] = it.y;
            boxes[4 * i + 2] = it.x + it.width;
            boxes[4 * i + 3] = it.y + it.height;
          }
          index.moveAll(boxes);
          index.forEachPair(visit);
        }),
        'World step (2,000 circles)': measure(() => {
          move();
          for (let i = 0; i < bodies.length; i++) bodies[i].setPosition(items[i].x, items[i].y);
          world.step();
          pairs += world.contacts.length;
        }),
        pairs,
      };
    });
    const rows = Object.entries(perFrame).filter(([k]) => k !== 'pairs');
    note(rows.map(([k, v]) => `${k}: ${v.toFixed(1)} B/frame`).join(' · '));
    // A per-frame allocation of the index is kilobytes (a byte or more per item); what a browser
    // does on its own between two gc() calls is tens of bytes a frame.
    for (const [kind, bytes] of rows) assert(bytes < 512, `${kind} allocates ${bytes.toFixed(0)} B a frame`);
  } finally {
    await p.close();
  }
});

test('screenshots: the docs pictures (docs/images/*.png with --docs-images)', async () => {
  const p = await newPage();
  try {
    const shots = [
      [
        'playground',
        'seed=1&n=2000&layout=clusters',
        async () => {
          await p.page.evaluate(() => window.__qc.step(30));
          const box = await p.page.locator('#canvas').boundingBox();
          await p.page.mouse.move(box.x + box.width * 0.62, box.y + box.height * 0.45);
        },
      ],
      [
        'camera',
        'seed=1',
        async () => {
          await p.page.evaluate(() => window.__qc.api.setCamera(9000, 5200, 0.55));
          await p.page.locator('#canvas').focus();
          await p.page.keyboard.press('c'); // the culling frame: nothing outside it is drawn
        },
      ],
      [
        'snake',
        'seed=1',
        async () => {
          await p.page.evaluate(() => window.__qc.step(1500));
        },
      ],
      [
        'shapes',
        'seed=1',
        async () => {
          const box = await p.page.locator('#canvas').boundingBox();
          await p.page.evaluate(() => window.__qc.step(240));
          await p.page.mouse.move(box.x + 40, box.y + box.height * 0.55);
          await p.page.evaluate(() =>
            window.__qc.api.setRay(window.__qc.api.ray().worldX, window.__qc.api.ray().worldY, -0.12),
          );
        },
      ],
    ];
    for (const [id, query, setup] of shots) {
      await p.open(id, `${query}&paused=1`);
      await setup();
      await sleep(300);
      await p.page.screenshot({ path: shotPath(`${id}.png`, { docs: true }) });
      // the bare canvas too, for the guides
      await p.page.locator('#canvas').screenshot({ path: shotPath(`${id}-canvas.png`, { docs: true }) });
    }
    // the fast-objects guide: the same seed and steps, discrete then continuous
    for (const mode of ['discrete', 'continuous']) {
      await p.open('bullets', `seed=1&mode=${mode}&paused=1`);
      await p.page.evaluate(() => window.__qc.step(240));
      await sleep(300);
      await p.page.locator('#canvas').screenshot({ path: shotPath(`bullets-${mode}.png`, { docs: true }) });
    }
    await p.open('playground', 'seed=1&n=600&layout=clusters');
    await p.page.evaluate(() => {
      window.__qc.pause();
      window.__qc.api.setTreeOptions(4, 8);
      window.__qc.step(1);
    });
    await sleep(200);
    await p.page.locator('#canvas').screenshot({ path: shotPath('tree-clusters.png', { docs: true }) });
  } finally {
    await p.close();
  }
});

// ---- run -------------------------------------------------------------------------------------------------------
const started = Date.now();
for (const t of tests) {
  if (only && !t.name.includes(only)) continue;
  const t0 = Date.now();
  notes = [];
  try {
    await Promise.race([
      t.fn(),
      sleep(90_000).then(() => {
        throw new Error('timed out after 90 s');
      }),
    ]);
    passed++;
    console.log(`✓ ${t.name} (${Date.now() - t0} ms)`);
    for (const n of notes) console.log(`    ${n}`);
  } catch (err) {
    failed++;
    console.log(
      `✗ ${t.name} (${Date.now() - t0} ms)\n    ${err instanceof Check ? err.message : (err?.stack ?? err)}`,
    );
  }
}
await browser.close();
server.close();
console.log(`total ${((Date.now() - started) / 1000).toFixed(1)} s`);
finish(failed ? 1 : 0);
