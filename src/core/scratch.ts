import { resize } from './resize.js';

/**
 * Reusable traversal buffers. Every query and pair pass borrows one of these instead of
 * allocating, so a steady-state frame allocates nothing. A visitor may start another query
 * inside a traversal; each nesting level gets its own buffers (see TreeStore#enter).
 */
export class Scratch {
  /** Node stack. Depth-first search pushes at most 3 more entries per level, of up to 4 ints. */
  nodes: Int32Array = new Int32Array(4 * (3 * 16 + 2));
  /** Item ids (pair walk segments, heap payloads). Grows on demand, never shrinks. */
  ids: Int32Array = new Int32Array(256);
  /** Float keys parallel to `ids` or `nodes` (ray entry distances, heap priorities). */
  keys: Float64Array = new Float64Array(256);
  /**
   * The numbers of the ray or sweep walk under way (see ray.ts, sweep.ts), kept here rather than
   * passed to the walk's helpers: V8 boxes a number passed to, or returned from, a call it did not
   * inline, and the walks make one such call per node and per box (kilobytes per walk). Per
   * traversal, so a walk started from a visitor has its own.
   */
  readonly walk = new Float64Array(10);
  /**
   * Pair walk entries (see pairs.ts): for entry k, boxes[4k..4k+3] and cells[4k..4k+3] are copies
   * of a box and its cell range and ids[k] its id. Copying makes every test after the first read
   * of a box a read from a small, recently written table instead of the slots.
   */
  boxes: Float64Array = new Float64Array(1024);
  cells: Int32Array = new Int32Array(1024);
  /** Pair walk: the entry numbers handed down to the nodes still to visit. Grows on demand. */
  list: Int32Array = new Int32Array(1024);

  /**
   * A leaf's overlapping pairs, reported after its tests: rows q and p of its table as one int32,
   * (p << 16) | q (see pairs.ts, testRow). Box searches list matching slots here too.
   */
  hits: Int32Array = new Int32Array(256);
  /**
   * A leaf's boxes, handed-down then own, copied into one table for its tests (see pairs.ts,
   * leafPairs), and their ids.
   */
  leafBoxes: Float64Array = new Float64Array(1024);
  leafIds: Int32Array = new Int32Array(256);
  /**
   * Pair-walk entries that ids, boxes, cells, hits, leafBoxes and leafIds all have room
   * for. The walk checks this, not `ids.length`: the k-nearest heap grows `ids` alone.
   */
  pairRoom = 256;

  /** A leaf's handed-down entries' corner sides (see pairs.ts, leafPairs). */
  sides: Int32Array = new Int32Array(64);
  /** Where each of a leaf's four groups starts in its table. */
  readonly groupStart: Int32Array = new Int32Array(4);

  /** The k nearest so far, a max-heap (see nearest.ts). Grows on demand, never shrinks. */
  bestKeys: Float64Array = new Float64Array(16);
  bestIds: Int32Array = new Int32Array(16);

  /** Bytes held by these buffers. */
  byteLength(): number {
    return (
      this.nodes.byteLength +
      this.ids.byteLength +
      this.keys.byteLength +
      this.boxes.byteLength +
      this.cells.byteLength +
      this.list.byteLength +
      this.hits.byteLength +
      this.leafBoxes.byteLength +
      this.leafIds.byteLength +
      this.sides.byteLength +
      this.groupStart.byteLength +
      this.bestKeys.byteLength +
      this.bestIds.byteLength
    );
  }

  growBest(minLength: number): void {
    this.bestKeys = new Float64Array(minLength);
    this.bestIds = new Int32Array(minLength);
  }

  /** Grows `list` to at least `minLength`, keeping its contents (the pending nodes' lists). */
  growList(minLength: number): Int32Array {
    this.list = resize(Int32Array, this.list, Math.max(minLength, this.list.length * 2), true);
    return this.list;
  }

  growSides(minLength: number): void {
    this.sides = new Int32Array(Math.max(minLength, this.sides.length * 2));
  }

  /** Makes room for `entries` pair-walk entries (ids, boxes, cells, hits and the leaf table together). */
  growPairs(entries: number): void {
    const length = Math.max(entries, this.pairRoom * 2);
    if (this.ids.length < length) this.growIds(length);
    this.hits = new Int32Array(length);
    this.leafBoxes = new Float64Array(length * 4);
    this.leafIds = new Int32Array(length);
    this.boxes = resize(Float64Array, this.boxes, length * 4, true);
    this.cells = resize(Int32Array, this.cells, length * 4, true);
    this.pairRoom = length;
  }

  growIds(minLength: number): Int32Array {
    this.ids = resize(Int32Array, this.ids, Math.max(minLength, this.ids.length * 2), true);
    return this.ids;
  }

  growKeys(minLength: number): Float64Array {
    this.keys = resize(Float64Array, this.keys, Math.max(minLength, this.keys.length * 2), true);
    return this.keys;
  }

  /**
   * Makes `ids` and `keys` both at least `length` long, for a caller about to write entries to
   * both past its current end. (Either can be the shorter: the pair walk grows `ids` alone.)
   */
  fitKeyed(length: number): void {
    if (this.ids.length < length) this.growIds(length);
    if (this.keys.length < length) this.growKeys(length);
  }

  /**
   * Min-heap insert into keys/ids (which hold `size` entries), ties broken by id so the order is
   * deterministic. The caller keeps the size.
   */
  heapPush(size: number, key: number, id: number): void {
    this.fitKeyed(size + 1);
    this.keys[size] = key;
    this.siftUp(size, id);
  }

  /**
   * {@link heapPush} of the entry whose key the caller wrote at keys[size] (after
   * `fitKeyed(size + 1)`). The walks queue this way in their loops: V8 boxes a number passed to a
   * call it does not inline (a heap number per entry queued), and this call takes integers only.
   */
  siftUp(size: number, id: number): void {
    const keys = this.keys;
    const ids = this.ids;
    const key = keys[size];
    let k = size;
    while (k > 0) {
      const parent = (k - 1) >> 1;
      if (keys[parent] < key || (keys[parent] === key && ids[parent] < id)) break;
      keys[k] = keys[parent];
      ids[k] = ids[parent];
      k = parent;
    }
    keys[k] = key;
    ids[k] = id;
  }

  /** Removes the heap's top entry (read keys[0] / ids[0] first); `size` is the size before removal. */
  heapPop(size: number): void {
    const keys = this.keys;
    const ids = this.ids;
    const last = size - 1;
    const lastKey = keys[last];
    const lastId = ids[last];
    let k = 0;
    for (;;) {
      let c = 2 * k + 1;
      if (c >= last) break;
      if (c + 1 < last && (keys[c + 1] < keys[c] || (keys[c + 1] === keys[c] && ids[c + 1] < ids[c]))) c++;
      if (lastKey < keys[c] || (lastKey === keys[c] && lastId < ids[c])) break;
      keys[k] = keys[c];
      ids[k] = ids[c];
      k = c;
    }
    keys[k] = lastKey;
    ids[k] = lastId;
  }
}
