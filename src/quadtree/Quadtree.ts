import * as internal from '../core/internal.js';
import { readSettings } from '../core/options.js';
import { QuadIndex } from '../core/QuadIndex.js';
import type { NodeInfo, QuadtreeOptions, Rect } from '../core/types.js';
import { requireArray, requireFunction } from '../shared/validate.js';
import { ItemSearch, ItemTable } from './itemTable.js';
import { Staging } from './staging.js';
import type { ItemSweepHit, ItemVisitor, PairVisitor, QuadtreeStats } from './types.js';

/**
 * A dynamic quadtree over your own objects with `x`, `y`, `width` and `height`: the
 * quadtree-js-compatible way in. It finds every colliding pair once and answers exact region,
 * point, circle, ray and nearest queries.
 *
 * It keeps a copy of each box (in a {@link QuadIndex}, which it is built on), so after you move an
 * item, call {@link update} for it, or {@link refresh} once a frame when most items moved.
 * The objects themselves stay yours: the tree only maps each to an integer id and back.
 *
 * Every changing method reads and checks all its input before it changes anything: a bad value
 * or a getter that throws leaves the tree exactly as it was.
 *
 * @example
 * ```ts
 * const tree = new Quadtree<Sprite>({ x: 0, y: 0, width: 800, height: 600 });
 * tree.insert(sprites);
 * // every frame:
 * for (const s of sprites) { s.x += s.vx; s.y += s.vy; }
 * tree.refresh();
 * tree.forEachPair((a, b) => { a.hit = b.hit = true; });
 * const visible = tree.query(camera);
 * ```
 */
export class Quadtree<T extends Rect> {
  /** The root area. Items outside it are still indexed (in the border cells) and always found. */
  readonly bounds: Readonly<Rect>;
  /** Split threshold (see {@link QuadtreeOptions.maxObjects}). */
  readonly maxObjects: number;
  /** Deepest level a node can reach, after `maxLevels` and `minNodeSize` are applied. */
  readonly maxDepth: number;

  private readonly index: QuadIndex;
  /** Your objects by id and ids by object; relays the index's id callbacks to item visitors. */
  private readonly table: ItemTable<T>;
  /** Reads your objects' boxes for the changes and commits them; keeps inserts back. */
  private readonly staging: Staging<T>;
  private checks = 0;

  /**
   * Creates an empty tree over `bounds`.
   * @param bounds The area the tree subdivides. Pick the world (or screen) size; items outside it
   * still work, they just do not benefit from subdivision.
   * @param options Split tuning: `maxObjects` (default 24), `maxLevels` (default 12, at most 16),
   * `minNodeSize` (default 0).
   */
  constructor(bounds: Rect, options?: QuadtreeOptions) {
    // biome-ignore lint/complexity/noArguments: a quadtree-js style third argument gets a helpful error
    const s = readSettings('Quadtree', bounds, options, arguments[2]);
    // The index gets the values read and checked here, not the caller's objects to read again.
    this.index = new QuadIndex(
      { x: s.x, y: s.y, width: s.width, height: s.height },
      { maxObjects: s.maxObjects, maxLevels: s.depth },
    );
    this.table = new ItemTable<T>(this.index);
    this.staging = new Staging<T>(this.index, this.table);
    this.bounds = this.index.bounds;
    this.maxObjects = this.index.maxObjects;
    this.maxDepth = this.index.maxDepth;
  }

  /** Number of items in the tree. */
  get size(): number {
    return this.staging.size();
  }

  /**
   * Box tests made by the most recent query or pair pass: the figure to compare with a
   * brute-force pass's n·(n−1)/2. Candidate retrieval makes no tests.
   */
  get lastChecks(): number {
    return this.checks;
  }

  // ---------------------------------------------------------------------------------------------
  // Changing the tree

  /**
   * Adds one item or an array of items. An item already in the tree is not added twice: its box
   * is re-read as by {@link update}. If any item of an array is invalid, nothing is inserted.
   * @throws TypeError / RangeError naming the bad field (NaN, ±Infinity, negative size, not a number).
   */
  insert(item: T | readonly T[]): void {
    this.assertMutable('insert');
    if (Array.isArray(item)) this.staging.insertList(item as readonly T[]);
    else this.staging.insertOne(item as T);
  }

  /** Files the items insert() kept back: every method that reads or changes the tree calls this first. */
  private settle(): void {
    this.staging.settle();
  }

  /**
   * An area query: its area read first, then the kept-back items filed (see ItemTable.readBoxArg),
   * then the search. Returns the box tests made.
   */
  private searchArea(kind: ItemSearch, area: Rect, visit: ItemVisitor<T> | null, out: T[] | null): number {
    this.table.readBoxArg(area);
    this.settle();
    return this.table.search(kind, 0, 0, 0, visit, out);
  }

  /** Removes an item. Returns `false` when it was not in the tree. */
  remove(item: T): boolean {
    this.assertMutable('remove');
    this.settle();
    const id = this.table.liveId(item);
    if (id < 0) return false;
    this.table.remove(item, id);
    // Back to the storage of a new tree, as the index and the item table go.
    if (this.index.size === 0) this.staging.release();
    return true;
  }

  /**
   * Re-reads an item's box after you changed its `x`, `y`, `width` or `height`. O(1) when the
   * item stays in the same node, which is the common case for small moves. (In a tree that never
   * looked an item up by object, the first call that does, this or remove, has, or an insert into
   * a tree that holds items, builds the tree's map from items to ids: O(items), once.)
   * @throws Error when the item is not in the tree; TypeError / RangeError for a bad box, in which
   * case the item stays where it was.
   */
  update(item: T): void {
    this.assertMutable('update');
    this.settle();
    const id = this.table.liveId(item);
    if (id < 0) throw new Error('Quadtree.update(): the item is not in this tree; insert() it first');
    this.staging.update(item, id);
  }

  /**
   * Re-reads every item's box: the once-a-frame call when most items moved. Only items that left
   * their node are re-filed. All boxes are read and checked first: if any is bad, the error names
   * it and no item moves. Returns how many items changed node.
   */
  refresh(): number {
    this.assertMutable('refresh');
    return this.staging.refresh();
  }

  /** True when the item is in the tree. */
  has(item: T): boolean {
    this.settle();
    return this.table.liveId(item) >= 0;
  }

  /**
   * Removes every item. Built for the classic "clear and re-insert every frame" loop: storage is
   * kept, and inserting the same items again reuses their ids and allocates nothing. Inserting
   * the same items in the same order right after (one array, or one item at a time) brings the
   * cleared tree back and re-files only the items that changed node: about the cost of
   * {@link refresh}. (So the tree holds references to cleared items until the next clear(), or
   * until it is emptied with remove().)
   */
  clear(): void {
    this.assertMutable('clear');
    this.settle();
    this.staging.fitBeforeClear(this.index.size);
    this.table.clear();
  }

  // ---------------------------------------------------------------------------------------------
  // Queries

  /**
   * Candidate items for `area`: every item in a node the area reaches. A superset of the items
   * that overlap `area`, without duplicates; cheaper than {@link query} when you run your own
   * exact test. Appends to `out` and returns it.
   */
  retrieve(area: Rect, out: T[] = []): T[] {
    requireArray(out, 'out');
    this.searchArea(ItemSearch.Candidates, area, null, out);
    this.checks = 0;
    return out;
  }

  /** Exactly the items whose box overlaps `area` (strictly: touching does not count). Appends to `out`. */
  query(area: Rect, out: T[] = []): T[] {
    requireArray(out, 'out');
    this.checks = this.searchArea(ItemSearch.Area, area, null, out);
    return out;
  }

  /** Items whose box contains the point in its interior (points on an edge do not count). Appends to `out`. */
  queryPoint(x: number, y: number, out: T[] = []): T[] {
    this.settle();
    requireArray(out, 'out');
    this.checks = this.table.search(ItemSearch.Point, x, y, 0, null, out);
    return out;
  }

  /**
   * Items whose box meets the open disc: the closest point of the box is nearer than `radius` to
   * the centre (a box at exactly `radius` does not count). Appends to `out`.
   */
  queryCircle(x: number, y: number, radius: number, out: T[] = []): T[] {
    this.settle();
    requireArray(out, 'out');
    this.checks = this.table.search(ItemSearch.Circle, x, y, radius, null, out);
    return out;
  }

  /** Calls `visit` for each candidate of {@link retrieve}; allocates nothing. Return `false` from `visit` to stop. */
  forEachCandidate(area: Rect, visit: ItemVisitor<T>): void {
    requireFunction(visit, 'visit');
    this.searchArea(ItemSearch.Candidates, area, visit, null);
    this.checks = 0;
  }

  /** Calls `visit` for each item {@link query} would return; allocates nothing. Return `false` to stop. */
  forEachInRect(area: Rect, visit: ItemVisitor<T>): void {
    requireFunction(visit, 'visit');
    this.checks = this.searchArea(ItemSearch.Area, area, visit, null);
  }

  /** Calls `visit` for each item {@link queryPoint} would return; allocates nothing. Return `false` to stop. */
  forEachAtPoint(x: number, y: number, visit: ItemVisitor<T>): void {
    this.settle();
    requireFunction(visit, 'visit');
    this.checks = this.table.search(ItemSearch.Point, x, y, 0, visit, null);
  }

  /** Calls `visit` for each item {@link queryCircle} would return; allocates nothing. Return `false` to stop. */
  forEachInCircle(x: number, y: number, radius: number, visit: ItemVisitor<T>): void {
    this.settle();
    requireFunction(visit, 'visit');
    this.checks = this.table.search(ItemSearch.Circle, x, y, radius, visit, null);
  }

  /**
   * Calls `visit(a, b)` once for every pair of items whose boxes overlap (strictly), in a
   * deterministic order. Return `false` to stop. Allocates nothing. See {@link QuadIndex.forEachPair}
   * for how pairs are found.
   */
  forEachPair(visit: PairVisitor<T>): void {
    this.settle();
    requireFunction(visit, 'visit');
    this.checks = this.table.forEachPair(visit);
  }

  /** Every colliding pair, as an array of `[a, b]` (see {@link forEachPair}). Appends to `out`. */
  pairs(out: Array<[T, T]> = []): Array<[T, T]> {
    requireArray(out, 'out');
    this.forEachPair((a, b) => {
      out.push([a, b]);
    });
    return out;
  }

  /**
   * Visits the items whose box the segment from (x, y) along (dirX, dirY) for t in [0, maxT]
   * touches, node by node from front to back. The point at parameter t is (x + t·dirX, y + t·dirY),
   * so with a unit direction t is a distance. `tEnter` is where the segment enters the item's box
   * (0 when it starts inside).
   *
   * Return a number from `visit` to shorten the segment to that t (e.g. the exact hit of the shape
   * inside the box: nodes and items beyond it are then skipped), or `false` to stop. For the first
   * hit, keep the smallest t you found; the walk guarantees no closer item is skipped. Mind
   * arrow functions: `(s) => hits.push(s)` returns the array's length, a number, and cuts the
   * segment; write `(s) => { hits.push(s); }`.
   */
  raycast(
    x: number,
    y: number,
    dirX: number,
    dirY: number,
    maxT: number,
    visit: (item: T, tEnter: number) => number | boolean | void,
  ): void {
    this.settle();
    requireFunction(visit, 'visit');
    this.table.raycast(x, y, dirX, dirY, maxT, visit);
  }

  /**
   * Moves `item`'s box by (dx, dy) and returns the first item it hits, or `null`: the item, the
   * time of impact `t` in [0, 1) (after t·(dx, dy) the boxes just touch; 0 when they already
   * overlap) and the normal of the face hit, pointing back at the mover. `item` itself is left out
   * when it is in the tree, so a sprite can sweep its own box. Only the nodes along the swept path
   * are opened. See {@link QuadIndex.sweep} for the exact rules.
   * @example
   * const hit = tree.sweep(bullet, bullet.vx, bullet.vy);
   * if (hit) { bullet.x += bullet.vx * hit.t; bullet.y += bullet.vy * hit.t; explode(hit.item); }
   */
  sweep(item: Rect, dx: number, dy: number): ItemSweepHit<T> | null {
    let found: ItemSweepHit<T> | null = null;
    this.forEachSweepHit(item, dx, dy, (hit, t, normalX, normalY) => {
      found = { item: hit, t, normalX, normalY };
      return false;
    });
    return found;
  }

  /**
   * Visits every item `item`'s box hits when moved by (dx, dy), in increasing time of impact (ties
   * by id), with the time and the face normal (see {@link sweep}). Return `false` to stop.
   */
  forEachSweepHit(
    item: Rect,
    dx: number,
    dy: number,
    visit: (hit: T, t: number, normalX: number, normalY: number) => unknown,
  ): void {
    requireFunction(visit, 'visit');
    // The moving box is read before the kept-back items are filed, as a query's area is (see
    // searchArea): an item one of its getters inserts is then filed, and met, by this sweep.
    this.table.readBoxArg(item, 'item');
    this.settle();
    this.table.forEachSweepHit(item, dx, dy, visit);
  }

  /**
   * Visits items in order of increasing distance from (x, y) to their box (0 for boxes containing
   * the point), up to `maxDistance`. Return `false` to stop. The squared distance is passed along;
   * it is a lower bound of the distance to any shape inside the box. Creates no object once warm
   * (V8 boxes the distance it passes when it does not inline `visit`).
   */
  forEachNearest(
    x: number,
    y: number,
    visit: (item: T, distanceSquared: number) => unknown,
    maxDistance = Number.POSITIVE_INFINITY,
  ): void {
    this.settle();
    requireFunction(visit, 'visit');
    this.table.forEachNearest(x, y, visit, maxDistance);
  }

  /**
   * The `k` items whose boxes are nearest to (x, y), nearest first, within `maxDistance`. Appends
   * to `out`.
   */
  nearest(x: number, y: number, k: number, maxDistance = Number.POSITIVE_INFINITY, out: T[] = []): T[] {
    this.settle();
    requireArray(out, 'out');
    // The index's bounded k-nearest search (cheaper than stopping forEachNearest after k).
    const items = this.table.items;
    for (const id of this.index.nearest(x, y, k, maxDistance)) out.push(items[id] as T);
    return out;
  }

  /** Every item, in a deterministic order (by id). Appends to `out`. */
  all(out: T[] = []): T[] {
    this.settle();
    requireArray(out, 'out');
    internal.beginRead(this.index); // (see QuadIndex.ids)
    try {
      return this.table.all(out);
    } finally {
      internal.endRead(this.index);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Introspection

  /**
   * Visits every node depth-first (parents before children), e.g. to draw the tree. The
   * {@link NodeInfo} object is reused between calls. Return `false` to stop.
   */
  forEachNode(visit: (node: NodeInfo) => unknown): void {
    this.settle();
    this.index.forEachNode(visit);
  }

  /** Counts of items and nodes, tree depth, memory and the last pass's box tests. O(nodes). */
  stats(): QuadtreeStats {
    this.settle();
    const stats = this.index.stats();
    return { ...stats, arrayBytes: stats.arrayBytes + this.staging.byteLength(), checks: this.checks };
  }

  /**
   * Checks every internal invariant and throws an Error describing the first one broken. Meant for
   * tests and for debugging; O(items + nodes). It also reports the first item whose `x`/`y`/
   * `width`/`height` changed without a call to {@link update} (the classic quadtree mistake), with
   * its stored and current box.
   */
  validate(): void {
    this.settle();
    const fail = (message: string): never => {
      throw new Error(`Quadtree.validate(): ${message}`);
    };
    this.index.validate();
    this.table.validate(fail);
  }

  // ---------------------------------------------------------------------------------------------
  // Internals

  private assertMutable(method: string): void {
    internal.assertMutable(this.index, 'Quadtree', method);
  }
}
