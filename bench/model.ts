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
  /** the verdict's figure: the median of the last three windows' bytes per frame */
  bytesPerFrame: number;
  /** bytes per frame in each consecutive window, the first one right after the warm-up's GC */
  windowBytesPerFrame: number[];
  /** the same loop with no contestant: the harness's own share */
  harnessBytesPerFrame: number;
}

/** One contestant of the World benchmark at one N. */
export interface WorldContestantResult {
  name: string;
  kind: 'peer' | 'quadcollide';
  status: 'ok' | 'failed';
  /** the mismatch that failed it */
  reason?: string;
  medianMs?: number;
  p95Ms?: number;
  setupMs: number;
  framesTimed: number;
  /** JS-heap bytes allocated by one frame (move all + update + read contacts), steady state */
  allocatedBytesPerFrame?: number;
  /** bodies, shapes and index kept between frames, per shape */
  retainedBytesPerShape?: number;
}

/** The World benchmark at one N (circles and convex polygons, all moving, polygons turning). */
export interface WorldCaseResult {
  n: number;
  world: { width: number; height: number };
  /** contacts in the last frame, from the reference */
  contacts: number;
  /** 2·contacts / n */
  overlapsPerShape: number;
  /** most pairs any contestant reported with depth ≤ TOUCH_EPSILON in one frame (left out on both sides) */
  touchingDropped: number;
  warmupFrames: number;
  timedFrames: number;
  /** frames whose contact sets were compared (warm-up included) */
  framesCompared: number;
  /** depth and normal differences over all matched pairs of all compared frames */
  agreement: {
    maxDepthAbs: number;
    maxDepthRel: number;
    maxNormal: number;
    /** matched pairs whose depths differ beyond DEPTH_ABS_TOLERANCE + DEPTH_REL_TOLERANCE·depth */
    depthOutliers: number;
    worst?: string;
  };
  contestants: WorldContestantResult[];
}

/** Steady-state JS-heap bytes per frame of the World contestant, by phase, in consecutive windows. */
export interface WorldStepAllocation {
  n: number;
  framesPerWindow: number;
  /** move = setPosition (+ angle) on every body; step = world.step(); read = every contact into the sink */
  windows: { move: number; step: number; read: number }[];
}

export interface WorldReport {
  cases: WorldCaseResult[];
  notes: { contestant: string; notes: string }[];
  stepAllocation?: WorldStepAllocation;
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
  world: WorldReport;
  failures: string[];
  notes: { contestant: string; notes: string }[];
}
