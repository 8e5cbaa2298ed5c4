/**
 * Open-addressing hash map from an ordered pair of body ids (lo < hi) to a value, stored in typed
 * arrays so lookups and deletions allocate nothing. Linear probing with backward-shift deletion
 * (no tombstones), load factor at most 1/2. Only growth allocates.
 *
 * Slot i's key is keys[2i] (lo, −1 when the slot is empty) and keys[2i + 1] (hi): side by side,
 * so that a probe reads one cache line, not one in each of two arrays. A step looks up every
 * candidate pair in spatial order, which is random order here, so most probes miss the cache.
 */
export class PairTable<V> {
  private keys: Int32Array;
  private values: (V | undefined)[];
  private mask = 0;
  private count = 0;

  constructor(initialCapacity = 64) {
    let capacity = 16;
    while (capacity < initialCapacity * 2) capacity *= 2;
    this.keys = emptyKeys(capacity);
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
    const keys = this.keys;
    for (let i = this.slot(lo, hi); ; i = (i + 1) & this.mask) {
      const k = keys[2 * i];
      if (k === -1) return undefined;
      if (k === lo && keys[2 * i + 1] === hi) return this.values[i];
    }
  }

  /** Inserts or replaces. */
  set(lo: number, hi: number, value: V): void {
    if ((this.count + 1) * 2 > this.values.length) this.grow();
    const keys = this.keys;
    for (let i = this.slot(lo, hi); ; i = (i + 1) & this.mask) {
      const k = keys[2 * i];
      if (k === -1) {
        keys[2 * i] = lo;
        keys[2 * i + 1] = hi;
        this.values[i] = value;
        this.count++;
        return;
      }
      if (k === lo && keys[2 * i + 1] === hi) {
        this.values[i] = value;
        return;
      }
    }
  }

  delete(lo: number, hi: number): boolean {
    const keys = this.keys;
    const mask = this.mask;
    let i = this.slot(lo, hi);
    for (;;) {
      const k = keys[2 * i];
      if (k === -1) return false;
      if (k === lo && keys[2 * i + 1] === hi) break;
      i = (i + 1) & mask;
    }
    // Backward-shift: pull later entries of the probe run into the hole when their home slot
    // does not lie cyclically in (hole, j].
    let hole = i;
    let j = i;
    for (;;) {
      j = (j + 1) & mask;
      const k = keys[2 * j];
      if (k === -1) break;
      const home = this.slot(k, keys[2 * j + 1]);
      const inRange = hole <= j ? hole < home && home <= j : hole < home || home <= j;
      if (inRange) continue;
      keys[2 * hole] = k;
      keys[2 * hole + 1] = keys[2 * j + 1];
      this.values[hole] = this.values[j];
      hole = j;
    }
    keys[2 * hole] = -1;
    this.values[hole] = undefined;
    this.count--;
    return true;
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldValues = this.values;
    const capacity = oldValues.length * 2;
    this.keys = emptyKeys(capacity);
    this.values = new Array<V | undefined>(capacity).fill(undefined);
    this.mask = capacity - 1;
    this.count = 0;
    for (let i = 0; i < oldValues.length; i++) {
      if (oldKeys[2 * i] !== -1) this.set(oldKeys[2 * i], oldKeys[2 * i + 1], oldValues[i] as V);
    }
  }
}

/** Keys for `capacity` empty slots. */
function emptyKeys(capacity: number): Int32Array {
  const keys = new Int32Array(2 * capacity);
  for (let i = 0; i < keys.length; i += 2) keys[i] = -1;
  return keys;
}
