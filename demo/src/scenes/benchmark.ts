/**
 * Scene 6 · Benchmark: the comparison runs in a Web Worker in this browser and is plotted next to the
 * committed Node results (bench/results/*.json, bundled at build time when present).
 */
import type { BenchReport } from '../../../bench/model.js';
import type { RunRequest, WorkerMessage } from '../bench/protocol.js';
import type { Scene, SceneHost, Stats } from '../scene.js';
import { button, el, fmt, wrapText } from '../util.js';

interface Point {
  n: number;
  ms: number;
}
interface Mismatch {
  n: number;
  name: string;
  /** frames whose pair set differed from the reference's */
  frames: number;
  pairs: number;
  reference: string;
  referencePairs: number;
}
interface Series {
  name: string;
  color: string;
  browser: Point[];
  node: Point[];
}

const COLORS: Record<string, string> = {
  'quadcollide (update)': '#54d1ff',
  'quadcollide (rebuild)': '#35b58a',
  'quadcollide ids': '#9ef0ff',
  'sort-and-sweep': '#ffb347',
  flatbush: '#f2e35c',
  rbush: '#c89bff',
  'detect-collisions': '#ff9ad5',
  'quadtree-js': '#ff5a8a',
  'brute force': '#ff5a5a',
};
/** Column headings: the table has to fit the side panel of a 1366-px-wide window. */
const SHORT: Record<string, string> = {
  'quadcollide (update)': 'qc upd',
  'quadcollide (rebuild)': 'qc reb',
  'quadcollide ids': 'qc ids',
  'sort-and-sweep': 'S&S',
  flatbush: 'flatb.',
  rbush: 'rbush',
  'detect-collisions': 'd-coll.',
  'quadtree-js': 'qt-js',
  'brute force': 'brute',
};
const DEFAULT_CONTESTANTS = Object.keys(COLORS);
/** baseline to baseline of the chart title's lines, when it wraps on a narrow canvas */
const TITLE_LINE = 19;
const DEFAULT_SIZES = [500, 1000, 2000, 5000, 10_000, 20_000, 50_000];
const SCENE_NAME = 'uniform';

/** Committed Node results, newest first (by the report's date, then file name). */
const reports = Object.entries(
  import.meta.glob<BenchReport>('../../../bench/results/*.json', { eager: true, import: 'default' }),
)
  .filter(([, r]) => r && Array.isArray(r.cases))
  .sort(
    ([fa, a], [fb, b]) => String(b.date ?? '').localeCompare(String(a.date ?? '')) || fb.localeCompare(fa),
  );

function nodeSeries(): { file: string; report: BenchReport } | null {
  if (reports.length === 0) return null;
  const [file, report] = reports[0];
  return { file: file.split('/').pop() ?? file, report };
}

export class BenchmarkScene implements Scene {
  readonly id = 'benchmark';
  readonly title = 'Benchmark';
  readonly help = 'Run: measure in this browser (Web Worker) · dashed lines: committed Node results';
  readonly about =
    'The same seeded scene as `npm run bench` (boxes 4–16 px, all moving, about two overlaps per box), the same ' +
    'contestant code and the same method, run in a Web Worker so this page stays responsive. For each N every ' +
    'contestant runs every frame, in a fresh shuffled order, after a warm-up long enough for the JIT. Each point is ' +
    'the median time of one frame: bring the index up to date with the moved boxes, then report every overlapping ' +
    'pair. Every frame, every contestant must find the same pairs as the reference; a mismatch is shown in red.';
  readonly defaultSeed = 1;
  readonly manualLoop = true;
  /** the benchmark's scene is its own (seeded as `npm run bench` seeds it): the demo's seed changes nothing */
  readonly seeded = false;

  private host!: SceneHost;
  private worker: Worker | null = null;
  private series = new Map<string, Series>();
  private mismatches: Mismatch[] = [];
  /** why a contestant has no result at an N, by `${name}@${n}` */
  private skips = new Map<string, string>();
  private statistic: 'median' | 'mean' = 'median';
  private running = false;
  private progress = 'not run yet: press "run" to measure in this browser';
  private results = 0;
  private lastRunMs = 0;
  private table!: HTMLElement;
  private runButton!: HTMLButtonElement;
  private node = nodeSeries();

  readonly api = {
    /** run a (smaller) benchmark; resolves when the worker is done */
    run: (opts: Partial<RunRequest> = {}) => this.run(opts),
    results: () => [...this.series.values()].map((s) => ({ name: s.name, browser: s.browser, node: s.node })),
    mismatches: () => this.mismatches.map((m) => ({ ...m })),
    skips: () => Object.fromEntries(this.skips),
    hasNodeResults: () => this.node !== null,
  };

  mount(host: SceneHost): void {
    this.host = host;
    this.table = el('div', { class: 'bench-table', id: 'bench-table' });
    this.runButton = button('bench-run', 'run', () => void this.run({}));
    const source = this.node
      ? `Node results: bench/results/${this.node.file} (${this.node.report.machine?.cpu ?? 'unknown CPU'}, Node ${this.node.report.machine?.node ?? '?'}, ${this.node.report.date ?? ''})`
      : 'No committed Node results found in bench/results/ at build time: run `npm run bench`, then rebuild the demo.';
    host.controls.append(
      el('div', { class: 'row' }, this.runButton),
      el('p', { class: 'hint', id: 'node-source' }, source),
      this.table,
    );
    for (const name of DEFAULT_CONTESTANTS) this.ensure(name);
    this.loadNode();
    this.renderTable();
    const auto = host.params.get('autorun');
    if (auto !== '0') void this.run({});
  }

  private ensure(name: string): Series {
    let s = this.series.get(name);
    if (!s) {
      s = { name, color: COLORS[name] ?? '#ccc', browser: [], node: [] };
      this.series.set(name, s);
    }
    return s;
  }

  private loadNode(): void {
    if (!this.node) return;
    for (const c of this.node.report.cases) {
      if (c.scene !== SCENE_NAME) continue;
      for (const r of c.contestants) {
        if (r.status !== 'ok' || typeof r.medianMs !== 'number') continue;
        if (!COLORS[r.name]) continue;
        const pts = this.ensure(r.name).node;
        const same = pts.findIndex((p) => p.n === c.n);
        if (same >= 0) pts.splice(same, 1);
        pts.push({ n: c.n, ms: r.medianMs });
      }
    }
    for (const s of this.series.values()) s.node.sort((a, b) => a.n - b.n);
  }

  private run(opts: Partial<RunRequest>): Promise<void> {
    this.worker?.terminate();
    for (const s of this.series.values()) s.browser = [];
    this.mismatches = [];
    this.skips.clear();
    this.results = 0;
    this.running = true;
    this.progress = 'starting the worker…';
    this.runButton.textContent = 'run again';
    const req: RunRequest = {
      type: 'run',
      scene: SCENE_NAME,
      sizes: DEFAULT_SIZES,
      contestants: DEFAULT_CONTESTANTS,
      warmupFrames: 5,
      minWarmupMs: 150,
      timedFrames: 25,
      maxFrameMs: 60,
      ...opts,
    };
    const w = new Worker(new URL('../bench/worker.ts', import.meta.url), { type: 'module' });
    this.worker = w;
    return new Promise<void>((resolve, reject) => {
      w.onmessage = (e: MessageEvent<WorkerMessage>) => {
        const m = e.data;
        if (m.type === 'progress') this.progress = m.text;
        else if (m.type === 'result') {
          this.results++;
          this.statistic = m.statistic;
          this.ensure(m.name).browser.push({ n: m.n, ms: m.ms });
          if (m.mismatchFrames > 0) {
            this.mismatches.push({
              n: m.n,
              name: m.name,
              frames: m.mismatchFrames,
              pairs: m.pairs,
              reference: m.reference,
              referencePairs: m.referencePairs,
            });
          }
          this.renderTable();
        } else if (m.type === 'skip') {
          this.skips.set(`${m.name}@${m.n}`, m.reason);
          this.renderTable();
        } else if (m.type === 'done') {
          this.running = false;
          this.lastRunMs = m.ms;
          this.progress = `done in ${(m.ms / 1000).toFixed(1)} s`;
          this.renderTable();
          w.terminate();
          resolve();
        } else if (m.type === 'error') {
          this.running = false;
          this.progress = `worker error: ${m.message}`;
          w.terminate();
          reject(new Error(m.message));
        }
      };
      w.onerror = (e) => {
        this.running = false;
        this.progress = `worker error: ${e.message}`;
        reject(new Error(e.message));
      };
      w.postMessage(req);
    });
  }

  private renderTable(): void {
    const ns = new Set<number>();
    for (const s of this.series.values()) for (const p of [...s.browser, ...s.node]) ns.add(p.n);
    const sizes = [...ns].sort((a, b) => a - b);
    const shown = [...this.series.values()].filter((s) => s.browser.length || s.node.length);
    const head = el(
      'tr',
      {},
      el('th', {}, 'N'),
      ...shown.map((s) => el('th', { style: `color:${s.color}`, title: s.name }, SHORT[s.name] ?? s.name)),
    );
    const rows = sizes.map((n) =>
      el(
        'tr',
        {},
        el('th', {}, fmt(n)),
        ...shown.map((s) => {
          const b = s.browser.find((p) => p.n === n);
          const nd = s.node.find((p) => p.n === n);
          const skip = this.skips.get(`${s.name}@${n}`);
          const wrong = this.mismatches.some((m) => m.name === s.name && m.n === n);
          const attrs: Record<string, string> = {};
          if (skip) attrs.title = `${s.name}: ${skip}`;
          if (wrong) attrs.class = 'error';
          return el(
            'td',
            attrs,
            b ? fmt(b.ms, 2) : skip ? '–' : '·',
            el('br'),
            el('small', {}, nd ? fmt(nd.ms, 2) : ''),
          );
        }),
      ),
    );
    const table = el('table', {}, el('thead', {}, head), el('tbody', {}, ...rows));
    const caption = el(
      'p',
      { class: 'hint' },
      `${this.statistic} ms per frame in this browser; below it, the committed Node run; – = skipped (hover for why)`,
    );
    const notes = this.mismatches.length
      ? el(
          'p',
          { class: 'error' },
          `different pair sets: ${this.mismatches
            .map(
              (m) =>
                `${m.name} at N=${fmt(m.n)} in ${m.frames} frame${m.frames === 1 ? '' : 's'} (${fmt(m.pairs)} pairs, ${m.reference} ${fmt(m.referencePairs)})`,
            )
            .join('; ')}`,
        )
      : el(
          'p',
          { class: 'hint' },
          this.results
            ? `every contestant found exactly the reference pairs in every frame${this.running ? ' so far' : ''} ✓`
            : '',
        );
    this.table.replaceChildren(table, caption, notes);
  }

  resize(): void {}
  step(): void {}

  draw(ctx: CanvasRenderingContext2D): void {
    const { width, height } = this.host;
    ctx.fillStyle = '#0b1020';
    ctx.fillRect(0, 0, width, height);
    // The progress line sits right of the title when both fit, else on a line of its own below it
    // (at 1366 px the two once overlapped): measured first, because it moves the plot down. On a canvas
    // narrower than the title (a phone) the title wraps, from the left edge of the axis labels to have
    // more room, and the progress line goes under it.
    ctx.font = '600 15px system-ui, sans-serif';
    const title = `ms per frame (${this.statistic}): solid = this browser, dashed = committed Node run`;
    const fits = ctx.measureText(title).width <= width - 64 - 24;
    const titleX = fits ? 64 : 12;
    const titleLines = fits ? [title] : wrapText(ctx, title, width - titleX - 24);
    const titleWidth = ctx.measureText(titleLines[0]).width;
    const lastTitleY = 24 + (titleLines.length - 1) * TITLE_LINE;
    ctx.font = '12px system-ui, sans-serif';
    const progress = this.running ? `running: ${this.progress}` : this.progress;
    const ownLine =
      titleLines.length > 1 || 64 + titleWidth + 24 + ctx.measureText(progress).width > width - 24;
    const all = [...this.series.values()].flatMap((s) => [...s.browser, ...s.node]);
    const nMin = Math.min(500, ...all.map((p) => p.n));
    const nMax = Math.max(50_000, ...all.map((p) => p.n));
    const msMin = Math.max(0.001, Math.min(0.1, ...all.map((p) => p.ms)));
    const msMax = Math.max(10, ...all.map((p) => p.ms));
    const lx0 = Math.log10(nMin);
    const lx1 = Math.log10(nMax);
    const ly0 = Math.floor(Math.log10(msMin));
    const ly1 = Math.ceil(Math.log10(msMax));
    const msLabel = (e: number): string => `${10 ** e >= 1 ? 10 ** e : (10 ** e).toFixed(-e)} ms`;
    // The axis labels' column is as wide as its widest label: a slow machine puts points above a
    // second, and "10000 ms" overran a fixed 64 px on a phone.
    let labelWidth = 0;
    for (let e = ly0; e <= ly1; e++) labelWidth = Math.max(labelWidth, ctx.measureText(msLabel(e)).width);
    const pad = {
      l: Math.max(64, Math.ceil(labelWidth) + 12),
      r: 24,
      t: lastTitleY + (ownLine ? 36 : 20),
      b: 48,
    };
    const pw = width - pad.l - pad.r;
    const ph = height - pad.t - pad.b;
    const X = (n: number): number => pad.l + ((Math.log10(n) - lx0) / (lx1 - lx0 || 1)) * pw;
    const Y = (ms: number): number =>
      pad.t + ph - ((Math.log10(Math.max(ms, 1e-4)) - ly0) / (ly1 - ly0 || 1)) * ph;

    ctx.font = '12px system-ui, sans-serif';
    ctx.lineWidth = 1;
    for (let e = ly0; e <= ly1; e++) {
      const y = Y(10 ** e);
      ctx.strokeStyle = '#1c2745';
      ctx.beginPath();
      ctx.moveTo(pad.l, y);
      ctx.lineTo(pad.l + pw, y);
      ctx.stroke();
      ctx.fillStyle = '#8fa3c7';
      ctx.textAlign = 'right';
      ctx.fillText(msLabel(e), pad.l - 6, y + 4);
    }
    // 16.7 ms: one frame at 60 fps
    const y60 = Y(1000 / 60);
    ctx.strokeStyle = '#ff5a5a';
    ctx.setLineDash([3, 4]);
    ctx.beginPath();
    ctx.moveTo(pad.l, y60);
    ctx.lineTo(pad.l + pw, y60);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = '#ff5a5a';
    ctx.textAlign = 'left';
    ctx.fillText('one 60 fps frame', pad.l + 6, y60 - 5);

    ctx.textAlign = 'center';
    for (const n of [500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000]) {
      if (n < nMin || n > nMax) continue;
      const x = X(n);
      ctx.strokeStyle = '#1c2745';
      ctx.beginPath();
      ctx.moveTo(x, pad.t);
      ctx.lineTo(x, pad.t + ph);
      ctx.stroke();
      ctx.fillStyle = '#8fa3c7';
      ctx.fillText(n >= 1000 ? `${n / 1000}k` : String(n), x, pad.t + ph + 18);
    }
    ctx.fillText('objects (N, log scale)', pad.l + pw / 2, pad.t + ph + 38);
    ctx.textAlign = 'left';

    let ly =
      pad.t + ph - 18 * [...this.series.values()].filter((x) => x.browser.length || x.node.length).length + 4;
    const lx = pad.l + pw - 190;
    for (const s of this.series.values()) {
      for (const [pts, dashed] of [
        [s.node, true],
        [s.browser, false],
      ] as const) {
        if (pts.length === 0) continue;
        ctx.strokeStyle = s.color;
        ctx.fillStyle = s.color;
        ctx.lineWidth = dashed ? 1.5 : 2.5;
        ctx.setLineDash(dashed ? [6, 5] : []);
        ctx.beginPath();
        for (let i = 0; i < pts.length; i++) {
          if (i) ctx.lineTo(X(pts[i].n), Y(pts[i].ms));
          else ctx.moveTo(X(pts[i].n), Y(pts[i].ms));
        }
        ctx.stroke();
        ctx.setLineDash([]);
        for (const p of pts) {
          ctx.beginPath();
          ctx.arc(X(p.n), Y(p.ms), dashed ? 2.5 : 3.5, 0, Math.PI * 2);
          ctx.fill();
        }
      }
      if (s.browser.length || s.node.length) {
        ctx.fillStyle = s.color;
        ctx.fillRect(lx, ly - 8, 14, 4);
        ctx.fillText(s.name, lx + 20, ly - 2);
        ly += 18;
      }
    }
    ctx.fillStyle = '#e6f7ff';
    ctx.font = '600 15px system-ui, sans-serif';
    for (let i = 0; i < titleLines.length; i++) ctx.fillText(titleLines[i], titleX, 24 + i * TITLE_LINE);
    ctx.font = '12px system-ui, sans-serif';
    ctx.fillStyle = this.running ? '#ffb347' : '#8fa3c7';
    if (ownLine) {
      // under the title; squeezed if need be (it changes every moment: wrapping would make the chart jump)
      ctx.fillText(progress, titleX, lastTitleY + 20, width - titleX - pad.r);
    } else {
      ctx.textAlign = 'right';
      ctx.fillText(progress, width - pad.r, 24);
      ctx.textAlign = 'left';
    }
    if (!this.node) {
      ctx.fillStyle = '#8fa3c7';
      ctx.fillText('(no committed Node results bundled)', pad.l + 12, pad.t + 16);
    }
  }

  stats(): Stats {
    const qc = this.ensure('quadcollide (update)').browser;
    const bf = this.ensure('brute force').browser;
    const last = bf.length ? bf[bf.length - 1] : null;
    const q = last ? qc.find((p) => p.n === last.n) : undefined;
    return {
      running: this.running,
      results: this.results,
      mismatches: this.mismatches.length,
      nodeResults: this.node ? this.node.file : 'none',
      speedupVsBrute: q && last ? `${fmt(last.ms / q.ms, 1)}× at N=${fmt(last.n)}` : '–',
      lastRunMs: Math.round(this.lastRunMs),
      timer: window.crossOriginIsolated ? '5 µs (isolated)' : '0.1 ms: timed in blocks',
    };
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
    this.running = false;
  }
}
