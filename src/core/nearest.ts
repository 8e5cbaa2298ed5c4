import { requireFinite, requireNonNegativeOrInfinity } from '../shared/validate.js';
import { NONE, type TreeArrays } from './arrays.js';
import { layOutForSearches } from './layout.js';
import { firstAtLeast, groupSpan, LONG_RUN, type LongRuns, viewOf } from './longRuns.js';
import type { Scratch } from './scratch.js';

/**
 * Nearest-box searches: the best-first walk behind `forEachNearest` (any number of results, in
 * order, the caller decides when to stop) and the bounded k-nearest behind `nearest(k)`, which
 * keeps only its k best so far and opens no node farther than the k-th.
 */

/** Visitor of a nearest-first walk: the id and the squared distance to its box. */
export type NearestVisitor = (id: number, distanceSquared: number) => unknown;

/**
 * The walk's own visitor: the id, and the walk's numbers, where the squared distance to its box
 * is at NEAR_DISTANCE (read there rather than passed: V8 boxes a number passed to a call it does
 * not inline, 16 bytes a box visited). QuadIndex.forEachNearest relays to a NearestVisitor.
 */
export type NearestWalkVisitor = (id: number, walk: Float64Array) => unknown;

/** Where {@link forEachNearest} leaves the squared distance of the box it visits (in Scratch.walk). */
export const NEAR_DISTANCE = 0;
// Where the searches keep the point and the farthest squared distance still wanted, for
// childEntries (numbers passed to it would be boxed, once per node opened, when V8 does not
// inline it).
const NEAR_X = 1;
const NEAR_Y = 2;
const NEAR_BOUND = 3;
// Where axisDistancesIn and distanceSquaredIn leave their answers.
const NEAR_DX = 4;
const NEAR_DY = 5;
const NEAR_BOX = 6;

/**
 * Internal nodes with at most this many boxes of their own have them offered whole by nearestK.
 * (nearest(5) at 100k uniform boxes: 8 and 16 measured alike, about 0.92× the time of 0 or of 32;
 * nearest(20) and nearest(100) 0.93-0.95× with 16 rather than 8.)
 */
const DIRECT_MAX = 16;

/** A node's float bounds (see TreeArrays.nodeBounds); one per module, used between calls only. */
const nodeBox = new Float64Array(4);

/**
 * Whether squared distances cannot decide "within `limit`" (limit2 = limit²): its square overflows
 * (limit above about 1.3e154) or lies below the normal range's precision (limit below 1e-153, where
 * a box 2e-165 away squares to 0 like one holding the point). Then each box that passes the squared
 * test is measured again, unsquared ({@link withinExactly}).
 */
function needsExactLimit(limit: number, limit2: number): boolean {
  return limit < 1e-153 || (limit2 === Number.POSITIVE_INFINITY && limit !== Number.POSITIVE_INFINITY);
}

/**
 * The distances from the point (walk[NEAR_X], walk[NEAR_Y]) to the closed box at boxes[o …] on each
 * axis (0 within its span), into walk[NEAR_DX], walk[NEAR_DY]. In the walk's array rather than
 * passed and returned: V8 boxes a double passed to or returned from a call it does not inline,
 * and the searches measure every box they look at.
 */
function axisDistancesIn(walk: Float64Array, boxes: Float64Array, o: number): void {
  const x = walk[NEAR_X];
  const y = walk[NEAR_Y];
  const minX = boxes[o];
  const minY = boxes[o + 1];
  const maxX = boxes[o + 2];
  const maxY = boxes[o + 3];
  walk[NEAR_DX] = minX > x ? minX - x : x > maxX ? x - maxX : 0;
  walk[NEAR_DY] = minY > y ? minY - y : y > maxY ? y - maxY : 0;
}

/**
 * The squared distance from the walk's point to the box at boxes[o …] (0 inside), into
 * walk[NEAR_BOX]. (axisDistancesIn's arithmetic, not a call to it: its two stores and loads cost
 * the nearest searches 3-4%.)
 */
function distanceSquaredIn(walk: Float64Array, boxes: Float64Array, o: number): void {
  const x = walk[NEAR_X];
  const y = walk[NEAR_Y];
  const minX = boxes[o];
  const minY = boxes[o + 1];
  const maxX = boxes[o + 2];
  const maxY = boxes[o + 3];
  const dx = minX > x ? minX - x : x > maxX ? x - maxX : 0;
  const dy = minY > y ? minY - y : y > maxY ? y - maxY : 0;
  walk[NEAR_BOX] = dx * dx + dy * dy;
}

/** Whether the box at boxes[o …] lies within `limit` of the walk's point, measured without squares. */
function withinExactly(walk: Float64Array, boxes: Float64Array, o: number, limit: number): boolean {
  axisDistancesIn(walk, boxes, o);
  return Math.hypot(walk[NEAR_DX], walk[NEAR_DY]) <= limit;
}

/**
 * Visits ids in order of increasing distance from (x, y) to their box (0 inside), up to `limit`,
 * ties by id. `false` from `visit` stops. The caller holds the tree busy.
 */
export function forEachNearest(
  tree: TreeArrays,
  ctx: Scratch,
  x: number,
  y: number,
  limit: number,
  visit: NearestWalkVisitor,
): void {
  const limit2 = limit * limit;
  const walk = ctx.walk;
  walk[NEAR_X] = x;
  walk[NEAR_Y] = y;
  walk[NEAR_BOUND] = limit2;
  const exact = needsExactLimit(limit, limit2);
  const boxes = tree.boxes;
  const slotOf = tree.slotOf;
  const next = tree.itemNext;
  // Best-first search over a binary min-heap keyed by squared distance. Payload ≥ 0 is a box id;
  // −(c + 1) is node c; below −groupBase it is one of the two groups of an internal node's own
  // boxes (those crossing its midlines, see TreeArrays.reachBounds), pushed as one entry at the
  // distance of the group's bounds so that the many boxes along the root's midlines are only
  // looked at when the search gets near them.
  const groupBase = tree.nodeCapacity + 1;
  // A long run's group with a sorted view (a row of boxes along a midline, see longRuns.ts) is not
  // queued box by box: two cursors walk outwards along it from the point, each queued at a bound
  // of the distance of the box it stands on (see gapAlong), and each, when popped, queues that box
  // and moves on. Payloads below −cursorBase: −(cursorBase + 1 + 2·position + (1 going up, 0 down)).
  const cursorBase = cursorBaseOf(tree);
  ctx.heapPush(0, 0, -1);
  let size = 1;
  while (size > 0) {
    const key = ctx.keys[0];
    const payload = ctx.ids[0];
    ctx.heapPop(size--);
    if (payload >= 0) {
      walk[NEAR_DISTANCE] = key;
      if (visit(payload, walk) === false) return;
      continue;
    }
    if (payload < -cursorBase) {
      const cursor = -payload - cursorBase - 1;
      const at = cursor >> 1;
      const up = cursor & 1;
      const view = tree.longRuns as LongRuns; // (made when the group was opened)
      const r = view.order[at];
      distanceSquaredIn(walk, boxes, r << 2);
      const d = walk[NEAR_BOX];
      if (d <= limit2 && (!exact || withinExactly(walk, boxes, r << 2, limit))) {
        ctx.fitKeyed(size + 1);
        ctx.keys[size] = d;
        ctx.siftUp(size++, tree.slotIds[r]);
      }
      size = queueCursor(tree, ctx, view, at, up === 1 ? at + 1 : at - 1, up, key, size);
      continue;
    }
    const n = queuedNode(payload, groupBase);
    const group = queuedGroup(payload, groupBase);
    const first = tree.nodeChild[n];
    if (group >= 0 && tree.nodeCount[n] >= LONG_RUN && !tree.runsStale) {
      const sorted = viewOf(tree, n);
      if (sorted !== null) {
        groupSpan(tree, sorted, n, group);
        const p = group === 0 ? y : x;
        const above = firstAtLeast(boxes, sorted.order, sorted.from, sorted.to, 1 - group, p);
        const from = sorted.from;
        if (above < sorted.to) size = queueCursor(tree, ctx, sorted, above, above, 1, key, size);
        if (above > from) size = queueCursor(tree, ctx, sorted, above - 1, above - 1, 0, key, size);
        continue;
      }
    }
    if (first === NONE || group >= 0) {
      // A leaf's boxes, or one group of an internal node's boxes: each queued at its distance.
      for (let i = tree.nodeHead[n]; i !== NONE; i = next[i]) {
        if (group >= 0 && tree.reachGroup(n, i) !== group) continue;
        const i4 = slotOf[i] << 2;
        distanceSquaredIn(walk, boxes, i4);
        const d = walk[NEAR_BOX];
        if (d <= limit2 && (!exact || withinExactly(walk, boxes, i4, limit))) {
          // (The key through the heap's array, see Scratch.siftUp.)
          ctx.fitKeyed(size + 1);
          ctx.keys[size] = d;
          ctx.siftUp(size++, i);
        }
      }
      continue;
    }
    // The node's groups and children, written past the heap's end and pushed where they are.
    ctx.fitKeyed(size + CHILD_ENTRIES);
    const end = childEntries(tree, walk, n, groupBase, true, ctx.keys, ctx.ids, size);
    for (; size < end; size++) ctx.siftUp(size, ctx.ids[size]);
  }
}

/**
 * {@link forEachNearest} over `tree` (arguments checked by the caller: see {@link checkNearest}),
 * holding the tree busy while it runs.
 */
export function runNearest(
  tree: TreeArrays,
  x: number,
  y: number,
  limit: number,
  visit: NearestWalkVisitor,
): void {
  layOutForSearches(tree);
  const ctx = tree.enter();
  try {
    forEachNearest(tree, ctx, x, y, limit, visit);
  } finally {
    tree.busy--;
  }
}

/**
 * How far, along the sort axis of group g of node n's sorted view, the box at position `at` lies
 * beyond p (the point's coordinate on that axis), at least: for a box at or after the point's
 * place in the order (`up`), its minimum − p, the very difference distanceSquaredIn takes; before
 * it, p − (its minimum + the group's largest extent), less a margin for the rounding of the
 * extent. The box's squared distance is at least the square of a positive gap.
 */
function gapAlong(
  boxes: Float64Array,
  view: LongRuns,
  n: number,
  g: number,
  p: number,
  at: number,
  up: boolean,
): number {
  const min = boxes[(view.order[at] << 2) | (1 - g)];
  if (up) return min - p;
  const extent = view.extent[2 * n + g];
  return p - min - extent - (Math.abs(p) + Math.abs(min) + extent) * 2 ** -40;
}

/**
 * forEachNearest's cursor moving from position `from` (a position of a sorted group, whose node
 * and group it finds there) to `to` in the same direction: queued at a bound of the distance of
 * the box at `to`, its gap along the row with its group's distance across it (not below `floor`,
 * the key just popped, so that the queue's keys never go back), unless `to` is past the group's
 * end or that bound is past the search's limit. Returns the heap's new size.
 */
function queueCursor(
  tree: TreeArrays,
  ctx: Scratch,
  view: LongRuns,
  from: number,
  to: number,
  up: number,
  floor: number,
  size: number,
): number {
  const n = tree.itemNode[tree.slotIds[view.order[from]]];
  const g = from < tree.runStart[n] + view.split[n] ? 0 : 1;
  groupSpan(tree, view, n, g);
  if (to < view.from || to >= view.to) return size;
  const walk = ctx.walk;
  const gap = gapAlong(tree.boxes, view, n, g, g === 0 ? walk[NEAR_Y] : walk[NEAR_X], to, up === 1);
  const across = acrossRow(view, n, g, walk);
  const bound = (gap > 0 ? gap * gap : 0) + across * across;
  if (bound > walk[NEAR_BOUND]) return size;
  ctx.fitKeyed(size + 1);
  ctx.keys[size] = bound > floor ? bound : floor;
  ctx.siftUp(size, -(cursorBaseOf(tree) + 1 + 2 * to + up));
  return size + 1;
}

/**
 * How far across its row (on the axis group g of node n is not sorted by) the walk's point lies
 * from the group's band, where all its boxes lie (see LongRuns.band): at least as far as from any
 * of them on that axis, with the same differences distanceSquaredIn takes. (Without it, far from a
 * row, every cursor along it came up before the first box: a scan of the row.)
 */
function acrossRow(view: LongRuns, n: number, g: number, walk: Float64Array): number {
  const p = g === 0 ? walk[NEAR_X] : walk[NEAR_Y];
  const low = view.band[4 * n + 2 * g];
  const high = view.band[4 * n + 2 * g + 1];
  return low > p ? low - p : p > high ? p - high : 0;
}

/** Where forEachNearest's cursor payloads start: past the nodes' and the groups' (see queuedNode). */
function cursorBaseOf(tree: TreeArrays): number {
  return 3 * tree.nodeCapacity + 1;
}

/**
 * nearestK's next step through the sorted group g of node n (see longRuns.ts): +1 to take the box
 * at `right`, −1 the one at `left`, 0 when both sides are done: the side whose next box is nearer
 * along the group's sort axis to the walk's point (see gapAlong). Once a side's gap squared, with
 * the distance across the row (see acrossRow), passes the bound, so do the rest of that side's.
 */
function nearerSide(
  boxes: Float64Array,
  view: LongRuns,
  n: number,
  g: number,
  walk: Float64Array,
  from: number,
  to: number,
  left: number,
  right: number,
  bound: number,
): number {
  const p = g === 0 ? walk[NEAR_Y] : walk[NEAR_X];
  const across = acrossRow(view, n, g, walk);
  const across2 = across * across;
  let rightGap = Number.POSITIVE_INFINITY;
  if (right < to) {
    const gap = gapAlong(boxes, view, n, g, p, right, true);
    if (!((gap > 0 ? gap * gap : 0) + across2 > bound)) rightGap = gap;
  }
  let leftGap = Number.POSITIVE_INFINITY;
  if (left >= from) {
    const gap = gapAlong(boxes, view, n, g, p, left, false);
    if (!((gap > 0 ? gap * gap : 0) + across2 > bound)) leftGap = gap;
  }
  if (rightGap === Number.POSITIVE_INFINITY && leftGap === Number.POSITIVE_INFINITY) return 0;
  return rightGap <= leftGap ? 1 : -1;
}

/**
 * The (at most) `k` ids whose boxes are nearest to (x, y) within `limit`, nearest first,
 * ties by id, appended to `out`. Same answer as the first k of {@link forEachNearest}, at a
 * fraction of its heap work: items are not queued but offered to a max-heap of the k best so far
 * (ctx.best*), and a node farther than the k-th best is not opened. A node exactly as far is still
 * opened: it may hold a box at the same distance with a lower id. The caller holds the tree busy.
 */
export function nearestK(
  tree: TreeArrays,
  ctx: Scratch,
  x: number,
  y: number,
  k: number,
  limit: number,
  out: number[],
): void {
  if (k > tree.count) k = tree.count;
  if (k === 0) return;
  const limit2 = limit * limit;
  const exact = needsExactLimit(limit, limit2);
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
  // Depth first, nearest child first, over a stack of (distance, payload) in ctx.keys/ctx.ids,
  // payloads as in forEachNearest: −(c + 1) is node c, below −groupBase a group of an internal
  // node's own boxes. Whatever lies beyond the k-th best found so far is skipped when popped.
  // (Best-first over a heap opens a few nodes fewer, but keeping the heap in order costs more than
  // they do: depth first took about 0.86× the time of best-first in nearest(5) at 100k boxes.)
  const groupBase = tree.nodeCapacity + 1;
  const walk = ctx.walk;
  walk[NEAR_X] = x;
  walk[NEAR_Y] = y;
  let keys = ctx.keys;
  let stack = ctx.ids;
  keys[0] = 0;
  stack[0] = -1;
  let sp = 1;
  while (sp > 0) {
    sp--;
    const key = keys[sp];
    const payload = stack[sp];
    if (key > bound) continue;
    const n = queuedNode(payload, groupBase);
    const group = queuedGroup(payload, groupBase);
    const first = tree.nodeChild[n];
    // An internal node with few boxes of its own offers them at once, like a leaf, instead of
    // queueing them as two groups: the groups pay off for the long rows of boxes on the top
    // levels' midlines, not for a handful (each group popped would scan the whole run again).
    const whole = group < 0 && count[n] <= DIRECT_MAX;
    if (first === NONE || group >= 0 || whole) {
      // The node's boxes: its run of slots when the layout is current (contiguous reads), else
      // its list (a read per id, scattered).
      let r = runs ? runStart[n] : 0;
      const end = runs ? r + count[n] : 0;
      // A long run's group (a row of boxes along a midline) through its sorted view: outwards from
      // the point along the row, positions right … to − 1 and left … from of view.order, each side
      // until its boxes lie beyond the bound (see nearerSide).
      const view: LongRuns | null = group >= 0 && runs && count[n] >= LONG_RUN ? viewOf(tree, n) : null;
      let from = 0;
      let to = 0;
      let right = 0;
      let left = 0;
      if (view !== null) {
        groupSpan(tree, view, n, group);
        from = view.from;
        to = view.to;
        right = firstAtLeast(boxes, view.order, from, to, 1 - group, group === 0 ? y : x);
        left = right - 1;
      }
      for (let i = runs ? NONE : tree.nodeHead[n]; ; ) {
        let id: number;
        let o: number;
        if (view !== null) {
          const side = nearerSide(boxes, view, n, group, walk, from, to, left, right, bound);
          if (side === 0) break;
          const s = view.order[side > 0 ? right++ : left--];
          id = slotIds[s];
          o = s << 2;
        } else if (runs) {
          if (r === end) break;
          id = slotIds[r];
          o = r++ << 2;
        } else {
          if (i === NONE) break;
          id = i;
          o = slotOf[i] << 2;
          i = next[i];
        }
        if (group >= 0 && view === null && tree.boxGroup(n, boxes, o) !== group) continue;
        distanceSquaredIn(walk, boxes, o);
        const d = walk[NEAR_BOX];
        if (d > bound || (exact && !withinExactly(walk, boxes, o, limit))) continue;
        if (found < k) {
          bestKeys[found] = d;
          bestIds[found] = id;
          bestSiftUp(bestKeys, bestIds, found++);
          if (found === k) bound = bestKeys[0];
        } else if (d < bestKeys[0] || id < bestIds[0]) {
          // d ≤ bound = the k-th best: better, or as far with a lower id. It takes the top's place.
          bestKeys[0] = d;
          bestIds[0] = id;
          bestSiftDown(bestKeys, bestIds, k);
          bound = bestKeys[0];
        }
      }
      if (first === NONE || group >= 0) continue;
    }
    if (sp + CHILD_ENTRIES > stack.length || sp + CHILD_ENTRIES > keys.length) {
      ctx.fitKeyed(sp + CHILD_ENTRIES);
      keys = ctx.keys;
      stack = ctx.ids;
    }
    walk[NEAR_BOUND] = bound;
    const top = childEntries(tree, walk, n, groupBase, !whole, keys, stack, sp);
    // Nearest last, so that it is popped first (insertion sort: at most six entries).
    for (let i = sp + 1; i < top; i++) {
      const d = keys[i];
      const entry = stack[i];
      let j = i;
      for (; j > sp && keys[j - 1] < d; j--) {
        keys[j] = keys[j - 1];
        stack[j] = stack[j - 1];
      }
      keys[j] = d;
      stack[j] = entry;
    }
    sp = top;
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
  // (−payload − 1, not −(payload + 1): for the root, payload −1, that is −0, a heap number.)
  return payload < -groupBase ? (-payload - groupBase - 1) >> 1 : -payload - 1;
}

/** The group (0 or 1) of a queue payload naming a group of boxes, or −1 for a whole node. */
export function queuedGroup(payload: number, groupBase: number): number {
  return payload < -groupBase ? (-payload - groupBase - 1) & 1 : -1;
}

/** Most entries {@link childEntries} writes: two groups and four children. */
const CHILD_ENTRIES = 6;

/**
 * Writes internal node n's two groups of midline-crossing boxes (when `groups`) and its non-empty
 * children that lie within the squared distance walk[NEAR_BOUND] of the point (walk[NEAR_X],
 * walk[NEAR_Y]), as (squared distance of their bounds, payload), to keys/ids from `at` on;
 * returns the end. At most {@link CHILD_ENTRIES} entries.
 */
function childEntries(
  tree: TreeArrays,
  walk: Float64Array,
  n: number,
  groupBase: number,
  groups: boolean,
  keys: Float64Array,
  ids: Int32Array,
  at: number,
): number {
  const bound = walk[NEAR_BOUND];
  for (let g = 0; groups && g < 2; g++) {
    if (!tree.reachBounds(n, g, nodeBox)) continue;
    distanceSquaredIn(walk, nodeBox, 0);
    const d = walk[NEAR_BOX];
    if (d > bound) continue;
    keys[at] = d;
    ids[at++] = -(groupBase + 1 + 2 * n + g);
  }
  // The four children's bounds are made of two column spans and two row spans (child 0's and
  // child 3's), so the distance to each child is one of two per axis: two float bounds computed
  // instead of four, the same numbers as nodeBounds and distanceSquaredIn give per child.
  const half = 1 << (tree.maxDepth - tree.nodeLevel[n] - 1);
  const x0 = tree.nodeX0[n];
  const y0 = tree.nodeY0[n];
  tree.cellBounds(x0, y0, x0 + half - 1, y0 + half - 1, nodeBox);
  axisDistancesIn(walk, nodeBox, 0);
  const dxWest = walk[NEAR_DX];
  const dyNorth = walk[NEAR_DY];
  tree.cellBounds(x0 + half, y0 + half, x0 + 2 * half - 1, y0 + 2 * half - 1, nodeBox);
  axisDistancesIn(walk, nodeBox, 0);
  const dxEast = walk[NEAR_DX];
  const dySouth = walk[NEAR_DY];
  const first = tree.nodeChild[n];
  for (let q = 0; q < 4; q++) {
    if (tree.nodeTotal[first + q] === 0) continue;
    const dx = (q & 1) === 0 ? dxWest : dxEast;
    const dy = (q & 2) === 0 ? dyNorth : dySouth;
    const d = dx * dx + dy * dy;
    if (d > bound) continue;
    keys[at] = d;
    ids[at++] = -(first + q + 1);
  }
  return at;
}

/*
 * The k best so far, a max-heap in keys/ids by nearest order (the farthest on top): entry i comes
 * after entry j when it is farther, or as far with a higher id. An entry comes in through the
 * arrays, never as arguments: V8 boxes a double passed to a call it does not inline.
 */

/** Max-heap insert: entry `size`, just written after the `size` entries of the heap, moves up. */
function bestSiftUp(keys: Float64Array, ids: Int32Array, size: number): void {
  const key = keys[size];
  const id = ids[size];
  let k = size;
  while (k > 0) {
    const parent = (k - 1) >> 1;
    if (!(key > keys[parent] || (key === keys[parent] && id > ids[parent]))) break;
    keys[k] = keys[parent];
    ids[k] = ids[parent];
    k = parent;
  }
  keys[k] = key;
  ids[k] = id;
}

/** The top of the max-heap of `size` entries, just overwritten, moves down to its place. */
function bestSiftDown(keys: Float64Array, ids: Int32Array, size: number): void {
  const key = keys[0];
  const id = ids[0];
  let k = 0;
  for (;;) {
    let c = 2 * k + 1;
    if (c >= size) break;
    if (c + 1 < size && (keys[c + 1] > keys[c] || (keys[c + 1] === keys[c] && ids[c + 1] > ids[c]))) c++;
    if (!(keys[c] > key || (keys[c] === key && ids[c] > id))) break;
    keys[k] = keys[c];
    ids[k] = ids[c];
    k = c;
  }
  keys[k] = key;
  ids[k] = id;
}

/** Removes the max-heap's top; `size` is the size before removal. */
function bestPop(keys: Float64Array, ids: Int32Array, size: number): void {
  if (size <= 1) return;
  keys[0] = keys[size - 1];
  ids[0] = ids[size - 1];
  bestSiftDown(keys, ids, size - 1);
}

/** Throws, naming the argument, unless the point is finite and the distance ≥ 0 (or +∞). */
export function checkNearest(x: number, y: number, maxDistance: number): void {
  requireFinite(x, 'x');
  requireFinite(y, 'y');
  requireNonNegativeOrInfinity(maxDistance, 'maxDistance');
}
