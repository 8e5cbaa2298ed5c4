import { NONE, type TreeArrays } from './arrays.js';
import type { Scratch } from './scratch.js';
import { boxDistanceSquared } from './search.js';

/**
 * Nearest-box searches: the best-first walk behind `forEachNearest` (any number of results, in
 * order, the caller decides when to stop) and the bounded k-nearest behind `nearest(k)`, which
 * keeps only its k best so far and opens no node farther than the k-th.
 */

/** Visitor of a nearest-first walk: the id and the squared distance to its box. */
export type NearestVisitor = (id: number, distanceSquared: number) => void | boolean;

/** A node's float bounds (see TreeArrays.nodeBounds); one per module, used between calls only. */
const nodeBox = new Float64Array(4);

/**
 * Visits ids in order of increasing distance from (x, y) to their box (0 inside), up to
 * `sqrt(limit2)`, ties by id. `false` from `visit` stops. The caller holds the tree busy.
 */
export function forEachNearest(
  tree: TreeArrays,
  ctx: Scratch,
  x: number,
  y: number,
  limit2: number,
  visit: NearestVisitor,
): void {
  const boxes = tree.boxes;
  const slotOf = tree.slotOf;
  const next = tree.itemNext;
  // Best-first search over a binary min-heap keyed by squared distance. Payload ≥ 0 is a box id;
  // −(c + 1) is node c; below −groupBase it is one of the two groups of an internal node's own
  // boxes (those crossing its midlines, see TreeArrays.reachBounds), pushed as one entry at the
  // distance of the group's bounds so that the many boxes along the root's midlines are only
  // looked at when the search gets near them.
  const groupBase = tree.nodeCapacity + 1;
  ctx.heapPush(0, 0, -1);
  let size = 1;
  while (size > 0) {
    const key = ctx.keys[0];
    const payload = ctx.ids[0];
    ctx.heapPop(size--);
    if (payload >= 0) {
      if (visit(payload, key) === false) return;
      continue;
    }
    const n = queuedNode(payload, groupBase);
    const group = queuedGroup(payload, groupBase);
    const first = tree.nodeChild[n];
    if (first === NONE || group >= 0) {
      // A leaf's boxes, or one group of an internal node's boxes: each queued at its distance.
      for (let i = tree.nodeHead[n]; i !== NONE; i = next[i]) {
        if (group >= 0 && tree.reachGroup(n, i) !== group) continue;
        const i4 = slotOf[i] << 2;
        const d = boxDistanceSquared(x, y, boxes[i4], boxes[i4 + 1], boxes[i4 + 2], boxes[i4 + 3]);
        if (d <= limit2) ctx.heapPush(size++, d, i);
      }
      continue;
    }
    size = queueChildren(tree, ctx, size, x, y, n, limit2, groupBase);
  }
}

/**
 * The (at most) `k` ids whose boxes are nearest to (x, y) within `sqrt(limit2)`, nearest first,
 * ties by id, appended to `out`. Same order as the first k of {@link forEachNearest}, at a fraction
 * of its heap work: items are not queued but offered to a max-heap of the k best so far
 * (ctx.best*), and the walk stops at the first node farther than the k-th best. A node exactly as
 * far is still opened: it may hold a box at the same distance with a lower id. The caller holds
 * the tree busy.
 */
export function nearestK(
  tree: TreeArrays,
  ctx: Scratch,
  x: number,
  y: number,
  k: number,
  limit2: number,
  out: number[],
): void {
  if (k > tree.count) k = tree.count;
  if (k === 0) return;
  const boxes = tree.boxes;
  const slotOf = tree.slotOf;
  const next = tree.itemNext;
  if (ctx.bestIds.length < k) ctx.growBest(k);
  const bestKeys = ctx.bestKeys;
  const bestIds = ctx.bestIds;
  const runs = !tree.runsStale;
  const runStart = tree.runStart;
  const count = tree.nodeCount;
  const slotIds = tree.slotIds;
  let found = 0;
  // Farthest distance still wanted: the limit until k are found, then the k-th best.
  let bound = limit2;
  // Node queue as in forEachNearest: −(c + 1) is node c, below −groupBase a group of an internal
  // node's own boxes.
  const groupBase = tree.nodeCapacity + 1;
  ctx.heapPush(0, 0, -1);
  let size = 1;
  while (size > 0) {
    const key = ctx.keys[0];
    const payload = ctx.ids[0];
    ctx.heapPop(size--);
    if (key > bound) break;
    const n = queuedNode(payload, groupBase);
    const group = queuedGroup(payload, groupBase);
    const first = tree.nodeChild[n];
    if (first === NONE || group >= 0) {
      // The node's boxes: its run of slots when the layout is current (contiguous reads), else
      // its list (a read per id, scattered).
      let r = runs ? runStart[n] : 0;
      const end = runs ? r + count[n] : 0;
      for (let i = runs ? NONE : tree.nodeHead[n]; ; ) {
        let id: number;
        let o: number;
        if (runs) {
          if (r === end) break;
          id = slotIds[r];
          o = r++ << 2;
        } else {
          if (i === NONE) break;
          id = i;
          o = slotOf[i] << 2;
          i = next[i];
        }
        if (group >= 0 && tree.boxGroup(n, boxes, o) !== group) continue;
        const d = boxDistanceSquared(x, y, boxes[o], boxes[o + 1], boxes[o + 2], boxes[o + 3]);
        if (d > bound) continue;
        if (found < k) {
          bestPush(bestKeys, bestIds, found++, d, id);
          if (found === k) bound = bestKeys[0];
        } else if (d < bestKeys[0] || id < bestIds[0]) {
          // d ≤ bound = the k-th best: better, or as far with a lower id.
          bestReplaceTop(bestKeys, bestIds, k, d, id);
          bound = bestKeys[0];
        }
      }
      continue;
    }
    size = queueChildren(tree, ctx, size, x, y, n, bound, groupBase);
  }
  // The max-heap pops farthest first: fill the output from its end.
  const base = out.length;
  for (let j = 0; j < found; j++) out.push(0);
  for (let j = found; j > 0; j--) {
    out[base + j - 1] = bestIds[0];
    bestPop(bestKeys, bestIds, j);
  }
}

/**
 * The node of a (negative) queue payload: −(c + 1) is node c; below −groupBase, payload
 * −(groupBase + 1 + 2n + g) is group g of node n's own boxes (see forEachNearest).
 */
export function queuedNode(payload: number, groupBase: number): number {
  return payload < -groupBase ? (-payload - groupBase - 1) >> 1 : -(payload + 1);
}

/** The group (0 or 1) of a queue payload naming a group of boxes, or −1 for a whole node. */
export function queuedGroup(payload: number, groupBase: number): number {
  return payload < -groupBase ? (-payload - groupBase - 1) & 1 : -1;
}

/**
 * Queues internal node n's two groups of midline-crossing boxes and its non-empty children at
 * the squared distance of their bounds, those within `bound`. Returns the new heap size.
 */
function queueChildren(
  tree: TreeArrays,
  ctx: Scratch,
  size: number,
  x: number,
  y: number,
  n: number,
  bound: number,
  groupBase: number,
): number {
  for (let g = 0; g < 2; g++) {
    if (!tree.reachBounds(n, g, nodeBox)) continue;
    const d = boxDistanceSquared(x, y, nodeBox[0], nodeBox[1], nodeBox[2], nodeBox[3]);
    if (d <= bound) ctx.heapPush(size++, d, -(groupBase + 1 + 2 * n + g));
  }
  const first = tree.nodeChild[n];
  for (let c = first; c < first + 4; c++) {
    if (tree.nodeTotal[c] === 0) continue;
    tree.nodeBounds(c, nodeBox);
    const d = boxDistanceSquared(x, y, nodeBox[0], nodeBox[1], nodeBox[2], nodeBox[3]);
    if (d <= bound) ctx.heapPush(size++, d, -(c + 1));
  }
  return size;
}

/** True when entry (ka, ia) comes after (kb, ib) in nearest order (farther, or as far with a higher id). */
function after(ka: number, ia: number, kb: number, ib: number): boolean {
  return ka > kb || (ka === kb && ia > ib);
}

/** Max-heap insert (by nearest order) into keys/ids holding `size` entries. */
function bestPush(keys: Float64Array, ids: Int32Array, size: number, key: number, id: number): void {
  let k = size;
  while (k > 0) {
    const parent = (k - 1) >> 1;
    if (!after(key, id, keys[parent], ids[parent])) break;
    keys[k] = keys[parent];
    ids[k] = ids[parent];
    k = parent;
  }
  keys[k] = key;
  ids[k] = id;
}

/** Replaces the max-heap's top (the farthest of `size` entries) with (key, id). */
function bestReplaceTop(keys: Float64Array, ids: Int32Array, size: number, key: number, id: number): void {
  let k = 0;
  for (;;) {
    let c = 2 * k + 1;
    if (c >= size) break;
    if (c + 1 < size && after(keys[c + 1], ids[c + 1], keys[c], ids[c])) c++;
    if (!after(keys[c], ids[c], key, id)) break;
    keys[k] = keys[c];
    ids[k] = ids[c];
    k = c;
  }
  keys[k] = key;
  ids[k] = id;
}

/** Removes the max-heap's top; `size` is the size before removal. */
function bestPop(keys: Float64Array, ids: Int32Array, size: number): void {
  if (size > 1) bestReplaceTop(keys, ids, size - 1, keys[size - 1], ids[size - 1]);
}
