/**
 * The dynamic–dynamic candidate pairs of one step, gathered during the pair walk and handed to
 * the narrow phase in order of their lower proxy id.
 * @internal
 * @module
 */
import { resize } from '../core/resize.js';

/**
 * Why gather them first: the walk meets pairs in spatial order, which is random order for the
 * bodies, so the narrow phase read each pair's two shapes from random places in memory. Proxy ids
 * follow the order the bodies were added, and so, mostly, does where their shapes live: sorted by
 * the lower id, one of the two shapes of each pair is read in memory order. The sort is a counting
 * sort over proxy ids, two passes over the pairs.
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
   * The gathered pairs sorted by their lower id (pairs with the same lower id in the order they
   * were added), two int32s per pair in the first 2·{@link count} entries. Every id is below `ids`.
   */
  sortByLow(ids: number): Int32Array {
    const count = this.count;
    const pairs = this.gathered;
    if (this.sorted.length < pairs.length) this.sorted = new Int32Array(pairs.length);
    if (this.starts.length <= ids) this.starts = new Int32Array(Math.max(ids + 1, 2 * this.starts.length));
    const sorted = this.sorted;
    const starts = this.starts;
    starts.fill(0, 0, ids + 1);
    for (let k = 0; k < count; k++) starts[pairs[k << 1] + 1]++;
    for (let id = 1; id <= ids; id++) starts[id] += starts[id - 1];
    for (let k = 0; k < count; k++) {
      const low = pairs[k << 1];
      const d = starts[low]++ << 1;
      sorted[d] = low;
      sorted[d + 1] = pairs[(k << 1) + 1];
    }
    return sorted;
  }
}
