/** Allocation measurement for the tests (Node only: the browser bench imports fixtures.ts, not this). */
import v8 from 'node:v8';

/** JS-heap bytes allocated while `work` runs: heap growth plus what every GC in between freed. */
export function bytesAllocatedBy(work: () => void): number {
  const profiler = new v8.GCProfiler();
  profiler.start();
  const before = v8.getHeapStatistics().used_heap_size;
  work();
  const after = v8.getHeapStatistics().used_heap_size;
  let freed = 0;
  for (const gc of profiler.stop().statistics) {
    freed += gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize;
  }
  return after - before + freed;
}
