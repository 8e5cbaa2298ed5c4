/**
 * The zero-allocation claim, shown directly: after warm-up, five consecutive windows of 1,000
 * steady-state frames (move boxes, update the moved items or moveAll the ids, forEachPair) run with
 * no forced GC in between; each window's allocation is its heap growth plus whatever every GC
 * during it freed (see `bytesAllocatedBy`). All five are reported. The first two pay for V8
 * re-optimizing after the warm-up's GC (`--trace-opt` shows the harness's `frames` and `frame`
 * recompiled; the bytes per frame fall over about 2,000 frames). The verdict is the median of the
 * last three: an allocation made every frame shows in all of them, while V8's occasional
 * bookkeeping (a few KB once in a while, also seen in the harness-alone loop) lands in one, and
 * decided a verdict taken from the last window alone in some runs. The harness row is the same
 * loop without the index, on its own copy of the scene (its last window).
 *
 * Each measurement runs in a child process of its own. In one process, the harness's code had
 * already seen the other contestants when the id API's turn came, and V8 left the scene's step
 * running in a form that writes every coordinate as a new heap number: 320 KB a frame at 10,000
 * boxes, charged to the id API, which allocates nothing when measured first or alone.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ContestantFactory } from './adapters/types.js';
import { bytesAllocatedBy, collectGarbage, jsHeapBytes } from './memory.js';
import type { SteadyStateResult } from './model.js';
import { PairSink } from './pairs.js';
import { createScene, type SceneName } from './scenes.js';
import { median } from './stats.js';

const FRAMES = 1_000;
const WINDOWS = 5;
// Long enough that late JIT tiers (whose code objects live on the heap too) are done. The
// functions a frame calls once (refresh, the commit of moveAll, clear) reach V8's optimizing tier
// only after 1,000–2,500 frames (--trace-opt at 10,000 boxes), and each compilation put 8–30 KB in
// whichever window it fell in: at 500 frames, a row read "4.7 B/frame, MISSED" in one run and
// 0.6 B in the next.
const WARMUP_FRAMES = 3_000;
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
    bytesPerFrame: median(windowBytesPerFrame.slice(2)),
    windowBytesPerFrame,
    harnessBytesPerFrame: harnessBytes / FRAMES,
  };
}

type FactoryName = 'quadcollidePersistent' | 'quadcollideRebuild' | 'quadcollideIds';

const runs: readonly [FactoryName, SceneName][] = [
  // every box moves: the frame is refresh() + forEachPair
  ['quadcollidePersistent', 'uniform'],
  // a few boxes move: the frame is update(moved) + forEachPair
  ['quadcollidePersistent', 'snake'],
  // for comparison: clear + insert(all) + forEachPair
  ['quadcollideRebuild', 'uniform'],
  // the id API: moveAll(boxes) + forEachPair with every box moving, on small boxes and on a scene
  // with boxes of every size (the walk's work stacks used deepest)
  ['quadcollideIds', 'uniform'],
  ['quadcollideIds', 'mixed'],
];

const self = fileURLToPath(import.meta.url);

export function runSteadyState(n: number, progress: (message: string) => void): SteadyStateResult[] {
  return runs.map(([factory, scene]) => {
    progress(`steady state: ${factory} on ${scene} N=${n}, in a process of its own`);
    // The same flags as this process (--expose-gc, the TypeScript loader).
    const output = execFileSync(process.execPath, [...process.execArgv, self, factory, scene, String(n)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    return JSON.parse(output) as SteadyStateResult;
  });
}

// The child: one measurement, printed as JSON.
if (process.argv[1] === self) {
  const [factory, scene, n] = process.argv.slice(2);
  const module = await import('./adapters/quadcollide.js');
  const result = measure(module[factory as FactoryName], scene as SceneName, Number(n), () => {});
  process.stdout.write(JSON.stringify(result));
}
