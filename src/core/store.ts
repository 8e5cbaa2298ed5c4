import { cellHi, cellLo, childIndex, homeLevel } from './cells.js';
import { Scratch } from './scratch.js';

/** "No item / no node" in the id and link arrays. */
export const NONE = -1;
/** nodeParent value of a node slot that sits in the free list. */
export const FREE = -2;
/** Cell coordinates are stored as Uint16, so the grid has at most 2^16 cells a side. */
export const MAX_LEVELS = 16;
const INITIAL_ITEMS = 64;
const INITIAL_BLOCKS = 16;

/**
 * The index's storage and the operations that change the tree: every other file of the core
 * reads these arrays, and only this one writes them.
 *
 * Layout. Each box is stored exactly once, in the deepest node whose cell fully contains it (a box
 * crossing a split line stays in the parent). Nodes live in typed arrays addressed by integer ids,
 * children allocated four at a time in Z (Morton) order: child 0 top-left, 1 top-right,
 * 2 bottom-left, 3 bottom-right. A box's target node follows from its cell range in O(1) (see
 * `cells.ts`), and moving a box inside its cell costs O(1).
 *
 * Item id h owns boxes[4h..4h+3] = minX, minY, maxX, maxY. Its cell range on the deepest grid
 * (lowX, lowY, highX, highY) is not stored: it is recomputed from the box where needed (four
 * multiplications), which saves 16 bytes per item here and in the pair walk's copy. A node's
 * items form a doubly linked list through itemNext/itemPrev; free ids are chained through itemNext.
 * @internal
 */
export class TreeStore {
  readonly maxObjects: number;
  readonly maxDepth: number;
  readonly gridSize: number;
  readonly originX: number;
  readonly originY: number;
  /** Grid cells per world unit. */
  readonly scaleX: number;
  readonly scaleY: number;
  /** A node whose subtree holds this many items or fewer folds its children back into itself. */
  readonly mergeThreshold: number;
  /** Slack added to float node bounds in ray and nearest searches (rounding of the cell mapping). */
  readonly slackX: number;
  readonly slackY: number;

  itemCapacity = 0;
  /** One past the highest id ever handed out since the last clear. */
  itemHighWater = 0;
  freeItem = NONE;
  count = 0;
  boxes!: Float64Array;
  /** Cell range of the item being filed or moved (see {@link loadRange}). */
  readonly range = new Int32Array(4);
  /** Cell range of an item met while splitting or widening a reach box. */
  private readonly other = new Int32Array(4);
  /** Node holding each id, or NONE for a free id. */
  itemNode!: Int32Array;
  itemNext!: Int32Array;
  itemPrev!: Int32Array;

  // Nodes: the root is node 0; children come in blocks of four consecutive ids. A freed block is
  // chained through nodeHead of its first node.
  nodeCapacity = 0;
  nodeHighWater = 0;
  liveNodes = 0;
  freeBlock = NONE;
  nodeParent!: Int32Array;
  nodeChild!: Int32Array;
  nodeLevel!: Uint8Array;
  /** Deepest-grid cell coordinates of the node's top-left cell. */
  nodeX0!: Int32Array;
  nodeY0!: Int32Array;
  nodeHead!: Int32Array;
  nodeTail!: Int32Array;
  /** Items stored in the node itself. */
  nodeCount!: Int32Array;
  /** Items stored in the node's whole subtree. */
  nodeTotal!: Int32Array;
  /**
   * For internal nodes, 8 cells per node: the bounding cell range of the node's own items that
   * cross its vertical midline, then of those that cross only the horizontal one (lo > hi when
   * empty). The crossing items of a node lie along its midline cross; a query that reaches neither
   * box skips them without walking the list. Grown on link, recomputed on split, reset when the
   * node's list empties: always a superset of the items' ranges.
   */
  nodeReach!: Uint16Array;
  /** Start of each node's entries in the pair walk's copy (see pairs.ts). */
  runStart!: Int32Array;
  /** The pair walk's copy of the boxes and ids, in walk order (see pairs.ts). */
  runBoxes = new Float64Array(0);
  runIds = new Int32Array(0);
  /** True when a box moved or changed node since the copy was built. */
  runsStale = true;
  /** Searches made since the copy went stale (see QuadIndex#runSearch). */
  staleSearches = 0;

  /** Traversals under way (a visitor may start another); the tree must not change meanwhile. */
  busy = 0;
  readonly scratch: Scratch[] = [];
  /** Work stack for split, collapse and the run layout; never more than 3·depth + 1 nodes. */
  readonly workStack = new Int32Array(3 * MAX_LEVELS + 2);

  /** Arguments are validated by the caller (see options.ts). */
  constructor(
    originX: number,
    originY: number,
    width: number,
    height: number,
    maxObjects: number,
    depth: number,
  ) {
    this.maxObjects = maxObjects;
    this.maxDepth = depth;
    this.mergeThreshold = maxObjects >> 1; // half, so that a node does not split and merge on every move
    this.gridSize = 1 << depth;
    this.originX = originX;
    this.originY = originY;
    this.scaleX = this.gridSize / width;
    this.scaleY = this.gridSize / height;
    // Cell mapping rounds by a few ulps of the coordinates involved; 2^-40 is thousands of ulps.
    this.slackX = (Math.abs(originX) + width) * 2 ** -40;
    this.slackY = (Math.abs(originY) + height) * 2 ** -40;
    this.allocateItems(INITIAL_ITEMS);
    this.allocateNodes(1 + 4 * INITIAL_BLOCKS);
    this.resetNodes();
  }

  /** True when `id` is a live item id (any number accepted). */
  isLive(id: number): boolean {
    return id >= 0 && id < this.itemHighWater && (id | 0) === id && this.itemNode[id] >= 0;
  }

  /** Borrows the traversal buffers of the current nesting level and marks the tree busy. */
  enter(): Scratch {
    let ctx = this.scratch[this.busy];
    if (ctx === undefined) {
      ctx = new Scratch();
      this.scratch[this.busy] = ctx;
    }
    this.busy++;
    return ctx;
  }

  // ---------------------------------------------------------------------------------------------
  // Items

  /** Makes room for `extra` more ids without growing again. */
  reserve(extra: number): void {
    const needed = this.count + extra;
    if (needed > this.itemCapacity) this.growItems(needed);
  }

  /** Files a new box (validated by the caller) and returns its id. */
  add(minX: number, minY: number, maxX: number, maxY: number): number {
    const h = this.acquireId();
    const h4 = h << 2;
    const boxes = this.boxes;
    boxes[h4] = minX;
    boxes[h4 + 1] = minY;
    boxes[h4 + 2] = maxX;
    boxes[h4 + 3] = maxY;
    return this.file(h);
  }

  /**
   * {@link add} with the box read from src[o … o + 3]: no double crosses a call boundary, so none
   * is boxed on the heap (an array insert of the object tree adds every item this way).
   */
  addFrom(src: Float64Array, o: number): number {
    const h = this.acquireId();
    const h4 = h << 2;
    const boxes = this.boxes;
    boxes[h4] = src[o];
    boxes[h4 + 1] = src[o + 1];
    boxes[h4 + 2] = src[o + 2];
    boxes[h4 + 3] = src[o + 3];
    return this.file(h);
  }

  /** Files new id h, whose box is stored. */
  private file(h: number): number {
    this.runsStale = true;
    this.loadRange(h);
    this.nodeTotal[0]++;
    this.fileFrom(h, 0);
    return h;
  }

  /**
   * Stores a new box for live id h (written by the caller into boxes[4h..4h+3] already) and
   * re-files it if it left its node. O(1) when it stays. Returns true when it changed node.
   * (Callers write the box themselves: doubles passed to a call that is not inlined are boxed on
   * the heap, and the per-frame paths must not allocate.)
   */
  reclassify(h: number): boolean {
    this.runsStale = true;
    this.loadRange(h);
    const range = this.range;
    const lox = range[0];
    const loy = range[1];
    const hix = range[2];
    const hiy = range[3];
    const n = this.itemNode[h];
    const level = this.nodeLevel[n];
    const span = 1 << (this.maxDepth - level);
    const x0 = this.nodeX0[n];
    const y0 = this.nodeY0[n];
    if (lox >= x0 && hix < x0 + span && loy >= y0 && hiy < y0 + span) {
      // Still inside the node: it stays unless the node has children and the item now fits one.
      if (this.nodeChild[n] === NONE) return false;
      if (homeLevel(lox, loy, hix, hiy, this.maxDepth) <= level) {
        this.growReach(n, h); // still crossing a midline here, maybe reaching further
        return false;
      }
    }
    this.relocate(h, n);
    return true;
  }

  /** Removes live id h; its id becomes free for reuse. */
  remove(h: number): void {
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
    this.itemNode[h] = NONE;
    this.itemNext[h] = this.freeItem;
    this.freeItem = h;
    this.count--;
    if (this.count === 0) this.releaseStorage();
  }

  /**
   * Removes every item but keeps the storage. Ids are handed out from 0 again, in order, so a
   * caller that clears and re-adds the same boxes in the same order gets the same ids back.
   */
  clear(): void {
    this.count = 0;
    this.itemHighWater = 0;
    this.freeItem = NONE;
    this.resetNodes();
    this.runsStale = true;
  }

  private acquireId(): number {
    let h = this.freeItem;
    if (h !== NONE) {
      this.freeItem = this.itemNext[h];
    } else {
      if (this.itemHighWater === this.itemCapacity) this.growItems(this.itemCapacity * 2);
      h = this.itemHighWater++;
    }
    this.count++;
    return h;
  }

  /** Computes the cell range of item h's stored box into {@link range}. */
  private loadRange(h: number): void {
    this.cellRangeOf(this.boxes, h << 2, this.range, 0);
  }

  /** Writes the cell range of the box src[o … o + 3] into out[k … k + 3]. */
  cellRangeOf(src: Float64Array, o: number, out: Int32Array, k: number): void {
    const grid = this.gridSize;
    const lox = cellLo(src[o], this.originX, this.scaleX, grid);
    const loy = cellLo(src[o + 1], this.originY, this.scaleY, grid);
    out[k] = lox;
    out[k + 1] = loy;
    out[k + 2] = cellHi(src[o + 2], this.originX, this.scaleX, grid, lox);
    out[k + 3] = cellHi(src[o + 3], this.originY, this.scaleY, grid, loy);
  }

  /** Moves item h out of node n into the node its (new) cell range belongs to. */
  private relocate(h: number, n: number): void {
    this.unlink(h, n);
    const range = this.range;
    const lox = range[0];
    const loy = range[1];
    const hix = range[2];
    const hiy = range[3];
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
   * of the item's cell range (in {@link range}), as deep as existing nodes and the range allow,
   * and files it there.
   */
  private fileFrom(h: number, start: number): void {
    const range = this.range;
    const lox = range[0];
    const loy = range[1];
    const spread = (lox ^ range[2]) | (loy ^ range[3]);
    const depth = this.maxDepth;
    let n = start;
    for (;;) {
      const first = this.nodeChild[n];
      if (first === NONE) break;
      const shift = depth - this.nodeLevel[n] - 1;
      if (spread >> shift !== 0) break; // crosses this node's split lines
      n = first + childIndex(lox, loy, shift);
      this.nodeTotal[n]++;
    }
    this.link(h, n);
    if (this.nodeChild[n] === NONE && this.nodeCount[n] > this.maxObjects && this.nodeLevel[n] < depth) {
      this.split(n);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Nodes

  /** Splits an over-full leaf, pushing down the items that fit a child; repeats on over-full children. */
  private split(leaf: number): void {
    const work = this.workStack;
    work[0] = leaf;
    let sp = 1;
    const depth = this.maxDepth;
    const boxes = this.boxes;
    const cells = this.other;
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
      for (let i = this.nodeHead[n]; i !== NONE; ) {
        const nextItem = this.itemNext[i];
        this.cellRangeOf(boxes, i << 2, cells, 0);
        const lox = cells[0];
        const loy = cells[1];
        if (((lox ^ cells[2]) | (loy ^ cells[3])) >> shift === 0) {
          const c = first + childIndex(lox, loy, shift);
          this.unlink(i, n);
          this.link(i, c);
          this.nodeTotal[c]++;
        }
        i = nextItem;
      }
      // The items left behind cross the new midlines: they define the node's reach.
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

  /** Widens internal node n's reach box (vertical or horizontal midline crossers) to cover item h. */
  private growReach(n: number, h: number): void {
    const cells = this.other;
    this.cellRangeOf(this.boxes, h << 2, cells, 0);
    const lox = cells[0];
    const hix = cells[2];
    const midX = this.nodeX0[n] + (1 << (this.maxDepth - this.nodeLevel[n] - 1));
    const r = (n << 3) + (lox < midX && hix >= midX ? 0 : 4);
    const reach = this.nodeReach;
    if (lox < reach[r]) reach[r] = lox;
    if (cells[1] < reach[r + 1]) reach[r + 1] = cells[1];
    if (hix > reach[r + 2]) reach[r + 2] = hix;
    if (cells[3] > reach[r + 3]) reach[r + 3] = cells[3];
  }

  private clearReach(n: number): void {
    const reach = this.nodeReach;
    for (let k = n << 3, end = k + 8; k < end; k += 4) {
      reach[k] = 0xffff;
      reach[k + 1] = 0xffff;
      reach[k + 2] = 0;
      reach[k + 3] = 0;
    }
  }

  /** True when the cell range meets one of internal node n's reach boxes. */
  reaches(n: number, lox: number, loy: number, hix: number, hiy: number): boolean {
    const reach = this.nodeReach;
    for (let r = n << 3, end = r + 8; r < end; r += 4) {
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

  /** Float bounds of node c's block (see {@link cellBounds}), written into `out`. */
  nodeBounds(c: number, out: Float64Array): void {
    const last = (1 << (this.maxDepth - this.nodeLevel[c])) - 1;
    this.cellBounds(this.nodeX0[c], this.nodeY0[c], this.nodeX0[c] + last, this.nodeY0[c] + last, out);
  }

  /**
   * Float bounds holding every box whose cell range lies in lo … hi, widened by the mapping's
   * rounding slack, with the cells on the grid's border open towards infinity (that is where
   * boxes outside the root bounds are filed). Written into `out` as minX, minY, maxX, maxY.
   */
  cellBounds(lox: number, loy: number, hix: number, hiy: number, out: Float64Array): void {
    const grid = this.gridSize;
    out[0] = lox === 0 ? Number.NEGATIVE_INFINITY : this.originX + lox / this.scaleX - this.slackX;
    out[1] = loy === 0 ? Number.NEGATIVE_INFINITY : this.originY + loy / this.scaleY - this.slackY;
    out[2] =
      hix + 1 === grid ? Number.POSITIVE_INFINITY : this.originX + (hix + 1) / this.scaleX + this.slackX;
    out[3] =
      hiy + 1 === grid ? Number.POSITIVE_INFINITY : this.originY + (hiy + 1) / this.scaleY + this.slackY;
  }

  /**
   * Float bounds of internal node n's reach box g (0: its boxes crossing the vertical midline,
   * 1: the others, crossing only the horizontal one) into `out`; false when the group is empty.
   */
  reachBounds(n: number, g: number, out: Float64Array): boolean {
    const r = (n << 3) + 4 * g;
    const reach = this.nodeReach;
    if (reach[r] > reach[r + 2]) return false;
    this.cellBounds(reach[r], reach[r + 1], reach[r + 2], reach[r + 3], out);
    return true;
  }

  /** Which reach group (see {@link reachBounds}) box h of internal node n belongs to. */
  reachGroup(n: number, h: number): number {
    const midX = this.nodeX0[n] + (1 << (this.maxDepth - this.nodeLevel[n] - 1));
    const h4 = h << 2;
    const grid = this.gridSize;
    const lox = cellLo(this.boxes[h4], this.originX, this.scaleX, grid);
    if (lox >= midX) return 1;
    return cellHi(this.boxes[h4 + 2], this.originX, this.scaleX, grid, lox) >= midX ? 0 : 1;
  }

  // ---------------------------------------------------------------------------------------------
  // Storage

  private allocateItems(capacity: number): void {
    this.itemCapacity = capacity;
    this.boxes = new Float64Array(capacity * 4);
    this.itemNode = new Int32Array(capacity);
    this.itemNext = new Int32Array(capacity);
    this.itemPrev = new Int32Array(capacity);
  }

  private growItems(capacity: number): void {
    const { boxes, itemNode, itemNext, itemPrev } = this;
    this.allocateItems(capacity);
    this.boxes.set(boxes);
    this.itemNode.set(itemNode);
    this.itemNext.set(itemNext);
    this.itemPrev.set(itemPrev);
    if (this.runIds.length > 0) this.allocateRuns(capacity);
  }

  /** The pair walk's copy, for `capacity` items (its contents are rebuilt before use). */
  allocateRuns(capacity: number): void {
    this.runBoxes = new Float64Array(capacity * 4);
    this.runIds = new Int32Array(capacity);
    this.runsStale = true;
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

  /** Back to the storage of a new index once the last item is removed. */
  private releaseStorage(): void {
    if (this.itemCapacity > INITIAL_ITEMS) this.allocateItems(INITIAL_ITEMS);
    this.itemHighWater = 0;
    this.freeItem = NONE;
    if (this.nodeCapacity > 1 + 4 * INITIAL_BLOCKS) this.allocateNodes(1 + 4 * INITIAL_BLOCKS);
    this.resetNodes();
    this.scratch.length = 0;
    this.allocateRuns(0); // (reallocated at the next walk)
  }

  /** Bytes held in typed arrays, traversal buffers included. */
  arrayBytes(): number {
    let bytes = 0;
    for (const array of [
      this.boxes,
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
      this.runIds,
    ]) {
      bytes += array.byteLength;
    }
    for (const ctx of this.scratch) bytes += ctx.byteLength();
    return bytes;
  }
}
