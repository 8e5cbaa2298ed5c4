/**
 * Measures how maxObjects and maxLevels change the per-frame cost (refresh() + forEachPair()) on the
 * benchmark's seeded scenes, and writes the curves used by docs/tuning.md:
 *   docs/tuning-results.json and docs/images/tuning-{maxObjects,maxLevels}{,-checks}.svg
 * Run: npx tsx demo/tools/tuning.ts [--quick]     (about 8 minutes; --quick: one scene, one round)
 *      npx tsx demo/tools/tuning.ts --charts-only (redraw the charts from docs/tuning-results.json)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createScene, type SceneName } from '../../bench/scenes.js';
import { Quadtree, type QuadtreeOptions } from '../../src/index.js';

const quick = process.argv.includes('--quick');
const WARMUP = quick ? 5 : 10;
const FRAMES = quick ? 15 : 40;
const ROUNDS = quick ? 1 : 3;

interface Row {
  scene: SceneName;
  n: number;
  maxObjects: number;
  maxLevels: number;
  /** mean CPU milliseconds per frame of refresh() + forEachPair(), best of the rounds */
  medianMs: number;
  checksPerFrame: number;
  nodes: number;
  depth: number;
  pairs: number;
}

/** One round: a fresh seeded scene and tree, WARMUP + FRAMES frames; returns the mean CPU ms per frame. */
function measureOnce(
  sceneName: SceneName,
  n: number,
  options: Required<Pick<QuadtreeOptions, 'maxObjects' | 'maxLevels'>>,
): Row {
  const scene = createScene(sceneName, n, 1);
  const tree = new Quadtree(scene.world, options);
  tree.insert(scene.boxes);
  let count = 0;
  const visit = (): void => {
    count++;
  };
  for (let i = 0; i < WARMUP; i++) {
    scene.step();
    tree.refresh();
    tree.forEachPair(visit);
  }
  // CPU time of this process, not wall time: on a shared machine the time spent descheduled is not counted.
  // Only refresh() + forEachPair() are inside the measurement; the scene's own step() is not.
  let treeMicros = 0;
  for (let i = 0; i < FRAMES; i++) {
    scene.step();
    count = 0;
    const t0 = process.cpuUsage();
    tree.refresh();
    tree.forEachPair(visit);
    const t1 = process.cpuUsage(t0);
    treeMicros += t1.user + t1.system;
  }
  const s = tree.stats();
  return {
    scene: sceneName,
    n,
    ...options,
    medianMs: treeMicros / 1000 / FRAMES,
    checksPerFrame: tree.lastChecks,
    nodes: s.nodes,
    depth: s.depth,
    pairs: count,
  };
}

/** The library's default, read from it: the maxLevels curves hold maxObjects there, and the charts mark it. */
const DEFAULT_MAX_OBJECTS = new Quadtree({ x: 0, y: 0, width: 1, height: 1 }).maxObjects;
const MAX_OBJECTS = [1, 2, 4, 6, 8, 10, 12, 16, 24, 32, 48, 64, 128];
const MAX_LEVELS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 16];
const CASES: Array<[SceneName, number]> = quick
  ? [['uniform', 10_000]]
  : [
      ['uniform', 10_000],
      ['clustered', 10_000],
      ['uniform', 50_000],
    ];

function measureAll(): Row[] {
  // Rounds are interleaved (every configuration once, then again…) and the fastest round's median is kept, so a
  // burst of load from another process spoils one round of one configuration, not a whole curve.
  const configs: Array<[SceneName, number, number, number]> = [];
  for (const [scene, n] of CASES) {
    for (const maxObjects of MAX_OBJECTS) configs.push([scene, n, maxObjects, 12]);
    for (const maxLevels of MAX_LEVELS)
      if (maxLevels !== 12) configs.push([scene, n, DEFAULT_MAX_OBJECTS, maxLevels]);
  }
  const best = new Map<string, Row>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [scene, n, maxObjects, maxLevels] of configs) {
      const r = measureOnce(scene, n, { maxObjects, maxLevels });
      const key = `${scene}/${n}/${maxObjects}/${maxLevels}`;
      const prev = best.get(key);
      if (!prev || r.medianMs < prev.medianMs) best.set(key, r);
    }
    console.log(`round ${round + 1}/${ROUNDS} done`);
  }
  const rows: Row[] = [...best.values()];
  for (const r of rows) {
    console.log(
      `${r.scene} n=${r.n} maxObjects=${r.maxObjects} maxLevels=${r.maxLevels}: ${r.medianMs.toFixed(3)} ms, ${r.checksPerFrame} checks, ${r.nodes} nodes, depth ${r.depth}`,
    );
  }
  return rows;
}

// ---- SVG charts ------------------------------------------------------------------------------------------------
const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd'];

function chart(
  title: string,
  xLabel: string,
  key: 'maxObjects' | 'maxLevels',
  fixed: Partial<Row>,
  logX: boolean,
  metric: 'medianMs' | 'checksPerItem' = 'medianMs',
): string {
  const W = 720;
  const H = 360;
  const pad = { l: 64, r: 190, t: 40, b: 52 };
  const pw = W - pad.l - pad.r;
  const ph = H - pad.t - pad.b;
  const series = CASES.map(([scene, n], i) => ({
    name: `${scene}, N = ${n.toLocaleString('en-US')}`,
    color: COLORS[i % COLORS.length],
    pts: rows
      .filter(
        (r) =>
          r.scene === scene && r.n === n && Object.entries(fixed).every(([k, v]) => r[k as keyof Row] === v),
      )
      .map((r) => ({ x: r[key], y: metric === 'medianMs' ? r.medianMs : r.checksPerFrame / r.n }))
      .sort((a, b) => a.x - b.x),
  }));
  const xs = series.flatMap((s) => s.pts.map((p) => p.x));
  const ys = series.flatMap((s) => s.pts.map((p) => p.y));
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs);
  const y0 = Math.floor(Math.log10(Math.min(...ys)));
  const y1 = Math.ceil(Math.log10(Math.max(...ys)));
  const X = (v: number): number =>
    pad.l + (logX ? Math.log2(v / x0) / Math.log2(x1 / x0) : (v - x0) / (x1 - x0)) * pw;
  const Y = (v: number): number => pad.t + ph - ((Math.log10(v) - y0) / (y1 - y0)) * ph;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" font-family="system-ui, sans-serif" font-size="12">`,
  );
  out.push(`<rect width="${W}" height="${H}" fill="#fff"/>`);
  out.push(`<text x="${pad.l}" y="24" font-size="15" font-weight="600">${title}</text>`);
  for (let e = y0; e <= y1; e++) {
    for (const m of [1, 2, 5]) {
      const v = m * 10 ** e;
      if (v < 10 ** y0 || v > 10 ** y1) continue;
      const y = Y(v).toFixed(1);
      out.push(
        `<line x1="${pad.l}" x2="${pad.l + pw}" y1="${y}" y2="${y}" stroke="${m === 1 ? '#ccc' : '#eee'}"/>`,
      );
      out.push(
        `<text x="${pad.l - 6}" y="${Number(y) + 4}" text-anchor="end" fill="#555">${v >= 1 ? v : v.toFixed(-e)}</text>`,
      );
    }
  }
  const ticks = key === 'maxObjects' ? MAX_OBJECTS : MAX_LEVELS;
  for (const t of ticks) {
    const x = X(t).toFixed(1);
    out.push(`<line x1="${x}" x2="${x}" y1="${pad.t}" y2="${pad.t + ph}" stroke="#f0f0f0"/>`);
    out.push(`<text x="${x}" y="${pad.t + ph + 16}" text-anchor="middle" fill="#555">${t}</text>`);
  }
  out.push(`<text x="${pad.l + pw / 2}" y="${H - 12}" text-anchor="middle">${xLabel}</text>`);
  out.push(
    `<text transform="translate(16 ${pad.t + ph / 2}) rotate(-90)" text-anchor="middle">${metric === 'medianMs' ? 'CPU ms per frame (log)' : 'box tests per object per frame (log)'}</text>`,
  );
  series.forEach((s, i) => {
    const d = s.pts.map((p, k) => `${k ? 'L' : 'M'}${X(p.x).toFixed(1)} ${Y(p.y).toFixed(1)}`).join(' ');
    out.push(`<path d="${d}" fill="none" stroke="${s.color}" stroke-width="2"/>`);
    for (const p of s.pts)
      out.push(`<circle cx="${X(p.x).toFixed(1)}" cy="${Y(p.y).toFixed(1)}" r="3" fill="${s.color}"/>`);
    out.push(`<rect x="${pad.l + pw + 16}" y="${pad.t + i * 20}" width="14" height="4" fill="${s.color}"/>`);
    out.push(`<text x="${pad.l + pw + 36}" y="${pad.t + i * 20 + 6}">${s.name}</text>`);
  });
  const def = key === 'maxObjects' ? DEFAULT_MAX_OBJECTS : 12;
  const dx = X(def).toFixed(1);
  out.push(
    `<line x1="${dx}" x2="${dx}" y1="${pad.t}" y2="${pad.t + ph}" stroke="#999" stroke-dasharray="4 4"/>`,
  );
  out.push(`<text x="${Number(dx) + 4}" y="${pad.t + 12}" fill="#777">default</text>`);
  out.push(
    `<text x="${pad.l + pw + 16}" y="${pad.t + ph - 4}" fill="#777" font-size="11">refresh() + forEachPair()</text>`,
  );
  out.push('</svg>');
  return out.join('\n');
}

const root = (p: string): string => fileURLToPath(new URL(`../../${p}`, import.meta.url));
const resultsFile = root('docs/tuning-results.json');
let rows: Row[];
let machine: { cpu: string; cores: number; node: string; platform: string };
if (process.argv.includes('--charts-only')) {
  // redraw the charts from the committed figures
  const saved = JSON.parse(readFileSync(resultsFile, 'utf8')) as { rows: Row[]; machine: typeof machine };
  rows = saved.rows;
  machine = saved.machine;
} else {
  rows = measureAll();
  machine = {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
  };
  writeFileSync(
    resultsFile,
    `${JSON.stringify({ date: new Date().toISOString(), machine, timing: 'process CPU time per frame, best of the rounds', warmupFrames: WARMUP, timedFrames: FRAMES, rounds: ROUNDS, rows }, null, 2)}\n`,
  );
}
const charts: Array<
  [string, string, string, 'maxObjects' | 'maxLevels', Partial<Row>, boolean, 'medianMs' | 'checksPerItem']
> = [
  [
    'tuning-maxObjects.svg',
    'CPU time per frame vs maxObjects (maxLevels 12)',
    'maxObjects (log scale)',
    'maxObjects',
    { maxLevels: 12 },
    true,
    'medianMs',
  ],
  [
    'tuning-maxLevels.svg',
    `CPU time per frame vs maxLevels (maxObjects ${DEFAULT_MAX_OBJECTS})`,
    'maxLevels',
    'maxLevels',
    { maxObjects: DEFAULT_MAX_OBJECTS },
    false,
    'medianMs',
  ],
  [
    'tuning-maxObjects-checks.svg',
    'Box tests vs maxObjects (maxLevels 12)',
    'maxObjects (log scale)',
    'maxObjects',
    { maxLevels: 12 },
    true,
    'checksPerItem',
  ],
  [
    'tuning-maxLevels-checks.svg',
    `Box tests vs maxLevels (maxObjects ${DEFAULT_MAX_OBJECTS})`,
    'maxLevels',
    'maxLevels',
    { maxObjects: DEFAULT_MAX_OBJECTS },
    false,
    'checksPerItem',
  ],
];
for (const [file, title, xLabel, key, fixed, logX, metric] of charts) {
  writeFileSync(root(`docs/images/${file}`), chart(title, xLabel, key, fixed, logX, metric));
}
console.log(
  `wrote docs/tuning-results.json and docs/images/tuning-*.svg (${machine.cpu}, ${machine.cores} cores, ${machine.node})`,
);
