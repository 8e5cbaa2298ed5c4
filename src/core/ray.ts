import { NONE, type TreeArrays } from './arrays.js';
import type { Scratch } from './scratch.js';

/** Visitor of a ray walk: the id and where the segment enters its box. See {@link raycast}. */
export type RayVisitor = (id: number, tEnter: number) => number | boolean | void;

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
  const slotOf = tree.slotOf;
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
      const i4 = slotOf[i] << 2;
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
