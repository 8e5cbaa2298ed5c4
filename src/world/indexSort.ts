/**
 * A stable sort of the numbers 0 … count − 1 by two keys, for orders the World works out every
 * step: separate()'s pushes (separate.ts) and the continuous bodies' meetings (meetings.ts).
 * @module
 */

/**
 * Sorts the numbers 0 … count − 1 by `key`, ties by `tie`, then by number (both keys ascending):
 * a bottom-up merge sort that allocates nothing once its arrays have grown. Call {@link fit},
 * fill key[i] and tie[i] for every i below count, then {@link sort}, and read {@link sorted}.
 * (Each loop is the last thing its method does: see core/layout.ts.)
 * @internal
 */
export class IndexSort {
  key = new Float64Array(64);
  tie = new Float64Array(64);
  /** The numbers in order after {@link sort} (at least `count` of them, valid until the next sort). */
  sorted = new Int32Array(64);
  /** The merge's other array: the two trade roles, not contents. */
  private spare = new Int32Array(64);

  /** Makes room for `count` numbers (keeping nothing). */
  fit(count: number): void {
    if (this.sorted.length >= count) return;
    const room = Math.max(count, 2 * this.sorted.length);
    this.key = new Float64Array(room);
    this.tie = new Float64Array(room);
    this.sorted = new Int32Array(room);
    this.spare = new Int32Array(room);
  }

  /** Puts the numbers 0 … count − 1 in order, into {@link sorted}. */
  sort(count: number): void {
    this.numberFrom0(count);
    for (let width = 1; width < count; width *= 2) {
      for (let lo = 0; lo < count; lo += 2 * width) this.mergeRuns(this.sorted, this.spare, lo, width, count);
      const merged = this.spare;
      this.spare = this.sorted;
      this.sorted = merged;
    }
  }

  private numberFrom0(count: number): void {
    const sorted = this.sorted;
    for (let i = 0; i < count; i++) sorted[i] = i;
  }

  /** Merges the runs from[lo … lo + width) and from[lo + width … lo + 2·width) into `to`. */
  private mergeRuns(from: Int32Array, to: Int32Array, lo: number, width: number, count: number): void {
    const key = this.key;
    const tie = this.tie;
    const mid = Math.min(lo + width, count);
    const hi = Math.min(lo + 2 * width, count);
    let i = lo;
    let j = mid;
    for (let k = lo; k < hi; k++) {
      // The left run's number wins ties: it came first.
      if (i < mid && j < hi) {
        const a = from[i];
        const b = from[j];
        if (key[b] < key[a] || (key[b] === key[a] && tie[b] < tie[a])) to[k] = from[j++];
        else to[k] = from[i++];
      } else if (i < mid) to[k] = from[i++];
      else to[k] = from[j++];
    }
  }
}
