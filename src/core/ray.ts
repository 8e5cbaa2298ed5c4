import { NONE, type TreeArrays } from './arrays.js';
import type { Scratch } from './scratch.js';
import { boxDistanceSquared } from './search.js';

/** Visitor of a ray walk: the id and where the segment enters its box. See {@link raycast}. */
export type RayVisitor = (id: number, tEnter: number) => number | boolean | void;
/** Visitor of a nearest-first walk: the id and the squared distance to its box. */
export type NearestVisitor = (id: number, distanceSquared: number) => void | boolean;

/** A node's float bounds (see TreeArrays.nodeBounds); one per module, used between calls only. */
const nodeBox = new Float64Array(4);

/**
 * Visits the ids whose box the segment (x, y) + t·(dirX, dirY), t in [0, maxT], touches, node
 * by node from front to back. A number returned by `visit` shortens the segment to that t (nodes
 * and boxes beyond it are skipped), `false` stops. Arguments are validated by the caller, which
 * holds the tree busy.
 */
export function raycast(
  tree: TreeArrays,
  ctx: Scratch,
  x: number,
  y: number,
  dirX: number,
  dirY: number,
  maxT: number,
  visit: RayVisitor,
): void {
  const boxes = tree.boxes;
  const next = tree.itemNext;
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
    // An internal node's own boxes cross its midlines, in two groups with a bounding box each
    // (see TreeArrays.reachBounds): skip a group the segment misses without testing its boxes.
    const internal = tree.nodeChild[n] !== NONE;
    let groups = 3;
    if (internal) {
      for (let g = 0; g < 2; g++) {
        if (
          !tree.reachBounds(n, g, nodeBox) ||
          rayEnter(x, y, dirX, dirY, limit, nodeBox[0], nodeBox[1], nodeBox[2], nodeBox[3]) < 0
        ) {
          groups &= ~(1 << g);
        }
      }
    }
    for (let i = groups === 0 ? NONE : tree.nodeHead[n]; i !== NONE; i = next[i]) {
      if (internal && (groups & (1 << tree.reachGroup(n, i))) === 0) continue;
      const i4 = i << 2;
      const t = rayEnter(x, y, dirX, dirY, limit, boxes[i4], boxes[i4 + 1], boxes[i4 + 2], boxes[i4 + 3]);
      if (t < 0) continue;
      const answer = visit(i, t);
      if (answer === false) return;
      if (typeof answer === 'number' && answer < limit) limit = answer >= 0 ? answer : 0;
    }
    const first = tree.nodeChild[n];
    if (first === NONE) continue;
    // Push the children hit by the segment, farthest first, so the nearest is popped next.
    const base = sp;
    for (let c = first; c < first + 4; c++) {
      if (tree.nodeTotal[c] === 0) continue;
      tree.nodeBounds(c, nodeBox);
      const t = rayEnter(x, y, dirX, dirY, limit, nodeBox[0], nodeBox[1], nodeBox[2], nodeBox[3]);
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
}

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
    if (payload < -groupBase) {
      const code = -payload - groupBase - 1;
      const n = code >> 1;
      const g = code & 1;
      for (let i = tree.nodeHead[n]; i !== NONE; i = next[i]) {
        if (tree.reachGroup(n, i) !== g) continue;
        const i4 = i << 2;
        const d = boxDistanceSquared(x, y, boxes[i4], boxes[i4 + 1], boxes[i4 + 2], boxes[i4 + 3]);
        if (d <= limit2) ctx.heapPush(size++, d, i);
      }
      continue;
    }
    const n = -(payload + 1);
    const first = tree.nodeChild[n];
    if (first === NONE) {
      for (let i = tree.nodeHead[n]; i !== NONE; i = next[i]) {
        const i4 = i << 2;
        const d = boxDistanceSquared(x, y, boxes[i4], boxes[i4 + 1], boxes[i4 + 2], boxes[i4 + 3]);
        if (d <= limit2) ctx.heapPush(size++, d, i);
      }
      continue;
    }
    for (let g = 0; g < 2; g++) {
      if (!tree.reachBounds(n, g, nodeBox)) continue;
      const d = boxDistanceSquared(x, y, nodeBox[0], nodeBox[1], nodeBox[2], nodeBox[3]);
      if (d <= limit2) ctx.heapPush(size++, d, -(groupBase + 1 + 2 * n + g));
    }
    for (let c = first; c < first + 4; c++) {
      if (tree.nodeTotal[c] === 0) continue;
      tree.nodeBounds(c, nodeBox);
      const d = boxDistanceSquared(x, y, nodeBox[0], nodeBox[1], nodeBox[2], nodeBox[3]);
      if (d <= limit2) ctx.heapPush(size++, d, -(c + 1));
    }
  }
}

/**
 * Parameter t ≥ 0 at which the segment p + t·d, t ∈ [0, maxT], enters the closed box, or −1 when it
 * misses. Slab method; a zero direction component means the segment must already be inside that slab.
 */
export function rayEnter(
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
    const t0 = (minX - x) / dirX;
    const t1 = (maxX - x) / dirX;
    tMin = Math.max(tMin, Math.min(t0, t1));
    tMax = Math.min(tMax, Math.max(t0, t1));
    if (tMin > tMax) return -1;
  }
  if (dirY === 0) {
    if (y < minY || y > maxY) return -1;
  } else {
    const t0 = (minY - y) / dirY;
    const t1 = (maxY - y) / dirY;
    tMin = Math.max(tMin, Math.min(t0, t1));
    tMax = Math.min(tMax, Math.max(t0, t1));
    if (tMin > tMax) return -1;
  }
  return tMin;
}
