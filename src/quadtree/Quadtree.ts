import { cellHi, cellLo, homeLevel } from './cells.js';
import { checkFinite, checkFunction, checkInteger, checkRect, checkSize, isValidBox } from './input.js';
import { Scratch } from './scratch.js';
import type { ItemVisitor, NodeInfo, PairVisitor, QuadtreeOptions, QuadtreeStats, Rect } from './types.js';

const NONE = -1;
/** nodeParent value of a node slot that sits in the free list. */
const FREE = -2;
/**
 * itemNode value of a handle whose item was removed by clear() but is kept mapped, so that
 * re-inserting the same object (the clear-and-reinsert-every-frame loop) reuses its handle without
 * touching the Map. Parked handles not revived by the next clear() are forgotten then.
 */
const PARKED = -3;
/**
 * A leaf sorts its handed-down entries into groups (see walkPairs) from this many on; below it,
 * sorting costs more than the skipped tests save. Measured: from 16 on the walk is as fast as
 * without sorting on the 10k uniform/clustered/mixed scenes (from 8 on it was 4% slower) and 25%
 * faster on seed 000.
 */
const GROUP_MIN = 16;
const MAX_LEVELS = 16; // cell coordinates are stored as Uint16
const INITIAL_ITEMS = 64;
const INITIAL_BLOCKS = 16;

enum Search {
  Candidates = 0,
  Rect = 1,
  Circle = 2,
}

/**
 * A dynamic quadtree over axis-aligned boxes that answers exact queries and finds every colliding
 * pair once.
 *
 * Items are your own objects with `x`, `y`, `width` and `height`; the tree keeps a copy of each
 * box, so after you move an item, call {@link update} (or {@link refresh} when most items moved).
 *
 * Layout. Each item is stored exactly once, in the deepest node whose cell fully contains its box
 * (an item straddling a split line stays in the parent: "MX-CIF" or parent storage). Nodes live in
 * typed arrays addressed by integer ids, children allocated four at a time in Z (Morton) order:
 * child 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right. An item's target node is computed
 * from its box in O(1) (see `cells.ts`), its path from the root is the Morton code of that cell,
 * and moving an item inside its cell costs O(1).
 *
 * @example
 * ```ts
 * const tree = new Quadtree<Sprite>({ x: 0, y: 0, width: 800, height: 600 });
 * tree.insert(sprites);
 * // every frame:
 * for (const s of sprites) { s.x += s.vx; s.y += s.vy; tree.update(s); }
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

  private readonly gridSize: number;
  private readonly originX: number;
  private readonly originY: number;
  /** Grid cells per world unit. */
  private readonly scaleX: number;
  private readonly scaleY: number;
  /** A node whose subtree holds this many items or fewer folds its children back into itself. */
  private readonly mergeThreshold: number;
  /** Slack added to float node bounds in ray and nearest searches (rounding of the cell mapping). */
  private readonly slackX: number;
  private readonly slackY: number;

  // Items: handle h owns boxes[4h..4h+3] = minX, minY, maxX, maxY and cells[4h..4h+3] =
  // lowX, lowY, highX, highY (deepest-grid cell range). Free handles are chained through itemNext.
  private itemCapacity = 0;
  private itemHighWater = 0;
  private freeItem = NONE;
  /** Handle most likely to hold the next inserted item (see insertOne). */
  private nextGuess = 0;
  /** Items of the array being inserted that are still to come (see acquireHandle). */
  private batchLeft = 0;
  private count = 0;
  private parked = 0;
  private boxes!: Float64Array;
  private cells!: Uint16Array;
  private itemNode!: Int32Array;
  private itemNext!: Int32Array;
  private itemPrev!: Int32Array;
  private itemRefs: (T | undefined)[] = [];
  private handles = new Map<T, number>();

  // Nodes: the root is node 0; children come in blocks of four consecutive ids. A freed block is
  // chained through nodeHead of its first node.
  private nodeCapacity = 0;
  private nodeHighWater = 0;
  private liveNodes = 0;
  private freeBlock = NONE;
  private nodeParent!: Int32Array;
  private nodeChild!: Int32Array;
  private nodeLevel!: Uint8Array;
  /** Deepest-grid cell coordinates of the node's top-left cell. */
  private nodeX0!: Int32Array;
  private nodeY0!: Int32Array;
  private nodeHead!: Int32Array;
  private nodeTail!: Int32Array;
  /** Items stored in the node itself. */
  private nodeCount!: Int32Array;
  /** Items stored in the node's whole subtree. */
  private nodeTotal!: Int32Array;
  /**
   * For internal nodes, 8 cells per node: the bounding cell range of the node's own items that
   * cross its vertical midline, then of those that cross only the horizontal one (lo > hi when
   * empty). The straddlers of a node lie along its midline cross; a query that reaches neither
   * box skips them without walking the list. Grown on link, recomputed on split, reset when the
   * node's list empties: always a superset of the items' ranges.
   */
  private nodeReach!: Uint16Array;
  /**
   * The pair walk's copy of the items, laid out node by node in the order the walk visits the
   * nodes: node n's items are entries runStart[n] … runStart[n] + nodeCount[n] − 1 of runRefs,
   * runBoxes (4 per entry) and runCells (4 per entry). Rebuilt before a walk when any item moved
   * or changed node since the last one (`runsStale`). Reading the items through the lists instead
   * costs a cache miss per item, since handles are in insertion order and nodes are scattered:
   * the copy is built reading the item arrays in order, and the walk then reads it in order too.
   */
  private runStart!: Int32Array;
  private runBoxes = new Float64Array(0);
  private runCells = new Uint16Array(0);
  /** (Reporting a pair then reads nearby entries rather than two random handles.) */
  private runRefs: (T | undefined)[] = [];
  /** Entry of each handle in the copy, so a removed item's reference can be dropped from it. */
  private runPos = new Int32Array(0);
  /** Entries written by the last build. */
  private runEntries = 0;
  private runsStale = true;

  private busy = 0;
  private checks = 0;
  private readonly scratch: Scratch[] = [];
  /** Work stack for split and collapse; like the traversal stack it never holds more than 3·depth+1 nodes. */
  private readonly workStack = new Int32Array(3 * MAX_LEVELS + 2);
  private readonly queryArgs = new Float64Array(7);
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
   * Creates an empty tree over `bounds`.
   * @param bounds The area the tree subdivides. Pick the world (or screen) size; items outside it
   * still work, they just do not benefit from subdivision.
   * @param options Split tuning: `maxObjects` (default 10), `maxLevels` (default 12, at most 16),
   * `minNodeSize` (default 0).
   */
  constructor(bounds: Rect, options: QuadtreeOptions = {}) {
    checkRect(bounds, 'bounds');
    if (bounds.width <= 0) throw new RangeError(`bounds.width must be > 0, got ${bounds.width}`);
    if (bounds.height <= 0) throw new RangeError(`bounds.height must be > 0, got ${bounds.height}`);
    if (options === null || typeof options !== 'object') throw new TypeError('options must be an object');
    const maxObjects = options.maxObjects ?? 10;
    const maxLevels = options.maxLevels ?? 12;
    const minNodeSize = options.minNodeSize ?? 0;
    checkInteger(maxObjects, 'options.maxObjects', 1, 0x7fffffff);
    checkInteger(maxLevels, 'options.maxLevels', 0, MAX_LEVELS);
    checkSize(minNodeSize, 'options.minNodeSize');

    // minNodeSize only lowers the usable depth: the grid is fixed, so a node at level L is
    // bounds / 2^L wide.
    let depth = maxLevels;
    while (
      depth > 0 &&
      (bounds.width / 2 ** depth < minNodeSize || bounds.height / 2 ** depth < minNodeSize)
    ) {
      depth--;
    }
    this.bounds = Object.freeze({ x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height });
    this.maxObjects = maxObjects;
    this.maxDepth = depth;
    this.mergeThreshold = maxObjects >> 1; // half, so that a node does not split and merge on every move
    this.gridSize = 1 << depth;
    this.originX = bounds.x;
    this.originY = bounds.y;
    this.scaleX = this.gridSize / bounds.width;
    this.scaleY = this.gridSize / bounds.height;
    if (!Number.isFinite(this.scaleX) || !Number.isFinite(this.scaleY)) {
      throw new RangeError('bounds are too small to subdivide; scale your coordinates up');
    }
    // Cell mapping rounds by a few ulps of the coordinates involved; 2^-40 is thousands of ulps.
    this.slackX = (Math.abs(bounds.x) + bounds.width) * 2 ** -40;
    this.slackY = (Math.abs(bounds.y) + bounds.height) * 2 ** -40;
    this.allocateItems(INITIAL_ITEMS);
    this.allocateNodes(1 + 4 * INITIAL_BLOCKS);
    this.resetNodes();
  }

  /** Number of items in the tree. */
  get size(): number {
    return this.count;
  }

  /**
   * Narrow-phase box tests made by the most recent query or pair pass: the figure to compare with
   * a brute-force pass's n·(n−1)/2. Candidate retrieval makes no tests.
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
    if (Array.isArray(item)) {
      const list = item as readonly T[];
      for (let i = 0; i < list.length; i++) {
        const it = list[i];
        if (it === null || typeof it !== 'object' || !isValidBox(it.x, it.y, it.width, it.height)) {
          checkRect(it, `items[${i}]`);
        }
      }
      for (let i = 0; i < list.length; i++) {
        this.batchLeft = list.length - i;
        this.insertOne(list[i]);
      }
      this.batchLeft = 0;
    } else {
      const it = item as T;
      if (it === null || typeof it !== 'object' || !isValidBox(it.x, it.y, it.width, it.height)) {
        checkRect(it, 'item');
      }
      this.insertOne(it);
    }
  }

  /** Removes an item. Returns `false` when it was not in the tree. */
  remove(item: T): boolean {
    const h = this.handles.get(item);
    if (h === undefined) return false;
    this.assertMutable('remove');
    if (this.itemNode[h] === PARKED) {
      this.forget(h);
      return false;
    }
    const n = this.itemNode[h];
    this.unlink(h, n);
    // The item leaves every subtree on its path; the highest node that becomes small enough
    // folds its children back in.
    let collapseAt = NONE;
    for (let m = n; m !== NONE; m = this.nodeParent[m]) {
      this.nodeTotal[m]--;
      if (this.nodeChild[m] !== NONE && this.nodeTotal[m] <= this.mergeThreshold) collapseAt = m;
    }
    if (collapseAt !== NONE) this.collapse(collapseAt);
    this.handles.delete(item);
    this.releaseHandle(h);
    if (this.count === 0) this.releaseStorage();
    return true;
  }

  /**
   * Re-reads an item's box after you changed its `x`, `y`, `width` or `height`. O(1) when the
   * item stays in the same node, which is the common case for small moves.
   * @throws Error when the item is not in the tree; TypeError / RangeError for a bad box, in which
   * case the item stays where it was.
   */
  update(item: T): void {
    const h = this.handles.get(item);
    if (h === undefined || this.itemNode[h] === PARKED) {
      throw new Error('Quadtree.update(): the item is not in this tree; insert() it first');
    }
    this.assertMutable('update');
    const x = item.x;
    const y = item.y;
    const width = item.width;
    const height = item.height;
    if (!isValidBox(x, y, width, height)) checkRect(item, 'item');
    const h4 = h << 2;
    const boxes = this.boxes;
    boxes[h4] = x;
    boxes[h4 + 1] = y;
    boxes[h4 + 2] = x + width;
    boxes[h4 + 3] = y + height;
    this.runsStale = true;
    this.reclassify(h);
  }

  /**
   * Re-reads every item's box: the per-frame call when most items move (seed 003's `refresh`).
   * Only items that left their node are re-filed. If any item has a bad box, the error names it
   * and no item is changed. Returns how many items changed node.
   */
  refresh(): number {
    this.assertMutable('refresh');
    const refs = this.itemRefs;
    const end = this.itemHighWater;
    // Validate everything first so that a bad item leaves the whole tree untouched. (A separate
    // method: each loop then gets its own type feedback and optimises without deopt loops.)
    this.checkAllBoxes(refs, end);
    let moved = 0;
    const boxes = this.boxes;
    this.runsStale = true;
    for (let h = 0; h < end; h++) {
      const it = refs[h];
      if (it === undefined || this.itemNode[h] === PARKED) continue;
      const x = it.x;
      const y = it.y;
      const h4 = h << 2;
      boxes[h4] = x;
      boxes[h4 + 1] = y;
      boxes[h4 + 2] = x + it.width;
      boxes[h4 + 3] = y + it.height;
      if (this.reclassify(h)) moved++;
    }
    return moved;
  }

  private checkAllBoxes(refs: readonly (T | undefined)[], end: number): void {
    for (let h = 0; h < end; h++) {
      const it = refs[h];
      if (it !== undefined && this.itemNode[h] !== PARKED && !isValidBox(it.x, it.y, it.width, it.height)) {
        checkRect(it, 'item');
      }
    }
  }

  /** True when the item is in the tree. */
  has(item: T): boolean {
    const h = this.handles.get(item);
    return h !== undefined && this.itemNode[h] !== PARKED;
  }

  /**
   * Removes every item. Built for the classic "clear and re-insert every frame" loop: storage is
   * kept, and the cleared items stay known until the next clear(), so inserting them again reuses
   * their slots and allocates nothing. (So the tree holds references to cleared items until the
   * next clear(), or until the tree is emptied with remove().)
   */
  clear(): void {
    this.assertMutable('clear');
    const node = this.itemNode;
    const refs = this.itemRefs;
    for (let h = 0; h < this.itemHighWater; h++) {
      if (node[h] === PARKED) this.forget(h);
      else if (refs[h] !== undefined) node[h] = PARKED;
    }
    this.parked += this.count;
    this.count = 0;
    this.resetNodes();
    this.runsStale = true;
  }

  // ---------------------------------------------------------------------------------------------
  // Queries

  /**
   * Candidate items for `area`: every item in a node the area reaches. A superset of the items
   * that overlap `area`, without duplicates; cheaper than {@link query} when you run your own
   * narrow phase. Appends to `out` and returns it.
   */
  retrieve(area: Rect, out: T[] = []): T[] {
    this.searchRect(Search.Candidates, area, out, null);
    return out;
  }

  /** Exactly the items whose box overlaps `area` (strictly: touching does not count). Appends to `out`. */
  query(area: Rect, out: T[] = []): T[] {
    this.searchRect(Search.Rect, area, out, null);
    return out;
  }

  /** Items whose box contains the point in its interior (points on an edge do not count). Appends to `out`. */
  queryPoint(x: number, y: number, out: T[] = []): T[] {
    this.setPointQuery(x, y);
    this.search(Search.Rect, out, null);
    return out;
  }

  /**
   * Items whose box meets the open disc: the closest point of the box is nearer than `radius` to
   * the centre (a box at exactly `radius` does not count). Appends to `out`.
   */
  queryCircle(x: number, y: number, radius: number, out: T[] = []): T[] {
    this.setCircleQuery(x, y, radius);
    this.search(Search.Circle, out, null);
    return out;
  }

  /** Visitor form of {@link retrieve}; allocates nothing. Return `false` from `visit` to stop. */
  forEachCandidate(area: Rect, visit: ItemVisitor<T>): void {
    checkFunction(visit, 'visit');
    this.searchRect(Search.Candidates, area, null, visit);
  }

  /** Visitor form of {@link query}; allocates nothing. Return `false` from `visit` to stop. */
  forEachInRect(area: Rect, visit: ItemVisitor<T>): void {
    checkFunction(visit, 'visit');
    this.searchRect(Search.Rect, area, null, visit);
  }

  /** Visitor form of {@link queryPoint}; allocates nothing. Return `false` from `visit` to stop. */
  forEachAtPoint(x: number, y: number, visit: ItemVisitor<T>): void {
    checkFunction(visit, 'visit');
    this.setPointQuery(x, y);
    this.search(Search.Rect, null, visit);
  }

  /** Visitor form of {@link queryCircle}; allocates nothing. Return `false` from `visit` to stop. */
  forEachInCircle(x: number, y: number, radius: number, visit: ItemVisitor<T>): void {
    checkFunction(visit, 'visit');
    this.setCircleQuery(x, y, radius);
    this.search(Search.Circle, null, visit);
  }

  /**
   * Calls `visit(a, b)` once for every pair of items whose boxes overlap (strictly), in a
   * deterministic order. Return `false` to stop. Allocates nothing.
   *
   * One depth-first walk that tests pairs only in leaves. Items stored in an internal node (those
   * straddling its split lines) are handed down to every child block their cell range reaches, so
   * a leaf sees its own items plus the straddlers crossing it, and pairs are tested locally: a long
   * row of straddlers on the root's centre line is never tested all against all. A pair of
   * handed-down items can meet in several leaves; it is reported only in the leaf holding the
   * reference cell of the pair (the larger of the two minimum cells on each axis), which lies in
   * exactly one leaf. No set is needed to de-duplicate.
   */
  forEachPair(visit: PairVisitor<T>): void {
    checkFunction(visit, 'visit');
    const ctx = this.enter();
    try {
      if (this.runsStale) this.buildRuns();
      this.checks = this.walkPairs(ctx, visit);
    } finally {
      this.busy--;
    }
  }

  /**
   * The pair walk of {@link forEachPair}; returns the number of box tests. (Its own method, with
   * no property access after the loop: V8 compiles a long loop while it runs (on-stack
   * replacement), before the code after it has ever run, and that code would then deoptimize on
   * every call. A deoptimization boxes the walk's doubles on the heap.)
   */
  private walkPairs(ctx: Scratch, visit: PairVisitor<T>): number {
    let checks = 0;
    const runStart = this.runStart;
    const boxes = this.runBoxes;
    const cells = this.runCells;
    const child = this.nodeChild;
    const total = this.nodeTotal;
    const level = this.nodeLevel;
    const nodeX0 = this.nodeX0;
    const nodeY0 = this.nodeY0;
    const refs = this.runRefs;
    const depth = this.maxDepth;
    // Stack entries are (node, start, end): segment entries [start, end) are the items stored
    // above the node whose cell range reaches into it (copied: id, box, cells). The node's own
    // items are appended right after its segment; a leaf then pairs entry p with [start, p),
    // an internal node hands [start, end) down to its children.
    const stack = ctx.nodes;
    let room = ctx.pairRoom;
    let ids = ctx.ids;
    let segBoxes = ctx.boxes;
    let segCells = ctx.cells;
    let hitQ = ctx.hitQ;
    let hitP = ctx.hitP;
    stack[0] = 0;
    stack[1] = 0;
    stack[2] = 0;
    let sp = 3;
    while (sp > 0) {
      sp -= 3;
      const n = stack[sp];
      const start = stack[sp + 1];
      const ownStart = stack[sp + 2];
      let end = ownStart;
      if (ownStart + this.nodeCount[n] > room) {
        ctx.growPairs(ownStart + this.nodeCount[n]);
        room = ctx.pairRoom;
        ids = ctx.ids;
        segBoxes = ctx.boxes;
        segCells = ctx.cells;
        hitQ = ctx.hitQ;
        hitP = ctx.hitP;
      }
      const first = child[n];
      // Copy the node's own items after the segment. Leaves only need the boxes; internal nodes
      // also hand the cell ranges down.
      for (let r = runStart[n], runEnd = r + this.nodeCount[n]; r < runEnd; r++) {
        const i4 = r << 2;
        const e4 = end << 2;
        segBoxes[e4] = boxes[i4];
        segBoxes[e4 + 1] = boxes[i4 + 1];
        segBoxes[e4 + 2] = boxes[i4 + 2];
        segBoxes[e4 + 3] = boxes[i4 + 3];
        if (first !== NONE) {
          segCells[e4] = cells[i4];
          segCells[e4 + 1] = cells[i4 + 1];
          segCells[e4 + 2] = cells[i4 + 2];
          segCells[e4 + 3] = cells[i4 + 3];
        }
        ids[end++] = r;
      }
      if (first === NONE) {
        // Leaf. An own item lies inside the block, so every overlap involving one belongs
        // here. Two handed-down items have their reference cell here unless both start left of
        // the block or both start above it; such a pair belongs to another leaf, not tested.
        //
        // The tests are written branch-free (`Number(a < b) & …`): about one test in eight
        // succeeds, in no pattern a branch predictor can learn, and a chain of `&&` costs a
        // misprediction on most tests. Branch-free is 2.4× faster on this loop. For the same
        // reason a hit is not reported from inside the loop: every test writes its pair to the
        // hit buffers and only a hit advances the count. The leaf's hits are reported together
        // afterwards, in a tight loop where the visitor's reads of many user objects (cache
        // misses at 100k items, in spatial rather than memory order) overlap instead of
        // stalling the tests one by one: 16–18% off the walk at 100k, 7–9% at 10k. (Not in the
        // grouped loops below: on seed 000, where big boxes make them most of the walk and hits
        // are dense, buffering there cost 12%.)
        const x0 = nodeX0[n];
        const y0 = nodeY0[n];
        let hits = 0;
        if (ownStart - start >= GROUP_MIN) {
          // Many handed-down entries. Sorting them by (starts left, starts above) into four
          // groups lets the loops visit only the pairs that belong here: those with an entry
          // that starts in neither direction (group 0, paired with everything after it), and
          // left-only with above-only (groups 1 and 2). Big boxes handed into many leaves make
          // the skipped pairs the majority (on seed 000, most of the walk before this).
          if (ctx.order.length < ownStart - start) ctx.growOrder(ownStart - start);
          const order = ctx.order;
          const groupEnd = ctx.groupEnd;
          groupEnd[0] = groupEnd[1] = groupEnd[2] = groupEnd[3] = 0;
          for (let k = start; k < ownStart; k++) {
            groupEnd[Number(segCells[k << 2] < x0) * 2 + Number(segCells[(k << 2) + 1] < y0)]++;
          }
          groupEnd[1] += groupEnd[0];
          groupEnd[2] += groupEnd[1];
          groupEnd[3] += groupEnd[2];
          for (let k = ownStart - 1; k >= start; k--) {
            order[--groupEnd[Number(segCells[k << 2] < x0) * 2 + Number(segCells[(k << 2) + 1] < y0)]] = k;
          }
          // groupEnd[g] now holds where group g starts.
          const handed = ownStart - start;
          const aboveOnly = groupEnd[1];
          const leftOnly = groupEnd[2];
          const bothEnd = groupEnd[3];
          for (let i = 0; i < aboveOnly; i++) {
            const p = order[i];
            checks += handed - 1 - i;
            if (this.pairWith(p, order, i + 1, handed, segBoxes, ids, refs, visit)) return checks;
          }
          for (let i = aboveOnly; i < leftOnly; i++) {
            checks += bothEnd - leftOnly;
            if (this.pairWith(order[i], order, leftOnly, bothEnd, segBoxes, ids, refs, visit)) return checks;
          }
        } else {
          for (let p = start + 1; p < ownStart; p++) {
            const p4 = p << 2;
            const ax0 = segBoxes[p4];
            const ay0 = segBoxes[p4 + 1];
            const ax1 = segBoxes[p4 + 2];
            const ay1 = segBoxes[p4 + 3];
            const left = Number(segCells[p4] < x0);
            const above = Number(segCells[p4 + 1] < y0);
            // (No room check: fewer than GROUP_MIN entries make at most 120 hits, and the hit
            // buffers start at 256.)
            for (let q = start; q < p; q++) {
              const q4 = q << 2;
              const here = ((left & Number(segCells[q4] < x0)) | (above & Number(segCells[q4 + 1] < y0))) ^ 1;
              checks += here;
              const hit =
                here &
                Number(segBoxes[q4] < ax1) &
                Number(ax0 < segBoxes[q4 + 2]) &
                Number(segBoxes[q4 + 1] < ay1) &
                Number(ay0 < segBoxes[q4 + 3]);
              hitQ[hits] = q;
              hitP[hits] = p;
              hits += hit;
            }
          }
        }
        for (let p = ownStart; p < end; p++) {
          const p4 = p << 2;
          const ax0 = segBoxes[p4];
          const ay0 = segBoxes[p4 + 1];
          const ax1 = segBoxes[p4 + 2];
          const ay1 = segBoxes[p4 + 3];
          checks += p - start;
          if (hits + (p - start) > room) {
            if (reportHits(hitQ, hitP, hits, ids, refs, visit)) return checks;
            hits = 0;
          }
          for (let q = start; q < p; q++) {
            const q4 = q << 2;
            const hit =
              Number(segBoxes[q4] < ax1) &
              Number(ax0 < segBoxes[q4 + 2]) &
              Number(segBoxes[q4 + 1] < ay1) &
              Number(ay0 < segBoxes[q4 + 3]);
            hitQ[hits] = q;
            hitP[hits] = p;
            hits += hit;
          }
        }
        if (reportHits(hitQ, hitP, hits, ids, refs, visit)) return checks;
        continue;
      }
      // Hand each child the entries (ancestors' and this node's) whose cell range reaches its
      // block, in one pass: an entry reaches the left children when it starts left of the
      // midline, the right ones when it ends right of it, likewise vertically. Child q gets the
      // region of `count` slots at end + (3 − q)·count: children are visited 0..3 (Z order), so
      // each one's gathering and subtree only ever overwrite regions of children already done.
      const count = end - start;
      if (end + 4 * count > room) {
        ctx.growPairs(end + 4 * count);
        room = ctx.pairRoom;
        ids = ctx.ids;
        segBoxes = ctx.boxes;
        segCells = ctx.cells;
        hitQ = ctx.hitQ;
        hitP = ctx.hitP;
      }
      const half = 1 << (depth - level[n] - 1);
      const midX = nodeX0[n] + half;
      const midY = nodeY0[n] + half;
      let top0 = end + 3 * count;
      let top1 = end + 2 * count;
      let top2 = end + count;
      let top3 = end;
      for (let k = start; k < end; k++) {
        const k4 = k << 2;
        const west = segCells[k4] < midX;
        const east = segCells[k4 + 2] >= midX;
        if (segCells[k4 + 1] < midY) {
          if (west) copyEntry(ids, segBoxes, segCells, k, top0++);
          if (east) copyEntry(ids, segBoxes, segCells, k, top1++);
        }
        if (segCells[k4 + 3] >= midY) {
          if (west) copyEntry(ids, segBoxes, segCells, k, top2++);
          if (east) copyEntry(ids, segBoxes, segCells, k, top3++);
        }
      }
      // Push 3..0 so that child 0 is popped first. Fewer than two items reaching a child cannot
      // form a pair (an empty child still matters when two handed-down items meet in it).
      if (top3 - end + total[first + 3] >= 2) sp = pushEntry(stack, sp, first + 3, end, top3);
      if (top2 - (end + count) + total[first + 2] >= 2)
        sp = pushEntry(stack, sp, first + 2, end + count, top2);
      if (top1 - (end + 2 * count) + total[first + 1] >= 2) {
        sp = pushEntry(stack, sp, first + 1, end + 2 * count, top1);
      }
      if (top0 - (end + 3 * count) + total[first] >= 2)
        sp = pushEntry(stack, sp, first, end + 3 * count, top0);
    }
    return checks;
  }

  /**
   * Tests segment entry p against the entries order[from … to − 1]; reports overlaps. Returns
   * true when the visitor asked to stop.
   */
  private pairWith(
    p: number,
    order: Int32Array,
    from: number,
    to: number,
    segBoxes: Float64Array,
    ids: Int32Array,
    refs: readonly (T | undefined)[],
    visit: PairVisitor<T>,
  ): boolean {
    const p4 = p << 2;
    const ax0 = segBoxes[p4];
    const ay0 = segBoxes[p4 + 1];
    const ax1 = segBoxes[p4 + 2];
    const ay1 = segBoxes[p4 + 3];
    for (let j = from; j < to; j++) {
      const q4 = order[j] << 2;
      const hit =
        Number(segBoxes[q4] < ax1) &
        Number(ax0 < segBoxes[q4 + 2]) &
        Number(segBoxes[q4 + 1] < ay1) &
        Number(ay0 < segBoxes[q4 + 3]);
      if (hit !== 0 && visit(refs[ids[order[j]]] as T, refs[ids[p]] as T) === false) return true;
    }
    return false;
  }

  /** Builds the pair walk's copy of the items (see `runStart`): a counting sort by node. */
  private buildRuns(): void {
    // Allocated on the first walk only (afterwards they grow with the item arrays), so that this
    // branch is never first taken in optimized code: the deopt would run the copy loop below
    // unoptimized for a while, boxing every double it moves.
    if (this.runPos.length < this.itemCapacity) this.allocateRuns(this.itemCapacity);
    // Each node's run ends where the next node in depth-first order (children 0..3, as the walk
    // goes) starts; the stack never holds more than 3 entries per level plus one.
    const runStart = this.runStart;
    const nodeCount = this.nodeCount;
    const child = this.nodeChild;
    const stack = this.workStack;
    stack[0] = 0;
    let sp = 1;
    let end = 0;
    while (sp > 0) {
      const n = stack[--sp];
      end += nodeCount[n];
      runStart[n] = end;
      const first = child[n];
      if (first !== NONE) {
        stack[sp++] = first + 3;
        stack[sp++] = first + 2;
        stack[sp++] = first + 1;
        stack[sp++] = first;
      }
    }
    // Walking the handles downwards and filling each run from its end leaves runStart[n] at the
    // start of its run, with the handles in ascending order.
    const itemNode = this.itemNode;
    const boxes = this.boxes;
    const cells = this.cells;
    const runBoxes = this.runBoxes;
    const runCells = this.runCells;
    const refs = this.itemRefs;
    const runRefs = this.runRefs;
    const runPos = this.runPos;
    // Entries past this build's end may still hold items from a larger earlier one.
    if (this.runEntries > this.count) runRefs.fill(undefined, this.count, this.runEntries);
    this.runEntries = this.count;
    this.runsStale = false; // (here, not after the loop: see walkPairs)
    for (let h = this.itemHighWater - 1; h >= 0; h--) {
      const n = itemNode[h];
      if (n < 0) continue;
      const r = --runStart[n];
      runRefs[r] = refs[h];
      runPos[h] = r;
      const r4 = r << 2;
      const h4 = h << 2;
      runBoxes[r4] = boxes[h4];
      runBoxes[r4 + 1] = boxes[h4 + 1];
      runBoxes[r4 + 2] = boxes[h4 + 2];
      runBoxes[r4 + 3] = boxes[h4 + 3];
      runCells[r4] = cells[h4];
      runCells[r4 + 1] = cells[h4 + 1];
      runCells[r4 + 2] = cells[h4 + 2];
      runCells[r4 + 3] = cells[h4 + 3];
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
    checkFinite(x, 'x');
    checkFinite(y, 'y');
    checkFinite(dirX, 'dirX');
    checkFinite(dirY, 'dirY');
    if (typeof maxT !== 'number' || Number.isNaN(maxT) || maxT < 0) {
      throw new RangeError(`maxT must be a number ≥ 0 (Infinity allowed), got ${String(maxT)}`);
    }
    checkFunction(visit, 'visit');
    const ctx = this.enter();
    try {
      const boxes = this.boxes;
      const next = this.itemNext;
      const refs = this.itemRefs;
      const stack = ctx.nodes;
      let keys = ctx.keys;
      if (keys.length < stack.length) keys = ctx.growKeys(stack.length);
      let limit = maxT;
      stack[0] = 0;
      keys[0] = 0;
      let sp = 1;
      while (sp > 0) {
        sp--;
        const n = stack[sp];
        if (keys[sp] > limit) continue;
        for (let i = this.nodeHead[n]; i !== NONE; i = next[i]) {
          const i4 = i << 2;
          const t = rayEnter(x, y, dirX, dirY, limit, boxes[i4], boxes[i4 + 1], boxes[i4 + 2], boxes[i4 + 3]);
          if (t < 0) continue;
          const answer = visit(refs[i] as T, t);
          if (answer === false) return;
          if (typeof answer === 'number' && answer < limit) limit = answer >= 0 ? answer : 0;
        }
        const first = this.nodeChild[n];
        if (first === NONE) continue;
        // Push the children hit by the segment, farthest first, so the nearest is popped next.
        const base = sp;
        for (let q = 0; q < 4; q++) {
          const c = first + q;
          if (this.nodeTotal[c] === 0) continue;
          const t = this.nodeRayEnter(c, x, y, dirX, dirY, limit);
          if (t < 0) continue;
          let k = sp++;
          while (k > base && keys[k - 1] < t) {
            keys[k] = keys[k - 1];
            stack[k] = stack[k - 1];
            k--;
          }
          keys[k] = t;
          stack[k] = c;
        }
      }
    } finally {
      this.busy--;
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
    checkFinite(x, 'x');
    checkFinite(y, 'y');
    if (typeof maxDistance !== 'number' || Number.isNaN(maxDistance) || maxDistance < 0) {
      throw new RangeError(`maxDistance must be a number ≥ 0 (Infinity allowed), got ${String(maxDistance)}`);
    }
    checkFunction(visit, 'visit');
    const ctx = this.enter();
    try {
      const limit = maxDistance * maxDistance;
      const boxes = this.boxes;
      const next = this.itemNext;
      const refs = this.itemRefs;
      // Best-first search over a binary min-heap of nodes and items. Payload ≥ 0 is an item
      // handle, payload < 0 is node −(payload + 1).
      ctx.heapPush(0, 0, -1);
      let size = 1;
      while (size > 0) {
        const key = ctx.keys[0];
        const payload = ctx.ids[0];
        ctx.heapPop(size--);
        if (payload >= 0) {
          if (visit(refs[payload] as T, key) === false) return;
          continue;
        }
        const n = -(payload + 1);
        for (let i = this.nodeHead[n]; i !== NONE; i = next[i]) {
          const i4 = i << 2;
          const d = boxDistanceSquared(x, y, boxes[i4], boxes[i4 + 1], boxes[i4 + 2], boxes[i4 + 3]);
          if (d <= limit) ctx.heapPush(size++, d, i);
        }
        const first = this.nodeChild[n];
        if (first === NONE) continue;
        for (let q = 0; q < 4; q++) {
          const c = first + q;
          if (this.nodeTotal[c] === 0) continue;
          const d = this.nodeDistanceSquared(c, x, y);
          if (d <= limit) ctx.heapPush(size++, d, -(c + 1));
        }
      }
    } finally {
      this.busy--;
    }
  }

  /** The `k` items whose boxes are nearest to (x, y), nearest first, within `maxDistance`. */
  nearest(x: number, y: number, k: number, maxDistance = Number.POSITIVE_INFINITY): T[] {
    checkInteger(k, 'k', 0, 0x7fffffff);
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

  /** Every item, in a deterministic order. Appends to `out`. */
  all(out: T[] = []): T[] {
    const refs = this.itemRefs;
    for (let h = 0; h < this.itemHighWater; h++) {
      const it = refs[h];
      if (it !== undefined && this.itemNode[h] !== PARKED) out.push(it);
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
    checkFunction(visit, 'visit');
    const ctx = this.enter();
    try {
      const info = this.nodeInfo;
      const cellW = this.bounds.width / this.gridSize;
      const cellH = this.bounds.height / this.gridSize;
      const stack = ctx.nodes;
      stack[0] = 0;
      let sp = 1;
      while (sp > 0) {
        const n = stack[--sp];
        const span = 1 << (this.maxDepth - this.nodeLevel[n]);
        info.x = this.originX + this.nodeX0[n] * cellW;
        info.y = this.originY + this.nodeY0[n] * cellH;
        info.width = span * cellW;
        info.height = span * cellH;
        info.depth = this.nodeLevel[n];
        info.items = this.nodeCount[n];
        info.totalItems = this.nodeTotal[n];
        info.isLeaf = this.nodeChild[n] === NONE;
        if (visit(info) === false) return;
        const first = this.nodeChild[n];
        if (first !== NONE) for (let q = 3; q >= 0; q--) stack[sp++] = first + q;
      }
    } finally {
      this.busy--;
    }
  }

  /** Counts of items and nodes, tree depth, and the last pass's narrow checks. O(nodes). */
  stats(): QuadtreeStats {
    let leaves = 0;
    let depth = 0;
    this.forEachNode((node) => {
      if (node.isLeaf) leaves++;
      if (node.depth > depth) depth = node.depth;
    });
    return {
      items: this.count,
      nodes: this.liveNodes,
      leaves,
      depth,
      maxDepth: this.maxDepth,
      checks: this.checks,
      bruteForceChecks: this.count < 2 ? 0 : (this.count * (this.count - 1)) / 2,
      arrayBytes: this.arrayBytes(),
    };
  }

  private arrayBytes(): number {
    let bytes = 0;
    for (const array of [
      this.boxes,
      this.cells,
      this.itemNode,
      this.itemNext,
      this.itemPrev,
      this.nodeParent,
      this.nodeChild,
      this.nodeLevel,
      this.nodeX0,
      this.nodeY0,
      this.nodeHead,
      this.nodeTail,
      this.nodeCount,
      this.nodeTotal,
      this.nodeReach,
      this.workStack,
      this.runStart,
      this.runBoxes,
      this.runCells,
      this.runPos,
    ]) {
      bytes += array.byteLength;
    }
    bytes += this.runRefs.length * 8; // one pointer per entry (4 with pointer compression)
    for (const ctx of this.scratch) {
      bytes += ctx.nodes.byteLength + ctx.ids.byteLength + ctx.keys.byteLength;
      bytes += ctx.boxes.byteLength + ctx.cells.byteLength + ctx.hitQ.byteLength + ctx.hitP.byteLength;
      bytes += ctx.order.byteLength + ctx.groupEnd.byteLength;
    }
    return bytes;
  }

  /**
   * Checks every internal invariant and throws an Error describing the first one broken. Meant for
   * tests and for debugging; O(items + nodes). It also reports items whose `x`/`y`/`width`/
   * `height` changed without a call to {@link update}, the most common misuse.
   */
  validate(): void {
    const fail = (message: string): never => {
      throw new Error(`Quadtree.validate(): ${message}`);
    };
    const depth = this.maxDepth;
    const seen = new Uint8Array(this.itemHighWater);
    let itemsSeen = 0;
    let nodesSeen = 0;
    const stack: number[] = [0];
    if (this.nodeParent[0] !== NONE) fail('root has a parent');
    while (stack.length > 0) {
      const n = stack.pop() as number;
      nodesSeen++;
      const level = this.nodeLevel[n];
      const span = 1 << (depth - level);
      const x0 = this.nodeX0[n];
      const y0 = this.nodeY0[n];
      if (level > depth) fail(`node ${n} is at level ${level}, deeper than ${depth}`);
      if (x0 % span !== 0 || y0 % span !== 0) fail(`node ${n} block is not aligned`);
      const first = this.nodeChild[n];
      const shift = depth - level - 1;
      let listed = 0;
      let prev = NONE;
      for (let i = this.nodeHead[n]; i !== NONE; i = this.itemNext[i]) {
        if (i < 0 || i >= this.itemHighWater) fail(`node ${n} lists an invalid handle ${i}`);
        if (seen[i]) fail(`item ${i} is listed twice`);
        seen[i] = 1;
        itemsSeen++;
        listed++;
        if (this.itemPrev[i] !== prev) fail(`item ${i} has a wrong back link`);
        if (this.itemNode[i] !== n)
          fail(`item ${i} is listed in node ${n} but records node ${this.itemNode[i]}`);
        const ref = this.itemRefs[i];
        if (ref === undefined) fail(`node ${n} lists the free handle ${i}`);
        const item = ref as T;
        if (this.handles.get(item) !== i) fail(`item ${i} is not mapped to its handle`);
        const i4 = i * 4;
        if (
          this.boxes[i4] !== item.x ||
          this.boxes[i4 + 1] !== item.y ||
          this.boxes[i4 + 2] !== item.x + item.width ||
          this.boxes[i4 + 3] !== item.y + item.height
        ) {
          fail(`an item moved or resized without update(): ${JSON.stringify(describeRect(item))}`);
        }
        const lox = this.cells[i4];
        const loy = this.cells[i4 + 1];
        const hix = this.cells[i4 + 2];
        const hiy = this.cells[i4 + 3];
        const expectLox = cellLo(item.x, this.originX, this.scaleX, this.gridSize);
        const expectLoy = cellLo(item.y, this.originY, this.scaleY, this.gridSize);
        if (
          lox !== expectLox ||
          loy !== expectLoy ||
          hix !== cellHi(item.x + item.width, this.originX, this.scaleX, this.gridSize, expectLox) ||
          hiy !== cellHi(item.y + item.height, this.originY, this.scaleY, this.gridSize, expectLoy)
        ) {
          fail(`item ${i} has stale cells`);
        }
        if (lox > hix || loy > hiy) fail(`item ${i} has an empty cell range`);
        if (lox < x0 || hix >= x0 + span || loy < y0 || hiy >= y0 + span) {
          fail(`item ${i} lies outside the block of node ${n}`);
        }
        if (first !== NONE && homeLevel(lox, loy, hix, hiy, depth) > level) {
          fail(`item ${i} fits in a child of internal node ${n} but was not pushed down`);
        }
        if (first !== NONE) {
          const midX = x0 + (1 << shift);
          const r = (n << 3) + (lox < midX && hix >= midX ? 0 : 4);
          const reach = this.nodeReach;
          if (lox < reach[r] || loy < reach[r + 1] || hix > reach[r + 2] || hiy > reach[r + 3]) {
            fail(`item ${i} lies outside the reach box of internal node ${n}`);
          }
        }
        prev = i;
      }
      if (listed !== this.nodeCount[n])
        fail(`node ${n} counts ${this.nodeCount[n]} items but lists ${listed}`);
      let total = listed;
      if (first === NONE) {
        if (level < depth && listed > this.maxObjects) {
          fail(`leaf ${n} holds ${listed} items (> maxObjects ${this.maxObjects}) but did not split`);
        }
      } else {
        if ((first - 1) % 4 !== 0 || first <= 0 || first + 3 >= this.nodeHighWater) {
          fail(`node ${n} has a bad child block ${first}`);
        }
        for (let q = 0; q < 4; q++) {
          const c = first + q;
          if (this.nodeParent[c] !== n) fail(`child ${c} does not point back to node ${n}`);
          if (this.nodeLevel[c] !== level + 1) fail(`child ${c} has level ${this.nodeLevel[c]}`);
          if (
            this.nodeX0[c] !== x0 + (q & 1) * (1 << shift) ||
            this.nodeY0[c] !== y0 + (q >> 1) * (1 << shift)
          ) {
            fail(`child ${c} covers the wrong block`);
          }
          total += this.nodeTotal[c];
          stack.push(c);
        }
        if (this.nodeTotal[n] <= this.mergeThreshold) {
          fail(`node ${n} holds only ${this.nodeTotal[n]} items in its subtree but was not merged`);
        }
      }
      if (total !== this.nodeTotal[n])
        fail(`node ${n} subtree total is ${this.nodeTotal[n]}, expected ${total}`);
    }
    if (nodesSeen !== this.liveNodes) fail(`${nodesSeen} nodes reachable but ${this.liveNodes} counted live`);
    if (itemsSeen !== this.count) fail(`${itemsSeen} items reachable but size is ${this.count}`);
    let parked = 0;
    for (let h = 0; h < this.itemHighWater; h++) {
      if (this.itemNode[h] !== PARKED) continue;
      parked++;
      if (seen[h]) fail(`parked handle ${h} is also in the tree`);
      const ref = this.itemRefs[h];
      if (ref === undefined || this.handles.get(ref) !== h) fail(`parked handle ${h} is not mapped`);
    }
    if (parked !== this.parked) fail(`${parked} parked handles, ${this.parked} counted`);
    if (this.handles.size !== this.count + this.parked)
      fail(`map holds ${this.handles.size} items but size is ${this.count}`);
    let free = 0;
    for (let h = this.freeItem; h !== NONE; h = this.itemNext[h]) {
      if (seen[h]) fail(`free handle ${h} is also in the tree`);
      if (this.itemRefs[h] !== undefined) fail(`free handle ${h} still references an item`);
      if (++free > this.itemHighWater) fail('the free item list has a cycle');
    }
    if (free + this.count + this.parked !== this.itemHighWater)
      fail('item handles leak: free + used ≠ allocated');
    let freeBlocks = 0;
    for (let b = this.freeBlock; b !== NONE; b = this.nodeHead[b]) {
      if (this.nodeParent[b] !== FREE) fail(`free node block ${b} is still in use`);
      if (++freeBlocks * 4 > this.nodeHighWater) fail('the free node list has a cycle');
    }
    if (1 + 4 * freeBlocks + this.liveNodes - 1 !== this.nodeHighWater) fail('node slots leak');
    this.validateRuns(fail);
  }

  /** The pair walk's copy: exact when marked current, and never holding a removed item. */
  private validateRuns(fail: (message: string) => never): void {
    for (const ref of this.runRefs) {
      if (ref !== undefined && !this.handles.has(ref)) fail('the pair walk copy still holds a removed item');
    }
    if (this.runsStale) return;
    for (let h = 0; h < this.itemHighWater; h++) {
      const n = this.itemNode[h];
      if (n < 0) continue;
      const r = this.runPos[h];
      if (r < this.runStart[n] || r >= this.runStart[n] + this.nodeCount[n]) {
        fail(`handle ${h} is not in node ${n}'s run of the pair walk copy`);
      }
      if (this.runRefs[r] !== this.itemRefs[h]) fail(`entry ${r} of the pair walk copy has the wrong item`);
      for (let k = 0; k < 4; k++) {
        if (
          this.runBoxes[4 * r + k] !== this.boxes[4 * h + k] ||
          this.runCells[4 * r + k] !== this.cells[4 * h + k]
        ) {
          fail(`entry ${r} of the pair walk copy is out of date (no list change or move marked it stale)`);
        }
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Internals

  private assertMutable(method: string): void {
    if (this.busy > 0) {
      throw new Error(
        `Quadtree.${method}() was called from inside a query, raycast or forEachPair callback; ` +
          'collect the changes and apply them after the traversal returns',
      );
    }
  }

  /** Borrows the traversal buffers of the current nesting level and marks the tree busy. */
  private enter(): Scratch {
    let ctx = this.scratch[this.busy];
    if (ctx === undefined) {
      ctx = new Scratch();
      this.scratch[this.busy] = ctx;
    }
    this.busy++;
    return ctx;
  }

  private insertOne(item: T): void {
    // The clear-and-insert loop re-inserts the same items in the same order, so the slot after
    // the previous insert's is worth checking before the Map: a Map lookup is a cache miss per
    // item at 100k items (a fifth of a rebuild frame), this is a sequential read.
    let h: number | undefined = this.nextGuess;
    if (h >= this.itemHighWater || this.itemRefs[h] !== item) h = this.handles.get(item);
    if (h !== undefined) this.nextGuess = h + 1;
    if (h !== undefined && this.itemNode[h] !== PARKED) {
      // Already in the tree: insert() means "here it is now".
      this.readBox(h, item);
      this.reclassify(h);
      return;
    }
    if (h === undefined) {
      h = this.acquireHandle(item);
      this.handles.set(item, h);
      this.nextGuess = h + 1;
    } else {
      // Cleared earlier and inserted again: revive its slot, no Map write needed.
      this.parked--;
      this.count++;
    }
    this.readBox(h, item);
    this.writeCells(h);
    this.nodeTotal[0]++;
    this.fileFrom(h, 0);
  }

  /** Copies an item's (validated) box into the typed arrays. */
  private readBox(h: number, item: T): void {
    const h4 = h << 2;
    const boxes = this.boxes;
    const x = item.x;
    const y = item.y;
    boxes[h4] = x;
    boxes[h4 + 1] = y;
    boxes[h4 + 2] = x + item.width;
    boxes[h4 + 3] = y + item.height;
    this.runsStale = true;
  }

  /** Drops a parked handle: unmaps its item and frees the slot. */
  private forget(h: number): void {
    this.dropRunRef(h);
    this.handles.delete(this.itemRefs[h] as T);
    this.parked--;
    this.itemRefs[h] = undefined;
    this.itemNode[h] = NONE;
    this.itemNext[h] = this.freeItem;
    this.freeItem = h;
  }

  /**
   * Recomputes the cell range of item h from its stored box. Returns false when it did not change.
   * Callers write the box into `boxes` themselves: passing doubles to a call that is not inlined
   * boxes them on the heap, and the per-frame paths must not allocate.
   */
  private writeCells(h: number): boolean {
    const h4 = h << 2;
    const boxes = this.boxes;
    const grid = this.gridSize;
    const lox = cellLo(boxes[h4], this.originX, this.scaleX, grid);
    const loy = cellLo(boxes[h4 + 1], this.originY, this.scaleY, grid);
    const hix = cellHi(boxes[h4 + 2], this.originX, this.scaleX, grid, lox);
    const hiy = cellHi(boxes[h4 + 3], this.originY, this.scaleY, grid, loy);
    const cells = this.cells;
    if (cells[h4] === lox && cells[h4 + 1] === loy && cells[h4 + 2] === hix && cells[h4 + 3] === hiy) {
      return false;
    }
    cells[h4] = lox;
    cells[h4 + 1] = loy;
    cells[h4 + 2] = hix;
    cells[h4 + 3] = hiy;
    return true;
  }

  /**
   * After item h's stored box changed: re-files it if it left its node (or now fits a child of
   * it). O(1) when it stays. Returns true when it changed node.
   */
  private reclassify(h: number): boolean {
    if (!this.writeCells(h)) return false;
    const h4 = h << 2;
    const cells = this.cells;
    const lox = cells[h4];
    const loy = cells[h4 + 1];
    const hix = cells[h4 + 2];
    const hiy = cells[h4 + 3];
    const n = this.itemNode[h];
    const level = this.nodeLevel[n];
    const span = 1 << (this.maxDepth - level);
    const x0 = this.nodeX0[n];
    const y0 = this.nodeY0[n];
    if (lox >= x0 && hix < x0 + span && loy >= y0 && hiy < y0 + span) {
      // Still inside the node: it stays unless the node has children and the item now fits one.
      if (this.nodeChild[n] === NONE) return false;
      if (homeLevel(lox, loy, hix, hiy, this.maxDepth) <= level) {
        this.growReach(n, h); // still a straddler here, maybe reaching further
        return false;
      }
    }
    this.relocate(h, n);
    return true;
  }

  /** Moves item h out of node n into the node its (new) cell range belongs to. */
  private relocate(h: number, n: number): void {
    this.unlink(h, n);
    const h4 = h << 2;
    const cells = this.cells;
    const lox = cells[h4];
    const loy = cells[h4 + 1];
    const hix = cells[h4 + 2];
    const hiy = cells[h4 + 3];
    // Climb to the nearest ancestor whose block holds the new range. The nodes climbed past lose
    // the item from their subtree; the highest that becomes small enough is merged.
    let collapseAt = NONE;
    for (;;) {
      const span = 1 << (this.maxDepth - this.nodeLevel[n]);
      const x0 = this.nodeX0[n];
      const y0 = this.nodeY0[n];
      if (lox >= x0 && hix < x0 + span && loy >= y0 && hiy < y0 + span) break;
      this.nodeTotal[n]--;
      if (this.nodeChild[n] !== NONE && this.nodeTotal[n] <= this.mergeThreshold) collapseAt = n;
      n = this.nodeParent[n];
    }
    // The merged subtree is below n on the old path, so it never contains the new node.
    if (collapseAt !== NONE) this.collapse(collapseAt);
    this.fileFrom(h, n);
  }

  /**
   * Walks down from `start` (whose subtree total already counts the item) along the Morton digits
   * of the item's cell range, as deep as existing nodes and the range allow, and files it there.
   */
  private fileFrom(h: number, start: number): void {
    const h4 = h << 2;
    const cells = this.cells;
    const lox = cells[h4];
    const loy = cells[h4 + 1];
    const spread = (lox ^ cells[h4 + 2]) | (loy ^ cells[h4 + 3]);
    const depth = this.maxDepth;
    let n = start;
    for (;;) {
      const first = this.nodeChild[n];
      if (first === NONE) break;
      const shift = depth - this.nodeLevel[n] - 1;
      if (spread >> shift !== 0) break; // straddles this node's split lines
      n = first + (((loy >> shift) & 1) << 1) + ((lox >> shift) & 1);
      this.nodeTotal[n]++;
    }
    this.link(h, n);
    if (this.nodeChild[n] === NONE && this.nodeCount[n] > this.maxObjects && this.nodeLevel[n] < depth) {
      this.split(n);
    }
  }

  /** Splits an over-full leaf, pushing down the items that fit a child; repeats on over-full children. */
  private split(leaf: number): void {
    const work = this.workStack;
    work[0] = leaf;
    let sp = 1;
    const depth = this.maxDepth;
    while (sp > 0) {
      const n = work[--sp];
      const first = this.allocateBlock();
      const level = this.nodeLevel[n];
      const shift = depth - level - 1;
      const half = 1 << shift;
      this.nodeChild[n] = first;
      for (let q = 0; q < 4; q++) {
        const c = first + q;
        this.nodeParent[c] = n;
        this.nodeChild[c] = NONE;
        this.nodeLevel[c] = level + 1;
        this.nodeX0[c] = this.nodeX0[n] + (q & 1) * half;
        this.nodeY0[c] = this.nodeY0[n] + (q >> 1) * half;
        this.nodeHead[c] = NONE;
        this.nodeTail[c] = NONE;
        this.nodeCount[c] = 0;
        this.clearReach(c);
        this.nodeTotal[c] = 0;
      }
      const cells = this.cells;
      for (let i = this.nodeHead[n]; i !== NONE; ) {
        const nextItem = this.itemNext[i];
        const i4 = i << 2;
        const lox = cells[i4];
        const loy = cells[i4 + 1];
        if (((lox ^ cells[i4 + 2]) | (loy ^ cells[i4 + 3])) >> shift === 0) {
          const c = first + (((loy >> shift) & 1) << 1) + ((lox >> shift) & 1);
          this.unlink(i, n);
          this.link(i, c);
          this.nodeTotal[c]++;
        }
        i = nextItem;
      }
      // The items left behind straddle the new midlines: they define the node's reach.
      this.clearReach(n);
      for (let i = this.nodeHead[n]; i !== NONE; i = this.itemNext[i]) this.growReach(n, i);
      if (level + 1 < depth) {
        for (let q = 0; q < 4; q++) {
          if (this.nodeCount[first + q] > this.maxObjects) work[sp++] = first + q;
        }
      }
    }
  }

  /** Folds the whole subtree below node `a` back into `a`, which becomes a leaf. */
  private collapse(a: number): void {
    // The stack holds child blocks (first ids). A block is freed only after its four nodes have
    // given up their items and their own child blocks, since freeing reuses those fields.
    const work = this.workStack;
    work[0] = this.nodeChild[a];
    let sp = 1;
    this.nodeChild[a] = NONE;
    while (sp > 0) {
      const first = work[--sp];
      for (let q = 0; q < 4; q++) {
        const c = first + q;
        for (let i = this.nodeHead[c]; i !== NONE; ) {
          const nextItem = this.itemNext[i];
          this.link(i, a);
          i = nextItem;
        }
        if (this.nodeChild[c] !== NONE) work[sp++] = this.nodeChild[c];
      }
      this.freeNodeBlock(first);
    }
  }

  /** Appends item h to node n's list, so lists (and results) keep insertion order. */
  private link(h: number, n: number): void {
    const tail = this.nodeTail[n];
    this.itemPrev[h] = tail;
    this.itemNext[h] = NONE;
    if (tail !== NONE) this.itemNext[tail] = h;
    else this.nodeHead[n] = h;
    this.nodeTail[n] = h;
    this.itemNode[h] = n;
    this.nodeCount[n]++;
    this.runsStale = true;
    if (this.nodeChild[n] !== NONE) this.growReach(n, h);
  }

  /** Widens internal node n's reach box (vertical or horizontal straddlers) to cover item h. */
  private growReach(n: number, h: number): void {
    const h4 = h << 2;
    const cells = this.cells;
    const lox = cells[h4];
    const hix = cells[h4 + 2];
    const midX = this.nodeX0[n] + (1 << (this.maxDepth - this.nodeLevel[n] - 1));
    const r = (n << 3) + (lox < midX && hix >= midX ? 0 : 4);
    const reach = this.nodeReach;
    if (lox < reach[r]) reach[r] = lox;
    if (cells[h4 + 1] < reach[r + 1]) reach[r + 1] = cells[h4 + 1];
    if (hix > reach[r + 2]) reach[r + 2] = hix;
    if (cells[h4 + 3] > reach[r + 3]) reach[r + 3] = cells[h4 + 3];
  }

  private clearReach(n: number): void {
    const r = n << 3;
    const reach = this.nodeReach;
    for (let k = r; k < r + 8; k += 4) {
      reach[k] = 0xffff;
      reach[k + 1] = 0xffff;
      reach[k + 2] = 0;
      reach[k + 3] = 0;
    }
  }

  /** True when the cell range meets one of internal node n's reach boxes. */
  private reaches(n: number, lox: number, loy: number, hix: number, hiy: number): boolean {
    const reach = this.nodeReach;
    for (let r = n << 3; r < (n << 3) + 8; r += 4) {
      if (
        reach[r] <= reach[r + 2] &&
        lox <= reach[r + 2] &&
        hix >= reach[r] &&
        loy <= reach[r + 3] &&
        hiy >= reach[r + 1]
      ) {
        return true;
      }
    }
    return false;
  }

  private unlink(h: number, n: number): void {
    const prev = this.itemPrev[h];
    const next = this.itemNext[h];
    if (prev !== NONE) this.itemNext[prev] = next;
    else this.nodeHead[n] = next;
    if (next !== NONE) this.itemPrev[next] = prev;
    else this.nodeTail[n] = prev;
    if (--this.nodeCount[n] === 0) this.clearReach(n);
    this.runsStale = true;
  }

  /** Candidate / rectangle / circle search over the nodes the cell range of the area reaches. */
  /**
   * Query arguments travel through `queryArgs` (minX, minY, maxX, maxY, centre x, centre y,
   * radius) rather than as parameters: doubles passed to a call that is not inlined are boxed on
   * the heap, and queries must not allocate.
   */
  private searchRect(mode: Search, area: Rect, out: T[] | null, visit: ItemVisitor<T> | null): void {
    if (area === null || typeof area !== 'object' || !isValidBox(area.x, area.y, area.width, area.height)) {
      checkRect(area, 'area');
    }
    const args = this.queryArgs;
    const x = area.x;
    const y = area.y;
    args[0] = x;
    args[1] = y;
    args[2] = x + area.width;
    args[3] = y + area.height;
    this.search(mode, out, visit);
  }

  private setPointQuery(x: number, y: number): void {
    if (!isValidBox(x, y, 0, 0)) {
      checkFinite(x, 'x');
      checkFinite(y, 'y');
    }
    const args = this.queryArgs;
    args[0] = x;
    args[1] = y;
    args[2] = x;
    args[3] = y;
  }

  private setCircleQuery(x: number, y: number, radius: number): void {
    if (!isValidBox(x, y, radius, 0)) {
      checkFinite(x, 'x');
      checkFinite(y, 'y');
      checkSize(radius, 'radius');
    }
    const args = this.queryArgs;
    args[0] = x - radius;
    args[1] = y - radius;
    args[2] = x + radius;
    args[3] = y + radius;
    args[4] = x;
    args[5] = y;
    args[6] = radius;
  }

  private search(mode: Search, out: T[] | null, visit: ItemVisitor<T> | null): void {
    const args = this.queryArgs;
    const minX = args[0];
    const minY = args[1];
    const maxX = args[2];
    const maxY = args[3];
    const cx = args[4];
    const cy = args[5];
    const radius = args[6];
    const grid = this.gridSize;
    let qlox = cellLo(minX, this.originX, this.scaleX, grid);
    let qloy = cellLo(minY, this.originY, this.scaleY, grid);
    let qhix: number;
    let qhiy: number;
    const r2 = radius * radius;
    if (mode === Search.Circle) {
      // The disc's bounding box loses precision in x ± r; one cell of margin on every side keeps
      // the node pruning conservative for the exact distance test below.
      qhix = Math.min(cellLo(maxX, this.originX, this.scaleX, grid) + 1, grid - 1);
      qhiy = Math.min(cellLo(maxY, this.originY, this.scaleY, grid) + 1, grid - 1);
      qlox = Math.max(qlox - 1, 0);
      qloy = Math.max(qloy - 1, 0);
    } else {
      qhix = cellHi(maxX, this.originX, this.scaleX, grid, qlox);
      qhiy = cellHi(maxY, this.originY, this.scaleY, grid, qloy);
    }
    const ctx = this.enter();
    let checks = 0;
    try {
      const boxes = this.boxes;
      const next = this.itemNext;
      const head = this.nodeHead;
      const child = this.nodeChild;
      const total = this.nodeTotal;
      const level = this.nodeLevel;
      const nodeX0 = this.nodeX0;
      const nodeY0 = this.nodeY0;
      const refs = this.itemRefs;
      const depth = this.maxDepth;
      const stack = ctx.nodes;
      stack[0] = 0;
      let sp = 1;
      while (sp > 0) {
        const n = stack[--sp];
        const first = child[n];
        const own = first === NONE || this.reaches(n, qlox, qloy, qhix, qhiy) ? head[n] : NONE;
        for (let i = own; i !== NONE; i = next[i]) {
          if (mode !== Search.Candidates) {
            const i4 = i << 2;
            checks++;
            if (mode === Search.Rect) {
              if (
                !(boxes[i4] < maxX && minX < boxes[i4 + 2] && boxes[i4 + 1] < maxY && minY < boxes[i4 + 3])
              ) {
                continue;
              }
            } else if (
              !(boxDistanceSquared(cx, cy, boxes[i4], boxes[i4 + 1], boxes[i4 + 2], boxes[i4 + 3]) < r2)
            ) {
              continue;
            }
          }
          if (out !== null) out.push(refs[i] as T);
          else if ((visit as ItemVisitor<T>)(refs[i] as T) === false) return;
        }
        if (first === NONE) continue;
        const half = 1 << (depth - level[n] - 1);
        const x0 = nodeX0[n];
        const y0 = nodeY0[n];
        for (let q = 3; q >= 0; q--) {
          const c = first + q;
          if (total[c] === 0) continue;
          const bx0 = q & 1 ? x0 + half : x0;
          const by0 = q & 2 ? y0 + half : y0;
          if (qlox < bx0 + half && qhix >= bx0 && qloy < by0 + half && qhiy >= by0) stack[sp++] = c;
        }
      }
    } finally {
      this.checks = checks;
      this.busy--;
    }
  }

  /**
   * Float bounds of node c, widened by the mapping's rounding slack, with the blocks on the grid's
   * border open towards infinity (that is where items outside the root bounds are filed).
   */
  private nodeMinX(c: number): number {
    const x0 = this.nodeX0[c];
    return x0 === 0 ? Number.NEGATIVE_INFINITY : this.originX + x0 / this.scaleX - this.slackX;
  }

  private nodeMaxX(c: number): number {
    const x1 = this.nodeX0[c] + (1 << (this.maxDepth - this.nodeLevel[c]));
    return x1 === this.gridSize ? Number.POSITIVE_INFINITY : this.originX + x1 / this.scaleX + this.slackX;
  }

  private nodeMinY(c: number): number {
    const y0 = this.nodeY0[c];
    return y0 === 0 ? Number.NEGATIVE_INFINITY : this.originY + y0 / this.scaleY - this.slackY;
  }

  private nodeMaxY(c: number): number {
    const y1 = this.nodeY0[c] + (1 << (this.maxDepth - this.nodeLevel[c]));
    return y1 === this.gridSize ? Number.POSITIVE_INFINITY : this.originY + y1 / this.scaleY + this.slackY;
  }

  private nodeRayEnter(c: number, x: number, y: number, dirX: number, dirY: number, maxT: number): number {
    return rayEnter(
      x,
      y,
      dirX,
      dirY,
      maxT,
      this.nodeMinX(c),
      this.nodeMinY(c),
      this.nodeMaxX(c),
      this.nodeMaxY(c),
    );
  }

  private nodeDistanceSquared(c: number, x: number, y: number): number {
    return boxDistanceSquared(x, y, this.nodeMinX(c), this.nodeMinY(c), this.nodeMaxX(c), this.nodeMaxY(c));
  }

  private acquireHandle(item: T): number {
    let h = this.freeItem;
    if (h !== NONE) {
      this.freeItem = this.itemNext[h];
    } else {
      // Doubling, except that a large array grows the storage once, to fit: doubling past
      // 100,000 items would leave up to half of every per-item array unused.
      if (this.itemHighWater === this.itemCapacity) {
        this.growItems(Math.max(this.itemCapacity * 2, this.itemHighWater + this.batchLeft));
      }
      h = this.itemHighWater++;
    }
    this.itemRefs[h] = item;
    this.count++;
    return h;
  }

  private releaseHandle(h: number): void {
    this.dropRunRef(h);
    this.itemRefs[h] = undefined;
    this.itemNode[h] = NONE;
    this.itemNext[h] = this.freeItem;
    this.freeItem = h;
    this.count--;
  }

  /** The pair walk's copy, for `capacity` items (its contents are rebuilt before use). */
  private allocateRuns(capacity: number): void {
    this.runBoxes = new Float64Array(capacity * 4);
    this.runCells = new Uint16Array(capacity * 4);
    this.runPos = new Int32Array(capacity);
    this.runRefs = new Array<T | undefined>(capacity).fill(undefined);
    this.runEntries = 0;
    this.runsStale = true;
  }

  /** Keeps the pair walk's copy from holding on to an item that leaves the tree. */
  private dropRunRef(h: number): void {
    if (h < this.runPos.length) {
      const r = this.runPos[h];
      if (r < this.runRefs.length && this.runRefs[r] === this.itemRefs[h]) this.runRefs[r] = undefined;
    }
  }

  private allocateItems(capacity: number): void {
    this.itemCapacity = capacity;
    this.boxes = new Float64Array(capacity * 4);
    this.cells = new Uint16Array(capacity * 4);
    this.itemNode = new Int32Array(capacity);
    this.itemNext = new Int32Array(capacity);
    this.itemPrev = new Int32Array(capacity);
  }

  private growItems(capacity: number): void {
    const { boxes, cells, itemNode, itemNext, itemPrev } = this;
    this.allocateItems(capacity);
    this.boxes.set(boxes);
    this.cells.set(cells);
    this.itemNode.set(itemNode);
    this.itemNext.set(itemNext);
    this.itemPrev.set(itemPrev);
    if (this.runPos.length > 0) this.allocateRuns(capacity);
  }

  private allocateNodes(capacity: number): void {
    this.nodeCapacity = capacity;
    this.nodeParent = new Int32Array(capacity);
    this.nodeChild = new Int32Array(capacity);
    this.nodeLevel = new Uint8Array(capacity);
    this.nodeX0 = new Int32Array(capacity);
    this.nodeY0 = new Int32Array(capacity);
    this.nodeHead = new Int32Array(capacity);
    this.nodeTail = new Int32Array(capacity);
    this.nodeCount = new Int32Array(capacity);
    this.nodeTotal = new Int32Array(capacity);
    this.nodeReach = new Uint16Array(capacity * 8);
    this.runStart = new Int32Array(capacity);
  }

  private growNodes(capacity: number): void {
    const {
      nodeParent,
      nodeChild,
      nodeLevel,
      nodeX0,
      nodeY0,
      nodeHead,
      nodeTail,
      nodeCount,
      nodeTotal,
      nodeReach,
    } = this;
    this.allocateNodes(capacity);
    this.nodeParent.set(nodeParent);
    this.nodeChild.set(nodeChild);
    this.nodeLevel.set(nodeLevel);
    this.nodeX0.set(nodeX0);
    this.nodeY0.set(nodeY0);
    this.nodeHead.set(nodeHead);
    this.nodeTail.set(nodeTail);
    this.nodeCount.set(nodeCount);
    this.nodeTotal.set(nodeTotal);
    this.nodeReach.set(nodeReach);
  }

  private allocateBlock(): number {
    let first = this.freeBlock;
    if (first !== NONE) {
      this.freeBlock = this.nodeHead[first];
    } else {
      if (this.nodeHighWater + 4 > this.nodeCapacity) this.growNodes(1 + (this.nodeCapacity - 1) * 2);
      first = this.nodeHighWater;
      this.nodeHighWater += 4;
    }
    this.liveNodes += 4;
    return first;
  }

  private freeNodeBlock(first: number): void {
    for (let q = 0; q < 4; q++) {
      this.nodeParent[first + q] = FREE;
      this.nodeChild[first + q] = NONE;
      this.nodeCount[first + q] = 0; // (collapse moves the items without unlinking them)
    }
    this.nodeHead[first] = this.freeBlock;
    this.freeBlock = first;
    this.liveNodes -= 4;
  }

  private resetNodes(): void {
    this.nodeHighWater = 1;
    this.freeBlock = NONE;
    this.liveNodes = 1;
    this.nodeParent[0] = NONE;
    this.nodeChild[0] = NONE;
    this.nodeLevel[0] = 0;
    this.nodeX0[0] = 0;
    this.nodeY0[0] = 0;
    this.nodeHead[0] = NONE;
    this.nodeTail[0] = NONE;
    this.nodeCount[0] = 0;
    this.clearReach(0);
    this.nodeTotal[0] = 0;
  }

  /** Back to the storage of a new tree once the last item is removed. */
  private releaseStorage(): void {
    if (this.itemCapacity > INITIAL_ITEMS) this.allocateItems(INITIAL_ITEMS);
    this.itemRefs = [];
    this.itemHighWater = 0;
    this.freeItem = NONE;
    this.parked = 0;
    if (this.nodeCapacity > 1 + 4 * INITIAL_BLOCKS) this.allocateNodes(1 + 4 * INITIAL_BLOCKS);
    this.resetNodes();
    this.handles = new Map();
    this.scratch.length = 0;
    this.allocateRuns(0); // (reallocated at the next walk)
  }
}

/**
 * Parameter t ≥ 0 at which the segment p + t·d, t ∈ [0, maxT], enters the closed box, or −1 when it
 * misses. Slab method; a zero direction component means the segment must already be inside that slab.
 */
function rayEnter(
  x: number,
  y: number,
  dirX: number,
  dirY: number,
  maxT: number,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
): number {
  let tMin = 0;
  let tMax = maxT;
  if (dirX === 0) {
    if (x < minX || x > maxX) return -1;
  } else {
    // Division, not multiplication by 1/dirX: 1/dirX overflows for tiny dirX and 0·∞ is NaN.
    let t0 = (minX - x) / dirX;
    let t1 = (maxX - x) / dirX;
    if (t0 > t1) {
      const swap = t0;
      t0 = t1;
      t1 = swap;
    }
    if (t0 > tMin) tMin = t0;
    if (t1 < tMax) tMax = t1;
    if (tMin > tMax) return -1;
  }
  if (dirY === 0) {
    if (y < minY || y > maxY) return -1;
  } else {
    let t0 = (minY - y) / dirY;
    let t1 = (maxY - y) / dirY;
    if (t0 > t1) {
      const swap = t0;
      t0 = t1;
      t1 = swap;
    }
    if (t0 > tMin) tMin = t0;
    if (t1 < tMax) tMax = t1;
    if (tMin > tMax) return -1;
  }
  return tMin;
}

/** Copies pair-walk entry `from` (handle, box, cell range) to slot `to`. */
function copyEntry(ids: Int32Array, boxes: Float64Array, cells: Int32Array, from: number, to: number): void {
  const f4 = from << 2;
  const t4 = to << 2;
  boxes[t4] = boxes[f4];
  boxes[t4 + 1] = boxes[f4 + 1];
  boxes[t4 + 2] = boxes[f4 + 2];
  boxes[t4 + 3] = boxes[f4 + 3];
  cells[t4] = cells[f4];
  cells[t4 + 1] = cells[f4 + 1];
  cells[t4 + 2] = cells[f4 + 2];
  cells[t4 + 3] = cells[f4 + 3];
  ids[to] = ids[from];
}

/**
 * Reports a leaf's buffered hits (segment entries hitQ[k], hitP[k]); true when the visitor asked
 * to stop.
 */
function reportHits<T extends Rect>(
  hitQ: Int32Array,
  hitP: Int32Array,
  hits: number,
  ids: Int32Array,
  refs: readonly (T | undefined)[],
  visit: PairVisitor<T>,
): boolean {
  for (let k = 0; k < hits; k++) {
    if (visit(refs[ids[hitQ[k]]] as T, refs[ids[hitP[k]]] as T) === false) return true;
  }
  return false;
}

/** Pushes a pair-walk stack entry (node, segment start, segment end); returns the new stack size. */
function pushEntry(stack: Int32Array, sp: number, node: number, start: number, end: number): number {
  stack[sp] = node;
  stack[sp + 1] = start;
  stack[sp + 2] = end;
  return sp + 3;
}

/** Squared distance from (x, y) to the closed box; 0 inside. */
function boxDistanceSquared(
  x: number,
  y: number,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
): number {
  const dx = minX > x ? minX - x : x > maxX ? x - maxX : 0;
  const dy = minY > y ? minY - y : y > maxY ? y - maxY : 0;
  return dx * dx + dy * dy;
}

function describeRect(item: Rect): Rect {
  return { x: item.x, y: item.y, width: item.width, height: item.height };
}
