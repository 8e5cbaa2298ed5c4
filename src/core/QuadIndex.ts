import {
  isValidMinMax,
  requireArray,
  requireFinite,
  requireFunction,
  requireInteger,
  requireMinMax,
  requireNonNegativeOrInfinity,
  requireObject,
} from '../shared/validate.js';
import { moveAllChecked, readBoxArray } from './batch.js';
import * as debug from './debug.js';
import { assertMutable } from './internal.js';
import { layOutForSearches } from './layout.js';
import { checkNearest, NEAR_DISTANCE, type NearestVisitor, nearestK, runNearest } from './nearest.js';
import { readSettings } from './options.js';
import { forEachPair } from './pairs.js';
import { checkRay, FIRST_ID, FIRST_T, RAY_ENTER, type RayVisitor, runRay } from './ray.js';
import { runSearch, Search, setBoxSearch, setCircleSearch, setPointSearch } from './search.js';
import { TreeStore } from './store.js';
import { checkSweep, HIT_ID, HIT_NX, HIT_NY, HIT_T, runSweep, type SweepVisitor } from './sweep.js';
import type {
  IdPairVisitor,
  IdRayHit,
  IdSweepHit,
  IdVisitor,
  IndexStats,
  NodeInfo,
  QuadtreeOptions,
  Rect,
} from './types.js';

/**
 * A dynamic quadtree over axis-aligned boxes addressed by integer ids: the core every other part
 * of the library is built on, and the API to use when your data already lives in arrays (an ECS,
 * a particle system, many thousands of moving things). It never reads your objects; boxes go in
 * as numbers (`minX, minY, maxX, maxY`) and pairs and query results come out as ids.
 *
 * Overlap is strict (touching edges do not collide), boxes outside `bounds` are still indexed and
 * found, and every pair is reported exactly once. Mutations validate all their input before they
 * change anything: a throw leaves the index as it was.
 *
 * @example
 * ```ts
 * import { QuadIndex } from 'quadcollide';
 *
 * const index = new QuadIndex({ x: 0, y: 0, width: 800, height: 600 });
 * const a = index.add(10, 10, 30, 30); // returns an id: 0
 * const b = index.add(20, 20, 40, 40); // 1
 * index.forEachPair((p, q) => console.log('hit', p, q)); // hit 0 1
 * index.move(b, 100, 100, 120, 120);
 * console.log(index.query(0, 0, 50, 50)); // [ 0 ]
 * ```
 */
export class QuadIndex {
  /** The root area. Boxes outside it are still indexed (in the border cells) and always found. */
  readonly bounds: Readonly<Rect>;
  /** Split threshold (see {@link QuadtreeOptions.maxObjects}). */
  readonly maxObjects: number;
  /** Deepest level a node can reach, after `maxLevels` and `minNodeSize` are applied. */
  readonly maxDepth: number;

  private readonly tree: TreeStore;
  // The caller's visitor of the ray, sweep or nearest walk under way, and the relays the walk
  // calls instead (see RayWalkVisitor: the walks hand over their numbers in an array). Saved and
  // put back around each walk, so that a visitor may start another; made once, since a closure
  // made per call would allocate.
  private rayVisit: RayVisitor | null = null;
  private sweepVisit: SweepVisitor | null = null;
  private nearVisit: NearestVisitor | null = null;
  private readonly relayRay = (id: number, walk: Float64Array): number | boolean | void =>
    (this.rayVisit as RayVisitor)(id, walk[RAY_ENTER]);
  private readonly relaySweep = (id: number, walk: Float64Array): unknown =>
    (this.sweepVisit as SweepVisitor)(id, walk[HIT_T], walk[HIT_NX], walk[HIT_NY]);
  private readonly relayNear = (id: number, walk: Float64Array): unknown =>
    (this.nearVisit as NearestVisitor)(id, walk[NEAR_DISTANCE]);
  private readonly nodeInfo: NodeInfo = {
    x: 0,
    y: 0,
    width: 0,
    height: 0,
    depth: 0,
    items: 0,
    totalItems: 0,
    isLeaf: true,
  };

  /**
   * Creates an empty index over `bounds`.
   * @param bounds The area the tree subdivides: the world (or screen). Boxes outside it still work,
   * they just do not benefit from subdivision.
   * @param options `maxObjects` (default 24), `maxLevels` (default 12, at most 16), `minNodeSize` (default 0).
   */
  constructor(bounds: Rect, options?: QuadtreeOptions) {
    // biome-ignore lint/complexity/noArguments: a quadtree-js style third argument gets a helpful error
    const s = readSettings('QuadIndex', bounds, options, arguments[2]);
    this.bounds = Object.freeze({ x: s.x, y: s.y, width: s.width, height: s.height });
    this.maxObjects = s.maxObjects;
    this.maxDepth = s.depth;
    this.tree = new TreeStore(s.x, s.y, s.width, s.height, s.maxObjects, s.depth);
  }

  /** Number of boxes in the index. */
  get size(): number {
    return this.tree.count;
  }

  /** True while a query, raycast or pair pass is under way: changes are refused until it returns. */
  get busy(): boolean {
    return this.tree.busy > 0;
  }

  // ---------------------------------------------------------------------------------------------
  // Changing the index

  /**
   * Adds a box and returns its id: a small non-negative integer. Ids of removed boxes are reused;
   * after {@link clear} ids start from 0 again.
   * @throws TypeError / RangeError naming the bad argument (NaN, ±Infinity, min > max).
   */
  add(minX: number, minY: number, maxX: number, maxY: number): number {
    if (!isValidMinMax(minX, minY, maxX, maxY)) requireMinMax(minX, minY, maxX, maxY);
    this.assertMutable('add');
    return this.tree.add(minX, minY, maxX, maxY);
  }

  /**
   * Sets the box of `id`. O(1) when the box stays in its node, the common case for small moves.
   * @throws TypeError / RangeError for a bad id or box; the index is unchanged.
   */
  move(id: number, minX: number, minY: number, maxX: number, maxY: number): void {
    this.requireLive(id, 'id');
    if (!isValidMinMax(minX, minY, maxX, maxY)) requireMinMax(minX, minY, maxX, maxY);
    this.assertMutable('move');
    const tree = this.tree;
    const h4 = tree.slotOf[id] << 2;
    const boxes = tree.boxes;
    boxes[h4] = minX;
    boxes[h4 + 1] = minY;
    boxes[h4 + 2] = maxX;
    boxes[h4 + 3] = maxY;
    tree.reclassify(id);
  }

  /**
   * Sets the box of every live id at once from one array: id `i` reads `boxes[4i … 4i + 3]` as
   * minX, minY, maxX, maxY; entries of ids that are not live are ignored. The per-frame call for
   * data that lives in typed arrays. All boxes are checked before any moves, so a bad one throws
   * and nothing moves. Returns how many boxes changed node. A plain array, or a typed array over a
   * `SharedArrayBuffer` (a worker may write it meanwhile), is first copied, each entry read once,
   * into a buffer the index keeps for the next call.
   */
  moveAll(boxes: Float64Array | Float32Array | ArrayLike<number>): number {
    this.assertMutable('moveAll');
    let source: Float64Array | Float32Array;
    this.tree.readingInput++; // (an array's length and entries can be getters)
    try {
      source = readBoxArray(this.tree, boxes);
    } finally {
      this.tree.readingInput--;
    }
    return moveAllChecked(this.tree, source);
  }

  /** Removes a box. Returns `false` when `id` is not a live id (never added, or removed). */
  remove(id: number): boolean {
    if (!this.tree.isLive(id)) return false;
    this.assertMutable('remove');
    this.tree.remove(id);
    return true;
  }

  /** True when `id` is a live id. */
  has(id: number): boolean {
    return this.tree.isLive(id);
  }

  /**
   * Removes every box but keeps the storage, for the "clear and re-add every frame" loop: ids are
   * handed out from 0 again, in order, and nothing is allocated while the count stays the same.
   */
  clear(): void {
    this.assertMutable('clear');
    this.tree.clear();
  }

  /** Makes room for `count` more boxes at once, so that adding them does not grow the storage step by step. */
  reserve(count: number): void {
    requireInteger(count, 'count', 0, 0x3fffffff);
    this.assertMutable('reserve');
    this.tree.reserve(count);
  }

  /** The stored box of `id` as minX, minY, maxX, maxY, written into `out` (a new array when omitted). */
  getBox<A extends { [index: number]: number } = Float64Array>(id: number, out?: A): A {
    this.requireLive(id, 'id');
    if (out !== undefined) requireObject(out, 'out');
    const target = out ?? (new Float64Array(4) as unknown as A);
    const boxes = this.tree.boxes;
    const o = this.tree.slotOf[id] << 2;
    for (let k = 0; k < 4; k++) target[k] = boxes[o + k];
    return target;
  }

  // ---------------------------------------------------------------------------------------------
  // Pairs and queries

  /**
   * Calls `visit(a, b)` once for every pair of ids whose boxes overlap (strictly), in a
   * deterministic order. Return `false` to stop. Allocates nothing. Returns the number of box
   * tests made (compare with n·(n−1)/2 for a brute-force pass).
   */
  forEachPair(visit: IdPairVisitor): number {
    requireFunction(visit, 'visit');
    const tree = this.tree;
    const ctx = tree.enter();
    try {
      return forEachPair(tree, ctx, visit);
    } finally {
      tree.busy--;
    }
  }

  /** Every overlapping pair, appended to `out` as a flat list `a0, b0, a1, b1, …`. */
  pairs(out: number[] = []): number[] {
    requireArray(out, 'out');
    this.forEachPair((a, b) => {
      out.push(a, b);
    });
    return out;
  }

  /** Ids whose box overlaps the given box (strictly: touching does not count). Appends to `out`. */
  query(minX: number, minY: number, maxX: number, maxY: number, out: number[] = []): number[] {
    requireArray(out, 'out');
    setBoxSearch(minX, minY, maxX, maxY);
    runSearch(this.tree, Search.Box, out, null);
    return out;
  }

  /** Visitor form of {@link query}; returns the number of box tests. Return `false` from `visit` to stop. */
  forEachInBox(minX: number, minY: number, maxX: number, maxY: number, visit: IdVisitor): number {
    requireFunction(visit, 'visit');
    setBoxSearch(minX, minY, maxX, maxY);
    return runSearch(this.tree, Search.Box, null, visit);
  }

  /**
   * Candidate ids for a box: every id in a node the box reaches, with no box tests. A superset of
   * {@link query}, for callers with their own exact test. Appends to `out`.
   */
  candidates(minX: number, minY: number, maxX: number, maxY: number, out: number[] = []): number[] {
    requireArray(out, 'out');
    setBoxSearch(minX, minY, maxX, maxY);
    runSearch(this.tree, Search.Candidates, out, null);
    return out;
  }

  /** Visitor form of {@link candidates}. */
  forEachCandidate(minX: number, minY: number, maxX: number, maxY: number, visit: IdVisitor): void {
    requireFunction(visit, 'visit');
    setBoxSearch(minX, minY, maxX, maxY);
    runSearch(this.tree, Search.Candidates, null, visit);
  }

  /** Ids whose box contains the point in its interior (points on an edge do not count). Appends to `out`. */
  queryPoint(x: number, y: number, out: number[] = []): number[] {
    requireArray(out, 'out');
    setPointSearch(x, y);
    runSearch(this.tree, Search.Box, out, null);
    return out;
  }

  /** Visitor form of {@link queryPoint}; returns the number of box tests. */
  forEachAtPoint(x: number, y: number, visit: IdVisitor): number {
    requireFunction(visit, 'visit');
    setPointSearch(x, y);
    return runSearch(this.tree, Search.Box, null, visit);
  }

  /**
   * Ids whose box meets the open disc: the box's closest point is nearer than `radius` to the
   * centre (a box at exactly `radius` does not count). Appends to `out`.
   */
  queryCircle(x: number, y: number, radius: number, out: number[] = []): number[] {
    requireArray(out, 'out');
    setCircleSearch(x, y, radius);
    runSearch(this.tree, Search.Circle, out, null);
    return out;
  }

  /** Visitor form of {@link queryCircle}; returns the number of box tests. */
  forEachInCircle(x: number, y: number, radius: number, visit: IdVisitor): number {
    requireFunction(visit, 'visit');
    setCircleSearch(x, y, radius);
    return runSearch(this.tree, Search.Circle, null, visit);
  }

  /**
   * Visits the ids whose box the segment from (x, y) along (dirX, dirY) for t in [0, maxT]
   * touches, node by node from front to back; `tEnter` is where the segment enters the box (0 when
   * it starts inside). With a unit direction, t is a distance. Return a number from `visit` to
   * shorten the segment to that t (e.g. the exact hit of a shape inside the box: nodes and boxes
   * beyond it are then skipped), or `false` to stop. For the first hit keep the smallest t.
   */
  raycast(x: number, y: number, dirX: number, dirY: number, maxT: number, visit: RayVisitor): void {
    checkRay(x, y, dirX, dirY, maxT);
    requireFunction(visit, 'visit');
    const saved = this.rayVisit;
    this.rayVisit = visit;
    try {
      runRay(this.tree, x, y, dirX, dirY, maxT, this.relayRay);
    } finally {
      this.rayVisit = saved;
    }
  }

  /**
   * The first box the segment enters, and where (ties by lower id), or `null`. Pass `out` to reuse
   * one result object.
   */
  raycastFirst(
    x: number,
    y: number,
    dirX: number,
    dirY: number,
    maxT = Number.POSITIVE_INFINITY,
    out: IdRayHit = { id: -1, t: 0 },
  ): IdRayHit | null {
    requireObject(out, 'out');
    checkRay(x, y, dirX, dirY, maxT);
    const ray = runRay(this.tree, x, y, dirX, dirY, maxT, null);
    // Read before `out` is written: the walk's buffer is free again, and a setter on `out` that
    // runs another walk would fill it with that walk's answer.
    const id = ray[FIRST_ID];
    const t = ray[FIRST_T];
    if (id < 0) return null;
    out.id = id;
    out.t = t;
    return out;
  }

  /**
   * Moves the box minX … maxY by (dx, dy) and returns the first box it hits, or `null`: the hit's
   * id, the time of impact `t` in [0, 1) (the fraction of the motion after which the boxes touch;
   * 0 when they overlap at the start) and the normal of the face hit, pointing back at the mover.
   * Overlap is strict, as everywhere: sliding along an edge, brushing a corner or ending exactly in
   * contact is not a hit. Ties in t go to the lower id. `skipId` leaves one id out (the mover's own,
   * when it is in the index). Only the nodes along the swept path are opened. Pass `out` to reuse
   * one result object.
   * @example
   * // A 10-px bullet at (0, 0) moving 40 px right, against a wall at x = 30:
   * const wall = index.add(30, -100, 40, 100);
   * index.sweep(0, 0, 10, 10, 40, 0); // { id: wall, t: 0.5, normalX: -1, normalY: 0 }
   */
  sweep(
    minX: number,
    minY: number,
    maxX: number,
    maxY: number,
    dx: number,
    dy: number,
    out: IdSweepHit = { id: -1, t: 0, normalX: 0, normalY: 0 },
    skipId = -1,
  ): IdSweepHit | null {
    requireObject(out, 'out');
    checkSweep(minX, minY, maxX, maxY, dx, dy);
    requireInteger(skipId, 'skipId', -1, 0x7fffffff);
    const mover = runSweep(this.tree, minX, minY, maxX, maxY, dx, dy, null, skipId);
    const id = mover[HIT_ID];
    const t = mover[HIT_T];
    const normalX = mover[HIT_NX];
    const normalY = mover[HIT_NY];
    if (id < 0) return null;
    out.id = id; // (read first, as in raycastFirst)
    out.t = t;
    out.normalX = normalX;
    out.normalY = normalY;
    return out;
  }

  /**
   * Visits every box the moving box hits (see {@link sweep}) in increasing time of impact, ties by
   * id, with the time and the normal. Return `false` from `visit` to stop.
   */
  forEachSweepHit(
    minX: number,
    minY: number,
    maxX: number,
    maxY: number,
    dx: number,
    dy: number,
    visit: SweepVisitor,
    skipId = -1,
  ): void {
    checkSweep(minX, minY, maxX, maxY, dx, dy);
    requireFunction(visit, 'visit');
    requireInteger(skipId, 'skipId', -1, 0x7fffffff);
    const saved = this.sweepVisit;
    this.sweepVisit = visit;
    try {
      runSweep(this.tree, minX, minY, maxX, maxY, dx, dy, this.relaySweep, skipId);
    } finally {
      this.sweepVisit = saved;
    }
  }

  /**
   * Visits ids in order of increasing distance from (x, y) to their box (0 for boxes containing
   * the point), up to `maxDistance`, ties by id; the squared distance is passed along. Return
   * `false` to stop. (Distances are compared as squares: two below about 1e-154, or above 1e154,
   * can compare as equal and come by id. `maxDistance` holds at any size: where its square would
   * overflow or underflow, boxes are measured unsquared.) Creates no object once warm (V8 boxes the distance it passes when it does not
   * inline `visit`).
   */
  forEachNearest(x: number, y: number, visit: NearestVisitor, maxDistance = Number.POSITIVE_INFINITY): void {
    checkNearest(x, y, maxDistance);
    requireFunction(visit, 'visit');
    const saved = this.nearVisit;
    this.nearVisit = visit;
    try {
      runNearest(this.tree, x, y, maxDistance, this.relayNear);
    } finally {
      this.nearVisit = saved;
    }
  }

  /**
   * The `k` ids whose boxes are nearest to (x, y), nearest first, within `maxDistance`, ties by id
   * (compared as in {@link forEachNearest}).
   */
  nearest(
    x: number,
    y: number,
    k: number,
    maxDistance = Number.POSITIVE_INFINITY,
    out: number[] = [],
  ): number[] {
    requireArray(out, 'out');
    requireInteger(k, 'k', 0, 0x7fffffff);
    requireFinite(x, 'x');
    requireFinite(y, 'y');
    requireNonNegativeOrInfinity(maxDistance, 'maxDistance');
    if (k === 0) return out;
    const tree = this.tree;
    layOutForSearches(tree);
    const ctx = tree.enter();
    try {
      nearestK(tree, ctx, x, y, k, maxDistance, out);
    } finally {
      tree.busy--;
    }
    return out;
  }

  /** Every live id, ascending. Appends to `out`. */
  ids(out: number[] = []): number[] {
    requireArray(out, 'out');
    const tree = this.tree;
    // Held like a traversal: `out` may run code as it grows (a Proxy), and an add from there
    // would lengthen this very loop.
    tree.busy++;
    try {
      pushLiveIds(tree, out);
    } finally {
      tree.busy--;
    }
    return out;
  }

  // ---------------------------------------------------------------------------------------------
  // Introspection

  /**
   * Visits every node depth-first (parents before children), e.g. to draw the tree. The
   * {@link NodeInfo} object is reused between calls. Return `false` to stop.
   */
  forEachNode(visit: (node: NodeInfo) => unknown): void {
    requireFunction(visit, 'visit');
    const tree = this.tree;
    const ctx = tree.enter();
    try {
      debug.forEachNode(tree, ctx, this.nodeInfo, visit);
    } finally {
      tree.busy--;
    }
  }

  /** Counts of boxes and nodes, depth and memory. O(nodes). */
  stats(): IndexStats {
    return debug.stats(this.tree);
  }

  /** Checks every internal invariant and throws an Error describing the first one broken. O(boxes + nodes). */
  validate(): void {
    debug.validate(this.tree, (message) => {
      throw new Error(`QuadIndex.validate(): ${message}`);
    });
  }

  // ---------------------------------------------------------------------------------------------
  // Internals

  private requireLive(id: number, name: string): void {
    if (this.tree.isLive(id)) return;
    requireInteger(id, name, 0, 0x7fffffff);
    throw new RangeError(`${name} ${id} is not in this index (never added, or removed)`);
  }

  private assertMutable(method: string): void {
    assertMutable(this, 'QuadIndex', method);
  }
}

/**
 * Appends every live id to `out`, ascending. (A pass over every id is the last thing its function
 * does: see core/layout.ts.)
 */
function pushLiveIds(tree: TreeStore, out: number[]): void {
  for (let h = 0; h < tree.itemHighWater; h++) if (tree.itemNode[h] >= 0) out.push(h);
}
