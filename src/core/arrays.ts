import { cellHi, cellLo } from './cells.js';
import type { LongRuns } from './longRuns.js';
import { resize } from './resize.js';
import { Scratch } from './scratch.js';

/** "No item / no node" in the id and link arrays. */
export const NONE = -1;
/** blockParent value of a block of nodes that sits in the free list. */
export const FREE = -2;
/** Cell coordinates are stored as Uint16, so the grid has at most 2^16 cells a side. */
export const MAX_LEVELS = 16;
const INITIAL_ITEMS = 64;
const INITIAL_BLOCKS = 16;

/**
 * The index's typed arrays and their allocation: items and their box slots, node slots (allocated
 * four at a time) and the traversal buffers, plus the read-only helpers that map cell ranges to
 * float bounds. The operations that change the tree are in {@link TreeStore}, which extends this
 * class. The other files of the core take a TreeArrays: they read the tree and never change it
 * (except that layout.ts lays the slots out again: the same boxes, in walk order).
 *
 * Each box is stored once, in a slot: item id h's box is boxes[4s..4s+3] = minX, minY, maxX, maxY
 * with s = slotOf[h], and slotIds[s] = h. The two are inverse permutations of 0 … itemHighWater − 1
 * (a free id keeps its slot for its next use). When the layout is current (runsStale false) the
 * slots are in the order the pair walk visits the nodes: node n's items are slots runStart[n] …
 * runStart[n] + nodeCount[n] − 1, so the walk and the searches read the boxes in order, and the
 * free ids' slots come after the live ones (see layout.ts). A change leaves every box in
 * its slot and only marks the layout stale; the next walk (or enough searches) lays it out again.
 * A box's cell range on the deepest grid (lowX, lowY, highX, highY) is not stored: it is recomputed
 * from the box where needed (four multiplications), which saves 16 bytes per item. A node's items
 * also form a list through itemNext/itemPrev (the back links a ring: the first item's points to the
 * last), which is how a stale layout is read; free ids are chained through itemNext.
 */
export class TreeArrays {
  // The constructor sets these; they start as numbers all the same. A class field declared without
  // a value is defined as undefined first (ES2022 fields), and V8 then stores it tagged: every read
  // in the hot loops (the cell mapping reads the origin and scale for every box) checks whether it
  // holds a small integer or a boxed double. Started as numbers, they are stored as numbers.
  readonly maxObjects: number = 0;
  readonly maxDepth: number = 0;
  readonly gridSize: number = 0;
  readonly originX: number = 0;
  readonly originY: number = 0;
  /** Grid cells per world unit. */
  readonly scaleX: number = 0;
  readonly scaleY: number = 0;
  /** World units per grid cell: width / 2^depth, exact (a power-of-two division). */
  readonly cellWidth: number = 0;
  readonly cellHeight: number = 0;
  /** A node whose subtree holds this many items or fewer folds its children back into itself. */
  readonly mergeThreshold: number = 0;
  /** Slack added to float node bounds in ray and nearest searches (rounding of the cell mapping). */
  readonly slackX: number = 0;
  readonly slackY: number = 0;

  itemCapacity = 0;
  /** One past the highest id ever handed out since the last clear. */
  itemHighWater = 0;
  freeItem = NONE;
  count = 0;
  /** Boxes by slot (see above). */
  boxes!: Float64Array;
  /** Slot of each id. */
  slotOf!: Int32Array;
  /** Id in each slot. */
  slotIds!: Int32Array;
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
  /**
   * Whether a split was given up since the tree was last emptied, the node arrays failing to grow
   * (see {@link allocateBlock}): some leaf may hold more than maxObjects boxes until an item is
   * next filed into it. validate() allows that only then.
   */
  splitSkipped = false;
  /** Parent of each block of four children (see {@link parentOf}), or FREE. */
  blockParent!: Int32Array;
  nodeChild!: Int32Array;
  nodeLevel!: Uint8Array;
  /** Deepest-grid cell coordinates of the node's top-left cell. */
  nodeX0!: Uint16Array;
  nodeY0!: Uint16Array;
  /** First item of the node's list (see itemNext). */
  nodeHead!: Int32Array;
  /** Items stored in the node itself. */
  nodeCount!: Int32Array;
  /** Items stored in the node's whole subtree. */
  nodeTotal!: Int32Array;
  /**
   * For internal nodes, 8 cells per node: the bounding cell range of the node's own items that
   * cross its vertical midline, then of those that cross only the horizontal one (lo > hi when
   * empty). The crossing items of a node lie along its midline cross; a query that reaches neither
   * box skips them without walking the list. Grown on link, recomputed on split, reset when the
   * node's list empties: always a superset of the items' ranges. Only internal nodes have one, so
   * it is stored with the node's block of children (see {@link reachAt}): a quarter of the memory.
   */
  nodeReach!: Uint16Array;
  /** First slot of each node's run when the layout is current (see layout.ts). */
  runStart!: Int32Array;
  /** True when a box moved, came or went since the slots were laid out in walk order. */
  runsStale = true;
  /** Layouts made so far: what the sorted views of long runs belong to (see longRuns.ts). */
  layouts = 0;
  /** Sorted views of long internal runs, made when searches need them (see longRuns.ts). */
  longRuns: LongRuns | null = null;
  /** Searches made since the layout went stale (see layout.ts, layOutForSearches). */
  staleSearches = 0;

  /** Traversals under way (a visitor may start another); the tree must not change meanwhile. */
  busy = 0;
  /**
   * Changes reading their input (a getter or an array entry of the caller's may run code that
   * tries to change the tree in the middle): the tree must not change meanwhile either.
   */
  readingInput = 0;
  /** True while changes are refused: a traversal is under way or a change is reading its input. */
  get locked(): boolean {
    return this.busy > 0 || this.readingInput > 0;
  }
  readonly scratch: Scratch[] = [];
  /** Work stack for split, collapse and the run layout; never more than 3·depth + 1 nodes. */
  readonly workStack = new Int32Array(3 * MAX_LEVELS + 2);
  /**
   * Work space of the sparse layout (see layout.ts): live ids, slots given up, boxes in their new
   * order. Empty until an index with far more ids handed out than live needs it, then sized by
   * the live count.
   */
  sparseIds = new Int32Array(0);
  sparseSlots = new Int32Array(0);
  sparseBoxes = new Float64Array(0);
  /**
   * moveAll's copy of an input it cannot read in place (a plain array, or a typed array over a
   * SharedArrayBuffer: see batch.ts). Empty until such an input comes; kept for the next call so
   * that a frame allocates nothing.
   */
  inputCopy: Float64Array = new Float64Array(0);

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
    this.cellWidth = width / this.gridSize;
    this.cellHeight = height / this.gridSize;
    // Cell mapping rounds by a few ulps of the coordinates involved; 2^-40 is thousands of ulps.
    this.slackX = (Math.abs(originX) + width) * 2 ** -40;
    this.slackY = (Math.abs(originY) + height) * 2 ** -40;
    this.sizeItems(INITIAL_ITEMS, false);
    this.sizeNodes(1 + 4 * INITIAL_BLOCKS, false);
    this.resetNodes();
  }

  /** True when `id` is a live item id (any number accepted). */
  isLive(id: number): boolean {
    return (
      typeof id === 'number' &&
      id >= 0 &&
      id < this.itemHighWater &&
      (id | 0) === id &&
      this.itemNode[id] >= 0
    );
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

  /**
   * Writes the cell range of the box src[o … o + 3] into out[k … k + 3]; o and k are multiples of 4
   * (o | 1 rather than o + 1: no overflow check, see pairs.ts, testRow).
   */
  cellRangeOf(src: Float64Array | Float32Array, o: number, out: Int32Array, k: number): void {
    const lox = cellLo(this, 0, src, o);
    const loy = cellLo(this, 1, src, o | 1);
    out[k] = lox;
    out[k | 1] = loy;
    out[k | 2] = cellHi(this, 0, src, o | 2, lox);
    out[k | 3] = cellHi(this, 1, src, o | 3, loy);
  }

  /** True when node n's block holds the cell range lox … hix × loy … hiy. */
  blockHolds(n: number, lox: number, loy: number, hix: number, hiy: number): boolean {
    const span = 1 << (this.maxDepth - this.nodeLevel[n]);
    const x0 = this.nodeX0[n];
    const y0 = this.nodeY0[n];
    return lox >= x0 && hix < x0 + span && loy >= y0 && hiy < y0 + span;
  }

  /** Node n's parent (NONE for the root). Four siblings share it, so it is stored once per block. */
  parentOf(n: number): number {
    return n === 0 ? NONE : this.blockParent[(n - 1) >> 2];
  }

  /** Where internal node n's reach boxes start in nodeReach: 8 entries per child block. */
  reachAt(n: number): number {
    return (this.nodeChild[n] - 1) << 1; // blocks start at node 1, four nodes each
  }

  /** Empties internal node n's reach boxes (leaves have none: nothing to do). */
  protected clearReach(n: number): void {
    if (this.nodeChild[n] === NONE) return;
    const k = this.reachAt(n);
    this.emptyReaches(k, k + 8);
  }

  /**
   * Empties the reach boxes stored in nodeReach[from … to − 1]: minimum corner at the highest cell
   * number, maximum at 0, so that the first cell range grown into one becomes the box.
   */
  protected emptyReaches(from: number, to: number): void {
    const reach = this.nodeReach;
    for (let k = from; k < to; k += 4) {
      reach[k] = 0xffff;
      reach[k + 1] = 0xffff;
      reach[k + 2] = 0;
      reach[k + 3] = 0;
    }
  }

  /**
   * True when the cell range meets one of internal node n's reach boxes. (Branch-free: whether a
   * search reaches a node's crossing boxes follows no pattern.)
   */
  reaches(n: number, lox: number, loy: number, hix: number, hiy: number): boolean {
    const reach = this.nodeReach;
    const r = this.reachAt(n);
    return (meetsReach(reach, r, lox, loy, hix, hiy) | meetsReach(reach, r + 4, lox, loy, hix, hiy)) !== 0;
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
    // (A multiplication by the exact cell size, not a division by the scale: one rounding instead
    // of two, and no division per node. No speed change measured in nearest(5) at 100k.)
    out[0] = lox === 0 ? Number.NEGATIVE_INFINITY : this.originX + lox * this.cellWidth - this.slackX;
    out[1] = loy === 0 ? Number.NEGATIVE_INFINITY : this.originY + loy * this.cellHeight - this.slackY;
    out[2] =
      hix + 1 === grid ? Number.POSITIVE_INFINITY : this.originX + (hix + 1) * this.cellWidth + this.slackX;
    out[3] =
      hiy + 1 === grid ? Number.POSITIVE_INFINITY : this.originY + (hiy + 1) * this.cellHeight + this.slackY;
  }

  /**
   * Float bounds of internal node n's reach box g (0: its boxes crossing the vertical midline,
   * 1: the others, crossing only the horizontal one) into `out`; false when the group is empty.
   */
  reachBounds(n: number, g: number, out: Float64Array): boolean {
    const r = this.reachAt(n) + 4 * g;
    const reach = this.nodeReach;
    if (reach[r] > reach[r + 2]) return false;
    this.cellBounds(reach[r], reach[r + 1], reach[r + 2], reach[r + 3], out);
    return true;
  }

  /** Which reach group (see {@link reachBounds}) box h of internal node n belongs to. */
  reachGroup(n: number, h: number): number {
    return this.boxGroup(n, this.boxes, this.slotOf[h] << 2);
  }

  /** {@link reachGroup} of the box at boxes[o … o + 3]. */
  boxGroup(n: number, boxes: Float64Array, o: number): number {
    const lox = cellLo(this, 0, boxes, o);
    return this.rangeGroup(n, lox, cellHi(this, 0, boxes, o + 2, lox));
  }

  /**
   * The reach group of a box of internal node n whose cell range spans lox … hix on x: 0 when it
   * crosses the node's vertical midline, 1 when it crosses only the horizontal one. (Branch-free:
   * the two are mixed at random.)
   */
  rangeGroup(n: number, lox: number, hix: number): number {
    const midX = this.nodeX0[n] + (1 << (this.maxDepth - this.nodeLevel[n] - 1));
    return 1 - (Number(lox < midX) & Number(hix >= midX));
  }

  // ---------------------------------------------------------------------------------------------
  // Storage

  /**
   * Sizes the item arrays for `capacity` ids, keeping their contents when `keep`. Every new array
   * is made before any is stored: an allocation that fails (reserve() of a count the machine
   * cannot hold) throws with the index as it was, not with a capacity its arrays do not have.
   */
  private sizeItems(capacity: number, keep: boolean): void {
    const boxes = resize(Float64Array, this.boxes, capacity * 4, keep);
    const itemNode = resize(Int32Array, this.itemNode, capacity, keep);
    const itemNext = resize(Int32Array, this.itemNext, capacity, keep);
    const itemPrev = resize(Int32Array, this.itemPrev, capacity, keep);
    const slotOf = resize(Int32Array, this.slotOf, capacity, keep);
    const slotIds = resize(Int32Array, this.slotIds, capacity, keep);
    this.boxes = boxes;
    this.itemNode = itemNode;
    this.itemNext = itemNext;
    this.itemPrev = itemPrev;
    this.slotOf = slotOf;
    this.slotIds = slotIds;
    this.itemCapacity = capacity;
  }

  protected growItems(capacity: number): void {
    this.sizeItems(capacity, true);
  }

  /** Sizes the node arrays for `capacity` nodes, keeping their contents when `keep` (all made first, as in sizeItems). */
  private sizeNodes(capacity: number, keep: boolean): void {
    const blockParent = resize(Int32Array, this.blockParent, (capacity - 1) >> 2, keep);
    const nodeChild = resize(Int32Array, this.nodeChild, capacity, keep);
    const nodeLevel = resize(Uint8Array, this.nodeLevel, capacity, keep);
    const nodeX0 = resize(Uint16Array, this.nodeX0, capacity, keep);
    const nodeY0 = resize(Uint16Array, this.nodeY0, capacity, keep);
    const nodeHead = resize(Int32Array, this.nodeHead, capacity, keep);
    const nodeCount = resize(Int32Array, this.nodeCount, capacity, keep);
    const nodeTotal = resize(Int32Array, this.nodeTotal, capacity, keep);
    const nodeReach = resize(Uint16Array, this.nodeReach, (capacity - 1) * 2, keep);
    const runStart = resize(Int32Array, this.runStart, capacity, false); // (rebuilt with the runs)
    this.blockParent = blockParent;
    this.nodeChild = nodeChild;
    this.nodeLevel = nodeLevel;
    this.nodeX0 = nodeX0;
    this.nodeY0 = nodeY0;
    this.nodeHead = nodeHead;
    this.nodeCount = nodeCount;
    this.nodeTotal = nodeTotal;
    this.nodeReach = nodeReach;
    this.runStart = runStart;
    this.nodeCapacity = capacity;
  }

  /**
   * A free block of four nodes, or NONE when the node arrays cannot grow (the machine is out of
   * memory). A split is only an optimisation: its caller leaves the leaf over-full, which every
   * query and the pair walk handle exactly, rather than leave a change half made (see
   * {@link splitSkipped}).
   */
  protected allocateBlock(): number {
    let first = this.freeBlock;
    if (first !== NONE) {
      this.freeBlock = this.nodeHead[first];
    } else {
      if (this.nodeHighWater + 4 > this.nodeCapacity) {
        // Half as much again (in whole blocks): doubling left a third of the node memory unused on average.
        const blocks = (this.nodeCapacity - 1) >> 2;
        try {
          this.sizeNodes(1 + 4 * (blocks + (blocks >> 1) + 1), true);
        } catch (error) {
          if (!(error instanceof RangeError)) throw error;
          this.splitSkipped = true;
          return NONE;
        }
      }
      first = this.nodeHighWater;
      this.nodeHighWater += 4;
    }
    this.liveNodes += 4;
    return first;
  }

  protected freeNodeBlock(first: number): void {
    for (let q = 0; q < 4; q++) {
      this.nodeChild[first + q] = NONE;
      this.nodeCount[first + q] = 0; // (collapse moves the items without unlinking them)
    }
    this.blockParent[(first - 1) >> 2] = FREE;
    this.nodeHead[first] = this.freeBlock;
    this.freeBlock = first;
    this.liveNodes -= 4;
  }

  protected resetNodes(): void {
    this.nodeHighWater = 1;
    this.freeBlock = NONE;
    this.splitSkipped = false;
    this.liveNodes = 1;
    this.nodeChild[0] = NONE;
    this.nodeLevel[0] = 0;
    this.nodeX0[0] = 0;
    this.nodeY0[0] = 0;
    this.nodeHead[0] = NONE;
    this.nodeCount[0] = 0;
    this.nodeTotal[0] = 0;
  }

  /** Back to the storage of a new index once the last item is removed. */
  protected releaseStorage(): void {
    if (this.itemCapacity > INITIAL_ITEMS) this.sizeItems(INITIAL_ITEMS, false);
    this.itemHighWater = 0;
    this.freeItem = NONE;
    if (this.nodeCapacity > 1 + 4 * INITIAL_BLOCKS) this.sizeNodes(1 + 4 * INITIAL_BLOCKS, false);
    this.resetNodes();
    this.scratch.length = 0;
    this.sparseIds = new Int32Array(0);
    this.sparseSlots = new Int32Array(0);
    this.sparseBoxes = new Float64Array(0);
    this.inputCopy = new Float64Array(0);
    this.longRuns = null;
    this.runsStale = true;
  }

  /** Bytes held in typed arrays, traversal buffers included. */
  arrayBytes(): number {
    let bytes = 0;
    for (const array of [
      this.boxes,
      this.itemNode,
      this.itemNext,
      this.itemPrev,
      this.slotOf,
      this.slotIds,
      this.blockParent,
      this.nodeChild,
      this.nodeLevel,
      this.nodeX0,
      this.nodeY0,
      this.nodeHead,
      this.nodeCount,
      this.nodeTotal,
      this.nodeReach,
      this.workStack,
      this.runStart,
      this.sparseIds,
      this.sparseSlots,
      this.sparseBoxes,
      this.inputCopy,
    ]) {
      bytes += array.byteLength;
    }
    for (const ctx of this.scratch) bytes += ctx.byteLength();
    if (this.longRuns !== null) bytes += this.longRuns.byteLength();
    return bytes;
  }
}

/** Copies the box at src[i … i + 3] to dst[j … j + 3] (a subarray view would allocate). */
export function copyBox(src: Float64Array, i: number, dst: Float64Array, j: number): void {
  dst[j] = src[i];
  dst[j + 1] = src[i + 1];
  dst[j + 2] = src[i + 2];
  dst[j + 3] = src[i + 3];
}

/** 1 when the cell range meets the (non-empty) reach box at reach[r … r + 3], else 0; branch-free. */
function meetsReach(
  reach: Uint16Array,
  r: number,
  lox: number,
  loy: number,
  hix: number,
  hiy: number,
): number {
  return (
    Number(reach[r] <= reach[r + 2]) &
    Number(lox <= reach[r + 2]) &
    Number(hix >= reach[r]) &
    Number(loy <= reach[r + 3]) &
    Number(hiy >= reach[r + 1])
  );
}
