/**
 * The dynamic–dynamic candidate pairs of one step, gathered during the pair walk and handed to
 * the narrow phase in order of their lower proxy id.
 * @module
 */
import { resize } from '../core/resize.js';

/** Sort when the ids span at most this many values per pair (see {@link CandidatePairs.inOrder}). */
const SORT_SPAN = 8;

/**
 * Why gather them first: the walk meets pairs in spatial order, which is random order for the
 * bodies, so the narrow phase would read each pair's two shape records from random places in the
 * side's record array. The records lie there mostly in proxy id order (exactly so after each
 * re-packing, see Side.geo): sorted by the lower id, one of the two records of each pair is read
 * in memory order. The sort is a counting sort over proxy ids, two passes over the pairs.
 */
export class CandidatePairs {
  /** Pairs gathered since {@link reset}. */
  count = 0;
  // Two int32s per pair, the lower proxy id first: as gathered, then sorted.
  private gathered = new Int32Array(512);
  private sorted = new Int32Array(512);
  /** Per proxy id: where its pairs start in `sorted` (the counting sort's offsets). */
  private starts = new Int32Array(64);

  reset(): void {
    this.count = 0;
  }

  /** Adds the pair of proxy ids p and q (p ≠ q). */
  add(p: number, q: number): void {
    const k = this.count << 1;
    if (k === this.gathered.length) this.gathered = resize(Int32Array, this.gathered, 2 * k, true);
    const pairs = this.gathered;
    const pLow = p < q;
    pairs[k] = pLow ? p : q;
    pairs[k + 1] = pLow ? q : p;
    this.count++;
  }

  /**
   * The gathered pairs, two int32s per pair (lower id first) in the first 2·{@link count} entries:
   * sorted by their lower id (pairs with the same lower id in the order they were added), unless
   * the ids span more than {@link SORT_SPAN} times as many values as there are pairs. Every id is
   * below `ids`.
   */
  inOrder(ids: number): Int32Array {
    const count = this.count;
    const pairs = this.gathered;
    // The counting sort costs a pass over every id: a world that once held many bodies and now
    // holds few keeps high proxy ids, and would pay for all of them on every step.
    if (ids > SORT_SPAN * count) return pairs;
    if (this.sorted.length < pairs.length) this.sorted = new Int32Array(pairs.length);
    if (this.starts.length <= ids) this.starts = new Int32Array(Math.max(ids + 1, 2 * this.starts.length));
    const sorted = this.sorted;
    const starts = this.starts;
    starts.fill(0, 0, ids + 1);
    countLows(pairs, count, starts);
    sumUp(starts, ids);
    scatter(pairs, count, starts, sorted);
    return sorted;
  }
}

/*
 * The counting sort's passes, each the last thing its function does: V8 compiles a long loop
 * while it runs, and keeps re-entering that code, which deoptimizes on every call at code after
 * the loop it had not yet seen run (see core/layout.ts).
 */

/** starts[low + 1] counts the pairs whose lower id is `low`. */
function countLows(pairs: Int32Array, count: number, starts: Int32Array): void {
  for (let k = 0; k < count; k++) starts[pairs[k << 1] + 1]++;
}

/** Prefix sums: starts[id] becomes where id's pairs start. */
function sumUp(starts: Int32Array, ids: number): void {
  for (let id = 1; id <= ids; id++) starts[id] += starts[id - 1];
}

/** Each pair to its place in `sorted`, in the order gathered within one lower id. */
function scatter(pairs: Int32Array, count: number, starts: Int32Array, sorted: Int32Array): void {
  for (let k = 0; k < count; k++) {
    const low = pairs[k << 1];
    const d = starts[low]++ << 1;
    sorted[d] = low;
    sorted[d + 1] = pairs[(k << 1) + 1];
  }
}
