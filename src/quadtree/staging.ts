/**
 * The Quadtree's changes that read your objects: every box is read and checked into a staging
 * buffer before anything changes, and inserts one item at a time may be kept back and filed
 * together (the clear-and-insert loop, a first fill).
 * @module
 */
import * as internal from '../core/internal.js';
import type { QuadIndex } from '../core/QuadIndex.js';
import { resize } from '../core/resize.js';
import type { Rect } from '../core/types.js';
import type { ItemTable } from './itemTable.js';
import { readBox, readItems, readLiveBoxes } from './readBox.js';

/**
 * Reads items' boxes for the {@link Quadtree}'s inserts, updates and refreshes, then commits them
 * to the index and the item table. Callers check that the tree may change first.
 */
export class Staging<T extends Rect> {
  /** One item's box, read before a single insert or update commits. */
  private readonly one = new Float64Array(4);
  /**
   * Many items' boxes (4 numbers each), read and checked before an array insert or a refresh
   * commits. Kept between calls, so that a refresh every frame allocates nothing.
   */
  private staged: Float64Array = new Float64Array(0);
  /** The elements of an array being inserted, read once (cleared after the call). */
  private stagedItems: (T | undefined)[] = [];
  /**
   * Items inserted one by one since a clear() and not filed yet: the first `deferred` items the
   * clear removed, in their order, with their boxes in {@link staged} (see {@link insertOne}). Or,
   * in a tree that holds no item yet, the first `deferred` items inserted, in {@link stagedItems}.
   */
  private deferred = 0;

  constructor(
    private readonly index: QuadIndex,
    private readonly table: ItemTable<T>,
  ) {}

  /** The number of items in the tree, kept-back ones included. */
  size(): number {
    // Items kept back after a clear are distinct (the ones it removed); a first fill kept back may
    // hold an item twice, which counts once: file it first.
    if (this.deferred > 0 && this.table.items.length === 0) this.settle();
    return this.index.size + this.deferred;
  }

  /** Bytes of the staging buffer (the item lists are JS arrays, not counted). */
  byteLength(): number {
    return this.staged.byteLength;
  }

  /**
   * Inserts an array of items: each element and each of its fields read exactly once, before
   * anything changes (and with changes refused meanwhile, so a getter cannot change the tree
   * under the reading).
   */
  insertList(list: readonly T[]): void {
    this.settle();
    const index = this.index;
    let count = 0;
    let staged: Float64Array;
    const items = this.stagedItems;
    const known = this.table.items;
    const firstFill = known.length === 0;
    try {
      let same: number;
      internal.beginInput(index);
      try {
        count = list.length; // (its length too: a Proxy's getter could change the tree)
        staged = this.stagingFor(count);
        same = readItems(list, count, known, items, staged);
      } finally {
        internal.endInput(index);
      }
      this.staged = staged;
      index.reserve(count);
      // The clear-and-insert-all loop: the items the clear removed, in the same order, come
      // back into the tree they left and move, as in a refresh.
      if (same === count) {
        if (index.size === 0 && this.table.restoreCleared(staged, count)) return;
        copyFirst(known, items, count);
      }
      this.commitStaged(items, staged, count);
    } finally {
      // The list is kept for the next insert into this tree (a clear-and-insert loop whose items
      // change), not after the first fill (a tree filled once and refreshed would keep it for
      // nothing). Nor are the staged boxes: a tree filled once and then changed item by item
      // (update, remove) never reads them again, and they are 32 bytes per item; a refresh or a
      // clear-and-insert loop allocates them again on its first call and keeps them from then on.
      if (firstFill) this.release();
      else clearFirst(items, Math.min(count, items.length));
    }
  }

  /** Inserts one item, or keeps it back (see {@link deferred}). */
  insertOne(item: T): void {
    const index = this.index;
    const k = this.deferred;
    const first = this.table.items.length === 0;
    if (index.size === 0 && (first || (k < internal.clearedCount(index) && this.table.items[k] === item))) {
      // The clear-and-insert loop one item at a time (the quadtree-js way): item k of those
      // the clear removed, in order. Keep its box; once all of them are back, the cleared tree
      // returns as for an array insert. Anything else files the kept ones first (settle).
      // So does the first fill of a tree, one item at a time: kept in stagedItems, filed as
      // one array insert (which needs no map from items to ids, see ItemTable.ids).
      const staged = this.stagingFor(k + 1, true);
      internal.beginInput(index);
      try {
        readBox(item, 'item', staged, 4 * k);
      } finally {
        internal.endInput(index);
      }
      if (this.deferred !== k) {
        // A query from one of its getters filed the kept items (see settle): file it after them.
        this.table.commitInsert(item, staged, 4 * k);
        return;
      }
      this.staged = staged;
      if (first) this.stagedItems[k] = item;
      this.deferred = k + 1;
      if (!first && k + 1 === internal.clearedCount(index)) this.settle();
      return;
    }
    this.settle();
    this.table.commitInsert(item, this.readOne(item), 0);
  }

  /** Moves live id `id` to `item`'s box, read and checked first. */
  update(item: T, id: number): void {
    internal.moveFrom(this.index, id, this.readOne(item), 0);
  }

  /** `item`'s box, read and checked into {@link one}, with changes refused meanwhile. */
  private readOne(item: T): Float64Array {
    const staged = this.one;
    internal.beginInput(this.index);
    try {
      readBox(item, 'item', staged, 0);
    } finally {
      internal.endInput(this.index);
    }
    return staged;
  }

  /**
   * Files the items {@link insertOne} kept back (see {@link deferred}): all of those the clear
   * removed bring the cleared tree back, fewer are filed one by one, as their inserts would have;
   * a first fill is filed as an array insert. Every method of the Quadtree that reads or changes
   * the tree calls this first.
   */
  settle(): void {
    const count = this.deferred;
    if (count === 0) return;
    // The kept items are in the tree as far as any caller can tell, so filing them changes
    // nothing it could see: a query may do it from a getter of the item insert is reading.
    const reading = internal.pauseInput(this.index);
    try {
      if (this.table.items.length === 0) {
        // A first fill kept back (see insertOne): its items are in stagedItems.
        const items = this.stagedItems;
        this.stagedItems = [];
        this.index.reserve(count);
        this.commitStaged(items, this.staged, count);
        this.release(); // (as after an array insert into an empty tree)
      } else if (!this.table.restoreCleared(this.staged, count))
        this.commitStaged(this.table.items, this.staged, count);
    } finally {
      internal.resumeInput(this.index, reading);
    }
    this.deferred = 0;
  }

  /** Inserts items[0 … count − 1], each with the box staged at staged[4i …] (read and checked). */
  private commitStaged(items: (T | undefined)[], staged: Float64Array, count: number): void {
    const wasEmpty = this.index.size === 0;
    this.table.commitInserts(items, staged, count);
    // Into an empty tree with no item twice, item i got id i, so the staged boxes are by id: lay
    // the slots out from them now (the next pair pass would otherwise reorder them slot by slot,
    // three times slower).
    if (wasEmpty && this.index.size === count) internal.layOutFrom(this.index, staged);
  }

  /**
   * {@link staged}, or a larger copy of it (with the boxes staged so far, when `keep`), with room
   * for `count` boxes. The caller keeps a larger one as {@link staged} only once every box has been
   * read: after a bad box even the tree's storage is as it was.
   */
  private stagingFor(count: number, keep = false): Float64Array {
    // Grown by half again at least, so a tree that gains a few items a frame does not reallocate every frame.
    const room = this.staged.length >> 2;
    if (room >= count) return this.staged;
    return resize(Float64Array, this.staged, 4 * Math.max(count, room + (room >> 1)), keep);
  }

  /** Re-reads every live item's box, all checked before any moves; returns how many changed node. */
  refresh(): number {
    this.settle();
    const items = this.table.items;
    const end = this.table.liveEnd();
    if (internal.isSparseIndex(this.index)) return this.refreshFew(items);
    const staged = this.stagingFor(end);
    internal.beginInput(this.index);
    try {
      readLiveBoxes(items, end, this.index, staged); // reads and checks every live item's box
    } finally {
      internal.endInput(this.index);
    }
    this.staged = staged;
    return internal.moveAllChecked(this.index, staged);
  }

  /**
   * {@link refresh} of a tree that holds few of the ids it handed out (most items removed): the
   * live ids come from the index's nodes and their boxes are staged by position, then moved one
   * by one, so the cost follows the items in the tree rather than every id ever handed out (which
   * the staging by id and moveAll read through). Same all-or-nothing order: read and check all,
   * then move.
   */
  private refreshFew(items: readonly (T | undefined)[]): number {
    const index = this.index;
    const count = index.size;
    // (A getter that queries the tree while its box is read may lay the index out again, which
    // rewrites `live` with the same ids: no change can be made while input is read.)
    const live = internal.liveIds(index);
    const staged = this.stagingFor(count);
    internal.beginInput(index);
    try {
      readListed(items, live, count, staged);
    } finally {
      internal.endInput(index);
    }
    this.staged = staged;
    return moveListed(index, live, count, staged);
  }

  /**
   * Back to the storage of a new tree: after the tree's first fill (see {@link insertList}), or
   * when remove() emptied it.
   */
  release(): void {
    this.staged = new Float64Array(0);
    this.stagedItems = [];
  }

  /**
   * Before a clear() of a tree holding `size` items: the staging follows the items in the tree,
   * so after a peak (a million items, then a hundred) it is given back, while a steady
   * clear-and-insert loop keeps reusing it.
   */
  fitBeforeClear(size: number): void {
    const room = 2 * size + 1024;
    if (this.stagedItems.length > room) this.stagedItems = [];
    if (this.staged.length > 4 * room) this.staged = new Float64Array(0);
  }
}

/*
 * Each pass over every item is the last thing its function does (see core/layout.ts: V8 compiles
 * a long loop while it runs, and keeps re-entering that code, which would deoptimize on every
 * call at any code after the loop it had not yet seen run).
 */

/** The boxes of items[live[k]] for k < count, each read and checked, into staged[4k …]. */
function readListed<T extends Rect>(
  items: readonly (T | undefined)[],
  live: Int32Array,
  count: number,
  staged: Float64Array,
): void {
  for (let k = 0; k < count; k++) readBox(items[live[k]] as T, 'item', staged, k << 2);
}

/** Moves live[k] to the box at staged[4k …] for k < count; returns how many changed node. */
function moveListed(index: QuadIndex, live: Int32Array, count: number, staged: Float64Array): number {
  let moved = 0;
  for (let k = 0; k < count; k++) if (internal.moveFrom(index, live[k], staged, k << 2)) moved++;
  return moved;
}

/** Copies from[0 … count − 1] into to[0 … count − 1]. */
function copyFirst<T>(from: readonly T[], to: T[], count: number): void {
  for (let i = 0; i < count; i++) to[i] = from[i];
}

/**
 * Drops the references in items[0 … count − 1], keeping the array's storage. (A loop: in
 * Chromium's V8, `fill(undefined, 0, count)` allocated about 13 bytes per item, 131 KB a frame for
 * a clear-and-insert of 10,000 items; Node 20's did not.)
 */
function clearFirst<T>(items: (T | undefined)[], count: number): void {
  for (let i = 0; i < count; i++) items[i] = undefined;
}
