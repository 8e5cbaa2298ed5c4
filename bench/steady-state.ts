/**
 * The zero-allocation claim, shown directly: after warm-up, 1,000 steady-state frames (move boxes,
 * update the moved items, forEachPair) run with no forced GC in between; heap used is read before
 * and after, and every GC that ran meanwhile is added back (see `bytesAllocatedBy`).
 */
import type { ContestantFactory } from './adapters/types.js';
import type { QuadcollideModule } from './contestants.js';
import { bytesAllocatedBy, collectGarbage, jsHeapBytes } from './memory.js';
import type { SteadyStateResult } from './model.js';
import { PairSink } from './pairs.js';
import { createScene, type SceneName } from './scenes.js';

const FRAMES = 1_000;
// long enough that late JIT tiers (whose code objects live on the heap too) are done
const WARMUP_FRAMES = 500;
function measure(
  factory: ContestantFactory,
  sceneName: SceneName,
  n: number,
  progress: (message: string) => void,
): SteadyStateResult {
  const scene = createScene(sceneName, n);
  const sink = new PairSink();
  const contestant = factory.create();
  contestant.setup(scene);
  const frames = (count: number) => {
    for (let f = 0; f < count; f++) {
      scene.step();
      sink.reset();
      contestant.frame(scene, sink);
    }
  };
  const harnessOnly = (count: number) => {
    for (let f = 0; f < count; f++) {
      scene.step();
      sink.reset();
    }
  };
  progress(`steady state: ${factory.name} on ${sceneName} N=${n}, ${FRAMES} frames`);
  frames(WARMUP_FRAMES);
  harnessOnly(WARMUP_FRAMES);
  const harnessBytes = bytesAllocatedBy(() => harnessOnly(FRAMES));
  collectGarbage();
  const heapBefore = jsHeapBytes();
  const bytesAllocated = bytesAllocatedBy(() => frames(FRAMES));
  const heapAfter = jsHeapBytes();
  return {
    contestant: factory.name,
    scene: sceneName,
    n,
    frames: FRAMES,
    heapBefore,
    heapAfter,
    bytesAllocated,
    bytesPerFrame: bytesAllocated / FRAMES,
    harnessBytesPerFrame: harnessBytes / FRAMES,
  };
}

export function runSteadyState(
  module: QuadcollideModule,
  n: number,
  progress: (message: string) => void,
): SteadyStateResult[] {
  return [
    // every box moves: the frame is refresh() + forEachPair
    measure(module.quadcollidePersistent, 'uniform', n, progress),
    // a few boxes move: the frame is update(moved) + forEachPair
    measure(module.quadcollidePersistent, 'snake', n, progress),
    // for comparison: clear + insert(all) + forEachPair
    measure(module.quadcollideRebuild, 'uniform', n, progress),
  ];
}
