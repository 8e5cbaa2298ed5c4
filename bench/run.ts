/**
 * `npm run bench` entry. Flags:
 *   --quick              N = 1k, 10k, 3 + 15 frames, memory on uniform only, smaller side benchmarks
 *                        (development; under a minute)
 *   --scene=a,b          scenes to run (uniform, clustered, mixed, seed000, snake)
 *   --n=1000,10000       object counts (seed000 always has its own 500)
 *   --frames=30          timed frames per case, at least (after --warmup=5 warm-up frames); timing
 *                        goes on until every contestant has been timed 60 ms (15 with --quick)
 *   --only=flatbush,...  contestants whose name contains one of these (references always run)
 *   --sections=pairs,query,update,steady,world   which benchmarks to run (default all)
 *                        (world: N = 1k, 10k, 50k; 1k and 10k with --quick; --n overrides)
 *   --no-memory          skip retained/allocated memory measurements
 *   --no-write           print the table only, write no files
 * Run with `node --expose-gc` (the npm scripts do) for retained-memory numbers.
 */
import { performance } from 'node:perf_hooks';
import type { ContestantFactory } from './adapters/types.js';
import { runCase } from './cases.js';
import { allContestants, loadQuadcollide } from './contestants.js';
import { canCollectGarbage } from './memory.js';
import type { BenchReport, CaseResult } from './model.js';
import { runQueryBenchmark } from './query-bench.js';
import { machineInfo, renderMarkdown, writeOutputs } from './report.js';
import { SCENE_NAMES, type SceneName, SEED000_COUNT } from './scenes.js';
import { runSteadyState } from './steady-state.js';
import { runUpdateBenchmark } from './update-bench.js';

type Section = 'pairs' | 'query' | 'update' | 'steady' | 'world';
const SECTIONS: readonly Section[] = ['pairs', 'query', 'update', 'steady', 'world'];

interface Options {
  mode: BenchReport['mode'];
  scenes: SceneName[];
  sizes: number[];
  warmupFrames: number;
  minWarmupMs: number;
  minTimedMs: number;
  timedFrames: number;
  only: string[];
  sections: Section[];
  /** scenes whose cases get the (slow-ish) retained / allocated memory measurement */
  memoryScenes: SceneName[];
  write: boolean;
  /** N for the query and update side benchmarks */
  sideN: number;
  /** N for the 1,000-frame zero-allocation check */
  steadyN: number;
  /** object counts of the World benchmark */
  worldSizes: number[];
}

/** Slowest frame we are willing to time (the "> ~2 s per frame" rule). */
const SLOW_FRAME_MS = 2000;

function flagValue(args: readonly string[], name: string): string | undefined {
  const prefix = `--${name}=`;
  return args.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

function listFlag(args: readonly string[], name: string): string[] | undefined {
  return flagValue(args, name)
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

const KNOWN_FLAG = /^--(quick|no-memory|no-write|(scene|n|frames|warmup|only|sections)=.+)$/;

function checkChoices<T extends string>(values: readonly string[], allowed: readonly T[], what: string): T[] {
  for (const value of values) {
    if (!allowed.includes(value as T))
      throw new Error(`unknown ${what} "${value}" (have ${allowed.join(', ')})`);
  }
  return values as T[];
}

function wholeNumber(text: string | undefined, fallback: number, what: string, min: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`--${what} must be a whole number ≥ ${min}, got "${text}"`);
  }
  return value;
}

function parseOptions(args: readonly string[]): Options {
  // a typo must not silently run the 15-minute default
  const unknown = args.filter((a) => !KNOWN_FLAG.test(a));
  if (unknown.length > 0) throw new Error(`unknown argument(s): ${unknown.join(' ')} (see bench/run.ts)`);
  const quick = args.includes('--quick');
  const scenes = checkChoices(listFlag(args, 'scene') ?? SCENE_NAMES, SCENE_NAMES, 'scene');
  const explicitSizes = listFlag(args, 'n')?.map((n) => wholeNumber(n, 0, 'n', 2));
  const sizes = explicitSizes ?? (quick ? [1_000, 10_000] : [1_000, 10_000, 100_000]);
  const sections = checkChoices(listFlag(args, 'sections') ?? SECTIONS, SECTIONS, 'section');
  const custom = args.some((a) => /^--(scene|n|frames|warmup|only|sections)=/.test(a));
  return {
    mode: custom ? 'custom' : quick ? 'quick' : 'full',
    scenes,
    sizes,
    // --quick trades statistical weight for speed; the full run keeps the issue's ≥ 30 timed frames
    warmupFrames: wholeNumber(flagValue(args, 'warmup'), quick ? 3 : 5, 'warmup', 0),
    minWarmupMs: quick ? 15 : 50,
    minTimedMs: quick ? 15 : 60,
    timedFrames: wholeNumber(flagValue(args, 'frames'), quick ? 15 : 30, 'frames', 1),
    only: listFlag(args, 'only') ?? [],
    sections,
    // --quick measures memory on the uniform scene only, to stay under a minute
    memoryScenes: args.includes('--no-memory') ? [] : quick ? ['uniform'] : [...SCENE_NAMES],
    write: !args.includes('--no-write'),
    sideN: quick ? 10_000 : 100_000,
    steadyN: quick ? 1_000 : 10_000,
    // the target is at 10k and 50k; at 100k detect-collisions would take ~1 s per frame
    worldSizes: explicitSizes ?? (quick ? [1_000, 10_000] : [1_000, 10_000, 50_000]),
  };
}

function selectContestants(all: readonly ContestantFactory[], only: readonly string[]): ContestantFactory[] {
  if (only.length === 0) return [...all];
  const isReference = (f: ContestantFactory) => f.name === 'brute force' || f.name === 'sort-and-sweep';
  return all.filter((f) => isReference(f) || only.some((o) => f.name.includes(o)));
}

let lastProgress = 0;

/**
 * Progress on stderr: one rewritten line on a terminal, else a plain line at most once a second
 * (a log should show where a long run is without thousands of lines).
 */
function progress(message: string): void {
  const now = performance.now();
  if (process.stderr.isTTY) {
    if (now - lastProgress < 50) return;
    process.stderr.write(`\r\x1b[K${message}`);
  } else {
    if (now - lastProgress < 1000) return;
    process.stderr.write(`${message}\n`);
  }
  lastProgress = now;
}

/** Runs one section and says on stderr how long it took. */
function timed<T>(name: string, work: () => T): T {
  const start = performance.now();
  const result = work();
  const seconds = ((performance.now() - start) / 1000).toFixed(1);
  process.stderr.write(`${process.stderr.isTTY ? '\r\x1b[K' : ''}${name}: done in ${seconds} s\n`);
  return result;
}

/** Rough frame time at a larger N, assuming slightly worse than linear growth. */
function predictMs(ms: number, fromN: number, toN: number): number {
  return ms * (toN / fromN) ** 1.15;
}

function runPairCases(options: Options, factories: readonly ContestantFactory[]): CaseResult[] {
  const cases: CaseResult[] = [];
  for (const scene of options.scenes) {
    const sizes = scene === 'seed000' ? [SEED000_COUNT] : options.sizes;
    const skip = new Map<string, string>();
    for (const n of sizes) {
      const run = runCase(scene, n, factories, skip, {
        warmupFrames: options.warmupFrames,
        minWarmupMs: options.minWarmupMs,
        minTimedMs: options.minTimedMs,
        timedFrames: options.timedFrames,
        slowFrameMs: SLOW_FRAME_MS,
        measureMemory: options.memoryScenes.includes(scene),
        progress,
      });
      cases.push(run.result);
      for (const name of run.tooSlow) skip.set(name, 'skipped (too slow at smaller N)');
      planSkips(run.result, sizes, skip);
    }
  }
  return cases;
}

/** Skip, at the next N, contestants whose extrapolated frame time would exceed the limit. */
function planSkips(result: CaseResult, sizes: readonly number[], skip: Map<string, string>): void {
  const next = sizes.find((n) => n > result.n);
  if (next === undefined) return;
  for (const c of result.contestants) {
    if (c.status !== 'ok' || c.medianMs === undefined) continue;
    const predicted = predictMs(c.medianMs, result.n, next);
    if (predicted > SLOW_FRAME_MS)
      skip.set(c.name, `skipped (too slow: ~${Math.round(predicted)} ms/frame expected)`);
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const options = parseOptions(args);
  if (!canCollectGarbage()) {
    process.stderr.write('!! run node with --expose-gc for retained-memory numbers (npm run bench does)\n');
  }
  const quadcollide = await loadQuadcollide();
  const factories = selectContestants(allContestants(quadcollide), options.only).map((f) =>
    // --quick stays under a minute: brute force (~0.3 s/frame at 10k) then only checks the 1k cases
    options.mode === 'quick' && f.name === 'brute force' ? { ...f, maxN: 1_000 } : f,
  );
  const report: BenchReport = {
    date: new Date().toISOString(),
    machine: machineInfo(),
    mode: options.mode,
    command: `bench ${args.join(' ')}`.trim(),
    cases: [],
    queries: [],
    updates: [],
    steadyState: [],
    world: { cases: [], notes: [] },
    failures: [],
    notes: factories.map((f) => ({ contestant: f.name, notes: f.notes })),
  };
  if (options.sections.includes('pairs')) {
    report.cases = timed('all pairs', () => runPairCases(options, factories));
  }
  if (quadcollide && options.sections.includes('query')) {
    report.queries = timed('query(rect)', () => runQueryBenchmark(quadcollide, options.sideN, progress));
  }
  if (quadcollide && options.sections.includes('update')) {
    report.updates = timed('update cost', () => runUpdateBenchmark(quadcollide, options.sideN, progress));
  }
  if (quadcollide && options.sections.includes('steady')) {
    report.steadyState = timed('steady state', () => runSteadyState(options.steadyN, progress));
  }
  if (quadcollide && options.sections.includes('world')) {
    // loaded here so that a quadcollide that does not load still lets the peers' sections run
    const { runWorldBenchmark } = await import('./world-bench.js');
    report.world = timed('world', () =>
      runWorldBenchmark({
        sizes: options.worldSizes,
        warmupFrames: options.warmupFrames,
        minWarmupMs: options.minWarmupMs,
        minTimedMs: options.minTimedMs,
        timedFrames: options.timedFrames,
        measureMemory: options.memoryScenes.length > 0,
        steadyN: options.steadyN,
        progress,
      }),
    );
  }
  report.failures = [
    ...report.cases.flatMap((c) =>
      c.contestants.filter((r) => r.status === 'failed').map((r) => r.reason ?? r.name),
    ),
    ...report.world.cases.flatMap((w) =>
      w.contestants.filter((r) => r.status === 'failed').map((r) => r.reason ?? r.name),
    ),
  ];
  const markdown = renderMarkdown(report);
  process.stdout.write(markdown);
  if (options.write) {
    const files = writeOutputs(report, markdown);
    process.stderr.write(`wrote ${files.join(', ')}\n`);
  }
  if (report.failures.length > 0) {
    process.stderr.write(`\n!! ${report.failures.length} PAIR MISMATCH(ES) — the run FAILED:\n`);
    for (const failure of report.failures) process.stderr.write(`!!   ${failure}\n`);
    process.exitCode = 1;
  }
}

await main();
