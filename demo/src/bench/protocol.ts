/** Messages between the benchmark scene and its Web Worker. */

export interface RunRequest {
  type: 'run';
  /** bench scene name (same generator as `npm run bench`) */
  scene: 'uniform' | 'clustered' | 'mixed' | 'snake';
  sizes: number[];
  contestants: string[];
  warmupFrames: number;
  timedFrames: number;
  /** stop growing N for a contestant once its median frame is above this */
  maxFrameMs: number;
}

export type WorkerMessage =
  | { type: 'ready'; contestants: string[] }
  | { type: 'progress'; text: string }
  | {
      type: 'result';
      name: string;
      n: number;
      medianMs: number;
      p95Ms: number;
      checks: number;
      pairs: number;
      hash: string;
    }
  | { type: 'skip'; name: string; n: number; reason: string }
  | { type: 'done'; ms: number }
  | { type: 'error'; message: string };
