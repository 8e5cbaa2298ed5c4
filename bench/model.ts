import type { ContestantKind } from './adapters/types.js';
import type { SceneName } from './scenes.js';

/** Everything measured for one contestant in one (scene, N) case; the JSON output is made of these. */
export interface ContestantResult {
  name: string;
  kind: ContestantKind;
  status: 'ok' | 'skipped' | 'failed';
  /** why it was skipped, or the mismatch that failed it */
  reason?: string;
  medianMs?: number;
  p95Ms?: number;
  setupMs?: number;
  /** narrow-phase box tests per frame (last frame) */
  checksPerFrame?: number;
  retainedBytesPerItem?: number;
  allocatedBytesPerFrame?: number;
  framesTimed: number;
}

export interface CaseResult {
  scene: SceneName;
  n: number;
  world: { width: number; height: number };
  /** pairs in the last frame, from the reference contestant */
  pairs: number;
  /** 2·pairs / n: how many others a box overlaps on average */
  overlapsPerBox: number;
  reference: string;
  warmupFrames: number;
  timedFrames: number;
  contestants: ContestantResult[];
}

export interface QueryResult {
  /** which query: 'query(rect), small', 'queryPoint', … (absent in reports from before it was recorded) */
  kind?: string;
  /** what the queries are, for the report */
  description?: string;
  n: number;
  queries: number;
  resultsPerQuery: number;
  rows: { name: string; medianMs: number; microsPerQuery: number }[];
  /** contestants whose (query, item) set differed from the others */
  mismatches: string[];
}

export interface UpdateResult {
  n: number;
  movedShare: number;
  rows: { name: string; medianMs: number }[];
  /** validate() / pair-count problems found after the run */
  mismatches: string[];
}

export interface SteadyStateResult {
  contestant: string;
  scene: SceneName;
  n: number;
  frames: number;
  /** heap used before and after the last window, and what that window allocated */
  heapBefore: number;
  heapAfter: number;
  bytesAllocated: number;
  bytesPerFrame: number;
  /** bytes per frame in each consecutive window, the first one right after the warm-up's GC */
  windowBytesPerFrame: number[];
  /** the same loop with no contestant: the harness's own share */
  harnessBytesPerFrame: number;
}

export interface BenchReport {
  date: string;
  machine: { id: string; cpu: string; cores: number; node: string; platform: string };
  mode: 'quick' | 'full' | 'custom';
  command: string;
  cases: CaseResult[];
  queries: QueryResult[];
  updates: UpdateResult[];
  steadyState: SteadyStateResult[];
  failures: string[];
  notes: { contestant: string; notes: string }[];
}
