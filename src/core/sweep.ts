import { isValidMinMax, requireFinite, requireMinMax } from '../shared/validate.js';
import { NONE, type TreeArrays } from './arrays.js';
import { layOutForSearches } from './layout.js';
import { areaAlong, groupRange, LONG_RUN, viewOf } from './longRuns.js';
import { queuedGroup, queuedNode } from './nearest.js';
import type { Scratch } from './scratch.js';

/**
 * Box sweeps: a box moving by (dx, dy) over t ∈ [0, 1] against the index's static boxes.
 *
 *   t = inf { s ∈ [0, 1] : the moved box overlaps the target strictly }
 *
 * Per axis, with d > 0, the open intervals overlap while (bMin − aMax)/d < t < (bMax − aMin)/d
 * (mirrored for d < 0; for d = 0 always or never); the boxes overlap while both axes do, so they
 * overlap on the open interval (latest entry, earliest exit). A hit is that interval meeting
 * [0, 1): sliding along an edge, brushing a corner (entry = exit) or ending exactly in contact
 * (entry = 1) is a miss; boxes already overlapping report t = 0.
 */

/**
 * The last {@link entryOf} hit: its entry time, then the entry time on each axis (for the normal).
 * Results are left here, not returned: V8 boxes a number returned from, or passed to, a call it
 * did not inline, and the index sweep calls this for every node and box it keys.
 */
export const entry = new Float64Array(3);

/**
 * Whether the box a[ao … ao + 3] (minX, minY, maxX, maxY) moving by (a[ao + 4], a[ao + 5]) hits
 * the static box b[bo … bo + 3]; on a hit its entry time (< 1; below 0, or −∞, when they overlap
 * at t = 0) is left in entry[0]. Each quotient is one exact difference divided once, and the sign
 * of a float difference is exact, so the t = 0 decisions are bit for bit the index's strict test.
 * (Where a quotient underflows, the decision goes back to the differences: see below.)
 */
export function entryOf(a: Float64Array, ao: number, b: Float64Array, bo: number): boolean {
  const aMinX = a[ao];
  const aMinY = a[ao + 1];
  const aMaxX = a[ao + 2];
  const aMaxY = a[ao + 3];
  const dx = a[ao + 4];
  const dy = a[ao + 5];
  const bMinX = b[bo];
  const bMinY = b[bo + 1];
  const bMaxX = b[bo + 2];
  const bMaxY = b[bo + 3];
  let enterX = Number.NEGATIVE_INFINITY;
  let exitX = Number.POSITIVE_INFINITY;
  if (dx > 0) {
    enterX = (bMinX - aMaxX) / dx;
    exitX = (bMaxX - aMinX) / dx;
  } else if (dx < 0) {
    enterX = (bMaxX - aMinX) / dx;
    exitX = (bMinX - aMaxX) / dx;
  } else if (!(aMinX < bMaxX && bMinX < aMaxX)) {
    return false; // no motion on x and no overlap on x: never
  }
  let enterY = Number.NEGATIVE_INFINITY;
  let exitY = Number.POSITIVE_INFINITY;
  if (dy > 0) {
    enterY = (bMinY - aMaxY) / dy;
    exitY = (bMaxY - aMinY) / dy;
  } else if (dy < 0) {
    enterY = (bMaxY - aMinY) / dy;
    exitY = (bMinY - aMaxY) / dy;
  } else if (!(aMinY < bMaxY && bMinY < aMaxY)) {
    return false;
  }
  const enter = enterX > enterY ? enterX : enterY;
  const exit = exitX < exitY ? exitX : exitY;
  // Hit iff the open interval (enter, exit) meets [0, 1). An interval that closes as it opens
  // (enter === exit) is a corner brushed in passing; exit === 0 is a pair separating from touching,
  // unless that 0 is a quotient that underflowed: an overlap far smaller than the motion (1e-300
  // left at 1e30 a step), whose boxes then overlap, or touch moving in, at the start. The signs of
  // the differences tell which: every exit ahead, and no entry. (An entry can underflow to 0 as
  // well: two boxes of zero height, 5e-324 apart, meet and part at the same instant, a miss.)
  if (!(enter < exit && enter < 1 && exit > 0) && !(exit === 0 && enter <= 0 && startsInside(a, ao, b, bo)))
    return false;
  entry[0] = enter;
  entry[1] = enterX;
  entry[2] = enterY;
  return true;
}

/**
 * Whether, on each axis {@link entryOf}'s box moves along, it has entered the static box at the
 * start (or touches it, moving in) and leaves it after the start: decided on the signs of the
 * differences rather than on the quotients, which underflow. (Its own function, so that entryOf
 * stays small enough for V8 to inline into the sweep's walk: written out in entryOf, the index
 * sweep measured 5% slower.)
 */
function startsInside(a: Float64Array, ao: number, b: Float64Array, bo: number): boolean {
  const dx = a[ao + 4];
  const dy = a[ao + 5];
  // Entry at or before the start: bMin − aMax ≤ 0 moving forwards, bMax − aMin ≥ 0 backwards;
  // exit after it: bMax − aMin > 0 forwards, bMin − aMax < 0 backwards.
  if (
    dx > 0
      ? !(b[bo] - a[ao + 2] <= 0 && b[bo + 2] - a[ao] > 0)
      : dx < 0 && !(b[bo + 2] - a[ao] >= 0 && b[bo] - a[ao + 2] < 0)
  ) {
    return false;
  }
  return dy > 0
    ? b[bo + 1] - a[ao + 3] <= 0 && b[bo + 3] - a[ao + 1] > 0
    : !(dy < 0) || (b[bo + 3] - a[ao + 1] >= 0 && b[bo + 1] - a[ao + 3] < 0);
}

/** boxEntry's arguments, for entryOf. */
const given = new Float64Array(10);

/** {@link entryOf} with the boxes as numbers (the geometry's sweeps): the entry time, or +∞ on a miss. */
export function boxEntry(
  aMinX: number,
  aMinY: number,
  aMaxX: number,
  aMaxY: number,
  dx: number,
  dy: number,
  bMinX: number,
  bMinY: number,
  bMaxX: number,
  bMaxY: number,
): number {
  given[0] = aMinX;
  given[1] = aMinY;
  given[2] = aMaxX;
  given[3] = aMaxY;
  given[4] = dx;
  given[5] = dy;
  given[6] = bMinX;
  given[7] = bMinY;
  given[8] = bMaxX;
  given[9] = bMaxY;
  return entryOf(given, 0, given, 6) ? entry[0] : Number.POSITIVE_INFINITY;
}

/**
 * The contact normal of the last {@link entryOf} hit (entry `enter`, motion (dx, dy)) into
 * out[0], out[1]: the face of the target that was reached, pointing back at the mover; the
 * diagonal when both faces are reached at the same instant. Boxes overlapping at t = 0 get the
 * reversed motion direction, or (0, 0) without motion.
 */
export function entryNormal(enter: number, dx: number, dy: number, out: Float64Array): void {
  given[4] = dx;
  given[5] = dy;
  out[0] = enter; // (read back at once: out is only written by the last two lines)
  normalOfEntry(given, 4, out);
}

/**
 * {@link entryNormal} with its numbers in arrays, for the sweeps that call it for every hit (numbers
 * passed to a call V8 does not inline would be boxed on the heap): the entry at out[0], the motion
 * at motion[at], motion[at + 1].
 */
export function normalOfEntry(motion: Float64Array, at: number, out: Float64Array): void {
  const enter = out[0];
  const dx = motion[at];
  const dy = motion[at + 1];
  let nx = 0;
  let ny = 0;
  if (enter < 0) {
    if (dx !== 0 || dy !== 0) {
      // Divide by the larger component first so that tiny motions keep their direction.
      const m = Math.max(Math.abs(dx), Math.abs(dy));
      const ux = dx / m;
      const uy = dy / m;
      const len = Math.sqrt(ux * ux + uy * uy);
      nx = 0 - ux / len; // (0 − u keeps +0 where −u would give −0)
      ny = 0 - uy / len;
    }
  } else {
    if (entry[1] === enter) nx = dx > 0 ? -1 : 1;
    if (entry[2] === enter) ny = dy > 0 ? -1 : 1;
    if (nx !== 0 && ny !== 0) {
      nx *= Math.SQRT1_2;
      ny *= Math.SQRT1_2;
    }
  }
  out[0] = nx;
  out[1] = ny;
}

/** Visitor of an index sweep: the id hit, its time of impact, and the contact normal. */
export type SweepVisitor = (id: number, t: number, normalX: number, normalY: number) => unknown;

/**
 * The walk's own visitor: the id hit, and the walk's numbers, where its time of impact and normal
 * are at HIT_T, HIT_NX and HIT_NY. Read there rather than passed: V8 boxes a number passed to a
 * call it does not inline, 48 bytes a hit. (QuadIndex.forEachSweepHit relays to a SweepVisitor;
 * the object Quadtree and the World visit the walk directly.)
 */
export type SweepWalkVisitor = (id: number, walk: Float64Array) => unknown;

/**
 * Where the walk leaves the hit it visits, in its numbers: t and normal; and, for a sweep without
 * a visitor (null), which calls nothing and stops at the first hit, its id (−1: none).
 */
export const HIT_ID = 6;
export const HIT_T = 7;
export const HIT_NX = 8;
export const HIT_NY = 9;

/** Node, group and box bounds for the walk (used between calls only). */
const bounds = new Float64Array(4);
/** The normal of the hit being visited (and, first, its entry: see normalOfEntry). */
const hitNormal = new Float64Array(2);

/**
 * Visits the boxes hit by the box in ctx.walk (minX, minY, maxX, maxY, put there by the caller)
 * moving by its (dx, dy) (the next two numbers), in increasing time of
 * impact (ties by id), skipping `skip`; `false` from `visit` stops. Best-first over a heap keyed
 * by t: a node (or the group of an internal node's midline-crossing boxes) is keyed by when the
 * moving box first reaches its bounds, a box by its exact time of impact, so only the nodes along
 * the swept path are opened. (Nodes come before boxes at equal keys, so ties still go by id.) The caller holds the tree busy.
 */
export function sweep(tree: TreeArrays, ctx: Scratch, skip: number, visit: SweepWalkVisitor | null): void {
  const mover = ctx.walk;
  mover[HIT_ID] = -1;
  // A node (or group) is keyed by its entry time into its bounds: the very expressions of a box's
  // time of impact, (bMin − aMax)/d and (bMax − aMin)/d, with the node's bounds, which contain
  // every box filed in it. Float subtraction and division are monotone, so the key is never later
  // than the time of a box inside, whatever the rounding, and a node is never dropped while a box
  // in it is hit. (A ray from the min corner into the bounds grown by the box's size rounded
  // differently: with the mover 1e15 away, a node came out keyed after a box inside it, and the
  // hits came out of order.)
  const boxes = tree.boxes;
  const slotOf = tree.slotOf;
  const next = tree.itemNext;
  // Payload ≥ 0: a box id; −(c + 1): node c; below −groupBase: group g of node n (see nearest).
  const groupBase = tree.nodeCapacity + 1;
  ctx.heapPush(0, 0, -1);
  let size = 1;
  while (size > 0) {
    const key = ctx.keys[0];
    const payload = ctx.ids[0];
    ctx.heapPop(size--);
    if (payload >= 0) {
      entryOf(mover, 0, boxes, slotOf[payload] << 2); // (a hit: it was queued for one)
      hitNormal[0] = entry[0];
      normalOfEntry(mover, 4, hitNormal);
      mover[HIT_T] = key;
      mover[HIT_NX] = hitNormal[0];
      mover[HIT_NY] = hitNormal[1];
      if (visit === null) {
        mover[HIT_ID] = payload;
        return;
      }
      if (visit(payload, mover) === false) return;
      continue;
    }
    const n = queuedNode(payload, groupBase);
    const group = queuedGroup(payload, groupBase);
    const first = tree.nodeChild[n];
    if (group >= 0 && tree.nodeCount[n] >= LONG_RUN && !tree.runsStale) {
      // A long run's group (a row of boxes along a midline): through its sorted view, only the
      // boxes near the swept area (see longRuns.ts), once it has one.
      const view = viewOf(tree, n);
      if (view !== null) {
        sweptArea(mover, bounds);
        groupRange(tree, view, n, group, bounds[0], bounds[1], bounds[2], bounds[3]);
        for (let k = view.from, end = view.to; k < end; k++) {
          const r = view.order[k];
          const i = tree.slotIds[r];
          if (i !== skip && entryOf(mover, 0, boxes, r << 2)) queueAtEntry(ctx, size++, i);
        }
        continue;
      }
    }
    if (first === NONE || group >= 0) {
      // A leaf's boxes, or one group of an internal node's boxes: each keyed by its exact time.
      for (let i = tree.nodeHead[n]; i !== NONE; i = next[i]) {
        if (i === skip || (group >= 0 && tree.reachGroup(n, i) !== group)) continue;
        if (entryOf(mover, 0, boxes, slotOf[i] << 2)) queueAtEntry(ctx, size++, i);
      }
      continue;
    }
    for (let g = 0; g < 2; g++) {
      if (!tree.reachBounds(n, g, bounds) || !entryOf(mover, 0, bounds, 0)) continue;
      queueAtEntry(ctx, size++, -(groupBase + 1 + 2 * n + g));
    }
    for (let c = first; c < first + 4; c++) {
      if (tree.nodeTotal[c] === 0) continue;
      tree.nodeBounds(c, bounds);
      if (entryOf(mover, 0, bounds, 0)) queueAtEntry(ctx, size++, -(c + 1));
    }
  }
}

/**
 * The area the box in mover[0 … 3] covers moving by mover[4], mover[5] (widened by rounding, see
 * areaAlong), into out[0 … 3] as minX, minY, maxX, maxY.
 */
function sweptArea(mover: Float64Array, out: Float64Array): void {
  areaAlong(mover[2], mover[4], 0, 1, out, 0);
  const maxX = out[2];
  areaAlong(mover[3], mover[5], 0, 1, out, 1);
  const maxY = out[3];
  areaAlong(mover[0], mover[4], 0, 1, out, 0);
  areaAlong(mover[1], mover[5], 0, 1, out, 1);
  out[2] = maxX;
  out[3] = maxY;
}

/**
 * A sweep (arguments checked by the caller: see {@link checkSweep}) of the box minX … maxY moving by
 * (dx, dy) over `tree`, with `visit` (null: stop at the first hit), skipping `skip`; returns the
 * walk's numbers, where the first hit is found (read them before the next traversal).
 */
export function runSweep(
  tree: TreeArrays,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
  dx: number,
  dy: number,
  visit: SweepWalkVisitor | null,
  skip: number,
): Float64Array {
  layOutForSearches(tree);
  const ctx = tree.enter();
  const mover = ctx.walk;
  mover[0] = minX;
  mover[1] = minY;
  mover[2] = maxX;
  mover[3] = maxY;
  mover[4] = dx;
  mover[5] = dy;
  return sweepEntered(tree, ctx, skip, visit);
}

/**
 * The sweep of the box and motion the caller put in ctx.walk[0 … 5], `ctx` from `tree.enter()`:
 * runs it and lets the tree go; returns the walk's numbers.
 */
export function sweepEntered(
  tree: TreeArrays,
  ctx: Scratch,
  skip: number,
  visit: SweepWalkVisitor | null,
): Float64Array {
  try {
    sweep(tree, ctx, skip, visit);
  } finally {
    tree.busy--;
  }
  return ctx.walk;
}

/**
 * Queues payload `id` in the walk's heap of `size` entries, keyed by the entry time the last
 * {@link entryOf} left (0 when the boxes overlap already). The key goes through the heap's array
 * rather than an argument (see Scratch.siftUp).
 */
function queueAtEntry(ctx: Scratch, size: number, id: number): void {
  ctx.fitKeyed(size + 1);
  ctx.keys[size] = entry[0] > 0 ? entry[0] : 0;
  ctx.siftUp(size, id);
}

/** Throws, naming the argument, unless a sweep's box is finite with min ≤ max and its motion finite. */
export function checkSweep(
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
  dx: number,
  dy: number,
): void {
  if (!isValidMinMax(minX, minY, maxX, maxY)) requireMinMax(minX, minY, maxX, maxY);
  requireFinite(dx, 'dx');
  requireFinite(dy, 'dy');
}
