/**
 * Open-addressing hash map from an ordered pair of body ids (lo < hi) to a value, stored in typed
 * arrays so lookups and deletions allocate nothing. Linear probing with backward-shift deletion
 * (no tombstones), load factor at most 1/2. Only growth allocates.
 * @internal
 */
export class PairTable<V> {
  private lo: Int32Array;
  private hi: Int32Array;
  private values: (V | undefined)[];
  private mask: number;
  private count = 0;

  constructor(initialCapacity = 64) {
    let capacity = 16;
    while (capacity < initialCapacity * 2) capacity *= 2;
    this.lo = new Int32Array(capacity).fill(-1);
    this.hi = new Int32Array(capacity);
    this.values = new Array<V | undefined>(capacity).fill(undefined);
    this.mask = capacity - 1;
  }

  get size(): number {
    return this.count;
  }

  private slot(lo: number, hi: number): number {
    let h = Math.imul(lo, 0x9e3779b1) ^ Math.imul(hi + 0x7f4a7c15, 0x85ebca77);
    h ^= h >>> 15;
    return h & this.mask;
  }

  get(lo: number, hi: number): V | undefined {
    const keysLo = this.lo;
    for (let i = this.slot(lo, hi); ; i = (i + 1) & this.mask) {
      const k = keysLo[i];
      if (k === -1) return undefined;
      if (k === lo && this.hi[i] === hi) return this.values[i];
    }
  }

  /** Inserts or replaces. */
  set(lo: number, hi: number, value: V): void {
    if ((this.count + 1) * 2 > this.lo.length) this.grow();
    const keysLo = this.lo;
    for (let i = this.slot(lo, hi); ; i = (i + 1) & this.mask) {
      const k = keysLo[i];
      if (k === -1) {
        keysLo[i] = lo;
        this.hi[i] = hi;
        this.values[i] = value;
        this.count++;
        return;
      }
      if (k === lo && this.hi[i] === hi) {
        this.values[i] = value;
        return;
      }
    }
  }

  delete(lo: number, hi: number): boolean {
    const keysLo = this.lo;
    const keysHi = this.hi;
    const mask = this.mask;
    let i = this.slot(lo, hi);
    for (;;) {
      const k = keysLo[i];
      if (k === -1) return false;
      if (k === lo && keysHi[i] === hi) break;
      i = (i + 1) & mask;
    }
    // Backward-shift: pull later entries of the probe run into the hole when their home slot
    // does not lie cyclically in (hole, j].
    let hole = i;
    let j = i;
    for (;;) {
      j = (j + 1) & mask;
      const k = keysLo[j];
      if (k === -1) break;
      const home = this.slot(k, keysHi[j]);
      const inRange = hole <= j ? hole < home && home <= j : hole < home || home <= j;
      if (inRange) continue;
      keysLo[hole] = k;
      keysHi[hole] = keysHi[j];
      this.values[hole] = this.values[j];
      hole = j;
    }
    keysLo[hole] = -1;
    this.values[hole] = undefined;
    this.count--;
    return true;
  }

  private grow(): void {
    const oldLo = this.lo;
    const oldHi = this.hi;
    const oldValues = this.values;
    const capacity = oldLo.length * 2;
    this.lo = new Int32Array(capacity).fill(-1);
    this.hi = new Int32Array(capacity);
    this.values = new Array<V | undefined>(capacity).fill(undefined);
    this.mask = capacity - 1;
    this.count = 0;
    for (let i = 0; i < oldLo.length; i++) {
      if (oldLo[i] !== -1) this.set(oldLo[i], oldHi[i], oldValues[i] as V);
    }
  }
}
