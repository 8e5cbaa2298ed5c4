/** Messages between the benchmark scene and its Web Worker. */

export interface RunRequest {
  type: 'run';
  /** bench scene name (same generator as `npm run bench`) */
  scene: 'uniform' | 'clustered' | 'mixed' | 'snake';
  sizes: number[];
  contestants: string[];
  /** warm-up lasts at least this many frames… */
  warmupFrames: number;
  /** …and until every contestant has run this long (ms), at most 200 frames, so the JIT has settled */
  minWarmupMs: number;
  timedFrames: number;
  /** a contestant slower than this per frame is dropped from larger N */
  maxFrameMs: number;
}

export type WorkerMessage =
  | { type: 'ready'; contestants: string[] }
  | { type: 'progress'; text: string }
  | {
      type: 'result';
      name: string;
      n: number;
      /** median frame time with a precise timer; the mean when the timer is coarse (see `statistic`) */
      ms: number;
      statistic: 'median' | 'mean';
      p95Ms: number;
      frames: number;
      warmupFrames: number;
      checks: number;
      /** pairs found in the last timed frame */
      pairs: number;
      /** frames (warm-up included) whose pair set differed from the reference's; 0 when it always agreed */
      mismatchFrames: number;
      /** the reference contestant (brute force while it runs, else sort-and-sweep) and its pair count */
      reference: string;
      referencePairs: number;
    }
  | { type: 'skip'; name: string; n: number; reason: string }
  | { type: 'done'; ms: number }
  | { type: 'error'; message: string };
