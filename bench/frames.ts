/**
 * How many frames a benchmark case plays, shared by the all-pairs cases and the World cases:
 * warm-up frames until at least a given count ran and every contestant has warmed up for a given
 * time, then timed frames by the same two rules, each phase capped.
 */

/** Most warm-up frames a case runs while waiting for every contestant's minimum warm-up time. */
const MAX_WARMUP_FRAMES = 200;
/** Most timed frames a case runs while waiting for every contestant's minimum timed total. */
const MAX_TIMED_FRAMES = 500;

/** What the rules read of a contestant in a case. */
interface TimedRunner {
  result: { status: string };
  /** warm-up time so far, ms */
  warmupMs: number;
  /** timed frames so far, ms each */
  times: readonly number[];
}

export interface FrameCounts {
  warmupFrames: number;
  /** warm-up also lasts until every contestant has run this long, so small-N timings are of optimized code */
  minWarmupMs: number;
  timedFrames: number;
  /**
   * timing also lasts until every contestant has been timed this long: at 1k a frame takes a fifth
   * of a millisecond, and 30 of them are 6 ms, too short a window to outlast a migration between
   * the machine's unequal vCPUs or a background GC thread
   */
  minTimedMs: number;
}

/**
 * Plays a case's frames, `play(frame, timed, label)` running one frame of every contestant (which
 * adds its time to the runner's warmupMs or times); returns how many warm-up and timed frames ran.
 */
export function playFrames(
  runners: readonly TimedRunner[],
  counts: FrameCounts,
  play: (frame: number, timed: boolean, label: string) => void,
): { warmupFrames: number; timedFrames: number } {
  let frame = 0;
  while (
    frame < counts.warmupFrames ||
    (runners.some((r) => isLive(r) && r.warmupMs < counts.minWarmupMs) && frame < MAX_WARMUP_FRAMES)
  ) {
    play(frame, false, `warm-up ${frame + 1}`);
    frame++;
  }
  const warmupFrames = frame;
  let timedFrames = 0;
  while (
    timedFrames < counts.timedFrames ||
    (runners.some((r) => isLive(r) && sum(r.times) < counts.minTimedMs) && timedFrames < MAX_TIMED_FRAMES)
  ) {
    play(frame, true, `frame ${timedFrames + 1}`);
    timedFrames++;
    frame++;
  }
  return { warmupFrames, timedFrames };
}

/** Still in the case (not skipped as too slow, not failed). */
function isLive(runner: TimedRunner): boolean {
  return runner.result.status === 'ok';
}

function sum(samples: readonly number[]): number {
  let total = 0;
  for (const v of samples) total += v;
  return total;
}
