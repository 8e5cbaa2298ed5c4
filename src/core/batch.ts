import { describe, requireFinite, requireMinMax } from '../shared/validate.js';
import { cellHi, cellLo } from './cells.js';
import { layOutRunsFrom } from './layout.js';
import type { TreeStore } from './store.js';

/**
 * `moveAll`: every live id's box from one array, checked in full before anything moves, so a bad
 * entry throws and the index is as it was. Its own file because it is the one mutation that reads
 * a whole array of user input, and reading it safely takes some care (see {@link readBoxArray}).
 */

/**
 * Reads and checks every live id's box from `boxes[4id … 4id + 3]` (the input of moveAll) and
 * returns where the commit reads them from: a Float64Array or Float32Array of this thread's own
 * memory as it is (its entries are plain numbers, read twice: check, then commit); anything else
 * copied first, each live id's entry read once (see {@link readableInPlace}), so that an entry
 * that changes or throws between reads cannot break atomicity. Its `length` is read once too.
 * Throws unless `boxes` is an array-like long enough for every live id.
 */
export function readBoxArray(tree: TreeStore, boxes: unknown): Float64Array | Float32Array {
  const length =
    boxes !== null && typeof boxes === 'object' ? (boxes as ArrayLike<number>).length : undefined;
  if (typeof length !== 'number') {
    throw new TypeError(
      `boxes must be a Float64Array, Float32Array or array of numbers, got ${describe(boxes)}`,
    );
  }
  const end = liveEnd(tree);
  if (length < 4 * end) {
    throw new RangeError(
      `boxes must hold 4 numbers for every id up to ${end - 1} (length ≥ ${4 * end}), got length ${length}`,
    );
  }
  const array = boxes as ArrayLike<number>;
  const copy = readableInPlace(array) ? null : copyLive(tree, array, end);
  const source = copy ?? (array as Float64Array | Float32Array);
  checkAll(tree.itemNode, source, end);
  // A copy is kept for the next call only now: a bad entry leaves even the index's storage as it was.
  if (copy !== null) tree.inputCopy = copy;
  return source;
}

/**
 * Commits boxes already read and checked (every live id's box finite, min ≤ max, in a long enough
 * array): by {@link readBoxArray}, or by the object Quadtree, which checks each item's box as it
 * stages it (a second pass over 100,000 boxes would cost half a millisecond a frame). Returns how
 * many boxes changed node.
 */
export function moveAllChecked(tree: TreeStore, boxes: Float64Array | Float32Array): number {
  return commitFrom(tree, boxes, liveEnd(tree), false);
}

/**
 * Right after a clear() that removed exactly ids 0 … m − 1, with nothing added since: adds them
 * back with the (checked) boxes at boxes[4h …], as m adds would, by restoring the cleared tree
 * and moving every id. The tree ends with the nodes m adds would give it. Returns false, and
 * changes nothing, when the clear did not leave that tree behind.
 */
export function readdCleared(tree: TreeStore, boxes: Float64Array, m: number): boolean {
  if (!tree.restoreCleared(m)) return false;
  commitFrom(tree, boxes, m, true);
  return true;
}

/** One past the highest live id. */
function liveEnd(tree: TreeStore): number {
  let end = tree.itemHighWater;
  while (end > 0 && tree.itemNode[end - 1] < 0) end--;
  return end;
}

/** The typed arrays' own `buffer` getter: a subclass cannot hide a shared buffer behind its own. */
const bufferOf = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Float64Array.prototype), 'buffer')
  ?.get as (this: ArrayBufferView) => ArrayBufferLike;

/**
 * Whether moveAll may read `boxes` where it is, twice (check, then commit): a Float64Array or
 * Float32Array over memory only this thread writes. Over a SharedArrayBuffer a worker may write
 * an entry between the two reads, and the commit would store a value the check never saw (a NaN
 * written mid-frame did so within 50 frames). A Proxy passes `instanceof` but not
 * `ArrayBuffer.isView`, and its reads run code.
 */
function readableInPlace(boxes: ArrayLike<number>): boxes is Float64Array | Float32Array {
  if (!ArrayBuffer.isView(boxes) || !(boxes instanceof Float64Array || boxes instanceof Float32Array)) {
    return false;
  }
  return typeof SharedArrayBuffer === 'undefined' || !(bufferOf.call(boxes) instanceof SharedArrayBuffer);
}

/**
 * The entries of the live ids below `end` of an array-like, each read once, into the tree's input
 * copy, or a new one grown by half when that is short (the caller keeps it once every entry has
 * passed); throws naming a non-number. The entries of ids that are not live are not read: moveAll
 * ignores them, whatever they hold.
 */
function copyLive(tree: TreeStore, boxes: ArrayLike<number>, end: number): Float64Array {
  const count = 4 * end;
  const copy = tree.inputCopy.length < count ? new Float64Array(count + (count >> 1)) : tree.inputCopy;
  const itemNode = tree.itemNode;
  for (let h = 0; h < end; h++) {
    if (itemNode[h] < 0) continue;
    for (let i = 4 * h; i < 4 * h + 4; i++) {
      const value = boxes[i];
      if (typeof value !== 'number') requireFinite(value, `boxes[${i}]`);
      copy[i] = value;
    }
  }
  return copy;
}

/**
 * Throws naming the first live id whose box in `boxes` (a typed array: numbers only) is invalid.
 * The test is written out here, on the array: passed to a helper that V8 does not inline (after
 * moveAll was inlined into a big caller, it sometimes does not), the four numbers would be boxed,
 * 64 bytes per box per frame (see core/cells.ts).
 */
function checkAll(itemNode: Int32Array, boxes: Float64Array | Float32Array, end: number): void {
  for (let h = 0; h < end; h++) {
    if (itemNode[h] < 0) continue;
    const h4 = h << 2;
    const minX = boxes[h4];
    const minY = boxes[h4 | 1];
    const maxX = boxes[h4 | 2];
    const maxY = boxes[h4 | 3];
    // v - v is 0 for finite numbers, NaN for NaN and ±Infinity.
    if (minX - minX === 0 && minY - minY === 0 && maxX - maxX === 0 && maxY - maxY === 0) {
      if (minX <= maxX && minY <= maxY) continue;
    }
    requireMinMax(minX, minY, maxX, maxY, [
      `boxes[${h4}]`,
      `boxes[${h4 + 1}]`,
      `boxes[${h4 + 2}]`,
      `boxes[${h4 + 3}]`,
    ]);
  }
}

/**
 * Re-files every live id whose (validated) box in `source` left its node (and, `asBuilt`, gives it
 * the nodes and lists a tree built from scratch would have), then lays the slots out from `source`
 * (see layOutRunsFrom): every box moved, so the layout is stale anyway, and copying from the
 * caller's array costs less than permuting the index's own copy in place. While the ids are
 * re-filed one by one the tree reads every box from `source` (TreeStore.source), as if all had
 * moved at once: an id not yet re-filed may sit in a node its new box has left, which its own turn
 * then corrects. With `listed`, only the ids listed[0 … end − 1] are re-filed (every other box in
 * `source` is its filed one).
 */
function commitFrom(
  tree: TreeStore,
  source: Float64Array | Float32Array,
  end: number,
  asBuilt: boolean,
  listed: Int32Array | null = null,
): number {
  let moved = 0;
  tree.source = source;
  try {
    moved = refileEach(tree, source, end, listed);
    // (Before the layout: folding moves boxes between nodes.)
    if (asBuilt) tree.settleAsBuilt();
  } finally {
    tree.source = null;
  }
  layOutRunsFrom(tree, source);
  return moved;
}

/**
 * commitFrom's pass: re-files ids 0 … end − 1 (or listed[0 … end − 1]); returns how many changed
 * node. (A function of its own, the loop the last thing in it: commitFrom's code after the loop
 * deoptimized on every frame otherwise, see core/layout.ts.)
 */
function refileEach(
  tree: TreeStore,
  source: Float64Array | Float32Array,
  end: number,
  listed: Int32Array | null,
): number {
  const itemNode = tree.itemNode;
  let moved = 0;
  for (let k = 0; k < end; k++) {
    const h = listed === null ? k : listed[k];
    if (itemNode[h] < 0) continue;
    // The cell range straight from the caller's array (what reclassify would compute through
    // its scratch range: this loop is 10-25% faster without the round trip).
    const h4 = h << 2;
    const lox = cellLo(tree, 0, source, h4);
    const loy = cellLo(tree, 1, source, h4 | 1);
    const hix = cellHi(tree, 0, source, h4 | 2, lox);
    const hiy = cellHi(tree, 1, source, h4 | 3, loy);
    if (tree.refileIn(h, lox, loy, hix, hiy)) moved++;
  }
  return moved;
}

/**
 * {@link moveAllChecked} when only the live ids in ids[0 … count − 1] have new boxes in `boxes`,
 * and every other live id's box there is the one it was filed with (the World's fat boxes, of
 * which a step changes those of the bodies that left theirs): re-files only the listed ids, then
 * lays the slots out from `boxes` as moveAll does. Returns how many changed node.
 */
export function moveListedChecked(
  tree: TreeStore,
  boxes: Float64Array | Float32Array,
  ids: Int32Array,
  count: number,
): number {
  return commitFrom(tree, boxes, count, false, ids);
}
