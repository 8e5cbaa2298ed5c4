/*
 * The public sweeps: sweepBoxes (two axis-aligned boxes, by the index's own rule) and sweepShapes,
 * which rejects on swept bounds, decides the start with overlaps(), and dispatches each pair of
 * shape kinds to its exact solver (sweepCircle.ts, sweepConvex.ts). SweepHit is in sweepHit.ts.
 */
import { boxEntry, entryNormal, entryOf, normalOfEntry } from '../core/sweep.js';
import { requireFinite, requireInstance } from '../shared/validate.js';
import type { ConvexShape } from './convex.js';
import { overlapsUnchecked } from './sat.js';
import { requireShape, type Shape } from './shape.js';
import type { Circle } from './shapes.js';
import { sweepCircleCircle, sweepCircleConvex } from './sweepCircle.js';
import { sweepConvexConvex } from './sweepConvex.js';
import { middleOfOverlap, middleOfOverlapIn, SweepHit } from './sweepHit.js';

/*
 * Time of impact for translation. A mover moves by (dx, dy) over the parameter t ∈ [0, 1]
 * (position at t = start + t·(dx, dy)); the target does not move. Both sweeps answer one question:
 *
 *   t = inf { s ∈ [0, 1] : the mover, moved by s·(dx, dy), overlaps the target }
 *
 * with "overlaps" the library's strict rule (touching is not overlapping). Under translation two
 * convex shapes overlap on an open interval of time (the relative path is a line, the set of
 * overlapping offsets is the open interior of a convex Minkowski difference), so the sweep is a hit
 * exactly when that interval meets [0, 1], and t is its start clamped to 0. A mover that only slides
 * along an edge or brushes a corner never overlaps and is a miss; a mover that ends exactly
 * touching the target (interval starting at t = 1) is a miss too.
 */

/** Normal of a box sweep, from the core's rule (a typed array: module-level doubles would be boxed). */
const boxNormal = new Float64Array(2);

/**
 * The answer for shapes that overlap at t = 0, from sweepShapesUnchecked's array (the mover's
 * bounds at g[0 … 3], the motion at g[4], g[5], the target's bounds at g[6 … 9]): the normal
 * against the motion, or (0, 0) without motion (the index's rule for boxes, core/sweep.ts, whose
 * overlap case this is), and the centre of the bounds' intersection as point.
 */
function startOverlap(out: SweepHit, g: Float64Array): void {
  out.t = 0;
  boxNormal[0] = -1; // (an entry before the start)
  normalOfEntry(g, 4, boxNormal);
  out.normal.x = boxNormal[0];
  out.normal.y = boxNormal[1];
  const v = startMiddle;
  for (let axis = 0; axis < 2; axis++) {
    v[0] = g[axis];
    v[1] = g[axis + 2];
    v[2] = g[axis + 6];
    v[3] = g[axis + 8];
    middleOfOverlapIn(v);
    if (axis === 0) out.point.x = v[4];
    else out.point.y = v[4];
  }
}

/** {@link startOverlap}'s ranges, for middleOfOverlapIn. */
const startMiddle = new Float64Array(5);

/**
 * Sweeps an axis-aligned box against a static axis-aligned box: the mover `[minX, maxX] ×
 * [minY, maxY]` moves by `(dx, dy)`; the target is `[targetMinX, targetMaxX] × [targetMinY,
 * targetMaxY]`. Returns whether they overlap at some time in [0, 1] and, if so, fills `out`.
 *
 * - `out.t` is the first time at which the boxes overlap under the index's strict rule
 *   (`a.minX < b.maxX && b.minX < a.maxX && …`) — precisely, the infimum of those times, so at `t`
 *   the boxes touch. A mover that only slides along an edge or brushes a corner is a miss; one that
 *   ends exactly touching (t would be 1) is a miss; one already overlapping reports 0.
 * - `out.normal` is (−1, 0), (1, 0), (0, −1) or (0, 1): the face of the target that was hit, pointing
 *   back at the mover. At an exact corner hit (both faces reached at the same instant) it is the
 *   diagonal (±√½, ±√½). Already overlapping: the reversed motion direction, or (0, 0) without motion.
 * - `out.point` is the middle of the touching region on the target's face at time t (the corner for
 *   a corner hit), or the centre of the boxes' intersection when they already overlap.
 *
 * Units are world units for coordinates and motion; `t` is dimensionless. Zero-size boxes are
 * allowed (a zero-size mover is a point probe; two zero-width boxes never overlap). With integer
 * coordinates (any size up to 2^53) and integer motion below 2^26 in magnitude, every hit/miss,
 * corner-tie and touching decision is exact and `t` is the correctly rounded quotient. Otherwise
 * `t` is within a couple of ulps of the exact time and only configurations within rounding of a
 * graze or a corner tie can decide differently.
 *
 * Throws a `TypeError`/`RangeError` naming the argument for a non-finite number or a box whose
 * max is below its min. On a miss `out` is unchanged.
 * @example
 * // A 10-px bullet moving 40 px right, against a wall whose left face is at x = 30.
 * const hit = new SweepHit();
 * if (sweepBoxes(0, 0, 10, 10, 40, 0, 30, -100, 40, 100, hit)) console.log(hit.t); // 0.5
 */
export function sweepBoxes(
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
  dx: number,
  dy: number,
  targetMinX: number,
  targetMinY: number,
  targetMaxX: number,
  targetMaxY: number,
  out: SweepHit,
): boolean {
  if (!(out instanceof SweepHit)) requireInstance(out, SweepHit, 'a SweepHit', 'out');
  requireFinite(minX, 'minX');
  requireFinite(minY, 'minY');
  requireFinite(maxX, 'maxX');
  requireFinite(maxY, 'maxY');
  requireFinite(dx, 'dx');
  requireFinite(dy, 'dy');
  requireFinite(targetMinX, 'targetMinX');
  requireFinite(targetMinY, 'targetMinY');
  requireFinite(targetMaxX, 'targetMaxX');
  requireFinite(targetMaxY, 'targetMaxY');
  requireOrdered(minX, maxX, 'minX', 'maxX');
  requireOrdered(minY, maxY, 'minY', 'maxY');
  requireOrdered(targetMinX, targetMaxX, 'targetMinX', 'targetMaxX');
  requireOrdered(targetMinY, targetMaxY, 'targetMinY', 'targetMaxY');
  const enter = boxEntry(minX, minY, maxX, maxY, dx, dy, targetMinX, targetMinY, targetMaxX, targetMaxY);
  if (!(enter < 1)) return false;
  // The face(s) whose slab opens last (both at an exact corner hit), or the reversed motion when
  // the boxes overlap at the start: the index's own rule (core/sweep.ts).
  entryNormal(enter, dx, dy, boxNormal);
  const nx = enter < 0 ? 0 : boxNormal[0];
  const ny = enter < 0 ? 0 : boxNormal[1];
  out.normal.x = boxNormal[0];
  out.normal.y = boxNormal[1];
  // enter may be -0 (a touching face and negative motion); + 0 makes it +0.
  const t = enter < 0 ? 0 : enter + 0;
  out.t = t;
  out.point.x =
    nx !== 0
      ? dx > 0
        ? targetMinX
        : targetMaxX
      : middleOfOverlap(minX + dx * t, maxX + dx * t, targetMinX, targetMaxX);
  out.point.y =
    ny !== 0
      ? dy > 0
        ? targetMinY
        : targetMaxY
      : middleOfOverlap(minY + dy * t, maxY + dy * t, targetMinY, targetMaxY);
  return true;
}

function requireOrdered(min: number, max: number, minName: string, maxName: string): void {
  if (max < min) throw new RangeError(`${maxName} must be >= ${minName}, got ${max} < ${min}`);
}

/**
 * Sweeps `moving` by `(dx, dy)` against the static `target` (translation only: neither shape
 * rotates or scales during the sweep) and returns whether they overlap at some time in [0, 1]; if
 * so, fills `out`. Every pair of shape kinds is supported.
 *
 * - `out.t` is the first time at which `moving`, translated by `t × (dx, dy)`, overlaps `target`
 *   under the rule of {@link overlaps} (touching is not overlapping) — precisely the infimum of
 *   those times, so at `t` the shapes touch. Sliding along a face, brushing a vertex, or ending
 *   exactly in contact is a miss. Shapes that {@link overlaps} says already overlap report `t = 0`.
 * - `out.normal` is the unit normal of the target's surface at the contact, pointing back at the
 *   mover (`normal · (dx, dy) ≤ 0`); when several faces are reached at the same instant, their
 *   normalised sum. Already overlapping: the reversed motion direction, or (0, 0) without motion.
 * - `out.point` is on the target's surface at time t: the touching vertex, or the middle of the
 *   shared part of two parallel faces. Already overlapping: the centre of the intersection of the
 *   two bounding boxes.
 *
 * The answers are exact methods, not stepping: two circles solve a quadratic; a circle against a
 * straight-edged shape casts its centre against that shape inflated by the radius (offset faces
 * and vertex discs); two straight-edged shapes intersect, over every face normal of both, the time
 * intervals in which their projections overlap (the separating-axis test on swept projections,
 * exact for translation). Rounding makes `t` accurate to a few ulps of the coordinates divided by
 * the approach speed along the normal, so a nearly grazing approach is less accurate than a head-on
 * one.
 *
 * Throws a `TypeError`/`RangeError` naming `dx` or `dy` when it is not a finite number. On a miss
 * `out` is unchanged. Creates no object (its helpers take their numbers in arrays, which V8 does
 * not box as it boxes a number passed to a function it did not inline).
 * @example
 * const hit = new SweepHit();
 * if (sweepShapes(ball, vx * dt, vy * dt, wall, hit)) {
 *   ball.translate(vx * dt * hit.t, vy * dt * hit.t); // stop at the wall
 * }
 */
export function sweepShapes(moving: Shape, dx: number, dy: number, target: Shape, out: SweepHit): boolean {
  requireShape(moving, 'moving');
  requireShape(target, 'target');
  if (!(out instanceof SweepHit)) requireInstance(out, SweepHit, 'a SweepHit', 'out');
  requireFinite(dx, 'dx');
  requireFinite(dy, 'dy');
  givenMotion[0] = dx;
  givenMotion[1] = dy;
  return sweepShapesUnchecked(moving, givenMotion, target, out);
}

/** {@link sweepShapes}'s motion, as {@link sweepShapesUnchecked} takes it. */
const givenMotion = new Float64Array(2);
/** The motion reversed, for a solver that moves the other shape (see sweepShapesUnchecked). */
const reversedMotion = new Float64Array(2);
/** The two bounds and the motion, for the swept-bounds test (see core/sweep.ts, entryOf). */
const sweptBounds = new Float64Array(10);

/**
 * {@link sweepShapes} without argument checks, the motion (dx, dy) at motion[0], motion[1]. (The
 * World sweeps one shape against many, and numbers passed to this function and to the solvers,
 * which V8 does not inline, would be boxed on the heap for each.)
 * @internal
 */
export function sweepShapesUnchecked(
  moving: Shape,
  motion: Float64Array,
  target: Shape,
  out: SweepHit,
): boolean {
  const dx = motion[0];
  const dy = motion[1];
  moving._sync();
  target._sync();
  const a = moving._bounds;
  const b = target._bounds;
  // Shapes overlap only where their bounds do: a swept-bounds miss is an exact rejection.
  const g = sweptBounds;
  g[0] = a.minX;
  g[1] = a.minY;
  g[2] = a.maxX;
  g[3] = a.maxY;
  g[4] = dx;
  g[5] = dy;
  g[6] = b.minX;
  g[7] = b.minY;
  g[8] = b.maxX;
  g[9] = b.maxY;
  if (!entryOf(g, 0, g, 6)) return false;
  // The start is decided by overlaps() itself, so t = 0 agrees with it exactly.
  if (overlapsUnchecked(moving, target)) {
    startOverlap(out, g);
    return true;
  }
  if (dx === 0 && dy === 0) return false;
  if (neverOverlap(moving, target)) return false;
  if (moving.kind === 'circle') {
    if (target.kind === 'circle') return sweepCircleCircle(moving as Circle, motion, target as Circle, out);
    return sweepCircleConvex(moving as Circle, motion, target as ConvexShape, false, out);
  }
  // A convex shape moving into a circle is the circle moving the opposite way into the shape.
  if (target.kind === 'circle') {
    reversedMotion[0] = -dx;
    reversedMotion[1] = -dy;
    return sweepCircleConvex(target as Circle, reversedMotion, moving as ConvexShape, true, out);
  }
  return sweepConvexConvex(moving as ConvexShape, motion, target as ConvexShape, out);
}

/**
 * Pairs that the collision rule never lets overlap, whatever the offset: a point with a point or a
 * segment, and two parallel segments (they can only lie along each other). Decided exactly here
 * rather than left to projections whose rounding could open a sliver of an interval.
 */
function neverOverlap(a: Shape, b: Shape): boolean {
  if (a.kind === 'circle' || b.kind === 'circle') return false;
  const ca = a as ConvexShape;
  const cb = b as ConvexShape;
  if (ca._hasArea || cb._hasArea) return false;
  if (ca._count === 1 || cb._count === 1) return true;
  const ga = ca._geo;
  const gb = cb._geo;
  const i = ca._normalsAt;
  const j = cb._normalsAt;
  return ga[i] * gb[j + 1] - ga[i + 1] * gb[j] === 0;
}
