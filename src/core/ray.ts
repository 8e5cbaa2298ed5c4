import { requireFinite, requireNonNegativeOrInfinity } from '../shared/validate.js';
import { NONE, type TreeArrays } from './arrays.js';
import { layOutForSearches } from './layout.js';
import { areaAlong, groupRange, LONG_RUN, type LongRuns, lowBound, viewOf } from './longRuns.js';
import type { Scratch } from './scratch.js';

/** Visitor of a ray walk: the id and where the segment enters its box. See `QuadIndex.raycast`. */
export type RayVisitor = (id: number, tEnter: number) => number | boolean | void;

/**
 * The walk's own visitor: the id, and the walk's numbers, where the segment's entry into the box
 * is at RAY_ENTER. The entry is read there rather than passed: V8 boxes a number passed to a call
 * it does not inline, 16 bytes for every box the ray reaches. Answers as a {@link RayVisitor}'s;
 * a visitor may also lower the limit at RAY_LIMIT itself. (QuadIndex.raycast relays to a
 * RayVisitor; the object Quadtree and the World visit the walk directly.)
 */
export type RayWalkVisitor = (id: number, walk: Float64Array) => number | boolean | void;

/** A node's float bounds (see TreeArrays.nodeBounds); one per module, used between calls only. */
const nodeBox = new Float64Array(4);

/** Where a ray walk keeps its numbers in Scratch.walk: x, y, dirX, dirY, the limit, the last entry. */
export const RAY_X = 0;
export const RAY_Y = 1;
export const RAY_DIR_X = 2;
export const RAY_DIR_Y = 3;
export const RAY_LIMIT = 4;
export const RAY_ENTER = 5;
/** Where a walk without a visitor leaves the first hit: its t and id (−1: none yet). */
export const FIRST_T = 6;
export const FIRST_ID = 7;
/** Where {@link rayEnter} leaves the t at which the segment leaves the box it met (the walk's own). */
const RAY_EXIT = 8;

/**
 * Visits the ids whose box the segment (x, y) + t·(dirX, dirY), t in [0, maxT], touches, node
 * by node from front to back; the caller puts the ray in ctx.walk (RAY_X … RAY_LIMIT). A number
 * returned by `visit` shortens the segment to that t (nodes and boxes beyond it are skipped),
 * `false` stops. Without a visitor (null) the walk finds the first hit, ties by id, and leaves it
 * at FIRST_T and FIRST_ID (−1: none), calling nothing: a visitor keeping the best in a closure
 * allocated on every call. Arguments are validated by the caller, which holds the tree busy.
 */
export function walkRayNodes(tree: TreeArrays, ctx: Scratch, visit: RayWalkVisitor | null): void {
  const ray = ctx.walk;
  ray[FIRST_ID] = -1;
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
    if (keys[sp] > ray[RAY_LIMIT]) continue;
    // An internal node's own boxes cross its midlines, in two groups with a bounding box each
    // (see TreeArrays.reachBounds): skip a group the segment misses without testing its boxes.
    const internal = tree.nodeChild[n] !== NONE;
    let groups = 3;
    if (internal) {
      for (let g = 0; g < 2; g++) {
        if (!tree.reachBounds(n, g, nodeBox) || !rayEnter(ray, nodeBox, 0)) groups &= ~(1 << g);
      }
    }
    // A long run (a row of boxes along a midline) through its sorted view: only the boxes near
    // the part of the segment inside each group's reach box.
    if (internal && groups !== 0 && tree.nodeCount[n] >= LONG_RUN && !tree.runsStale) {
      const view = viewOf(tree, n);
      if (view !== null) {
        if (
          walkGroup(tree, view, n, 0, groups, ray, visit) ||
          walkGroup(tree, view, n, 1, groups, ray, visit)
        ) {
          return;
        }
        groups = 0;
      }
    }
    for (let i = groups === 0 ? NONE : tree.nodeHead[n]; i !== NONE; i = next[i]) {
      if (internal && (groups & (1 << tree.reachGroup(n, i))) === 0) continue;
      if (offer(ray, boxes, slotOf[i] << 2, i, visit)) return;
    }
    const first = tree.nodeChild[n];
    if (first === NONE) continue;
    // Push the children hit by the segment, farthest first, so the nearest is popped next.
    const base = sp;
    for (let c = first; c < first + 4; c++) {
      if (tree.nodeTotal[c] === 0) continue;
      tree.nodeBounds(c, nodeBox);
      if (!rayEnter(ray, nodeBox, 0)) continue;
      const t = ray[RAY_ENTER];
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
 * The walk's step for one box (id, at boxes[o …]): the visitor's call when the segment meets it,
 * or, without a visitor, the first hit so far. Returns true when the visitor stopped the walk.
 */
function offer(
  ray: Float64Array,
  boxes: Float64Array,
  o: number,
  id: number,
  visit: RayWalkVisitor | null,
): boolean {
  if (!rayEnter(ray, boxes, o)) return false;
  if (visit === null) {
    // (The first hit counts even at t = Infinity, where a tiny direction makes the entry overflow.)
    const t = ray[RAY_ENTER];
    const best = ray[FIRST_ID];
    if (best < 0 || t < ray[FIRST_T] || (t === ray[FIRST_T] && id < best)) {
      ray[FIRST_T] = t;
      ray[FIRST_ID] = id;
      if (t < ray[RAY_LIMIT]) ray[RAY_LIMIT] = t >= 0 ? t : 0;
    }
    return false;
  }
  const answer = visit(id, ray);
  if (answer === false) return true;
  if (typeof answer === 'number' && answer < ray[RAY_LIMIT]) ray[RAY_LIMIT] = answer >= 0 ? answer : 0;
  return false;
}

/**
 * Offers the boxes of node n's group g near the part of the segment inside the group's reach box
 * (none when the segment misses it, `groups` bit g clear: a slanted ray with no limit thus asks for
 * the few boxes where it crosses a row, not the whole row), in the order the ray meets them along
 * the group's sort axis, and stops at the first that starts beyond the segment's end on that axis:
 * the limit falls with each hit, so a ray running along a row (a ray inside a floor's thickness)
 * tests the tiles up to its first hit, not the whole row. Returns true when the visitor stopped
 * the walk.
 */
function walkGroup(
  tree: TreeArrays,
  view: LongRuns,
  n: number,
  g: number,
  groups: number,
  ray: Float64Array,
  visit: RayWalkVisitor | null,
): boolean {
  if ((groups & (1 << g)) !== 0 && tree.reachBounds(n, g, nodeBox) && rayEnter(ray, nodeBox, 0)) {
    const t0 = ray[RAY_ENTER];
    const t1 = ray[RAY_EXIT];
    areaAlong(ray[RAY_X], ray[RAY_DIR_X], t0, t1, nodeBox, 0);
    areaAlong(ray[RAY_Y], ray[RAY_DIR_Y], t0, t1, nodeBox, 1);
  } else {
    // (An empty area: no box starts at or below −∞.)
    nodeBox[0] = nodeBox[1] = nodeBox[2] = nodeBox[3] = Number.NEGATIVE_INFINITY;
  }
  groupRange(tree, view, n, g, nodeBox[0], nodeBox[1], nodeBox[2], nodeBox[3]);
  const from = view.from;
  const to = view.to;
  const order = view.order;
  const slotIds = tree.slotIds;
  const boxes = tree.boxes;
  const axis = 1 - g; // (group 0 is sorted by minimum y, group 1 by minimum x)
  const p = ray[RAY_X + axis];
  const d = ray[RAY_DIR_X + axis];
  if (d >= 0) {
    for (let k = from; k < to; k++) {
      const r = order[k];
      // Sorted by minimum: once one starts past the end of the segment, so do the rest. (The end
      // widened for the rounding of p + d·t and of the slab test; at d = 0 it is p itself.)
      if (d > 0 && boxes[(r << 2) | axis] > segmentEnd(p, d, ray[RAY_LIMIT], 1)) break;
      if (offer(ray, boxes, r << 2, slotIds[r], visit)) return true;
    }
  } else {
    const extent = view.extent[2 * n + g];
    for (let k = to - 1; k >= from; k--) {
      const r = order[k];
      // Backwards: once one ends (at most its minimum plus the group's largest extent) before the
      // end of the segment, so do the rest.
      if (boxes[(r << 2) | axis] < lowBound(segmentEnd(p, d, ray[RAY_LIMIT], -1), extent)) break;
      if (offer(ray, boxes, r << 2, slotIds[r], visit)) return true;
    }
  }
  return false;
}

/**
 * Where the segment ends on one axis, p + d·limit, moved by `side` times a margin for the
 * rounding of the arithmetic (outwards: it only lets a few more boxes be tested). ±∞ for an
 * unlimited ray.
 */
function segmentEnd(p: number, d: number, limit: number, side: number): number {
  const end = p + d * limit;
  return end + side * ((Math.abs(p) + Math.abs(end)) * 2 ** -40 + Number.MIN_VALUE);
}

/**
 * A ray walk (arguments checked by the caller: see {@link checkRay}) over `tree`, with `visit` (null:
 * find the first hit, see {@link walkRayNodes}); returns the walk's numbers, where the first hit is
 * found (read them before the next traversal).
 */
export function runRay(
  tree: TreeArrays,
  x: number,
  y: number,
  dirX: number,
  dirY: number,
  maxT: number,
  visit: RayWalkVisitor | null,
): Float64Array {
  layOutForSearches(tree); // (a row's sorted view needs a laid-out tree)
  const ctx = tree.enter();
  const ray = ctx.walk;
  ray[RAY_X] = x;
  ray[RAY_Y] = y;
  ray[RAY_DIR_X] = dirX;
  ray[RAY_DIR_Y] = dirY;
  ray[RAY_LIMIT] = maxT;
  try {
    walkRayNodes(tree, ctx, visit);
  } finally {
    tree.busy--;
  }
  return ray;
}

/**
 * Whether the segment of `ray` (a walk's numbers, see {@link walkRayNodes}), t ∈ [0, limit], meets the
 * closed box b[o … o + 3]; if so the parameter t ≥ 0 at which it enters is left at RAY_ENTER, and
 * the one at which it leaves (≤ limit) at RAY_EXIT. Slab method; a zero direction component means
 * the segment must already be inside that slab.
 */
function rayEnter(ray: Float64Array, b: Float64Array, o: number): boolean {
  const x = ray[RAY_X];
  const y = ray[RAY_Y];
  const dirX = ray[RAY_DIR_X];
  const dirY = ray[RAY_DIR_Y];
  const minX = b[o];
  const minY = b[o + 1];
  const maxX = b[o + 2];
  const maxY = b[o + 3];
  let tMin = 0;
  let tMax = ray[RAY_LIMIT];
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
  ray[RAY_ENTER] = tMin;
  ray[RAY_EXIT] = tMax;
  return true;
}

/** Throws, naming the argument, unless a ray's numbers are finite and its limit ≥ 0 (or +∞). */
export function checkRay(x: number, y: number, dirX: number, dirY: number, maxT: number): void {
  requireFinite(x, 'x');
  requireFinite(y, 'y');
  requireFinite(dirX, 'dirX');
  requireFinite(dirY, 'dirY');
  requireNonNegativeOrInfinity(maxT, 'maxT');
}
