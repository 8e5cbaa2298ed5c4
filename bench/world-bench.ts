/**
 * The World benchmark (issue 13): N moving, rotating shapes, half circles and half convex polygons.
 * Each frame the harness advances the poses once (not timed); then every contestant, in an order
 * shuffled afresh every frame, is timed copying the poses into its bodies, bringing its world up to
 * date and reading every contact with its minimum translation vector. After each frame (not timed)
 * the contact sets are compared with detect-collisions' (the reference): the pair sets must be equal
 * (count and order-independent hash) and the depths of matching pairs must agree within the
 * tolerance (either failure fails the run); the largest depth and normal differences are reported.
 */
import { performance } from 'node:perf_hooks';
import { detectCollisionsPaddedWorld, detectCollisionsWorld } from './adapters/world-detect-collisions.js';
import { QuadcollideWorld, quadcollideWorld } from './adapters/world-quadcollide.js';
import type { WorldContestant, WorldContestantFactory } from './adapters/world-types.js';
import { type ContactAgreement, ContactSink, compareContacts } from './contacts.js';
import { type FrameCounts, playFrames } from './frames.js';
import { bytesAllocatedBy, canCollectGarbage, collectGarbage, retainedBytesOf } from './memory.js';
import type { WorldCaseResult, WorldContestantResult, WorldReport, WorldStepAllocation } from './model.js';
import { PairSink } from './pairs.js';
import { mulberry32 } from './scenes.js';
import { median, quantile } from './stats.js';
import { createShapeScene, type ShapeScene } from './world-scene.js';

export interface WorldBenchOptions extends FrameCounts {
  sizes: readonly number[];
  measureMemory: boolean;
  /** N for the steady-state allocation of the World's step() (with measureMemory) */
  steadyN: number;
  progress: (message: string) => void;
}

/** The reference first: every other contestant's answer is checked against it. */
export const WORLD_CONTESTANTS: readonly WorldContestantFactory[] = [
  detectCollisionsWorld,
  detectCollisionsPaddedWorld,
  quadcollideWorld,
];

interface Runner {
  factory: WorldContestantFactory;
  contestant: WorldContestant | undefined;
  sink: ContactSink;
  times: number[];
  warmupMs: number;
  result: WorldContestantResult;
}

/** A fresh seeded shuffle per frame (see `runningOrder` in bench/cases.ts for why). */
function runningOrder<T>(live: readonly T[], frame: number): T[] {
  const order = live.slice();
  const random = mulberry32(0x5eed + frame);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

function emptyAgreement(): ContactAgreement {
  return { maxDepthAbs: 0, maxDepthRel: 0, maxNormal: 0, depthOutliers: 0 };
}

function merge(total: ContactAgreement, frame: ContactAgreement): void {
  total.maxDepthAbs = Math.max(total.maxDepthAbs, frame.maxDepthAbs);
  total.maxDepthRel = Math.max(total.maxDepthRel, frame.maxDepthRel);
  total.maxNormal = Math.max(total.maxNormal, frame.maxNormal);
  total.depthOutliers += frame.depthOutliers;
  total.worst ??= frame.worst;
}

function failLoudly(runner: Runner, message: string): void {
  runner.result.status = 'failed';
  runner.result.reason = message;
  const bar = '!'.repeat(100);
  process.stderr.write(`\n${bar}\n!! CONTACT MISMATCH — ${message}\n${bar}\n\n`);
}

function runSize(
  n: number,
  factories: readonly WorldContestantFactory[],
  options: WorldBenchOptions,
): WorldCaseResult {
  const scene = createShapeScene(n);
  const runners: Runner[] = factories.map((factory) => {
    const start = performance.now();
    const contestant = factory.create(scene);
    const setupMs = performance.now() - start;
    return {
      factory,
      contestant,
      sink: new ContactSink(),
      times: [],
      warmupMs: 0,
      result: { name: factory.name, kind: factory.kind, status: 'ok', setupMs, framesTimed: 0 },
    };
  });
  const reference = runners[0];
  const hashScratch = new PairSink();
  const agreement = emptyAgreement();
  let touchingMax = 0;
  let framesCompared = 0;

  const play = (frame: number, timed: boolean, label: string): number => {
    scene.step();
    const live = runners.filter((r) => r.result.status === 'ok');
    for (const runner of runningOrder(live, frame)) {
      options.progress(`world N=${n}: ${label}, ${runner.factory.name}`);
      runner.sink.reset();
      const start = performance.now();
      runner.contestant!.frame(scene.pose, runner.sink);
      const ms = performance.now() - start;
      if (timed) runner.times.push(ms);
      else runner.warmupMs += ms;
    }
    const expected = reference.sink.fingerprint(hashScratch);
    for (const runner of live) {
      touchingMax = Math.max(touchingMax, runner.sink.touching);
      if (runner === reference) continue;
      const answer = runner.sink.fingerprint(hashScratch);
      const match = compareContacts(reference.sink, runner.sink);
      if (answer.count !== expected.count || answer.hash !== expected.hash) {
        failLoudly(
          runner,
          `${runner.factory.name}: world N=${n} frame=${frame}: ${answer.count} contacts (hash ${answer.hash}), ` +
            `${reference.factory.name} has ${expected.count} (hash ${expected.hash}); ` +
            `${match.firstDifference ?? 'no differing pair found by id (hash collision?)'}`,
        );
        continue;
      }
      merge(agreement, match);
      if (match.depthOutliers > 0) {
        failLoudly(
          runner,
          `${runner.factory.name}: world N=${n} frame=${frame}: ${match.depthOutliers} contact depths differ from ` +
            `${reference.factory.name}'s beyond the tolerance, e.g. ${match.worst}`,
        );
      }
    }
    framesCompared++;
    return expected.count;
  };

  let contacts = 0;
  const { warmupFrames, timedFrames } = playFrames(runners, options, (frame, timed, label) => {
    contacts = play(frame, timed, label);
  });
  for (const runner of runners) {
    if (runner.result.status !== 'ok') continue;
    runner.result.framesTimed = runner.times.length;
    runner.result.medianMs = median(runner.times);
    runner.result.p95Ms = quantile(runner.times, 0.95);
  }
  if (options.measureMemory) measureMemory(runners, scene, options);
  return {
    n,
    world: { width: scene.world.width, height: scene.world.height },
    contacts,
    overlapsPerShape: (2 * contacts) / n,
    touchingDropped: touchingMax,
    warmupFrames,
    timedFrames,
    framesCompared,
    agreement: {
      maxDepthAbs: agreement.maxDepthAbs,
      maxDepthRel: agreement.maxDepthRel,
      maxNormal: agreement.maxNormal,
      depthOutliers: agreement.depthOutliers,
      worst: agreement.worst,
    },
    contestants: runners.map((r) => r.result),
  };
}

const ALLOCATION_SAMPLES = 5;
const SETTLE_MIN_FRAMES = 3;
const SETTLE_MAX_FRAMES = 30;
const SETTLE_MS = 200;

/**
 * As in bench/cases.ts: after the timing, one contestant at a time on a fresh instance (the timed
 * ones are dropped first). Retained memory counts the library's bodies, shapes and index (the
 * scene's pose array exists before the baseline); allocation is JS-heap bytes per frame, median of
 * 5 frames after a few settling frames, minus what an empty measured call allocates.
 */
function measureMemory(runners: readonly Runner[], scene: ShapeScene, options: WorldBenchOptions): void {
  const emptyFrame = median(Array.from({ length: ALLOCATION_SAMPLES }, () => bytesAllocatedBy(() => {})));
  for (const runner of runners) runner.contestant = undefined;
  for (const runner of runners) {
    if (runner.result.status !== 'ok') continue;
    options.progress(`world N=${scene.shapes.length}: memory of ${runner.factory.name}`);
    const sink = runner.sink;
    const { bytes, keep } = retainedBytesOf(() => {
      const fresh = runner.factory.create(scene);
      const start = performance.now();
      for (let k = 0; k < SETTLE_MAX_FRAMES; k++) {
        if (k >= SETTLE_MIN_FRAMES && performance.now() - start > SETTLE_MS) break;
        scene.step();
        sink.reset();
        fresh.frame(scene.pose, sink);
      }
      return fresh;
    });
    if (canCollectGarbage()) runner.result.retainedBytesPerShape = bytes / scene.shapes.length;
    const samples: number[] = [];
    for (let k = 0; k < ALLOCATION_SAMPLES; k++) {
      scene.step();
      sink.reset();
      samples.push(bytesAllocatedBy(() => keep.frame(scene.pose, sink)) - emptyFrame);
    }
    runner.result.allocatedBytesPerFrame = Math.max(0, median(samples));
  }
}

const STEADY_WARMUP_FRAMES = 300;
const STEADY_REWARM_FRAMES = 100;
const STEADY_WINDOWS = 3;
/** frames per window: 100 at 10k (about 2 s), 500 at 1k */
function steadyWindowFrames(n: number): number {
  return Math.max(100, Math.min(500, Math.round(1e6 / n)));
}

/**
 * Steady-state allocation of the World, phase by phase, with the pattern of bench/steady-state.ts:
 * warm up, collect, warm up again (a collection can throw away optimized code), collect, then
 * consecutive windows with no forced collection. Each phase of each frame is measured on its own
 * (`bytesAllocatedBy`, minus the same call around an empty function measured in the same window):
 * moving every body (`setPosition`, and `angle` for polygons), `step()`, and reading the contacts.
 */
function measureStepAllocation(n: number, progress: (message: string) => void): WorldStepAllocation {
  const scene = createShapeScene(n);
  const contestant = new QuadcollideWorld(scene);
  const sink = new ContactSink();
  const frames = (count: number) => {
    for (let f = 0; f < count; f++) {
      scene.step();
      sink.reset();
      contestant.frame(scene.pose, sink);
    }
  };
  const noop = () => {};
  const move = () => contestant.move(scene.pose);
  const step = () => contestant.world.step();
  const read = () => contestant.read(sink);
  progress(`world step allocation N=${n}: warm-up`);
  frames(STEADY_WARMUP_FRAMES);
  collectGarbage();
  frames(STEADY_REWARM_FRAMES);
  collectGarbage();
  const windowFrames = steadyWindowFrames(n);
  const windows: WorldStepAllocation['windows'] = [];
  for (let w = 0; w < STEADY_WINDOWS; w++) {
    progress(`world step allocation N=${n}: window ${w + 1}/${STEADY_WINDOWS}`);
    let empty = 0;
    let moved = 0;
    let stepped = 0;
    let read_ = 0;
    for (let f = 0; f < windowFrames; f++) {
      scene.step();
      sink.reset();
      empty += bytesAllocatedBy(noop);
      moved += bytesAllocatedBy(move);
      stepped += bytesAllocatedBy(step);
      read_ += bytesAllocatedBy(read);
    }
    const perFrame = (bytes: number) => Math.max(0, (bytes - empty) / windowFrames);
    windows.push({ move: perFrame(moved), step: perFrame(stepped), read: perFrame(read_) });
  }
  return { n, framesPerWindow: windowFrames, windows };
}

export function runWorldBenchmark(options: WorldBenchOptions): WorldReport {
  const cases = options.sizes.map((n) => runSize(n, WORLD_CONTESTANTS, options));
  const stepAllocation = options.measureMemory
    ? measureStepAllocation(options.steadyN, options.progress)
    : undefined;
  const notes = WORLD_CONTESTANTS.map((f) => ({ contestant: f.name, notes: f.notes }));
  return { cases, notes, stepAllocation };
}
