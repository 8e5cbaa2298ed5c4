/// <reference lib="webworker" />
/**
 * Runs the comparison off the main thread, in the visitor's browser, with the very same seeded scenes and
 * contestant adapters as the Node benchmark (bench/), and the same method as bench/cases.ts: for each N
 * every contestant runs every frame on the same boxes, in a fresh seeded shuffled order each frame, after a
 * warm-up long enough for the JIT; every frame's pair set is checked against the reference's.
 */
import { bruteForce } from '../../../bench/adapters/brute-force.js';
import { detectCollisions } from '../../../bench/adapters/detect-collisions.js';
import { flatbush } from '../../../bench/adapters/flatbush.js';
import {
  quadcollideIds,
  quadcollidePersistent,
  quadcollideRebuild,
} from '../../../bench/adapters/quadcollide.js';
import { quadtreeJs } from '../../../bench/adapters/quadtree-js.js';
import { rbush } from '../../../bench/adapters/rbush.js';
import { sortAndSweep } from '../../../bench/adapters/sort-and-sweep.js';
import type { Contestant, ContestantFactory } from '../../../bench/adapters/types.js';
import { PairSink } from '../../../bench/pairs.js';
import { createScene, mulberry32, type Scene } from '../../../bench/scenes.js';
import { median, quantile } from '../../../bench/stats.js';
import type { RunRequest, WorkerMessage } from './protocol.js';

const factories: ContestantFactory[] = [
  quadcollidePersistent,
  quadcollideRebuild,
  quadcollideIds,
  sortAndSweep,
  flatbush,
  rbush,
  detectCollisions,
  quadtreeJs,
  bruteForce,
];

const MAX_WARMUP_FRAMES = 200;
/** frames whose median decides that a contestant is too slow to time at this N */
const FRAMES_TO_JUDGE_SPEED = 3;

const post = (m: WorkerMessage): void => (self as unknown as DedicatedWorkerGlobalScope).postMessage(m);

/**
 * Cross-origin isolated pages (the demo's servers send COOP/COEP) get 5 µs timers. Otherwise browsers
 * round performance.now() to 0.1 ms with random jitter: single frames are then too coarse for a median,
 * but the jitter makes the mean of many frames unbiased, so the mean is reported instead.
 */
const preciseTimer = (self as unknown as { crossOriginIsolated?: boolean }).crossOriginIsolated === true;

interface Runner {
  factory: ContestantFactory;
  contestant: Contestant;
  live: boolean;
  times: number[];
  warmupMs: number;
  firstFrames: number[];
  count: number;
  hash: string;
  mismatchFrames: number;
}

/** A fresh seeded shuffle per frame, as in bench/cases.ts: no contestant always follows the same neighbour. */
function runningOrder(live: Runner[], frame: number): Runner[] {
  const order = live.slice();
  const random = mulberry32(0x5eed + frame);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

function playFrame(
  runners: Runner[],
  reference: Runner | undefined,
  scene: Scene,
  sink: PairSink,
  frame: number,
  timed: boolean,
  slowMs: number,
  tooSlow: Set<string>,
): void {
  scene.step();
  const live = runners.filter((r) => r.live);
  for (const r of runningOrder(live, frame)) {
    sink.reset();
    const start = performance.now();
    r.contestant.frame(scene, sink);
    const ms = performance.now() - start;
    r.count = sink.count;
    r.hash = sink.hash();
    if (timed) r.times.push(ms);
    else r.warmupMs += ms;
    if (r === reference) continue;
    // Too slow to time at this N: the median of its first few frames over the limit (one slow frame may be a
    // GC pause, JIT work or another tab), or a single frame ten times over it.
    const first = r.firstFrames;
    if (first.length < FRAMES_TO_JUDGE_SPEED) first.push(ms);
    const typical = first.length === FRAMES_TO_JUDGE_SPEED ? median(first) : 0;
    if (ms > 10 * slowMs || typical > slowMs) {
      r.live = false;
      tooSlow.add(r.factory.name);
      post({
        type: 'skip',
        name: r.factory.name,
        n: scene.boxes.length,
        reason: `too slow: ${Math.round(Math.max(ms, typical))} ms per frame`,
      });
    }
  }
  if (!reference) return;
  for (const r of live) {
    if (r !== reference && (r.count !== reference.count || r.hash !== reference.hash)) r.mismatchFrames++;
  }
}

function runCase(req: RunRequest, n: number, tooSlow: Set<string>): void {
  const scene = createScene(req.scene, n, 1);
  const runners: Runner[] = [];
  for (const factory of factories) {
    if (!req.contestants.includes(factory.name)) continue;
    if (n > factory.maxN || tooSlow.has(factory.name)) {
      const reason = tooSlow.has(factory.name)
        ? `over ${req.maxFrameMs} ms per frame at a smaller N`
        : `N above ${factory.maxN}`;
      post({ type: 'skip', name: factory.name, n, reason });
      continue;
    }
    const contestant = factory.create();
    contestant.setup(scene);
    runners.push({
      factory,
      contestant,
      live: true,
      times: [],
      warmupMs: 0,
      firstFrames: [],
      count: 0,
      hash: '',
      mismatchFrames: 0,
    });
  }
  const reference =
    runners.find((r) => r.factory === bruteForce) ?? runners.find((r) => r.factory === sortAndSweep);
  const sink = new PairSink();
  const label = `N = ${n.toLocaleString('en-US')}`;
  let frame = 0;
  // Warm-up by frame count and by time: tiny cases need many frames before the JIT settles.
  while (
    frame < req.warmupFrames ||
    (runners.some((r) => r.live && r.warmupMs < req.minWarmupMs) && frame < MAX_WARMUP_FRAMES)
  ) {
    if (frame % 20 === 0) post({ type: 'progress', text: `${label}: warm-up, frame ${frame + 1}` });
    playFrame(runners, reference, scene, sink, frame++, false, req.maxFrameMs, tooSlow);
  }
  const warmupFrames = frame;
  for (let t = 0; t < req.timedFrames; t++) {
    if (t % 5 === 0) post({ type: 'progress', text: `${label}: frame ${t + 1} of ${req.timedFrames}` });
    playFrame(runners, reference, scene, sink, frame++, true, req.maxFrameMs, tooSlow);
  }
  for (const r of runners) {
    if (!r.live) continue;
    const typical = preciseTimer ? median(r.times) : r.times.reduce((a, b) => a + b, 0) / r.times.length;
    post({
      type: 'result',
      name: r.factory.name,
      n,
      ms: typical,
      statistic: preciseTimer ? 'median' : 'mean',
      p95Ms: quantile(r.times, 0.95),
      frames: r.times.length,
      warmupFrames,
      checks: r.contestant.checks,
      pairs: r.count,
      mismatchFrames: r.mismatchFrames,
      reference: reference?.factory.name ?? 'none',
      referencePairs: reference?.count ?? r.count,
    });
    if (typical > req.maxFrameMs) tooSlow.add(r.factory.name);
  }
}

function run(req: RunRequest): void {
  const t0 = performance.now();
  const tooSlow = new Set<string>();
  for (const n of req.sizes) runCase(req, n, tooSlow);
  post({ type: 'done', ms: performance.now() - t0 });
}

self.onmessage = (e: MessageEvent<RunRequest>) => {
  try {
    if (e.data.type === 'run') run(e.data);
  } catch (err) {
    post({
      type: 'error',
      message: err instanceof Error ? `${err.message}\n${err.stack ?? ''}` : String(err),
    });
  }
};
post({ type: 'ready', contestants: factories.map((f) => f.name) });
