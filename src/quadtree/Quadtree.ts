import { readSettings } from '../core/options.js';
import { QuadIndex } from '../core/QuadIndex.js';
import type { NodeInfo, QuadtreeOptions, Rect } from '../core/types.js';
import { isValidBox, requireFunction, requireInteger, requireRect } from '../shared/validate.js';
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
  /**
   * The object of each id. For a live id it is that id's item; a cleared item stays here until
   * its id is handed out again or the next clear(), so that re-inserting it (the clear-and-insert
   * loop) finds its id without a Map lookup and without a Map write.
   */
  private items: (T | undefined)[] = [];
  /** Id of each item (live, or cleared and not yet forgotten): ids.get(o) === id ⇔ items[id] === o. */
  private ids = new Map<T, number>();
  /** The id most likely to hold the next inserted item: the clear-and-insert loop repeats an order. */
  private nextGuess = 0;
  /**
   * One item's box, read before a single insert or update commits. (Many boxes are staged in the
   * index's own scratch buffer, see QuadIndex._staging.)
   */
  private readonly one = new Float64Array(4);
  /** The elements of an array being inserted, read once (cleared after the call). */
  private stagedItems: (T | undefined)[] = [];
  private checks = 0;

  // The user's visitor of the traversal under way; the relays below turn ids into items for it.
  // (Fields, saved and restored around each traversal so that nested ones work, because a
  // closure per call would allocate on every frame.)
  private pairVisit: Stored<[T, T], void | boolean> | null = null;
  private itemVisit: Stored<[T], void | boolean> | null = null;
  private outList: T[] | null = null;
  private rayVisit: Stored<[T, number], number | boolean | void> | null = null;
  private nearVisit: Stored<[T, number], void | boolean> | null = null;
  private sweepVisit: Stored<[T, number, number, number], void | boolean> | null = null;
  private readonly relayPair = (a: number, b: number): void | boolean =>
    (this.pairVisit as Stored<[T, T], void | boolean>)(this.items[a] as T, this.items[b] as T);
  private readonly relayItem = (id: number): void | boolean =>
    (this.itemVisit as Stored<[T], void | boolean>)(this.items[id] as T);
  private readonly relayPush = (id: number): void => {
    (this.outList as T[]).push(this.items[id] as T);
  };
  private readonly relayRay = (id: number, t: number): number | boolean | void =>
    (this.rayVisit as Stored<[T, number], number | boolean | void>)(this.items[id] as T, t);
  private readonly relaySweep = (id: number, t: number, nx: number, ny: number): void | boolean =>
    (this.sweepVisit as Stored<[T, number, number, number], void | boolean>)(this.items[id] as T, t, nx, ny);
  private readonly relayNear = (id: number, d2: number): void | boolean =>
    (this.nearVisit as Stored<[T, number], void | boolean>)(this.items[id] as T, d2);

  /**
   * Creates an empty tree over `bounds`.
   * @param bounds The area the tree subdivides. Pick the world (or screen) size; items outside it
   * still work, they just do not benefit from subdivision.
   * @param options Split tuning: `maxObjects` (default 10), `maxLevels` (default 12, at most 16),
   * `minNodeSize` (default 0).
   */
  constructor(bounds: Rect, options?: QuadtreeOptions) {
    // biome-ignore lint/complexity/noArguments: a quadtree-js style third argument gets a helpful error
    readSettings('Quadtree', bounds, options, arguments[2]);
    this.index = new QuadIndex(bounds, options);
    this.bounds = this.index.bounds;
    this.maxObjects = this.index.maxObjects;
    this.maxDepth = this.index.maxDepth;
  }

  /** Number of items in the tree. */
  get size(): number {
    return this.index.size;
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
    if (Array.isArray(item)) {
      // Each element and each of its fields is read exactly once, before anything changes.
      const list = item as readonly T[];
      const count = list.length;
      const staged = this.index._staging(count);
      const items = this.stagedItems;
      try {
        for (let i = 0; i < count; i++) {
          const it = list[i];
          items[i] = it;
          readBox(it, i, staged, i << 2);
        }
        this.assertMutable('insert');
        this.index.reserve(count);
        for (let i = 0; i < count; i++) this.commitInsert(items[i] as T, staged, i << 2);
      } finally {
        items.fill(undefined, 0, count); // (keeps the array's storage for the next call)
      }
    } else {
      const staged = this.one;
      readBox(item as T, 'item', staged, 0);
      this.assertMutable('insert');
      this.commitInsert(item as T, staged, 0);
    }
  }

  /** Removes an item. Returns `false` when it was not in the tree. */
  remove(item: T): boolean {
    const id = this.liveId(item);
    if (id < 0) return false;
    this.assertMutable('remove');
    this.index.remove(id);
    this.ids.delete(item);
    this.items[id] = undefined;
    if (this.index.size === 0) {
      // Back to the footprint of a new tree (the index releases its storage too).
      this.items = [];
      this.ids = new Map();
    }
    return true;
  }

  /**
   * Re-reads an item's box after you changed its `x`, `y`, `width` or `height`. O(1) when the
   * item stays in the same node, which is the common case for small moves.
   * @throws Error when the item is not in the tree; TypeError / RangeError for a bad box, in which
   * case the item stays where it was.
   */
  update(item: T): void {
    const id = this.liveId(item);
    if (id < 0) throw new Error('Quadtree.update(): the item is not in this tree; insert() it first');
    const staged = this.one;
    readBox(item, 'item', staged, 0);
    this.assertMutable('update');
    this.index._moveFrom(id, staged, 0);
  }

  /**
   * Re-reads every item's box: the once-a-frame call when most items moved. Only items that left
   * their node are re-filed. All boxes are read and checked first: if any is bad, the error names
   * it and no item moves. Returns how many items changed node.
   */
  refresh(): number {
    const items = this.items;
    const end = items.length;
    const staged = this.index._staging(end);
    this.readAll(items, end, staged);
    this.assertMutable('refresh');
    return this.index.moveAll(staged);
  }

  /** True when the item is in the tree. */
  has(item: T): boolean {
    return this.liveId(item) >= 0;
  }

  /**
   * Removes every item. Built for the classic "clear and re-insert every frame" loop: storage is
   * kept, and inserting the same items again reuses their ids and allocates nothing. (So the
   * tree holds references to cleared items until the next clear(), or until it is emptied with
   * remove().)
   */
  clear(): void {
    this.assertMutable('clear');
    // Forget the items cleared last time and not inserted since.
    const items = this.items;
    const index = this.index;
    for (let id = 0; id < items.length; id++) {
      const it = items[id];
      if (it === undefined || index.has(id)) continue;
      this.ids.delete(it);
      items[id] = undefined;
    }
    index.clear();
    this.nextGuess = 0;
  }

  // ---------------------------------------------------------------------------------------------
  // Queries

  /**
   * Candidate items for `area`: every item in a node the area reaches. A superset of the items
   * that overlap `area`, without duplicates; cheaper than {@link query} when you run your own
   * exact test. Appends to `out` and returns it.
   */
  retrieve(area: Rect, out: T[] = []): T[] {
    const saved = this.outList;
    this.outList = out;
    try {
      this.searchArea(area, this.relayPush, true);
      this.checks = 0;
    } finally {
      this.outList = saved;
    }
    return out;
  }

  /** Exactly the items whose box overlaps `area` (strictly: touching does not count). Appends to `out`. */
  query(area: Rect, out: T[] = []): T[] {
    const saved = this.outList;
    this.outList = out;
    try {
      this.checks = this.searchArea(area, this.relayPush, false);
    } finally {
      this.outList = saved;
    }
    return out;
  }

  /** Items whose box contains the point in its interior (points on an edge do not count). Appends to `out`. */
  queryPoint(x: number, y: number, out: T[] = []): T[] {
    const saved = this.outList;
    this.outList = out;
    try {
      this.checks = this.index.forEachAtPoint(x, y, this.relayPush);
    } finally {
      this.outList = saved;
    }
    return out;
  }

  /**
   * Items whose box meets the open disc: the closest point of the box is nearer than `radius` to
   * the centre (a box at exactly `radius` does not count). Appends to `out`.
   */
  queryCircle(x: number, y: number, radius: number, out: T[] = []): T[] {
    const saved = this.outList;
    this.outList = out;
    try {
      this.checks = this.index.forEachInCircle(x, y, radius, this.relayPush);
    } finally {
      this.outList = saved;
    }
    return out;
  }

  /** Calls `visit` for each candidate of {@link retrieve}; allocates nothing. Return `false` from `visit` to stop. */
  forEachCandidate(area: Rect, visit: ItemVisitor<T>): void {
    requireFunction(visit, 'visit');
    const saved = this.itemVisit;
    this.itemVisit = visit;
    try {
      this.searchArea(area, this.relayItem, true);
      this.checks = 0;
    } finally {
      this.itemVisit = saved;
    }
  }

  /** Calls `visit` for each item {@link query} would return; allocates nothing. Return `false` to stop. */
  forEachInRect(area: Rect, visit: ItemVisitor<T>): void {
    requireFunction(visit, 'visit');
    const saved = this.itemVisit;
    this.itemVisit = visit;
    try {
      this.checks = this.searchArea(area, this.relayItem, false);
    } finally {
      this.itemVisit = saved;
    }
  }

  /** Calls `visit` for each item {@link queryPoint} would return; allocates nothing. Return `false` to stop. */
  forEachAtPoint(x: number, y: number, visit: ItemVisitor<T>): void {
    requireFunction(visit, 'visit');
    const saved = this.itemVisit;
    this.itemVisit = visit;
    try {
      this.checks = this.index.forEachAtPoint(x, y, this.relayItem);
    } finally {
      this.itemVisit = saved;
    }
  }

  /** Calls `visit` for each item {@link queryCircle} would return; allocates nothing. Return `false` to stop. */
  forEachInCircle(x: number, y: number, radius: number, visit: ItemVisitor<T>): void {
    requireFunction(visit, 'visit');
    const saved = this.itemVisit;
    this.itemVisit = visit;
    try {
      this.checks = this.index.forEachInCircle(x, y, radius, this.relayItem);
    } finally {
      this.itemVisit = saved;
    }
  }

  /**
   * Calls `visit(a, b)` once for every pair of items whose boxes overlap (strictly), in a
   * deterministic order. Return `false` to stop. Allocates nothing. See {@link QuadIndex.forEachPair}
   * for how pairs are found.
   */
  forEachPair(visit: PairVisitor<T>): void {
    requireFunction(visit, 'visit');
    const saved = this.pairVisit;
    this.pairVisit = visit;
    try {
      this.checks = this.index.forEachPair(this.relayPair);
    } finally {
      this.pairVisit = saved;
    }
  }

  /** Every colliding pair, as an array of `[a, b]` (see {@link forEachPair}). Appends to `out`. */
  pairs(out: Array<[T, T]> = []): Array<[T, T]> {
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
   * hit, keep the smallest t you found; the walk guarantees no closer item is skipped.
   */
  raycast(
    x: number,
    y: number,
    dirX: number,
    dirY: number,
    maxT: number,
    visit: (item: T, tEnter: number) => number | boolean | void,
  ): void {
    requireFunction(visit, 'visit');
    const saved = this.rayVisit;
    this.rayVisit = visit;
    try {
      this.index.raycast(x, y, dirX, dirY, maxT, this.relayRay);
    } finally {
      this.rayVisit = saved;
    }
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
    visit: (hit: T, t: number, normalX: number, normalY: number) => void | boolean,
  ): void {
    requireFunction(visit, 'visit');
    readBox(item, 'item', areaScratch, 0);
    const skip = this.liveId(item as T);
    const saved = this.sweepVisit;
    this.sweepVisit = visit;
    try {
      this.index.forEachSweepHit(
        areaScratch[0],
        areaScratch[1],
        areaScratch[2],
        areaScratch[3],
        dx,
        dy,
        this.relaySweep,
        skip,
      );
    } finally {
      this.sweepVisit = saved;
    }
  }

  /**
   * Visits items in order of increasing distance from (x, y) to their box (0 for boxes containing
   * the point), up to `maxDistance`. Return `false` to stop. The squared distance is passed along;
   * it is a lower bound of the distance to any shape inside the box. Allocates nothing once warm.
   */
  forEachNearest(
    x: number,
    y: number,
    visit: (item: T, distanceSquared: number) => void | boolean,
    maxDistance = Number.POSITIVE_INFINITY,
  ): void {
    requireFunction(visit, 'visit');
    const saved = this.nearVisit;
    this.nearVisit = visit;
    try {
      this.index.forEachNearest(x, y, this.relayNear, maxDistance);
    } finally {
      this.nearVisit = saved;
    }
  }

  /** The `k` items whose boxes are nearest to (x, y), nearest first, within `maxDistance`. */
  nearest(x: number, y: number, k: number, maxDistance = Number.POSITIVE_INFINITY): T[] {
    requireInteger(k, 'k', 0, 0x7fffffff);
    const out: T[] = [];
    if (k === 0) return out;
    this.forEachNearest(
      x,
      y,
      (item) => {
        out.push(item);
        return out.length < k;
      },
      maxDistance,
    );
    return out;
  }

  /** Every item, in a deterministic order (by id). Appends to `out`. */
  all(out: T[] = []): T[] {
    const items = this.items;
    for (let id = 0; id < items.length; id++) {
      if (items[id] !== undefined && this.index.has(id)) out.push(items[id] as T);
    }
    return out;
  }

  // ---------------------------------------------------------------------------------------------
  // Introspection

  /**
   * Visits every node depth-first (parents before children), e.g. to draw the tree. The
   * {@link NodeInfo} object is reused between calls. Return `false` to stop.
   */
  forEachNode(visit: (node: NodeInfo) => void | boolean): void {
    this.index.forEachNode(visit);
  }

  /** Counts of items and nodes, tree depth, memory and the last pass's box tests. O(nodes). */
  stats(): QuadtreeStats {
    const stats = this.index.stats();
    return { ...stats, checks: this.checks };
  }

  /**
   * Checks every internal invariant and throws an Error describing the first one broken. Meant for
   * tests and for debugging; O(items + nodes). It also reports the first item whose `x`/`y`/
   * `width`/`height` changed without a call to {@link update} (the classic quadtree mistake), with
   * its stored and current box.
   */
  validate(): void {
    const fail = (message: string): never => {
      throw new Error(`Quadtree.validate(): ${message}`);
    };
    this.index.validate();
    const items = this.items;
    const box = new Float64Array(4);
    let live = 0;
    for (let id = 0; id < items.length; id++) {
      if (!this.index.has(id)) continue;
      live++;
      const item = items[id];
      if (item === undefined) fail(`id ${id} is live but has no item`);
      const it = item as T;
      if (this.ids.get(it) !== id) fail(`the item of id ${id} is not mapped to it`);
      this.index.getBox(id, box);
      if (box[0] !== it.x || box[1] !== it.y || box[2] !== it.x + it.width || box[3] !== it.y + it.height) {
        fail(
          `an item moved or resized without update(): stored ${JSON.stringify(toRect(box))}, ` +
            `now ${JSON.stringify({ x: it.x, y: it.y, width: it.width, height: it.height })}`,
        );
      }
    }
    if (live !== this.index.size) fail(`${live} live ids have items but size is ${this.index.size}`);
    for (const [item, id] of this.ids) {
      if (items[id] !== item) fail(`the map sends an item to id ${id}, which holds another`);
    }
    const held = items.reduce((n, item) => (item === undefined ? n : n + 1), 0);
    if (held !== this.ids.size) fail(`${held} ids hold items but the map has ${this.ids.size}`);
  }

  // ---------------------------------------------------------------------------------------------
  // Internals

  /**
   * Reads `area` once and searches the index with it (every overlapping item, or the candidates),
   * reporting ids to `relay`; returns the box tests made. The box goes to the index in a typed
   * array, so no double is boxed on the heap.
   */
  private searchArea(area: Rect, relay: (id: number) => void | boolean, candidatesOnly: boolean): number {
    readBox(area, 'area', areaScratch, 0);
    return this.index._forEachInBoxFrom(areaScratch, 0, relay, candidatesOnly);
  }

  /** The live id of `item`, or −1. */
  private liveId(item: T): number {
    const guess = this.nextGuess;
    const id = this.items[guess] === item ? guess : this.ids.get(item);
    return id !== undefined && this.index.has(id) ? id : -1;
  }

  /** Adds or moves `item` with the box staged at staged[o … o + 3]; cannot throw. */
  private commitInsert(item: T, staged: Float64Array, o: number): void {
    const guess = this.nextGuess;
    let id = this.items[guess] === item ? guess : this.ids.get(item);
    if (id !== undefined && this.index.has(id)) {
      // Already in the tree: insert() means "here it is now".
      this.index._moveFrom(id, staged, o);
      this.nextGuess = id + 1;
      return;
    }
    const cleared = id;
    id = this.index._addFrom(staged, o);
    const previous = this.items[id];
    if (previous !== item) {
      // The new id held a cleared item that was not inserted again: forget it. The item's own
      // cleared id, if it had one, no longer names it.
      if (previous !== undefined) this.ids.delete(previous);
      if (cleared !== undefined) this.items[cleared] = undefined;
      this.items[id] = item;
      this.ids.set(item, id);
    }
    this.nextGuess = id + 1;
  }

  /** Reads the boxes of every live item into `staged`; throws naming the first bad one, before any change. */
  private readAll(items: readonly (T | undefined)[], end: number, staged: Float64Array): void {
    const index = this.index;
    for (let id = 0; id < end; id++) {
      const it = items[id];
      if (it === undefined || !index.has(id)) continue;
      const o = id << 2;
      const x = it.x;
      const y = it.y;
      const maxX = x + it.width;
      const maxY = y + it.height;
      // Sizes ≥ 0 and finite sums: the same conditions as readBox, without its second read.
      if (!(maxX - x >= 0 && maxY - y >= 0 && maxX - maxX === 0 && maxY - maxY === 0)) {
        readBox(it, 'item', staged, o);
      }
      staged[o] = x;
      staged[o + 1] = y;
      staged[o + 2] = maxX;
      staged[o + 3] = maxY;
    }
  }

  private assertMutable(method: string): void {
    if (this.index.busy) {
      throw new Error(
        `Quadtree.${method}() was called from inside a query, raycast or forEachPair callback; ` +
          'collect the changes and apply them after the traversal returns',
      );
    }
  }
}

/**
 * A visitor kept in a field between calls. Method syntax makes its parameters bivariant, so that a
 * `Quadtree<Sprite>` stays assignable to a `Quadtree<Rect>` as it was before it stored visitors.
 */
type Stored<A extends unknown[], R> = { visit(...args: A): R }['visit'];

/** Query areas are read here (minX, minY, maxX, maxY) before the search starts. */
const areaScratch = new Float64Array(4);

/**
 * Reads each of `item`'s x, y, width and height exactly once into out[o … o + 3] as minX, minY,
 * maxX, maxY, and throws naming the field when one is bad or the box overflows.
 */
function readBox(item: Rect, name: string | number, out: Float64Array, o: number): void {
  if (item === null || typeof item !== 'object') requireRect(item, fieldName(name));
  const x = item.x;
  const y = item.y;
  const width = item.width;
  const height = item.height;
  if (!isValidBox(x, y, width, height))
    requireRect({ ...shapeOf(item), x, y, width, height }, fieldName(name));
  const maxX = x + width;
  const maxY = y + height;
  if (maxX - maxX !== 0 || maxY - maxY !== 0) {
    const n = fieldName(name);
    const axis = maxX - maxX !== 0 ? ['x', 'width', maxX] : ['y', 'height', maxY];
    throw new RangeError(
      `${n}.${axis[0]} + ${n}.${axis[1]} overflows to ${axis[2]}; scale your coordinates down`,
    );
  }
  out[o] = x;
  out[o + 1] = y;
  out[o + 2] = maxX;
  out[o + 3] = maxY;
}

/**
 * The name of the argument for an error message: a string as given, or a number as an index into
 * the items array (built only when an error is thrown, so that an array insert makes no string per
 * item).
 */
function fieldName(name: string | number): string {
  return typeof name === 'number' ? `items[${name}]` : name;
}

/** The object's own keys (not values: reading a value could run a getter again), for error hints. */
function shapeOf(item: object): Record<string, true> {
  const keys: Record<string, true> = {};
  for (const key of Object.keys(item)) keys[key] = true;
  return keys;
}

function toRect(box: Float64Array): Rect {
  return { x: box[0], y: box[1], width: box[2] - box[0], height: box[3] - box[1] };
}
