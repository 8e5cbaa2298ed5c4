/// <reference lib="webworker" />
/**
 * Runs the comparison off the main thread, in the visitor's browser, with the very same seeded scenes and
 * contestant adapters as the Node benchmark (bench/), so the two sets of numbers can sit side by side.
 */
import { bruteForce } from '../../../bench/adapters/brute-force.js';
import { quadcollidePersistent, quadcollideRebuild } from '../../../bench/adapters/quadcollide.js';
import { quadtreeJs } from '../../../bench/adapters/quadtree-js.js';
import { rbush } from '../../../bench/adapters/rbush.js';
import { sortAndSweep } from '../../../bench/adapters/sort-and-sweep.js';
import type { ContestantFactory } from '../../../bench/adapters/types.js';
import { PairSink } from '../../../bench/pairs.js';
import { createScene } from '../../../bench/scenes.js';
import type { RunRequest, WorkerMessage } from './protocol.js';

const factories: ContestantFactory[] = [
  quadcollidePersistent,
  quadcollideRebuild,
  sortAndSweep,
  rbush,
  quadtreeJs,
  bruteForce,
];

const post = (m: WorkerMessage): void => (self as unknown as DedicatedWorkerGlobalScope).postMessage(m);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
function p95(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))];
}

/** 5 µs timers when the page is cross-origin isolated (the demo's servers send COOP/COEP), 100 µs otherwise. */
const timerIsFine = (self as unknown as { crossOriginIsolated?: boolean }).crossOriginIsolated === true;

function run(req: RunRequest): void {
  const t0 = performance.now();
  const chosen = factories.filter((f) => req.contestants.includes(f.name));
  const tooSlow = new Set<string>();
  for (const n of req.sizes) {
    for (const f of chosen) {
      if (n > f.maxN || tooSlow.has(f.name)) {
        post({
          type: 'skip',
          name: f.name,
          n,
          reason: tooSlow.has(f.name)
            ? `over ${req.maxFrameMs} ms/frame at a smaller N`
            : `N above ${f.maxN}`,
        });
        continue;
      }
      post({ type: 'progress', text: `${f.name} · N = ${n.toLocaleString('en-US')}` });
      // a fresh scene per contestant: everyone sees the same boxes and the same motion
      const scene = createScene(req.scene, n, 1);
      const c = f.create();
      c.setup(scene);
      const sink = new PairSink();
      const times: number[] = [];
      // the pair set is compared at the first timed frame, which every contestant reaches
      let pairs = 0;
      let hash = '';
      let checks = 0;
      let warmMs = 0;
      for (let i = 0; i < req.warmupFrames; i++) {
        scene.step();
        sink.reset();
        const s = performance.now();
        c.frame(scene, sink);
        warmMs += performance.now() - s;
      }
      // Without cross-origin isolation browsers round performance.now() to 0.1 ms. Then a timing sample is a
      // block of k frames long enough to measure (≥ 2 ms), minus the scene's own motion timed on a twin scene.
      const est = warmMs / Math.max(1, req.warmupFrames);
      const k = timerIsFine ? 1 : Math.min(64, Math.max(1, Math.ceil(2 / Math.max(est, 0.01))));
      const twin = k > 1 ? createScene(req.scene, n, 1) : null;
      for (let b = 0; b < req.timedFrames; b++) {
        let ms: number;
        if (!twin) {
          scene.step();
          sink.reset();
          const s = performance.now();
          c.frame(scene, sink);
          ms = performance.now() - s;
          if (b === 0) {
            pairs = sink.count;
            hash = sink.hash();
            checks = c.checks;
          }
        } else {
          const s = performance.now();
          for (let j = 0; j < k; j++) {
            scene.step();
            sink.reset();
            c.frame(scene, sink);
            if (b === 0 && j === 0) {
              pairs = sink.count;
              hash = sink.hash();
              checks = c.checks;
            }
          }
          const blockMs = performance.now() - s;
          const t = performance.now();
          for (let j = 0; j < k; j++) twin.step();
          ms = Math.max(0, blockMs - (performance.now() - t));
        }
        times.push(ms / k);
        // a very slow contestant: stop early, its median is clear enough
        if (b >= 2 && ms / k > req.maxFrameMs * 4) break;
      }
      const med = median(times);
      post({
        type: 'result',
        name: f.name,
        n,
        medianMs: med,
        p95Ms: p95(times),
        checks,
        pairs,
        hash,
      });
      if (med > req.maxFrameMs) tooSlow.add(f.name);
    }
  }
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
