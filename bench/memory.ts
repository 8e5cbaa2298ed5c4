/**
 * Heap measurements. Needs `node --expose-gc` for the retained-memory numbers; allocation counting
 * works without it. Retained memory counts the JS heap plus external memory (ArrayBuffer backing
 * stores, where typed-array based indexes keep their data); allocation counts the JS heap only.
 */
import v8 from 'node:v8';

type GcFunction = () => void;

function gcFunction(): GcFunction | undefined {
  const candidate = (globalThis as { gc?: unknown }).gc;
  return typeof candidate === 'function' ? (candidate as GcFunction) : undefined;
}

export function canCollectGarbage(): boolean {
  return gcFunction() !== undefined;
}

/** Full collection, twice: the first pass may only schedule finalization of weak or external memory. */
export function collectGarbage(): void {
  const gc = gcFunction();
  if (!gc) return;
  gc();
  gc();
}

/** JS heap in use plus external memory, in bytes. */
function heapAndExternalBytes(): number {
  const stats = v8.getHeapStatistics();
  return stats.used_heap_size + stats.external_memory;
}

/** JS heap in use, in bytes (what GCProfiler reports per collection, so the two can be combined). */
export function jsHeapBytes(): number {
  return v8.getHeapStatistics().used_heap_size;
}

/**
 * JS-heap bytes allocated while `work` runs: heap growth plus whatever each GC in between freed
 * (V8's GCProfiler records every GC with its before/after sizes), which is exact whatever garbage
 * was there before. ArrayBuffer contents live outside the JS heap and are not counted: their
 * release is asynchronous, so external-memory deltas cannot be attributed reliably. Includes the few
 * hundred bytes of the measurement itself: compare against `work = noop`.
 */
export function bytesAllocatedBy(work: () => void): number {
  const profiler = new v8.GCProfiler();
  profiler.start();
  const before = jsHeapBytes();
  work();
  const after = jsHeapBytes();
  const { statistics } = profiler.stop();
  let freed = 0;
  for (const gc of statistics) {
    freed += gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize;
  }
  return after - before + freed;
}

/** Bytes still reachable after `build` returns (and a full GC), kept alive by the returned value. */
export function retainedBytesOf<T>(build: () => T): { bytes: number; keep: T } {
  collectGarbage();
  const before = heapAndExternalBytes();
  const keep = build();
  collectGarbage();
  return { bytes: heapAndExternalBytes() - before, keep };
}
