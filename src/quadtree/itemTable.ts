/**
 * The Quadtree's item table: your objects by id and ids by object, and the relays that turn the
 * index's id callbacks into calls of your item visitors.
 * @module
 */
import * as internal from '../core/internal.js';
import { NEAR_DISTANCE } from '../core/nearest.js';
import type { QuadIndex } from '../core/QuadIndex.js';
import { RAY_ENTER } from '../core/ray.js';
import { HIT_NX, HIT_NY, HIT_T } from '../core/sweep.js';
import type { Rect } from '../core/types.js';
import { readBox } from './readBox.js';
import type { ItemVisitor } from './types.js';

/** What {@link ItemTable.search} looks for. */
export enum ItemSearch {
  /** Every item in a node the area reaches. */
  Candidates,
  /** The items whose box overlaps the area. */
  Area,
  /** The items whose box contains the point. */
  Point,
  /** The items whose box meets the disc. */
  Circle,
}

/**
 * Maps the {@link Quadtree}'s objects to the {@link QuadIndex}'s integer ids and back. Item → id
 * serves the changes (an item inserted again is moved, not added twice); id → item serves the
 * traversals. The changes reach it with their input read and checked, and change the index only
 * in ways that cannot throw; the traversals read their area or box here, before the walk starts.
 */
export class ItemTable<T extends Rect> {
  /**
   * The object of each id. For a live id it is that id's item; a cleared item stays here until
   * its id is handed out again or the next clear(), so that re-inserting it (the clear-and-insert
   * loop) finds its id without a Map lookup and without a Map write.
   */
  items: (T | undefined)[] = [];
  /**
   * Id of each item (live, or cleared and not yet forgotten): ids.get(o) === id ⇔ items[id] === o.
   * Built by the first lookup of an item by object that {@link nextGuess} misses, then kept: a tree
   * filled while empty (an array insert, or one item at a time, which the Quadtree keeps back and
   * files as an array), refreshed, and cleared and filled again in the same order never looks an
   * item up, and never pays the map's 30-40 bytes per item. While there is none, no object is in
   * {@link items} twice (what the map would hold is then well defined).
   */
  private ids: Map<T, number> | null = null;
  /** The id most likely to hold the next inserted item: the clear-and-insert loop repeats an order. */
  private nextGuess = 0;

  // The user's visitor of the traversal under way; the relays below turn ids into items for it.
  // (Fields, saved and restored around each traversal so that nested ones work, because a
  // closure per call would allocate on every frame.)
  private pairVisit: Stored<[T, T], unknown> | null = null;
  private itemVisit: Stored<[T], unknown> | null = null;
  private outList: T[] | null = null;
  private rayVisit: Stored<[T, number], number | boolean | void> | null = null;
  private nearVisit: Stored<[T, number], unknown> | null = null;
  private sweepVisit: Stored<[T, number, number, number], unknown> | null = null;
  private readonly relayPair = (a: number, b: number): unknown =>
    (this.pairVisit as Stored<[T, T], unknown>)(this.items[a] as T, this.items[b] as T);
  private readonly relayItem = (id: number): unknown =>
    (this.itemVisit as Stored<[T], unknown>)(this.items[id] as T);
  private readonly relayPush = (id: number): void => {
    (this.outList as T[]).push(this.items[id] as T);
  };
  // (The walks' numbers are read from the walk: see RayWalkVisitor.)
  private readonly relayRay = (id: number, walk: Float64Array): number | boolean | void =>
    (this.rayVisit as Stored<[T, number], number | boolean | void>)(this.items[id] as T, walk[RAY_ENTER]);
  private readonly relaySweep = (id: number, walk: Float64Array): unknown =>
    (this.sweepVisit as Stored<[T, number, number, number], unknown>)(
      this.items[id] as T,
      walk[HIT_T],
      walk[HIT_NX],
      walk[HIT_NY],
    );
  private readonly relayNear = (id: number, walk: Float64Array): unknown =>
    (this.nearVisit as Stored<[T, number], unknown>)(this.items[id] as T, walk[NEAR_DISTANCE]);

  constructor(private readonly index: QuadIndex) {}

  // ---------------------------------------------------------------------------------------------
  // Item → id, for the changes

  /** The live id of `item`, or −1. */
  liveId(item: T): number {
    const id = this.idOf(item);
    return id !== undefined && this.index.has(id) ? id : -1;
  }

  /** The id `item` has in {@link items} (live or cleared), if any. */
  private idOf(item: T): number | undefined {
    const guess = this.nextGuess;
    if (this.items[guess] === item) return guess;
    if (this.items.length === 0) return undefined; // (no map for an empty table)
    return (this.ids ?? this.mapIds()).get(item);
  }

  /** Builds {@link ids} from {@link items}: O(items), once per tree (or after it was emptied). */
  private mapIds(): Map<T, number> {
    this.ids = mapOf(this.items);
    return this.ids;
  }

  /** {@link commitInsert} of items[0 … count − 1], item i with the box at staged[4i …]. */
  commitInserts(items: readonly (T | undefined)[], staged: Float64Array, count: number): void {
    if (this.ids === null && this.items.length === 0 && this.index.size === 0 && noneTwice(items, count)) {
      // The first fill of a tree (or one emptied by remove): nothing to look up, so no map yet.
      const table = this.items;
      for (let i = 0; i < count; i++) table[internal.addFrom(this.index, staged, i << 2)] = items[i];
      this.nextGuess = count;
      return;
    }
    for (let i = 0; i < count; i++) this.commitInsert(items[i] as T, staged, i << 2);
  }

  /** Adds `item`, or moves it when it is in the tree, with the box staged at staged[o … o + 3]; cannot throw. */
  commitInsert(item: T, staged: Float64Array, o: number): void {
    let id = this.idOf(item);
    if (id !== undefined && this.index.has(id)) {
      // Already in the tree: insert() means "here it is now".
      internal.moveFrom(this.index, id, staged, o);
      this.nextGuess = id + 1;
      return;
    }
    const cleared = id;
    id = internal.addFrom(this.index, staged, o);
    const previous = this.items[id];
    if (previous !== item) {
      // The new id held a cleared item that was not inserted again: forget it. The item's own
      // cleared id, if it had one, no longer names it.
      if (previous !== undefined) this.ids?.delete(previous);
      if (cleared !== undefined) this.items[cleared] = undefined;
      this.items[id] = item;
      this.ids?.set(item, id);
    }
    this.nextGuess = id + 1;
  }

  /**
   * Adds the first `count` items the last clear() removed, in their order (item i had id i), with
   * the boxes staged by position, if nothing was added since: the index brings its cleared tree
   * back and moves every box (see readdCleared in core/internal.ts). Returns false, changing
   * nothing, otherwise.
   */
  restoreCleared(staged: Float64Array, count: number): boolean {
    if (!internal.readdCleared(this.index, staged, count)) return false;
    this.nextGuess = count;
    return true;
  }

  /** Removes `item`, whose live id is `id`. */
  remove(item: T, id: number): void {
    this.index.remove(id);
    this.ids?.delete(item);
    this.items[id] = undefined;
    if (this.index.size === 0) {
      // Back to the footprint of a new tree (the index releases its storage too).
      this.items = [];
      this.ids = null;
    }
  }

  /** Empties the index, keeping the cleared items' ids for their re-insertion (see {@link items}). */
  clear(): void {
    this.forgetCleared();
    // Past the ids handed out since the last clear all is forgotten now: the table shrinks back
    // to them, so that after a peak (a level of a million items, then a hundred) the next clears,
    // refreshes and all() cost what the hundred items do, not what the peak did.
    const items = this.items;
    const span = internal.idSpan(this.index);
    if (items.length > span) items.length = span;
    this.index.clear();
    this.nextGuess = 0;
  }

  /**
   * Forgets the items cleared last time and not inserted since. (A pass over every id is the last
   * thing its function does: see core/layout.ts.)
   */
  private forgetCleared(): void {
    const items = this.items;
    const index = this.index;
    for (let id = 0; id < items.length; id++) {
      const it = items[id];
      if (it === undefined || index.has(id)) continue;
      this.ids?.delete(it);
      items[id] = undefined;
    }
  }

  /** One past the highest id that can be live: what a pass over every live item reads up to. */
  liveEnd(): number {
    return Math.min(this.items.length, internal.idSpan(this.index));
  }

  // ---------------------------------------------------------------------------------------------
  // Id → item, for the traversals

  /** Every live item, by id. Appends to `out`. */
  all(out: T[]): T[] {
    const items = this.items;
    const index = this.index;
    if (internal.isSparseIndex(index)) {
      // Few live ids among many handed out (most items removed): read them from the index's nodes.
      const live = internal.liveIds(index);
      for (let k = 0, count = index.size; k < count; k++) out.push(items[live[k]] as T);
      return out;
    }
    for (let id = 0, end = this.liveEnd(); id < end; id++) {
      if (items[id] !== undefined && index.has(id)) out.push(items[id] as T);
    }
    return out;
  }

  /**
   * Runs a search of the index (for the area kinds, the area {@link readBoxArg} read last; x, y and
   * radius for the others), reporting each item to `visit`, or appending it to `out` when `visit`
   * is null. Returns the box tests made.
   */
  search(
    kind: ItemSearch,
    x: number,
    y: number,
    radius: number,
    visit: ItemVisitor<T> | null,
    out: T[] | null,
  ): number {
    const savedVisit = this.itemVisit;
    const savedOut = this.outList;
    this.itemVisit = visit;
    this.outList = out;
    const relay = visit === null ? this.relayPush : this.relayItem;
    try {
      if (kind === ItemSearch.Point) return this.index.forEachAtPoint(x, y, relay);
      if (kind === ItemSearch.Circle) return this.index.forEachInCircle(x, y, radius, relay);
      return internal.forEachInBoxFrom(this.index, areaScratch, 0, relay, kind === ItemSearch.Candidates);
    } finally {
      this.itemVisit = savedVisit;
      this.outList = savedOut;
    }
  }

  /**
   * Reads the box argument of the next area {@link search} or {@link forEachSweepHit} (a query's
   * area, a swept item): each field once, into a typed array the index reads (no boxed doubles per
   * query). The Quadtree reads it before it files kept-back items, so that an item a getter of the
   * box inserts is filed, and found, by the same call.
   */
  readBoxArg(box: Rect, name = 'area'): void {
    readBox(box, name, areaScratch, 0);
  }

  /** The index's pair pass, relayed to `visit` as items; returns the box tests made. */
  forEachPair(visit: Stored<[T, T], unknown>): number {
    const saved = this.pairVisit;
    this.pairVisit = visit;
    try {
      return this.index.forEachPair(this.relayPair);
    } finally {
      this.pairVisit = saved;
    }
  }

  /** The index's raycast, relayed to `visit` as items. */
  raycast(
    x: number,
    y: number,
    dirX: number,
    dirY: number,
    maxT: number,
    visit: Stored<[T, number], number | boolean | void>,
  ): void {
    const saved = this.rayVisit;
    this.rayVisit = visit;
    try {
      internal.raycastWalk(this.index, x, y, dirX, dirY, maxT, this.relayRay);
    } finally {
      this.rayVisit = saved;
    }
  }

  /**
   * The index's box sweep by (dx, dy) of `item`, whose box {@link readBoxArg} read last, relayed to
   * `visit` as items; `item` itself is left out when it is in the tree.
   */
  forEachSweepHit(
    item: Rect,
    dx: number,
    dy: number,
    visit: Stored<[T, number, number, number], unknown>,
  ): void {
    const skip = this.liveId(item as T);
    const saved = this.sweepVisit;
    this.sweepVisit = visit;
    try {
      internal.forEachSweepHitWalk(
        this.index,
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

  /** The index's nearest-first walk, relayed to `visit` as items. */
  forEachNearest(x: number, y: number, visit: Stored<[T, number], unknown>, maxDistance: number): void {
    const saved = this.nearVisit;
    this.nearVisit = visit;
    try {
      internal.forEachNearestWalk(this.index, x, y, maxDistance, this.relayNear);
    } finally {
      this.nearVisit = saved;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Checks

  /**
   * Checks the mapping against the index, calling `fail` with the first broken invariant; also
   * reports the first item whose `x`/`y`/`width`/`height` changed without an update.
   */
  validate(fail: (message: string) => never): void {
    const items = this.items;
    const index = this.index;
    // (Without a map, one built here must agree too: it does unless an item has two ids.)
    const ids = this.ids ?? mapOf(items);
    const box = new Float64Array(4);
    let live = 0;
    for (let id = 0; id < items.length; id++) {
      if (!index.has(id)) continue;
      live++;
      const item = items[id];
      if (item === undefined) fail(`id ${id} is live but has no item`);
      const it = item as T;
      if (ids.get(it) !== id) fail(`the item of id ${id} is not mapped to it`);
      index.getBox(id, box);
      if (box[0] !== it.x || box[1] !== it.y || box[2] !== it.x + it.width || box[3] !== it.y + it.height) {
        fail(
          `an item moved or resized without update(): stored ${JSON.stringify(toRect(box))}, ` +
            `now ${JSON.stringify({ x: it.x, y: it.y, width: it.width, height: it.height })}`,
        );
      }
    }
    if (live !== index.size) fail(`${live} live ids have items but size is ${index.size}`);
    for (const [item, id] of ids) {
      if (items[id] !== item) fail(`the map sends an item to id ${id}, which holds another`);
    }
    const held = items.reduce((n, item) => (item === undefined ? n : n + 1), 0);
    if (held !== ids.size) fail(`${held} ids hold items but the map has ${ids.size}`);
  }
}

/**
 * A visitor kept in a field between calls. Method syntax makes its parameters bivariant: a field
 * typed with a plain function type would make T invariant, and a `Quadtree<Sprite>` would no
 * longer be assignable to a `Quadtree<Rect>` (as a tree that only took visitors as arguments is).
 */
export type Stored<A extends unknown[], R> = { visit(...args: A): R }['visit'];

/** Query areas and swept boxes are read here (minX, minY, maxX, maxY) before the search starts. */
const areaScratch = new Float64Array(4);

function toRect(box: Float64Array): Rect {
  return { x: box[0], y: box[1], width: box[2] - box[0], height: box[3] - box[1] };
}

/** The map from each item held in `items` to its position. */
function mapOf<T>(items: readonly (T | undefined)[]): Map<T, number> {
  const ids = new Map<T, number>();
  for (let id = 0; id < items.length; id++) {
    const it = items[id];
    if (it !== undefined) ids.set(it, id);
  }
  return ids;
}

/** Whether items[0 … count − 1] are all different objects (a set of them, dropped after). */
function noneTwice<T>(items: readonly T[], count: number): boolean {
  const seen = new Set<T>();
  for (let i = 0; i < count; i++) seen.add(items[i]);
  return seen.size === count;
}
