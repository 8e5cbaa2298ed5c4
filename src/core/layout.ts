import { copyBox, NONE, type TreeArrays } from './arrays.js';

/*
 * The layout of the boxes in their slots (see TreeArrays): laid out, each node's boxes are
 * consecutive and the nodes follow the pair walk's depth-first order, so the walk and the
 * searches read memory in order. Any change marks the layout stale; the pair walk lays it out
 * before it starts, searches once enough of them have paid for it, moveAll right away.
 */

/**
 * Lays the slots out in the order the pair walk visits the nodes: node n's boxes become slots
 * runStart[n] … runStart[n] + nodeCount[n] − 1, ids ascending within a node, and the free ids'
 * slots follow the live ones. Reading the boxes through the node lists instead costs a cache miss
 * per box (ids are in creation order, nodes scattered); laid out, the walk and the searches read
 * them in order. The boxes are moved in place, one cycle of the permutation at a time, so the
 * index keeps a single copy of them.
 */
export function layOutRuns(tree: TreeArrays): void {
  if (isSparse(tree)) {
    layOutSparse(tree);
    return;
  }
  const slots = runEnds(tree);
  // (slotIds keeps the old slots' ids: moveToNewSlots follows the permutation from them.)
  assignSlots(tree, slots, false);
  moveToNewSlots(tree, slots);
  unmark(tree.slotIds, slots);
}

/*
 * Each pass over every id or every node is the last thing its function does. A loop this long is
 * compiled while it runs, on the first call (V8's on-stack replacement), before the code after it
 * has ever run, and Node 20's V8 keeps re-entering that compiled loop on every later call: code
 * after the loop, compiled without knowing what it meets, then deoptimizes on every call (a frame's
 * layout did, in most processes, measured with --trace-deopt). See also pairs.ts, walkPairs.
 */

/**
 * Gives every id its new slot: the end of its node's run (moving the run's start down), free ids
 * after the live ones; with `listIds`, also lists the ids by slot. Returns the number of live ids.
 */
function assignSlots(tree: TreeArrays, slots: number, listIds: boolean): number {
  const slotOf = tree.slotOf;
  const slotIds = tree.slotIds;
  const itemNode = tree.itemNode;
  const runStart = tree.runStart;
  let free = slots;
  for (let h = slots - 1; h >= 0; h--) {
    const n = itemNode[h];
    const s = n < 0 ? --free : --runStart[n];
    slotOf[h] = s;
    if (listIds) slotIds[s] = h;
  }
  return free;
}

/**
 * An index is laid out the sparse way when it holds fewer than 1/SPARSE of the ids handed out (most
 * boxes removed, and the ones left have high ids: ids are never renumbered). The dense way reads
 * every id handed out; at 20 live ids of 200,000 that made a move and a pair pass cost 140 times
 * what they cost in an index of 20.
 */
const SPARSE = 8;

/** Whether the tree is laid out the sparse way (see {@link SPARSE}). */
export function isSparse(tree: TreeArrays): boolean {
  return tree.count * SPARSE < tree.itemHighWater;
}

/**
 * {@link layOutRuns} for a sparse index, in time that follows the live boxes instead of the ids
 * handed out: the live ids are collected from the node lists and sorted, and get the same slots
 * as the dense way gives them. A free id keeps its slot when that lies past the live ones, and
 * otherwise takes a slot that a live id left (there are as many of those as free ids to move).
 * Free ids' boxes are never read (an id's box is written when it is handed out again), so only the
 * live boxes are moved, through a buffer.
 */
function layOutSparse(tree: TreeArrays): void {
  const count = tree.count;
  fitSparseWork(tree, count);
  const live = tree.sparseIds;
  runEnds(tree, live);
  sortFirst(live, count); // the live ids, as runEnds collected them from the node lists
  moveLiveToBuffer(tree, live, count);
  moveFreeIds(tree, count);
  relist(tree.slotIds, tree.slotOf, live, count);
  copyFirst(tree.sparseBoxes, tree.boxes, 4 * count);
}

/**
 * The sparse layout's new slots for the live ids, filled from the end of each run as in the dense
 * way; their boxes go to the buffer, and the slots at or past `count` that they leave are noted
 * (in sparseSlots) for the free ids.
 */
function moveLiveToBuffer(tree: TreeArrays, live: Int32Array, count: number): void {
  const given = tree.sparseSlots;
  const moved = tree.sparseBoxes;
  const slotOf = tree.slotOf;
  const boxes = tree.boxes;
  const itemNode = tree.itemNode;
  const runStart = tree.runStart;
  let gave = 0;
  for (let i = count - 1; i >= 0; i--) {
    const h = live[i];
    const from = slotOf[h];
    const to = --runStart[itemNode[h]];
    if (from >= count) given[gave++] = from;
    copyBox(boxes, from << 2, moved, to << 2);
    slotOf[h] = to;
  }
}

/** Free ids among the first `count` slots (slotIds still maps the old slots) move to the slots live ids left. */
function moveFreeIds(tree: TreeArrays, count: number): void {
  const given = tree.sparseSlots;
  const slotOf = tree.slotOf;
  const slotIds = tree.slotIds;
  const itemNode = tree.itemNode;
  for (let s = 0, g = 0; s < count; s++) {
    const h = slotIds[s];
    if (itemNode[h] !== NONE) continue;
    const to = given[g++];
    slotOf[h] = to;
    slotIds[to] = h;
  }
}

/** slotIds of the live ids' new slots. */
function relist(slotIds: Int32Array, slotOf: Int32Array, live: Int32Array, count: number): void {
  for (let i = 0; i < count; i++) slotIds[slotOf[live[i]]] = live[i];
}

/** Room in the sparse layout's work arrays for `count` live ids (resized when far off). */
function fitSparseWork(tree: TreeArrays, count: number): void {
  if (tree.sparseIds.length >= count && tree.sparseIds.length <= 4 * count + 64) return;
  tree.sparseIds = new Int32Array(2 * count + 16);
  tree.sparseSlots = new Int32Array(2 * count + 16);
  tree.sparseBoxes = new Float64Array(4 * (2 * count + 16));
}

/**
 * Every live id in ascending order, in the first `tree.count` entries of the returned array (the
 * sparse layout's work array: valid until the tree next changes or is laid out). Lays the tree out
 * first if needed, after which the live ids are those in the first `count` slots; for a sparse
 * index this costs what its layout does, not a pass over every id handed out.
 */
export function liveIdsAscending(tree: TreeArrays): Int32Array {
  if (tree.runsStale) {
    layOutRuns(tree);
    // The sparse layout leaves them sorted in its work array: no need to collect and sort again.
    if (isSparse(tree)) return tree.sparseIds;
  }
  const count = tree.count;
  fitSparseWork(tree, count);
  const live = tree.sparseIds;
  copyFirst(tree.slotIds, live, count);
  sortFirst(live, count);
  return live;
}

/** The first `count` numbers of `from` into `to` (of the same kind). */
function copyFirst<A extends Float64Array | Int32Array>(from: A, to: A, count: number): void {
  for (let i = 0; i < count; i++) to[i] = from[i];
}

/**
 * Sorts ids[0 … count − 1] ascending in place: the tail is set to the largest int32 first, so the
 * whole array can be sorted without making a view of its start.
 */
function sortFirst(ids: Int32Array, count: number): void {
  ids.fill(0x7fffffff, count);
  ids.sort();
}

/**
 * Moves every box from its old slot to its new one, in place. slotIds still maps the old slots to
 * ids and slotOf the ids to their new slots. The permutation is followed one cycle at a time; a
 * box that has reached its new slot is marked there by ~id, so each cycle is followed once
 * ({@link unmark} clears the marks after).
 */
function moveToNewSlots(tree: TreeArrays, slots: number): void {
  const slotOf = tree.slotOf;
  const slotIds = tree.slotIds;
  const boxes = tree.boxes;
  for (let s = 0; s < slots; s++) {
    let id = slotIds[s];
    if (id < 0) continue;
    let d = slotOf[id];
    if (d === s) {
      slotIds[s] = ~id;
      continue;
    }
    const s4 = s << 2;
    let minX = boxes[s4];
    let minY = boxes[s4 + 1];
    let maxX = boxes[s4 + 2];
    let maxY = boxes[s4 + 3];
    while (d !== s) {
      const d4 = d << 2;
      const nextId = slotIds[d];
      const nextMinX = boxes[d4];
      const nextMinY = boxes[d4 + 1];
      const nextMaxX = boxes[d4 + 2];
      const nextMaxY = boxes[d4 + 3];
      boxes[d4] = minX;
      boxes[d4 + 1] = minY;
      boxes[d4 + 2] = maxX;
      boxes[d4 + 3] = maxY;
      slotIds[d] = ~id;
      id = nextId;
      minX = nextMinX;
      minY = nextMinY;
      maxX = nextMaxX;
      maxY = nextMaxY;
      d = slotOf[id];
    }
    boxes[s4] = minX;
    boxes[s4 + 1] = minY;
    boxes[s4 + 2] = maxX;
    boxes[s4 + 3] = maxY;
    slotIds[s] = ~id;
  }
}

/** Clears moveToNewSlots' marks: slotIds[s] = ~id becomes id again. */
function unmark(slotIds: Int32Array, slots: number): void {
  for (let s = 0; s < slots; s++) slotIds[s] = ~slotIds[s];
}

/**
 * {@link layOutRuns} when every live id's box is also at src[4·id …] (as after moveAll). Two
 * passes: ids to slots, then the boxes copied in slot order, each read from src by its id. The
 * index's box array is written front to back, and the random reads fall on src, which the caller
 * has just written. (One pass writing each box to its slot in id order scattered the writes over
 * the box array, which other work between two frames has usually pushed out of the caches: every
 * write then waited for its line.)
 */
export function layOutRunsFrom(tree: TreeArrays, src: Float64Array | Float32Array): void {
  const live = assignSlots(tree, runEnds(tree), true);
  copyInSlotOrder(tree.slotIds, tree.boxes, src, live);
}

/** boxes[4s …] = src[4·slotIds[s] …] for the first `slots` slots. */
function copyInSlotOrder(
  slotIds: Int32Array,
  boxes: Float64Array,
  src: Float64Array | Float32Array,
  slots: number,
): void {
  for (let s = 0; s < slots; s++) {
    const s4 = s << 2;
    const h4 = slotIds[s] << 2;
    boxes[s4] = src[h4];
    boxes[s4 | 1] = src[h4 | 1];
    boxes[s4 | 2] = src[h4 | 2];
    boxes[s4 | 3] = src[h4 | 3];
  }
}

/**
 * Sets runStart[n] to the end of node n's run, nodes in the order the walk visits them (children
 * 0 … 3, depth first), and marks the layout current; with `live`, also lists every live id there
 * (node by node, each node's from its list). Returns the number of ids handed out: the
 * free ids' slots end there. The callers then walk the ids downwards, filling each run from its
 * end, which leaves runStart[n] at the start of its run with the ids in ascending order.
 */
function runEnds(tree: TreeArrays, live: Int32Array | null = null): number {
  // Each node's run ends where the next node in depth-first order starts; the stack never holds
  // more than 3 entries per level plus one.
  const runStart = tree.runStart;
  const nodeCount = tree.nodeCount;
  const child = tree.nodeChild;
  const stack = tree.workStack;
  const span = tree.itemHighWater;
  tree.runsStale = false; // (before the callers' loops, not after: see above)
  tree.staleSearches = 0;
  tree.layouts++;
  stack[0] = 0;
  let sp = 1;
  let end = 0;
  while (sp > 0) {
    const n = stack[--sp];
    if (live !== null)
      for (let h = tree.nodeHead[n], k = end; h !== NONE; h = tree.itemNext[h]) live[k++] = h;
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
  return span;
}

/**
 * Searches read the boxes in slot order when the layout is current (about twice as fast as
 * following the node lists at 100k boxes). When nothing has laid them out since the last change,
 * a search lays them out once enough searches have paid for it: a layout costs about what n/64
 * searches save, so a caller that interleaves changes and searches pays at most twice.
 */
export function layOutForSearches(tree: TreeArrays): void {
  if (tree.runsStale && ++tree.staleSearches > Math.max(32, tree.count >> 6)) layOutRuns(tree);
}
