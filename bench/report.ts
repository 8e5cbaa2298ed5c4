/**
 * Output: the markdown report (stdout and results/*.md), the raw JSON, and a hand-written SVG chart
 * (ms per frame against N, log–log, one panel per moving scene, one line per contestant).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEPTH_ABS_TOLERANCE, DEPTH_REL_TOLERANCE, TOUCH_EPSILON } from './contacts.js';
import type {
  BenchReport,
  CaseResult,
  ContestantResult,
  WorldCaseResult,
  WorldContestantResult,
} from './model.js';
import { SCENE_DESCRIPTIONS, type SceneName, SEED000_COUNT } from './scenes.js';
import { scalingExponent } from './stats.js';

const RESULTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'results');

export function machineInfo(): BenchReport['machine'] {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown cpu';
  const cores = os.cpus().length;
  const slug = cpu
    .toLowerCase()
    .replace(/\(r\)|\(tm\)|cpu|processor|@.*$/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return {
    id: `${os.platform()}-${os.arch()}-${cores}c-${slug}`,
    cpu,
    cores,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}

// ---------------------------------------------------------------- formatting helpers

function ms(value: number | undefined): string {
  if (value === undefined || Number.isNaN(value)) return '–';
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
}

function int(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

function bytes(value: number | undefined): string {
  if (value === undefined) return '–';
  const abs = Math.abs(value);
  if (abs >= 1024 * 1024) return `${(value / 1024 / 1024).toFixed(1)} MB`;
  if (abs >= 10 * 1024) return `${(value / 1024).toFixed(0)} KB`;
  return `${Math.round(value)} B`;
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

// ---------------------------------------------------------------- all-pairs tables

function fastestPeer(result: CaseResult): ContestantResult | undefined {
  let best: ContestantResult | undefined;
  for (const c of result.contestants) {
    if (c.kind !== 'peer' || c.status !== 'ok' || c.medianMs === undefined) continue;
    if (!best || c.medianMs < best.medianMs!) best = c;
  }
  return best;
}

function find(result: CaseResult | undefined, name: string): ContestantResult | undefined {
  const c = result?.contestants.find((x) => x.name === name);
  return c?.status === 'ok' ? c : undefined;
}

/** Growth exponent against the previous N of the same scene (1 = linear). */
function exponent(previous: CaseResult | undefined, current: CaseResult, name: string): string {
  const before = find(previous, name);
  const now = find(current, name);
  if (!previous || !before?.medianMs || !now?.medianMs) return '–';
  return scalingExponent(previous.n, before.medianMs, current.n, now.medianMs).toFixed(2);
}

/** Below 10k items the per-item figure drowns in heap noise (JIT code, caches), so it is not shown. */
const MIN_N_FOR_RETAINED = 10_000;

function retained(result: CaseResult, c: ContestantResult): string {
  if (c.retainedBytesPerItem === undefined || result.n < MIN_N_FOR_RETAINED) return '–';
  return `${Math.round(c.retainedBytesPerItem)}`;
}

function contestantRow(result: CaseResult, previous: CaseResult | undefined, c: ContestantResult): string[] {
  const name = c.kind === 'quadcollide' ? `**${c.name}**` : c.name;
  if (c.status !== 'ok') {
    const text = c.status === 'failed' ? '**FAILED (pair mismatch)**' : (c.reason ?? 'skipped');
    return [name, text, '', '', '', '', '', ''];
  }
  const peer = fastestPeer(result);
  const ratio = peer?.medianMs && c.medianMs ? `${(c.medianMs / peer.medianMs).toFixed(2)}×` : '–';
  return [
    name,
    ms(c.medianMs),
    ms(c.p95Ms),
    ratio,
    exponent(previous, result, c.name),
    retained(result, c),
    bytes(c.allocatedBytesPerFrame),
    c.checksPerFrame === undefined ? '–' : int(c.checksPerFrame),
  ];
}

function sceneSection(scene: SceneName, cases: readonly CaseResult[]): string {
  const parts = [`### ${scene}\n\n${SCENE_DESCRIPTIONS[scene]}.\n`];
  cases.forEach((result, i) => {
    const previous = i > 0 ? cases[i - 1] : undefined;
    parts.push(
      `**N = ${int(result.n)}** — world ${result.world.width}×${result.world.height}, ${int(result.pairs)} pairs/frame ` +
        `(${result.overlapsPerBox.toFixed(2)} overlaps per box), reference: ${result.reference}, ` +
        `${result.warmupFrames} warm-up + ${result.timedFrames} timed frames\n`,
    );
    parts.push(
      table(
        [
          'contestant',
          'median ms',
          'p95 ms',
          '× fastest peer',
          `N-exponent${previous ? ` ${short(previous.n)}→${short(result.n)}` : ''}`,
          'retained B/item',
          'alloc/frame',
          'checks/frame',
        ],
        result.contestants.map((c) => contestantRow(result, previous, c)),
      ),
    );
    parts.push('');
  });
  return parts.join('\n');
}

function short(n: number): string {
  return n >= 1000 ? `${n / 1000}k` : `${n}`;
}

// ---------------------------------------------------------------- targets

interface TargetCheck {
  target: string;
  scene: SceneName;
  n: number;
  mode: string;
  measured: string;
  met: boolean;
}

function ratioCheck(
  result: CaseResult,
  mode: ContestantResult,
  versus: string,
  limit: number,
  label: string,
): TargetCheck | undefined {
  const other = find(result, versus);
  if (!other?.medianMs || !mode.medianMs) return undefined;
  const ratio = mode.medianMs / other.medianMs;
  return {
    target: label,
    scene: result.scene,
    n: result.n,
    mode: mode.name,
    measured: `${ratio.toFixed(3)}× ${versus} (${ms(mode.medianMs)} vs ${ms(other.medianMs)} ms)`,
    met: ratio <= limit,
  };
}

/** The faster of flatbush and box-intersect in a case: the peers the speed targets compare with. */
function targetPeer(result: CaseResult): string | undefined {
  const candidates = ['flatbush', 'box-intersect']
    .map((name) => find(result, name))
    .filter((c) => c !== undefined);
  candidates.sort((a, b) => (a.medianMs ?? Infinity) - (b.medianMs ?? Infinity));
  return candidates[0]?.name;
}

/**
 * The speed targets, checked for each quadcollide mode in each case they apply to: the id API
 * (moveAll + forEachPair) at ≤ 0.15× the fastest peer on uniform and clustered scenes and
 * ≤ 0.25× on mixed, the object API at ≤ 0.25×, at 10k and 100k; every mode faster than
 * sort-and-sweep from 1k up.
 */
function targetChecks(cases: readonly CaseResult[]): TargetCheck[] {
  const checks: (TargetCheck | undefined)[] = [];
  for (const result of cases.filter((c) => c.n >= 1_000 && c.scene !== 'seed000')) {
    const big = result.n >= 10_000;
    const peer = targetPeer(result);
    for (const mode of result.contestants.filter((c) => c.kind === 'quadcollide' && c.status === 'ok')) {
      if (big && peer && result.scene !== 'snake') {
        const ids = mode.name === 'quadcollide ids';
        const limit = ids ? (result.scene === 'mixed' ? 0.25 : 0.15) : 0.25;
        checks.push(ratioCheck(result, mode, peer, limit, `≤ ${limit}× fastest peer`));
      }
      checks.push(ratioCheck(result, mode, 'sort-and-sweep', 1, 'faster than sort-and-sweep'));
    }
  }
  // a check is undefined when the peer it compares with did not run in that case
  return checks.filter((c): c is TargetCheck => c !== undefined);
}

function exponentChecks(cases: readonly CaseResult[]): string[] {
  const lines: string[] = [];
  for (const result of cases.filter((c) => c.n === 100_000)) {
    const previous = cases.find((c) => c.scene === result.scene && c.n === 10_000);
    if (!previous) continue;
    for (const c of result.contestants.filter((x) => x.kind === 'quadcollide')) {
      lines.push(`| ${result.scene} | ${c.name} | ${exponent(previous, result, c.name)} |`);
    }
  }
  if (lines.length === 0) return [];
  return [
    '',
    'Growth 10k → 100k (time ∝ N^k; 1.00 = linear):',
    '',
    '| scene | mode | k |',
    '| --- | --- | --- |',
    ...lines,
  ];
}

function targetsSection(report: BenchReport): string {
  const checks = targetChecks(report.cases);
  const rows = checks.map((c) => [
    c.target,
    c.scene,
    int(c.n),
    c.mode,
    c.measured,
    c.met ? 'met' : '**MISSED**',
  ]);
  const memory = report.cases
    .filter((c) => c.n === 100_000)
    .flatMap((c) =>
      c.contestants
        .filter((x) => x.kind === 'quadcollide' && x.retainedBytesPerItem !== undefined)
        .map((x) => {
          // The id index holds only typed arrays; the object modes also map objects to ids.
          const limit = x.name === 'quadcollide ids' ? 64 : 110;
          return [
            `≤ ${limit} B/item retained`,
            c.scene,
            int(c.n),
            x.name,
            `${Math.round(x.retainedBytesPerItem!)} B/item`,
            x.retainedBytesPerItem! <= limit ? 'met' : '**MISSED**',
          ];
        }),
    );
  const steady = report.steadyState.map((s) => [
    '0 B allocated per steady frame',
    s.scene,
    int(s.n),
    s.contestant,
    `${s.bytesPerFrame.toFixed(1)} B/frame, median of windows 3–5 (harness alone ${s.harnessBytesPerFrame.toFixed(1)})`,
    // Under 1 B/frame: the measurement itself (GCProfiler's records) accounts for ~0.6. Not relative
    // to the harness row, whose own noise would otherwise hide an allocation of ours.
    s.bytesPerFrame < 1 ? 'met' : '**MISSED**',
  ]);
  const all = [...rows, ...memory, ...steady];
  if (all.length === 0) return '';
  return [
    '## Targets\n',
    table(['target', 'scene', 'N', 'quadcollide mode', 'measured (medians)', 'status'], all),
    ...exponentChecks(report.cases),
    '',
  ].join('\n');
}

// ---------------------------------------------------------------- side benchmarks

function seedSection(report: BenchReport): string {
  const seed = report.cases.find((c) => c.scene === 'seed000');
  if (!seed) return '';
  const brute = (SEED000_COUNT * (SEED000_COUNT - 1)) / 2;
  const rows = seed.contestants
    .filter((c) => c.checksPerFrame !== undefined)
    .map((c) => [
      c.name,
      int(c.checksPerFrame!),
      `${((100 * c.checksPerFrame!) / brute).toFixed(1)}%`,
      (c.checksPerFrame! / seed.pairs).toFixed(2),
    ]);
  return [
    '## Seed 000 metric: narrow checks vs brute force\n',
    `${SEED000_COUNT} rects in 1200×1200 with the article's size formula (here ${int(seed.pairs)} pairs; the ` +
      `article's random draw had 5,453 pairs and its tree 10,123 checks vs ${int(brute)} brute force). A "check" ` +
      'is one narrow-phase box test (for peers: one candidate tested in the adapter, j > i).\n',
    table(['contestant', 'checks/frame', 'of n(n-1)/2', 'checks per pair (article: 1.86)'], rows),
    '',
  ].join('\n');
}

function querySection(report: BenchReport): string {
  return report.queries
    .map((q) =>
      [
        `## ${q.kind ?? 'query(rect)'} throughput\n`,
        `Static uniform scene, N = ${int(q.n)}, ${int(q.queries)} queries: ${q.description ?? 'rects of 0.5–3% of the world side'} ` +
          `(${q.resultsPerQuery.toFixed(1)} hits per query); median of 7 interleaved rounds.\n`,
        table(
          ['contestant', `ms per ${int(q.queries)} queries`, 'µs/query'],
          q.rows.map((r) => [r.name, ms(r.medianMs), r.microsPerQuery.toFixed(2)]),
        ),
        ...q.mismatches.map((m) => `\n**QUERY MISMATCH: ${m}**`),
        '',
      ].join('\n'),
    )
    .join('\n');
}

function updateSection(report: BenchReport): string {
  if (report.updates.length === 0) return '';
  const parts = ['## Bringing the index up to date (no pair search)\n'];
  for (const u of report.updates) {
    parts.push(`**N = ${int(u.n)}, ${u.movedShare * 100}% of the items move per frame** (median ms/frame)\n`);
    parts.push(
      table(
        ['method', 'ms/frame'],
        u.rows.map((r) => [r.name, ms(r.medianMs)]),
      ),
    );
    parts.push(...u.mismatches.map((m) => `\n**${m}**`));
    parts.push('');
  }
  return parts.join('\n');
}

function steadySection(report: BenchReport): string {
  if (report.steadyState.length === 0) return '';
  return [
    '## Steady-state allocation\n',
    'Five consecutive windows of 1,000 frames after 3,000 warm-up frames (functions a frame calls once are optimized late), a full GC, 200 more warm-up frames (a ' +
      'full GC can discard optimized code, which then runs unoptimized until recompiled) and another full GC; no ' +
      'forced GC during the windows, and bytes freed by any GC during them are added back, so "allocated" is the ' +
      'total allocated. The first two windows still include V8 recompiling the harness after that GC. The verdict ' +
      'is the median of windows 3–5 (an allocation made every frame shows in all of them; V8 now and then ' +
      'allocates a few KB of its own, in the harness-alone loop too, which lands in one); the heap columns are ' +
      'the last window. The harness column is the same loop with no index, on its own copy of the scene. Each ' +
      'row runs in a fresh Node process, so that no contestant inherits the JIT state another left in the ' +
      'harness.\n',
    table(
      [
        'contestant',
        'scene',
        'N',
        'heap before',
        'heap after',
        'allocated in the last 1,000 frames',
        'per frame, windows 1 – 5',
        'harness per frame',
      ],
      report.steadyState.map((s) => [
        s.contestant,
        s.scene,
        int(s.n),
        bytes(s.heapBefore),
        bytes(s.heapAfter),
        bytes(s.bytesAllocated),
        s.windowBytesPerFrame.map((b) => `${b.toFixed(1)} B`).join(' / '),
        `${s.harnessBytesPerFrame.toFixed(1)} B`,
      ]),
    ),
    '',
  ].join('\n');
}

// ---------------------------------------------------------------- World benchmark

/** Issue 13's target: the World at ≤ 0.10× detect-collisions' frame time at these N. */
const WORLD_TARGET_RATIO = 0.1;
const WORLD_TARGET_SIZES = [10_000, 50_000];

/** The faster detect-collisions configuration in a case (padding 0 or padding 2). */
function fastestWorldPeer(result: WorldCaseResult): WorldContestantResult | undefined {
  let best: WorldContestantResult | undefined;
  for (const c of result.contestants) {
    if (c.kind !== 'peer' || c.status !== 'ok' || c.medianMs === undefined) continue;
    if (!best || c.medianMs < best.medianMs!) best = c;
  }
  return best;
}

function worldRatio(result: WorldCaseResult): number | undefined {
  const ours = result.contestants.find((c) => c.kind === 'quadcollide' && c.status === 'ok');
  const peer = fastestWorldPeer(result);
  if (!ours?.medianMs || !peer?.medianMs) return undefined;
  return ours.medianMs / peer.medianMs;
}

function worldCase(result: WorldCaseResult): string {
  const a = result.agreement;
  const failed = result.contestants.some((c) => c.status === 'failed');
  const rows = result.contestants.map((c) => {
    const name = c.kind === 'quadcollide' ? `**${c.name}**` : c.name;
    if (c.status !== 'ok') return [name, '**FAILED (contact mismatch)**', '', '', '', '', ''];
    const peer = fastestWorldPeer(result);
    const ratio = peer?.medianMs && c.medianMs ? `${(c.medianMs / peer.medianMs).toFixed(3)}×` : '–';
    // below 10k a fresh instance's first frames still run unoptimized code (see the README)
    const memoryShown = result.n >= MIN_N_FOR_RETAINED;
    return [
      name,
      ms(c.medianMs),
      ms(c.p95Ms),
      ratio,
      memoryShown ? bytes(c.allocatedBytesPerFrame) : '–',
      memoryShown && c.retainedBytesPerShape !== undefined ? `${Math.round(c.retainedBytesPerShape)}` : '–',
      ms(c.setupMs),
    ];
  });
  const check = failed
    ? 'Contacts: **MISMATCH** (see the failure above).'
    : `Pair sets equal on all ${result.framesCompared} frames (warm-up included). Depth of matched pairs: ` +
      `max |Δ| ${a.maxDepthAbs.toExponential(1)} px, max relative ${a.maxDepthRel.toExponential(1)}; ` +
      `normals: max |Δ| ${a.maxNormal.toExponential(1)}; ` +
      `${a.depthOutliers === 0 ? 'no pair' : `**${a.depthOutliers} pair-frames**`} beyond the depth tolerance` +
      `${a.worst ? ` (worst: ${a.worst})` : ''}; at most ${result.touchingDropped} pairs per frame at depth ≤ ${TOUCH_EPSILON} left out.`;
  return [
    `**N = ${int(result.n)}** — world ${result.world.width}×${result.world.height}, ${int(result.contacts)} contacts/frame ` +
      `(${result.overlapsPerShape.toFixed(2)} per shape), ${result.warmupFrames} warm-up + ${result.timedFrames} timed frames. ${check}\n`,
    table(
      [
        'contestant',
        'median ms',
        'p95 ms',
        '× faster detect-collisions',
        'alloc/frame',
        'retained B/shape',
        'setup ms',
      ],
      rows,
    ),
    '',
  ].join('\n');
}

function worldSection(report: BenchReport): string {
  const { cases, stepAllocation } = report.world;
  if (cases.length === 0) return '';
  const parts = [
    '## World: moving, rotating shapes (issue 13)\n',
    'quadcollide’s World against detect-collisions’ System, twice: with its default padding 0 (the reference ' +
      'answer) and with padding 2, the World’s default margin. ' +
      'N shapes, half circles (radius 3–8) and half random convex 3–6-gons (4–16 px across), placed for about 2 ' +
      'overlaps per shape, all moving 0.5–2 px/frame and bouncing off the walls, polygons turning 0.01–0.05 ' +
      'rad/frame. Frame = copy every pose into the library’s bodies (position, and angle for polygons) + bring ' +
      'the world up to date + read every contact (ids, normal, depth); advancing the poses is shared and not ' +
      'timed. They run interleaved in a shuffled order each frame. Every frame the pair sets must be equal ' +
      `(count and order-independent hash; pairs with depth ≤ ${TOUCH_EPSILON} px are left out on both sides, ` +
      'since detect-collisions counts touching shapes at depth 0 and quadcollide does not) and matched pairs’ ' +
      `depths are compared (tolerance ${DEPTH_ABS_TOLERANCE} px + ${DEPTH_REL_TOLERANCE} × depth).\n`,
  ];
  for (const result of cases) parts.push(worldCase(result));
  const targets = WORLD_TARGET_SIZES.map((n) => {
    const result = cases.find((c) => c.n === n);
    const ratio = result && worldRatio(result);
    if (!result || ratio === undefined) return [int(n), 'not run', '–'];
    const ours = result.contestants.find((c) => c.kind === 'quadcollide')!;
    const peer = fastestWorldPeer(result)!;
    return [
      int(n),
      `${ratio.toFixed(3)}× ${peer.name} (${ms(ours.medianMs)} vs ${ms(peer.medianMs)} ms)`,
      ratio <= WORLD_TARGET_RATIO ? 'met' : '**MISSED**',
    ];
  });
  parts.push(
    `Target: ≤ ${WORLD_TARGET_RATIO.toFixed(2)}× detect-collisions at 10k and 50k (medians), against the faster ` +
      'of its two configurations: its default (padding 0) and padding 2, the fat-box margin the World uses by ' +
      'default.\n',
    table(['N', 'quadcollide World / faster detect-collisions', 'status'], targets),
    '',
    table(
      ['contestant', 'how it is driven'],
      report.world.notes.map((n) => [n.contestant, n.notes]),
    ),
    '',
  );
  if (stepAllocation) {
    const w = stepAllocation.windows;
    const last = w[w.length - 1];
    const perBody = (b: number) => (b / stepAllocation.n).toFixed(1);
    parts.push(
      `Steady-state allocation of the World contestant at N = ${int(stepAllocation.n)}: JS-heap bytes per frame ` +
        `by phase, after 400 warm-up frames and two full collections, in ${w.length} consecutive windows of ` +
        `${stepAllocation.framesPerWindow} frames (each phase measured on its own, minus an empty measured call).\n`,
      table(
        ['phase', 'B/frame, windows 1 / 2 / 3', 'B per body, last window'],
        [
          ['move all (`setPosition`, `angle`)', w.map((x) => bytes(x.move)).join(' / '), perBody(last.move)],
          ['`world.step()`', w.map((x) => bytes(x.step)).join(' / '), perBody(last.step)],
          ['read `world.contacts`', w.map((x) => bytes(x.read)).join(' / '), perBody(last.read)],
        ],
      ),
      '',
    );
  }
  return parts.join('\n');
}

export function renderMarkdown(report: BenchReport): string {
  const { machine } = report;
  const parts = [
    `# quadcollide benchmark — ${report.date.slice(0, 10)}\n`,
    `${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, ${machine.platform}; mode: ${report.mode} (\`${report.command}\`)\n`,
  ];
  if (report.failures.length > 0) {
    parts.push(`## ❌ RUN FAILED: pair mismatches\n\n${report.failures.map((f) => `- ${f}`).join('\n')}\n`);
  }
  if (report.cases.length > 0)
    parts.push(
      '## All colliding pairs per frame\n',
      'Frame = bring the index up to date with the moved boxes + report every strictly overlapping pair once ' +
        '(moving the boxes is shared and not timed). Every contestant matched the reference pair set on every ' +
        'frame unless marked FAILED. "× fastest peer" compares with the fastest npm library in the same case; ' +
        'N-exponent is the growth from the previous N (1 = linear); retained B/item is the index’s memory ' +
        '(user boxes excluded, wrapper objects a library needs included); alloc/frame is JS-heap bytes ' +
        'allocated per frame (ArrayBuffer contents excluded).\n',
    );
  const scenes = [...new Set(report.cases.map((c) => c.scene))];
  for (const scene of scenes)
    parts.push(
      sceneSection(
        scene,
        report.cases.filter((c) => c.scene === scene),
      ),
    );
  parts.push(
    targetsSection(report),
    seedSection(report),
    querySection(report),
    updateSection(report),
    steadySection(report),
    worldSection(report),
  );
  if (report.cases.length > 0)
    parts.push(
      '## Contestants\n',
      table(
        ['contestant', 'how it is used'],
        report.notes.map((n) => [n.contestant, n.notes]),
      ),
      '',
    );
  return `${parts.filter(Boolean).join('\n')}\n`;
}

// ---------------------------------------------------------------- SVG chart

const PALETTE: Record<string, string> = {
  'brute force': '#9e9e9e',
  'sort-and-sweep': '#6d4c41',
  flatbush: '#1e88e5',
  'flatbush (reads box ids)': '#90caf9',
  'box-intersect': '#3949ab',
  'quadcollide ids': '#b71c1c',
  rbush: '#00acc1',
  'quadtree-js': '#fb8c00',
  'quadtree-ts': '#fdd835',
  'detect-collisions': '#8e24aa',
  'quadcollide (rebuild)': '#e53935',
  'quadcollide (update)': '#43a047',
};

interface Panel {
  scene: SceneName;
  cases: CaseResult[];
}

const PANEL_W = 360;
const PANEL_H = 240;
const MARGIN = { left: 56, right: 16, top: 30, bottom: 36 };

function logTicks(min: number, max: number): number[] {
  const ticks: number[] = [];
  for (let e = Math.floor(Math.log10(min)); e <= Math.ceil(Math.log10(max)); e++) ticks.push(10 ** e);
  return ticks;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function panelSvg(panel: Panel, names: readonly string[], x0: number, y0: number): string {
  const sizes = panel.cases.map((c) => c.n);
  const times = panel.cases.flatMap((c) =>
    c.contestants.map((x) => x.medianMs).filter((t): t is number => !!t),
  );
  const yTicks = logTicks(Math.min(...times), Math.max(...times));
  const [yMin, yMax] = [yTicks[0], yTicks[yTicks.length - 1]];
  const [nMin, nMax] = [Math.min(...sizes), Math.max(...sizes)];
  const w = PANEL_W - MARGIN.left - MARGIN.right;
  const h = PANEL_H - MARGIN.top - MARGIN.bottom;
  const px = (n: number) =>
    x0 + MARGIN.left + (nMax === nMin ? w / 2 : (w * Math.log(n / nMin)) / Math.log(nMax / nMin));
  const py = (t: number) => y0 + MARGIN.top + h - (h * Math.log(t / yMin)) / Math.log(yMax / yMin);
  const out = [
    `<text x="${x0 + PANEL_W / 2}" y="${y0 + 18}" text-anchor="middle" font-weight="bold">${panel.scene}</text>`,
    `<rect x="${x0 + MARGIN.left}" y="${y0 + MARGIN.top}" width="${w}" height="${h}" fill="none" stroke="#bbb"/>`,
  ];
  for (const t of yTicks) {
    out.push(
      `<line x1="${x0 + MARGIN.left}" x2="${x0 + MARGIN.left + w}" y1="${py(t)}" y2="${py(t)}" stroke="#eee"/>`,
    );
    out.push(
      `<text x="${x0 + MARGIN.left - 4}" y="${py(t) + 4}" text-anchor="end">${t >= 1 ? t : t.toFixed(2)}</text>`,
    );
  }
  for (const n of sizes) {
    out.push(`<text x="${px(n)}" y="${y0 + MARGIN.top + h + 16}" text-anchor="middle">${short(n)}</text>`);
  }
  out.push(
    `<text x="${x0 + 14}" y="${y0 + MARGIN.top + h / 2}" transform="rotate(-90 ${x0 + 14} ${y0 + MARGIN.top + h / 2})" text-anchor="middle">ms / frame</text>`,
    `<text x="${x0 + MARGIN.left + w / 2}" y="${y0 + PANEL_H - 4}" text-anchor="middle">N</text>`,
  );
  for (const name of names) {
    const points = panel.cases
      .map((c) => ({ n: c.n, t: find(c, name)?.medianMs }))
      .filter((p): p is { n: number; t: number } => p.t !== undefined);
    if (points.length === 0) continue;
    const color = PALETTE[name] ?? '#000';
    const width = name.startsWith('quadcollide') ? 3 : 1.5;
    const d = points
      .map((p, i) => `${i === 0 ? 'M' : 'L'}${px(p.n).toFixed(1)},${py(p.t).toFixed(1)}`)
      .join(' ');
    out.push(`<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}"/>`);
    for (const p of points)
      out.push(`<circle cx="${px(p.n).toFixed(1)}" cy="${py(p.t).toFixed(1)}" r="2.5" fill="${color}"/>`);
  }
  return out.join('\n');
}

export function renderSvg(report: BenchReport): string {
  const panels: Panel[] = (['uniform', 'clustered', 'mixed', 'snake'] as const)
    .map((scene) => ({ scene, cases: report.cases.filter((c) => c.scene === scene) }))
    .filter((p) => p.cases.some((c) => c.contestants.some((x) => x.medianMs)));
  const names = report.notes.map((n) => n.contestant);
  const columns = 2;
  const rows = Math.ceil(panels.length / columns);
  const legendH = 20 * Math.ceil(names.length / 3) + 16;
  const width = PANEL_W * columns;
  const height = PANEL_H * rows + legendH + 28;
  const body = panels.map((p, i) =>
    panelSvg(p, names, (i % columns) * PANEL_W, 28 + Math.floor(i / columns) * PANEL_H),
  );
  const legend = names.map((name, i) => {
    const x = 20 + (i % 3) * 240;
    const y = 28 + PANEL_H * rows + 16 + Math.floor(i / 3) * 20;
    const color = PALETTE[name] ?? '#000';
    return `<line x1="${x}" x2="${x + 24}" y1="${y - 4}" y2="${y - 4}" stroke="${color}" stroke-width="3"/><text x="${x + 30}" y="${y}">${escapeXml(name)}</text>`;
  });
  const title = `All colliding pairs per frame (median ms, log–log) — ${report.machine.cpu}, ${report.machine.cores} cores, Node ${report.machine.node}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="${width / 2}" y="18" text-anchor="middle" font-size="13">${escapeXml(title)}</text>`,
    ...body,
    ...legend,
    '</svg>',
    '',
  ].join('\n');
}

// ---------------------------------------------------------------- files

/** results/<date>-<machine>[-quick].{json,svg,md}; a full run also refreshes results/latest.*. */
export function writeOutputs(report: BenchReport, markdown: string): string[] {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const suffix = report.mode === 'full' ? '' : `-${report.mode}`;
  const base = join(RESULTS_DIR, `${report.date.slice(0, 10)}-${report.machine.id}${suffix}`);
  const svg = renderSvg(report);
  const files: [string, string][] = [
    [`${base}.json`, `${JSON.stringify(report, null, 2)}\n`],
    [`${base}.svg`, svg],
    [`${base}.md`, markdown],
  ];
  if (report.mode === 'full') {
    files.push([join(RESULTS_DIR, 'latest.svg'), svg], [join(RESULTS_DIR, 'latest.md'), markdown]);
  }
  for (const [path, content] of files) writeFileSync(path, content);
  return files.map(([path]) => path);
}
