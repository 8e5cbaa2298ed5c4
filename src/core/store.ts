import { copyBox, MAX_LEVELS, NONE, TreeArrays } from './arrays.js';
import { childIndex, homeLevel } from './cells.js';

/** settleAsBuilt's depth-first stack: never more than 3 nodes per level plus one. */
const settleStack = new Int32Array(3 * MAX_LEVELS + 2);

/**
 * The operations that change the tree: filing, moving and removing items, splitting over-full
 * leaves and folding small subtrees back. The arrays they work on are in {@link TreeArrays}.
 *
 * Layout. Each box is stored exactly once, in the deepest node whose cell fully contains it (a box
 * crossing a split line stays in the parent). Nodes live in typed arrays addressed by integer ids,
 * children allocated four at a time in Z (Morton) order: child 0 top-left, 1 top-right,
 * 2 bottom-left, 3 bottom-right. A box's target node follows from its cell range in O(1) (see
 * `cells.ts`), and moving a box inside its node costs O(1).
 */
export class TreeStore extends TreeArrays {
  /** Cell range of the item being filed or moved (see {@link rangeOfItem}). */
  private readonly range = new Int32Array(4);
  /** Cell range of an item met while splitting or widening a reach box. */
  private readonly other = new Int32Array(4);
  /**
   * While moveAll commits: the caller's array, holding every live id h's new box at
   * source[4h … 4h + 3]. The boxes are read from there instead of their slots, so the commit does
   * not scatter writes over the slots (it lays them out from this array afterwards, see batch.ts).
   */
  source: Float64Array | Float32Array | null = null;
  /** What the last clear() of a non-empty tree reset (see {@link keepCleared}); [0] = 0 once used up. */
  private readonly cleared = new Int32Array(10);

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
    const h4 = this.slotOf[h] << 2;
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
    copyBox(src, o, this.boxes, this.slotOf[h] << 2);
    return this.file(h);
  }

  /** Files new id h, whose box is stored. */
  private file(h: number): number {
    this.runsStale = true;
    this.rangeOfItem(h, this.range);
    this.nodeTotal[0]++;
    this.fileFrom(h, 0);
    return h;
  }

  /**
   * Stores a new box for live id h (written by the caller into its slot already) and
   * re-files it if it left its node. O(1) when it stays. Returns true when it changed node.
   * (Callers write the box themselves: doubles passed to a call that is not inlined are boxed on
   * the heap, and the per-frame paths must not allocate.)
   */
  reclassify(h: number): boolean {
    this.rangeOfItem(h, this.range);
    const range = this.range;
    return this.refileIn(h, range[0], range[1], range[2], range[3]);
  }

  /**
   * {@link reclassify} with the new box's cell range given (moveAll computes it from the caller's
   * array, which saves the round trip through the scratch range on every box).
   */
  refileIn(h: number, lox: number, loy: number, hix: number, hiy: number): boolean {
    this.runsStale = true;
    // blockHolds, reachAt and rangeGroup, written out on the node's fields read once: moveAll runs
    // this for every box, and through those calls (and growReach) it took 0.28-0.31 ms a frame at
    // 10k instead of 0.25.
    const n = this.itemNode[h];
    const level = this.nodeLevel[n];
    const depth = this.maxDepth;
    const x0 = this.nodeX0[n];
    const y0 = this.nodeY0[n];
    const span = 1 << (depth - level);
    if (lox >= x0 && hix < x0 + span && loy >= y0 && hiy < y0 + span) {
      // Still inside the node: it stays unless the node has children and the item now fits one.
      const first = this.nodeChild[n];
      if (first === NONE) return false;
      if (homeLevel(lox, loy, hix, hiy, depth) <= level) {
        // Still crossing a midline here, maybe reaching further: grow its reach box (40% of the
        // boxes in the bench's scenes come here).
        const midX = x0 + (span >> 1);
        const r = ((first - 1) << 1) + 4 * (1 - (Number(lox < midX) & Number(hix >= midX)));
        widen(this.nodeReach, r, lox, loy, hix, hiy);
        return false;
      }
    }
    const range = this.range;
    range[0] = lox;
    range[1] = loy;
    range[2] = hix;
    range[3] = hiy;
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
    for (let m = n; m !== NONE; m = this.parentOf(m)) {
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
    if (this.count > 0) this.keepCleared();
    this.count = 0;
    this.itemHighWater = 0;
    this.freeItem = NONE;
    this.resetNodes();
    this.runsStale = true;
  }

  /**
   * Saves what clear() is about to reset: the counters and the root's fields. Every other array
   * still holds the cleared tree afterwards, so with these it can be brought back (see
   * {@link restoreCleared}) until an id is handed out again.
   */
  private keepCleared(): void {
    const kept = this.cleared;
    kept[0] = this.count;
    kept[1] = this.itemHighWater;
    kept[2] = this.freeItem;
    kept[3] = this.nodeHighWater;
    kept[4] = this.freeBlock;
    kept[5] = this.liveNodes;
    kept[6] = this.nodeChild[0];
    kept[7] = this.nodeHead[0];
    kept[8] = this.nodeCount[0];
    kept[9] = this.nodeTotal[0];
  }

  /** How many ids {@link restoreCleared} can bring back: those of the last clear(), until an id is handed out. */
  clearedCount(): number {
    return this.itemHighWater === 0 ? this.cleared[0] : 0;
  }

  /**
   * Brings back the tree the last clear() emptied, if it held exactly ids 0 … m − 1 and nothing
   * has been added since; returns false (changing nothing) otherwise. The ids are back in their
   * old nodes and slots with their old boxes, and the caller must move them all next. (The
   * clear-and-insert-everything loop inserts the same items in the same order every frame:
   * re-filing the few that changed node costs what a refresh does, a fraction of filing all of
   * them again.)
   */
  restoreCleared(m: number): boolean {
    const kept = this.cleared;
    if (this.itemHighWater !== 0 || kept[0] !== m || kept[1] !== m || kept[2] !== NONE || m === 0)
      return false;
    kept[0] = 0; // (used up)
    this.count = m;
    this.itemHighWater = m;
    this.nodeHighWater = kept[3];
    this.freeBlock = kept[4];
    this.liveNodes = kept[5];
    this.nodeChild[0] = kept[6];
    this.nodeHead[0] = kept[7];
    this.nodeCount[0] = kept[8];
    this.nodeTotal[0] = kept[9];
    this.runsStale = true;
    // Empty every reach box (those of free blocks too: cheaper than finding the live ones). Every
    // id is moved next and grows its node's again, so they end as tight as adds from scratch
    // leave them; moves alone only ever widen them.
    this.emptyReaches(0, (this.nodeHighWater - 1) << 1);
    return true;
  }

  /**
   * Gives the tree, after moveAll brought a cleared tree back, what adds from scratch would have
   * built: folds every subtree of maxObjects boxes or fewer into its root (moves fold only at half
   * that, so that a node does not split and fold on every move), and puts every node's list back
   * in id order (moves append to the lists; a list is what a search reads while the layout is
   * stale, so its order is the order of the answers).
   */
  settleAsBuilt(): void {
    this.foldSmallSubtrees();
    this.listInIdOrder();
  }

  /**
   * settleAsBuilt's fold, which also empties every list for {@link listInIdOrder}. (Each pass over
   * every node or id is the last thing its function does: see core/layout.ts.)
   */
  private foldSmallSubtrees(): void {
    const stack = settleStack; // (collapse uses workStack)
    const head = this.nodeHead;
    stack[0] = 0;
    let sp = 1;
    while (sp > 0) {
      const n = stack[--sp];
      const first = this.nodeChild[n];
      if (first !== NONE && this.nodeTotal[n] <= this.maxObjects) this.collapse(n);
      head[n] = NONE;
      if (this.nodeChild[n] === NONE) continue;
      stack[sp++] = first + 3;
      stack[sp++] = first + 2;
      stack[sp++] = first + 1;
      stack[sp++] = first;
    }
  }

  /**
   * Lists every live id in its node, in id order: prepending them from the highest down leaves
   * each list ascending. (The back links form a ring: the first id's points to the last.)
   */
  private listInIdOrder(): void {
    const head = this.nodeHead;
    const next = this.itemNext;
    const prev = this.itemPrev;
    for (let h = this.itemHighWater - 1; h >= 0; h--) {
      const n = this.itemNode[h];
      if (n < 0) continue;
      const old = head[n];
      if (old === NONE) {
        next[h] = NONE;
        prev[h] = h;
      } else {
        next[h] = old;
        prev[h] = prev[old];
        prev[old] = h;
      }
      head[n] = h;
    }
  }

  /** The cell range of item h's box (in its slot, or in {@link source} during moveAll) into `out`. */
  private rangeOfItem(h: number, out: Int32Array): void {
    const source = this.source;
    if (source === null) this.cellRangeOf(this.boxes, this.slotOf[h] << 2, out, 0);
    else this.cellRangeOf(source, h << 2, out, 0);
  }

  private acquireId(): number {
    this.cleared[0] = 0; // (the cleared tree's storage is reused from here on)
    let h = this.freeItem;
    if (h !== NONE) {
      this.freeItem = this.itemNext[h];
    } else {
      if (this.itemHighWater === this.itemCapacity) this.growItems(this.itemCapacity * 2);
      h = this.itemHighWater++;
      // Slots are a permutation of the ids handed out, so the first slot past them is free.
      this.slotOf[h] = h;
      this.slotIds[h] = h;
    }
    this.count++;
    return h;
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
    while (!this.blockHolds(n, lox, loy, hix, hiy)) {
      this.nodeTotal[n]--;
      if (this.nodeChild[n] !== NONE && this.nodeTotal[n] <= this.mergeThreshold) collapseAt = n;
      n = this.parentOf(n);
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
    const cells = this.other;
    while (sp > 0) {
      const n = work[--sp];
      const first = this.allocateBlock();
      if (first === NONE) return; // out of memory: n stays an over-full leaf, exact but slower
      const level = this.nodeLevel[n];
      const shift = depth - level - 1;
      const half = 1 << shift;
      this.nodeChild[n] = first;
      this.blockParent[(first - 1) >> 2] = n;
      for (let q = 0; q < 4; q++) {
        const c = first + q;
        this.nodeChild[c] = NONE;
        this.nodeLevel[c] = level + 1;
        this.nodeX0[c] = this.nodeX0[n] + (q & 1) * half;
        this.nodeY0[c] = this.nodeY0[n] + (q >> 1) * half;
        this.nodeHead[c] = NONE;
        this.nodeCount[c] = 0;
        this.nodeTotal[c] = 0;
      }
      for (let i = this.nodeHead[n]; i !== NONE; ) {
        const nextItem = this.itemNext[i];
        this.rangeOfItem(i, cells);
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
      // The items left behind cross the new midlines: they define the node's reach. (During
      // moveAll an item not yet re-filed can sit here with a new box outside the node: its own
      // turn moves it out, and it must not widen the reach meanwhile.)
      this.clearReach(n);
      for (let i = this.nodeHead[n]; i !== NONE; i = this.itemNext[i]) {
        this.rangeOfItem(i, cells);
        if (this.blockHolds(n, cells[0], cells[1], cells[2], cells[3])) {
          this.growReach(n, cells[0], cells[1], cells[2], cells[3]);
        }
      }
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

  /**
   * Appends item h to node n's list, so lists (and a stale layout's results) keep the order items
   * arrived in. The head's back link points to the tail (the back links form a ring), which finds
   * the tail in O(1) without storing one per node.
   */
  private link(h: number, n: number): void {
    const head = this.nodeHead[n];
    this.itemNext[h] = NONE;
    if (head === NONE) {
      this.nodeHead[n] = h;
      this.itemPrev[h] = h;
    } else {
      const tail = this.itemPrev[head];
      this.itemNext[tail] = h;
      this.itemPrev[h] = tail;
      this.itemPrev[head] = h;
    }
    this.itemNode[h] = n;
    this.nodeCount[n]++;
    this.runsStale = true;
    if (this.nodeChild[n] !== NONE) this.growReachOf(n, h);
  }

  private unlink(h: number, n: number): void {
    const prev = this.itemPrev[h];
    const next = this.itemNext[h];
    const head = this.nodeHead[n];
    if (h === head) {
      this.nodeHead[n] = next;
      if (next !== NONE) this.itemPrev[next] = prev; // the tail, unless h was alone
    } else {
      this.itemNext[prev] = next;
      if (next !== NONE) this.itemPrev[next] = prev;
      else this.itemPrev[head] = prev; // h was the tail
    }
    if (--this.nodeCount[n] === 0) this.clearReach(n);
    this.runsStale = true;
  }

  /** Widens internal node n's reach box (vertical or horizontal midline crossers) to cover item h. */
  private growReachOf(n: number, h: number): void {
    const cells = this.other;
    this.rangeOfItem(h, cells);
    this.growReach(n, cells[0], cells[1], cells[2], cells[3]);
  }

  /**
   * Widens internal node n's reach box to cover the cell range lox … hix × loy … hiy of one of its
   * items. (refileIn does the same written out.)
   */
  private growReach(n: number, lox: number, loy: number, hix: number, hiy: number): void {
    widen(this.nodeReach, this.reachAt(n) + 4 * this.rangeGroup(n, lox, hix), lox, loy, hix, hiy);
  }
}

/**
 * Widens the reach box at reach[r … r + 3] to cover the cell range lox … hix × loy … hiy. (Min/max,
 * not compare-and-store: moveAll does this for every straddler that stays, 40% of the boxes in the
 * bench's scenes, and which box sticks out furthest follows no pattern; this and a branch-free
 * rangeGroup made moveAll 3–7% faster.)
 */
function widen(reach: Uint16Array, r: number, lox: number, loy: number, hix: number, hiy: number): void {
  reach[r] = Math.min(reach[r], lox);
  reach[r + 1] = Math.min(reach[r + 1], loy);
  reach[r + 2] = Math.max(reach[r + 2], hix);
  reach[r + 3] = Math.max(reach[r + 3], hiy);
}
