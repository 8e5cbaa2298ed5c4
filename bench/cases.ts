/**
 * One (scene, N) case of the all-pairs benchmark: every contestant runs every frame on the same boxes,
 * interleaved, and every frame's answer is checked against the reference.
 */
import { performance } from 'node:perf_hooks';
import type { Contestant, ContestantFactory } from './adapters/types.js';
import { type FrameCounts, playFrames } from './frames.js';
import { bytesAllocatedBy, canCollectGarbage, retainedBytesOf } from './memory.js';
import type { CaseResult, ContestantResult } from './model.js';
import { PairSink } from './pairs.js';
import { createScene, mulberry32, type Scene, type SceneName } from './scenes.js';
import { median, quantile } from './stats.js';

export interface CaseOptions extends FrameCounts {
  /** a contestant whose frame takes longer than this is dropped from the case (and larger N) */
  slowFrameMs: number;
  measureMemory: boolean;
  progress: (message: string) => void;
}

interface Runner {
  factory: ContestantFactory;
  /** released (undefined) before the memory measurement */
  contestant: Contestant | undefined;
  times: number[];
  warmupMs: number;
  /** the first few frame times, warm-up included, to judge whether it is too slow to time */
  firstFrames: number[];
  setupMs: number;
  result: ContestantResult;
}

/** Reference answer: brute force while it is affordable, else sort-and-sweep (both written here). */
function pickReference(runners: readonly Runner[]): Runner {
  const reference =
    runners.find((r) => r.factory.name === 'brute force') ??
    runners.find((r) => r.factory.name === 'sort-and-sweep');
  if (!reference) throw new Error('no reference contestant (brute force or sort-and-sweep) in this case');
  return reference;
}

const FRAMES_TO_JUDGE_SPEED = 3;

/**
 * A contestant is dropped when the median of its first frames exceeds the limit (one slow frame may
 * be JIT warm-up or another process), or at once when a single frame takes three times the limit.
 * Returns the offending frame time, or undefined to keep it.
 */
function tooSlowMs(runner: Runner, frameMs: number, limitMs: number): number | undefined {
  if (frameMs > 3 * limitMs) return frameMs;
  const first = runner.firstFrames;
  if (first.length >= FRAMES_TO_JUDGE_SPEED) return undefined;
  first.push(frameMs);
  if (first.length < FRAMES_TO_JUDGE_SPEED) return undefined;
  const typical = median(first);
  return typical > limitMs ? typical : undefined;
}

function startRunner(factory: ContestantFactory, scene: Scene): Runner {
  const contestant = factory.create();
  const start = performance.now();
  contestant.setup(scene);
  const setupMs = performance.now() - start;
  const result: ContestantResult = { name: factory.name, kind: factory.kind, status: 'ok', framesTimed: 0 };
  return { factory, contestant, times: [], warmupMs: 0, firstFrames: [], setupMs, result };
}

function skippedResult(factory: ContestantFactory, reason: string): ContestantResult {
  return { name: factory.name, kind: factory.kind, status: 'skipped', reason, framesTimed: 0 };
}

/** Runs one frame of one contestant; returns its time in ms and leaves its answer in `sink`. */
function timeFrame(runner: Runner, scene: Scene, sink: PairSink): number {
  sink.reset();
  const start = performance.now();
  runner.contestant!.frame(scene, sink);
  return performance.now() - start;
}

function failLoudly(runner: Runner, message: string): void {
  runner.result.status = 'failed';
  runner.result.reason = message;
  const bar = '!'.repeat(100);
  process.stderr.write(`\n${bar}\n!! PAIR MISMATCH — ${message}\n${bar}\n\n`);
}

export interface CaseRun {
  result: CaseResult;
  /** contestants that were too slow here: skip them at larger N of the same scene */
  tooSlow: string[];
}

interface FrameContext {
  runners: readonly Runner[];
  reference: Runner;
  scene: Scene;
  sink: PairSink;
  /** frame number since the case started (warm-up included), for messages and the running order */
  frame: number;
  timed: boolean;
  label: string;
  options: CaseOptions;
  tooSlow: string[];
}

/**
 * A fresh, seeded shuffle of the contestants for each frame. A fixed or rotated order would have
 * each contestant run after the same neighbour almost every frame, and the neighbour's traces
 * (warm caches and code when it is the same library, GC debt, evicted data) would bias it
 * systematically: with rotation, flatbush's second adapter (which always ran right after flatbush,
 * on the same data) came out 9-14% faster than flatbush itself at 1k items; shuffled, the two are
 * within noise. Every contestant now sees every neighbour and every place in the order alike.
 */
function runningOrder<T>(live: readonly T[], frame: number): T[] {
  const order = live.slice();
  const random = mulberry32(0x5eed + frame);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/**
 * Runs every live contestant once on the current boxes, checks each answer against the reference's,
 * and returns the reference's pair count.
 */
function playFrame(ctx: FrameContext): number {
  const { scene, sink, frame, options } = ctx;
  const live = ctx.runners.filter((r) => r.result.status === 'ok');
  const answers = new Map<Runner, { count: number; hash: string }>();
  for (const runner of runningOrder(live, frame)) {
    options.progress(`${scene.name} N=${scene.boxes.length}: ${ctx.label}, ${runner.factory.name}`);
    const ms = timeFrame(runner, scene, sink);
    answers.set(runner, { count: sink.count, hash: sink.hash() });
    if (ctx.timed) runner.times.push(ms);
    else runner.warmupMs += ms;
    const slowMs = tooSlowMs(runner, ms, options.slowFrameMs);
    if (slowMs !== undefined && runner !== ctx.reference) {
      runner.result.status = 'skipped';
      runner.result.reason = `skipped (too slow: ${Math.round(slowMs)} ms/frame)`;
      ctx.tooSlow.push(runner.factory.name);
    }
  }
  const expected = answers.get(ctx.reference)!;
  for (const [runner, answer] of answers) {
    if (answer.count === expected.count && answer.hash === expected.hash) continue;
    failLoudly(
      runner,
      `${runner.factory.name}: scene=${scene.name} N=${scene.boxes.length} frame=${frame}: ` +
        `${answer.count} pairs (hash ${answer.hash}), reference ${ctx.reference.factory.name} has ` +
        `${expected.count} pairs (hash ${expected.hash})`,
    );
  }
  return expected.count;
}

export function runCase(
  sceneName: SceneName,
  n: number,
  factories: readonly ContestantFactory[],
  skip: ReadonlyMap<string, string>,
  options: CaseOptions,
): CaseRun {
  const scene = createScene(sceneName, n);
  const count = scene.boxes.length;
  const skipped: ContestantResult[] = [];
  const runners: Runner[] = [];
  for (const factory of factories) {
    const reason =
      count > factory.maxN ? `skipped (too slow above N=${factory.maxN})` : skip.get(factory.name);
    if (reason) skipped.push(skippedResult(factory, reason));
    else runners.push(startRunner(factory, scene));
  }
  const reference = pickReference(runners);
  const sink = new PairSink();
  const tooSlow: string[] = [];
  const play = (frame: number, timed: boolean, label: string): number => {
    scene.step();
    return playFrame({ runners, reference, scene, sink, frame, timed, label, options, tooSlow });
  };
  // Warm-up, then timed frames, each by count and by time (see frames.ts): tiny cases need many
  // frames before the JIT settles, and a timing window long enough to outlast the noise.
  let pairs = 0;
  const { warmupFrames, timedFrames } = playFrames(runners, options, (frame, timed, label) => {
    pairs = play(frame, timed, label);
  });

  for (const runner of runners) summarize(runner);
  if (options.measureMemory) measureMemory(runners, scene, options);
  const ordered = factories.map(
    (f) => runners.find((r) => r.factory === f)?.result ?? skipped.find((s) => s.name === f.name)!,
  );
  return {
    result: {
      scene: sceneName,
      n: count,
      world: { width: scene.world.width, height: scene.world.height },
      pairs,
      overlapsPerBox: (2 * pairs) / count,
      reference: reference.factory.name,
      warmupFrames,
      timedFrames,
      contestants: ordered,
    },
    tooSlow,
  };
}

function summarize(runner: Runner): void {
  const { result, times } = runner;
  result.setupMs = runner.setupMs;
  result.checksPerFrame = runner.contestant?.checks;
  if (result.status !== 'ok') return;
  result.framesTimed = times.length;
  result.medianMs = median(times);
  result.p95Ms = quantile(times, 0.95);
}

const ALLOCATION_SAMPLES = 5;
const SETTLE_MIN_FRAMES = 2;
const SETTLE_MAX_FRAMES = 20;
const SETTLE_MS = 100;

/**
 * Runs a fresh instance for a few frames (at least 2, until 100 ms, at most 20) so lazily grown
 * buffers exist and one-off work after setup is done before memory is measured.
 */
function settle(contestant: Contestant, scene: Scene, sink: PairSink): void {
  const start = performance.now();
  for (let k = 0; k < SETTLE_MAX_FRAMES; k++) {
    if (k >= SETTLE_MIN_FRAMES && performance.now() - start > SETTLE_MS) return;
    scene.step();
    sink.reset();
    contestant.frame(scene, sink);
  }
}

/**
 * Memory is measured after the timing, one contestant at a time on a fresh instance, so one
 * contestant's garbage never lands in another's numbers. The boxes exist before the baseline is
 * taken, so user objects are excluded; wrapper objects a library needs (bodies, entries) count.
 */
function measureMemory(runners: readonly Runner[], scene: Scene, options: CaseOptions): void {
  const sink = new PairSink();
  const emptyFrame = median(Array.from({ length: ALLOCATION_SAMPLES }, () => bytesAllocatedBy(() => {})));
  // drop the timed instances first: their memory must not sit in anyone's baseline or delta
  for (const runner of runners) runner.contestant = undefined;
  for (const runner of runners) {
    if (runner.result.status !== 'ok') continue;
    options.progress(`${scene.name} N=${scene.boxes.length}: memory of ${runner.factory.name}`);
    const { bytes, keep } = retainedBytesOf(() => {
      const fresh = runner.factory.create();
      fresh.setup(scene);
      settle(fresh, scene, sink);
      return fresh;
    });
    const userBytes = keep.userBytes?.() ?? 0;
    if (canCollectGarbage()) runner.result.retainedBytesPerItem = (bytes - userBytes) / scene.boxes.length;
    const samples: number[] = [];
    for (let k = 0; k < ALLOCATION_SAMPLES; k++) {
      scene.step();
      sink.reset();
      samples.push(bytesAllocatedBy(() => keep.frame(scene, sink)) - emptyFrame);
    }
    runner.result.allocatedBytesPerFrame = Math.max(0, median(samples));
  }
}
