import { NONE, type TreeArrays } from './arrays.js';
import type { Scratch } from './scratch.js';

/** Visitor of a ray walk: the id and where the segment enters its box. See {@link raycast}. */
export type RayVisitor = (id: number, tEnter: number) => number | boolean | void;

/** A node's float bounds (see TreeArrays.nodeBounds); one per module, used between calls only. */
const nodeBox = new Float64Array(4);

/**
 * The ray of the walk under way: x, y, dirX, dirY, then the limit (maxT, shortened by the
 * visitor), then the last {@link rayEnter} result. The walk's helpers read and write numbers
 * here rather than take them as arguments: V8 boxes a number passed to, or returned from, a call
 * it did not inline, and the walk makes one such call per node and per box (kilobytes per ray).
 */
export const rayArgs = new Float64Array(6);
const LIMIT = 4;
const ENTER = 5;

/** Walks under way (a visitor may cast another ray), and the outer walks' rays, 6 numbers each. */
let rayDepth = 0;
let outerRays = new Float64Array(6 * 4);

/** Before a walk sets {@link rayArgs}: keeps the ray of a walk under way, if any. Pair with {@link restoreRay}. */
export function saveRay(): void {
  if (rayDepth > 0) {
    const o = 6 * (rayDepth - 1);
    if (outerRays.length < o + 6) {
      const grown = new Float64Array(2 * outerRays.length);
      grown.set(outerRays);
      outerRays = grown;
    }
    for (let k = 0; k < 6; k++) outerRays[o + k] = rayArgs[k];
  }
  rayDepth++;
}

/** After a walk: gives the walk it interrupted, if any, its ray back. */
export function restoreRay(): void {
  rayDepth--;
  if (rayDepth > 0) {
    const o = 6 * (rayDepth - 1);
    for (let k = 0; k < 6; k++) rayArgs[k] = outerRays[o + k];
  }
}

/**
 * Visits the ids whose box the segment (x, y) + t·(dirX, dirY), t in [0, maxT], from
 * {@link rayArgs}, touches, node by node from front to back. A number returned by `visit`
 * shortens the segment to that t (nodes and boxes beyond it are skipped), `false` stops.
 * Arguments are validated by the caller, which holds the tree busy.
 */
export function raycast(tree: TreeArrays, ctx: Scratch, visit: RayVisitor): void {
  const boxes = tree.boxes;
  const slotOf = tree.slotOf;
  const next = tree.itemNext;
  const stack = ctx.nodes;
  let keys = ctx.keys;
  if (keys.length < stack.length) keys = ctx.growKeys(stack.length);
  stack[0] = 0;
  keys[0] = 0;
  let sp = 1;
  while (sp > 0) {
    sp--;
    const n = stack[sp];
    if (keys[sp] > rayArgs[LIMIT]) continue;
    // An internal node's own boxes cross its midlines, in two groups with a bounding box each
    // (see TreeArrays.reachBounds): skip a group the segment misses without testing its boxes.
    const internal = tree.nodeChild[n] !== NONE;
    let groups = 3;
    if (internal) {
      for (let g = 0; g < 2; g++) {
        if (!tree.reachBounds(n, g, nodeBox) || !rayEnter(nodeBox, 0)) groups &= ~(1 << g);
      }
    }
    for (let i = groups === 0 ? NONE : tree.nodeHead[n]; i !== NONE; i = next[i]) {
      if (internal && (groups & (1 << tree.reachGroup(n, i))) === 0) continue;
      if (!rayEnter(boxes, slotOf[i] << 2)) continue;
      const answer = visit(i, rayArgs[ENTER]);
      if (answer === false) return;
      if (typeof answer === 'number' && answer < rayArgs[LIMIT]) rayArgs[LIMIT] = answer >= 0 ? answer : 0;
    }
    const first = tree.nodeChild[n];
    if (first === NONE) continue;
    // Push the children hit by the segment, farthest first, so the nearest is popped next.
    const base = sp;
    for (let c = first; c < first + 4; c++) {
      if (tree.nodeTotal[c] === 0) continue;
      tree.nodeBounds(c, nodeBox);
      if (!rayEnter(nodeBox, 0)) continue;
      const t = rayArgs[ENTER];
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
 * Whether the segment of {@link rayArgs}, t ∈ [0, limit], meets the closed box b[o … o + 3]; if so
 * the parameter t ≥ 0 at which it enters is left in rayArgs[5]. Slab method; a zero direction
 * component means the segment must already be inside that slab.
 */
export function rayEnter(b: Float64Array, o: number): boolean {
  const x = rayArgs[0];
  const y = rayArgs[1];
  const dirX = rayArgs[2];
  const dirY = rayArgs[3];
  const minX = b[o];
  const minY = b[o + 1];
  const maxX = b[o + 2];
  const maxY = b[o + 3];
  let tMin = 0;
  let tMax = rayArgs[LIMIT];
  if (dirX === 0) {
    if (x < minX || x > maxX) return false;
  } else {
    // Division, not multiplication by 1/dirX: 1/dirX overflows for tiny dirX and 0·∞ is NaN.
    const t0 = (minX - x) / dirX;
    const t1 = (maxX - x) / dirX;
    tMin = Math.max(tMin, Math.min(t0, t1));
    tMax = Math.min(tMax, Math.max(t0, t1));
    if (tMin > tMax) return false;
  }
  if (dirY === 0) {
    if (y < minY || y > maxY) return false;
  } else {
    const t0 = (minY - y) / dirY;
    const t1 = (maxY - y) / dirY;
    tMin = Math.max(tMin, Math.min(t0, t1));
    tMax = Math.min(tMax, Math.max(t0, t1));
    if (tMin > tMax) return false;
  }
  rayArgs[ENTER] = tMin;
  return true;
}
