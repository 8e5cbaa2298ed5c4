/**
 * The zero-allocation claim, shown directly: after warm-up, three consecutive windows of 1,000
 * steady-state frames (move boxes, update the moved items, forEachPair) run with no forced GC in
 * between; each window's allocation is its heap growth plus whatever every GC during it freed (see
 * `bytesAllocatedBy`). All three are reported; the verdict uses the last, after V8 has finished
 * re-optimizing the harness's own functions (`--trace-opt` shows `frames` and `frame` recompiled
 * during the first window, which allocates while their code is rebuilt). The harness row is the
 * same loop without the index, on its own copy of the scene.
 */
import type { ContestantFactory } from './adapters/types.js';
import type { QuadcollideModule } from './contestants.js';
import { bytesAllocatedBy, collectGarbage, jsHeapBytes } from './memory.js';
import type { SteadyStateResult } from './model.js';
import { PairSink } from './pairs.js';
import { createScene, type SceneName } from './scenes.js';

const FRAMES = 1_000;
const WINDOWS = 3;
// long enough that late JIT tiers (whose code objects live on the heap too) are done
const WARMUP_FRAMES = 500;
const REWARM_FRAMES = 200;
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
  progress(`steady state: ${factory.name} on ${sceneName} N=${n}, ${FRAMES} frames`);
  // The harness alone runs on its own copy of the scene: stepping this one without the index
  // would make the first measured frames re-file every box at once, which is not a steady frame.
  const harnessScene = createScene(sceneName, n);
  const harnessOnly = (count: number) => {
    for (let f = 0; f < count; f++) {
      harnessScene.step();
      sink.reset();
    }
  };
  harnessOnly(WARMUP_FRAMES);
  let harnessBytes = 0;
  for (let w = 0; w < WINDOWS; w++) harnessBytes = bytesAllocatedBy(() => harnessOnly(FRAMES));
  frames(WARMUP_FRAMES);
  // A full collection can throw away optimized code that embeds objects which just died (V8's
  // "weak objects" deoptimization; --trace-deopt showed the pair walk discarded by the collection
  // before the measurement). The code then runs unoptimized, boxing doubles, until it is compiled
  // again: that is warm-up, not a steady frame. So warm up again after the first collection and
  // collect once more before measuring.
  collectGarbage();
  frames(REWARM_FRAMES);
  collectGarbage();
  const windowBytesPerFrame: number[] = [];
  let heapBefore = 0;
  let heapAfter = 0;
  let bytesAllocated = 0;
  for (let w = 0; w < WINDOWS; w++) {
    heapBefore = jsHeapBytes();
    bytesAllocated = bytesAllocatedBy(() => frames(FRAMES));
    heapAfter = jsHeapBytes();
    windowBytesPerFrame.push(bytesAllocated / FRAMES);
  }
  return {
    contestant: factory.name,
    scene: sceneName,
    n,
    frames: FRAMES,
    heapBefore,
    heapAfter,
    bytesAllocated,
    bytesPerFrame: bytesAllocated / FRAMES,
    windowBytesPerFrame,
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
