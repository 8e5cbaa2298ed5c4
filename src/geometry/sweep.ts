import { boxEntry, entryNormal } from '../core/sweep.js';
import { requireFinite } from '../shared/validate.js';
import { project, unit, vec } from './math.js';
import { overlaps } from './sat.js';
import type { Circle, ConvexShape, Shape, Vec2 } from './shapes.js';

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

/**
 * Where a swept shape first meets a target, filled in place by {@link sweepBoxes} and
 * {@link sweepShapes}. Reuse one instance across calls to avoid allocation; call
 * {@link SweepHit.clone} (or {@link SweepHit.copyFrom}) to keep a snapshot. A miss leaves it
 * unchanged.
 */
export class SweepHit {
  /**
   * Time of impact as a fraction of the motion, in [0, 1): the mover may advance by
   * `t × (dx, dy)` and then touches the target without overlapping it (to within rounding — back
   * off a little before moving a body there). 0 when the shapes already overlap or touch at the
   * start and the motion pushes them together.
   */
  t = 0;
  /**
   * Unit normal of the contact, on the target's side: it points from the target towards the mover,
   * so `normal · (dx, dy) ≤ 0` (negative except within rounding of a graze). At an exact corner
   * hit, where two faces are reached at the same instant, it is the normalised sum of their normals
   * (the diagonal for boxes). When the shapes already overlap at t = 0 it is the reversed motion
   * direction, or (0, 0) for zero motion.
   */
  readonly normal: Vec2 = { x: 0, y: 0 };
  /**
   * World-space contact point at time t, on the target's surface: the middle of the touching
   * region (a vertex, or the middle of the shared part of two parallel faces). When the shapes
   * already overlap at t = 0 there is no touching region; it is then the centre of the
   * intersection of the two bounding boxes (a point inside both when both are boxes).
   */
  readonly point: Vec2 = { x: 0, y: 0 };

  /** Copies every field of `other` into this hit. */
  copyFrom(other: SweepHit): this {
    this.t = other.t;
    this.normal.x = other.normal.x;
    this.normal.y = other.normal.y;
    this.point.x = other.point.x;
    this.point.y = other.point.y;
    return this;
  }

  /** A new, independent copy that later sweeps will not overwrite. */
  clone(): SweepHit {
    return new SweepHit().copyFrom(this);
  }
}

/** Normal of a box sweep, from the core's rule (a typed array: module-level doubles would be boxed). */
const boxNormal = new Float64Array(2);

/**
 * The normal reported for shapes that overlap at t = 0: against the motion, or (0, 0) without
 * motion (the index's rule for boxes, core/sweep.ts, whose overlap case this is).
 */
function setReversedMotion(out: SweepHit, dx: number, dy: number): void {
  entryNormal(-1, dx, dy, boxNormal);
  out.normal.x = boxNormal[0];
  out.normal.y = boxNormal[1];
}

/** Middle of [lo1, hi1] ∩ [lo2, hi2], clamped into [lo2, hi2] (the target's range) against rounding. */
function middleOfOverlap(lo1: number, hi1: number, lo2: number, hi2: number): number {
  const lo = lo1 > lo2 ? lo1 : lo2;
  const hi = hi1 < hi2 ? hi1 : hi2;
  const mid = 0.5 * lo + 0.5 * hi; // halves first: no overflow near the largest doubles
  return mid < lo2 ? lo2 : mid > hi2 ? hi2 : mid;
}

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
  return sweepBoxesUnchecked(
    minX,
    minY,
    maxX,
    maxY,
    dx,
    dy,
    targetMinX,
    targetMinY,
    targetMaxX,
    targetMaxY,
    out,
  );
}

function requireOrdered(min: number, max: number, minName: string, maxName: string): void {
  if (max < min) throw new RangeError(`${maxName} must be >= ${minName}, got ${max} < ${min}`);
}

/**
 * {@link sweepBoxes} without argument checks, for the index's per-candidate loop. Allocates nothing.
 * @internal
 */
export function sweepBoxesUnchecked(
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
 * `out` is unchanged. Allocates nothing.
 * @example
 * const hit = new SweepHit();
 * if (sweepShapes(ball, vx * dt, vy * dt, wall, hit)) {
 *   ball.translate(vx * dt * hit.t, vy * dt * hit.t); // stop at the wall
 * }
 */
export function sweepShapes(moving: Shape, dx: number, dy: number, target: Shape, out: SweepHit): boolean {
  requireFinite(dx, 'dx');
  requireFinite(dy, 'dy');
  return sweepShapesUnchecked(moving, dx, dy, target, out);
}

/**
 * {@link sweepShapes} without argument checks.
 * @internal
 */
export function sweepShapesUnchecked(
  moving: Shape,
  dx: number,
  dy: number,
  target: Shape,
  out: SweepHit,
): boolean {
  moving._sync();
  target._sync();
  const a = moving._bounds;
  const b = target._bounds;
  // Shapes overlap only where their bounds do: a swept-bounds miss is an exact rejection.
  if (!(boxEntry(a.minX, a.minY, a.maxX, a.maxY, dx, dy, b.minX, b.minY, b.maxX, b.maxY) < 1)) return false;
  // The start is decided by overlaps() itself, so t = 0 agrees with it exactly.
  if (overlaps(moving, target)) {
    out.t = 0;
    setReversedMotion(out, dx, dy);
    out.point.x = middleOfOverlap(a.minX, a.maxX, b.minX, b.maxX);
    out.point.y = middleOfOverlap(a.minY, a.maxY, b.minY, b.maxY);
    return true;
  }
  if (dx === 0 && dy === 0) return false;
  if (neverOverlap(moving, target)) return false;
  if (moving.kind === 'circle') {
    if (target.kind === 'circle') return sweepCircleCircle(moving as Circle, dx, dy, target as Circle, out);
    return sweepCircleConvex(moving as Circle, dx, dy, target as ConvexShape, false, out);
  }
  // A convex shape moving into a circle is the circle moving the opposite way into the shape.
  if (target.kind === 'circle')
    return sweepCircleConvex(target as Circle, -dx, -dy, moving as ConvexShape, true, out);
  return sweepConvexConvex(moving as ConvexShape, dx, dy, target as ConvexShape, out);
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
  const na = ca._normals;
  const nb = cb._normals;
  return na[0] * nb[1] - na[1] * nb[0] === 0;
}

/**
 * Makes (nx, ny) oppose (dx, dy) and writes it to out.normal. At a near-tangent entry the normal is
 * almost perpendicular to the motion and rounding can tip it a hair forwards; the forward component
 * is then removed.
 */
function writeOpposingNormal(out: SweepHit, nx: number, ny: number, dx: number, dy: number): void {
  if (nx * dx + ny * dy > 0) {
    unit(dx, dy);
    const ux = vec[0];
    const uy = vec[1];
    const along = nx * ux + ny * uy;
    const px = nx - along * ux;
    const py = ny - along * uy;
    if (px !== 0 || py !== 0) {
      unit(px, py);
      nx = vec[0];
      ny = vec[1];
    } else {
      nx = -ux;
      ny = -uy;
    }
  }
  out.normal.x = nx + 0; // + 0 turns -0 into +0
  out.normal.y = ny + 0;
}

/**
 * Two circles: |p + s·d| < R with p = centre offset, R = sum of radii, i.e. a·s² + 2b·s + c < 0 with
 * a = d·d, b = p·d, c = p·p − R². Not overlapping at 0 means c ≥ 0 (same expression as overlaps());
 * the smaller root c / (−b + √(b² − ac)) avoids cancellation. b ≥ 0 (not approaching) or a
 * discriminant ≤ 0 (tangent path) never overlaps.
 */
function sweepCircleCircle(mover: Circle, dx: number, dy: number, target: Circle, out: SweepHit): boolean {
  const px = mover._x - target._x;
  const py = mover._y - target._y;
  const b = px * dx + py * dy;
  if (!(b < 0)) return false;
  const sum = mover._r + target._r;
  const c = px * px + py * py - sum * sum;
  const a = dx * dx + dy * dy;
  const disc = b * b - a * c;
  if (!(disc > 0)) return false;
  const t = c > 0 ? c / (-b + Math.sqrt(disc)) : 0;
  if (!(t < 1)) return false;
  const qx = px + dx * t;
  const qy = py + dy * t;
  unit(qx, qy); // |q| = R > 0 at contact
  out.t = t;
  writeOpposingNormal(out, vec[0], vec[1], dx, dy);
  out.point.x = target._x + out.normal.x * target._r;
  out.point.y = target._y + out.normal.y * target._r;
  return true;
}

/**
 * A circle (centre c, radius r) moving by d into a convex vertex set P: the centre's ray against P
 * inflated by r, whose boundary is P's faces offset by r plus discs of radius r at the vertices.
 * Every feature the ray enters gives an upper bound on the entry time and the feature actually
 * crossed first attains it, so the entry is the minimum over features. A segment's single edge is
 * offset on both sides; a point is a lone disc.
 *
 * `swapped`: the circle is really the static target and P the mover (the caller negated d). The
 * normal is then flipped to point at P, and the point placed on the circle.
 */
function sweepCircleConvex(
  circle: Circle,
  dx: number,
  dy: number,
  poly: ConvexShape,
  swapped: boolean,
  out: SweepHit,
): boolean {
  const cx = circle._x;
  const cy = circle._y;
  const r = circle._r;
  const r2 = r * r;
  const v = poly._world;
  const n = poly._count;
  const a = dx * dx + dy * dy;
  let best = Number.POSITIVE_INFINITY;
  let bestVertex = -1;
  let bestEdge = -1;
  let bestSide = 1;
  let bestU = 0;

  // Vertex discs: the first root of |c − v + s·d|² = r², when approaching and not tangent.
  for (let k = 0; k < n; k++) {
    const px = cx - v[2 * k];
    const py = cy - v[2 * k + 1];
    const b = px * dx + py * dy;
    if (!(b < 0)) continue;
    const c = px * px + py * py - r2; // ≥ 0 unless overlaps() and this expression disagree by a rounding
    let t = 0;
    if (c > 0) {
      const disc = b * b - a * c;
      if (!(disc > 0)) continue;
      t = c / (-b + Math.sqrt(disc));
    }
    if (t < best) {
      best = t;
      bestVertex = k;
    }
  }

  // Offset faces: the centre crosses the line at distance r outside edge i, moving inwards, at a
  // point whose projection falls on the edge. Unnormalised normals (length L) keep integer inputs
  // exact: distance × L = N·(c − a), and the crossing time is (N·(c − a) − r·L) / −(N·d).
  const edges = n === 2 ? 1 : poly._hasArea ? n : 0;
  const lastSide = n === 2 ? -1 : 1; // a segment's edge is offset on both sides
  const normals = poly._normals;
  for (let i = 0; i < edges; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ax = v[2 * i];
    const ay = v[2 * i + 1];
    const ex = v[2 * j] - ax;
    const ey = v[2 * j + 1] - ay;
    const len = poly._lengths[i];
    for (let side = 1; side >= lastSide; side -= 2) {
      const nx = side * normals[2 * i];
      const ny = side * normals[2 * i + 1];
      const speed = nx * dx + ny * dy;
      if (!(speed < 0)) continue;
      const distance = nx * (cx - ax) + ny * (cy - ay);
      if (!(distance >= 0)) continue; // centre behind this face's line: the face cannot be entered
      const gap = distance - r * len;
      const t = gap > 0 ? gap / -speed : 0;
      if (!(t < best)) continue;
      const u = ((cx + dx * t - ax) * ex + (cy + dy * t - ay) * ey) / (ex * ex + ey * ey);
      if (!(u >= 0 && u <= 1)) continue; // beyond the edge: a vertex disc takes over there
      best = t;
      bestVertex = -1;
      bestEdge = i;
      bestSide = side;
      bestU = u;
    }
  }

  if (!(best < 1)) return false;
  const t = best;
  let nx: number;
  let ny: number;
  let px: number;
  let py: number;
  if (bestEdge >= 0) {
    const len = poly._lengths[bestEdge];
    nx = (bestSide * normals[2 * bestEdge]) / len;
    ny = (bestSide * normals[2 * bestEdge + 1]) / len;
    const j = bestEdge + 1 === n ? 0 : bestEdge + 1;
    const ax = v[2 * bestEdge];
    const ay = v[2 * bestEdge + 1];
    px = ax + bestU * (v[2 * j] - ax);
    py = ay + bestU * (v[2 * j + 1] - ay);
  } else {
    px = v[2 * bestVertex];
    py = v[2 * bestVertex + 1];
    const qx = cx + dx * t - px;
    const qy = cy + dy * t - py;
    if (qx !== 0 || qy !== 0) {
      unit(qx, qy);
      nx = vec[0];
      ny = vec[1];
    } else {
      unit(dx, dy);
      nx = -vec[0];
      ny = -vec[1];
    }
  }
  out.t = t;
  if (!swapped) {
    writeOpposingNormal(out, nx, ny, dx, dy);
    out.point.x = px;
    out.point.y = py;
  } else {
    // Here (dx, dy) is the reversed motion; the real mover P moves by (−dx, −dy).
    writeOpposingNormal(out, -nx, -ny, -dx, -dy);
    out.point.x = cx + out.normal.x * r;
    out.point.y = cy + out.normal.y * r;
  }
  return true;
}

/**
 * Two convex vertex sets: on every face normal N of either shape, the projections [minA, maxA] +
 * s·(N·d) and [minB, maxB] overlap (strictly) on an open interval of s; the shapes overlap exactly
 * when all projections do (separating-axis theorem: these normals are the face normals of the
 * Minkowski difference), so the time interval is the intersection — the latest entry, the earliest
 * exit. This is Cyrus–Beck clipping of the relative path against the Minkowski difference.
 */
function sweepConvexConvex(
  mover: ConvexShape,
  dx: number,
  dy: number,
  target: ConvexShape,
  out: SweepHit,
): boolean {
  let enter = Number.NEGATIVE_INFINITY;
  let exit = Number.POSITIVE_INFINITY;
  let nx = 0;
  let ny = 0;
  let faces = 0;
  for (let owner = 0; owner < 2; owner++) {
    const shape = owner === 0 ? mover : target;
    const normals = shape._normals;
    for (let i = 0; i < shape._axisCount; i++) {
      const ax = normals[2 * i];
      const ay = normals[2 * i + 1];
      project(mover, ax, ay);
      let minA = vec[0];
      let maxA = vec[1];
      project(target, ax, ay);
      let minB = vec[0];
      let maxB = vec[1];
      // A segment projects onto its own normal as a single value; rounding of its two endpoints
      // would otherwise open a sliver of an interval that no exact configuration has.
      if (!shape._hasArea) {
        const v = shape._world;
        const p = ax * v[0] + ay * v[1];
        if (owner === 0) minA = maxA = p;
        else minB = maxB = p;
      }
      const speed = ax * dx + ay * dy;
      let axisEnter: number;
      let axisExit: number;
      let sign: number; // orients the face normal from the target towards the mover
      if (speed > 0) {
        axisEnter = (minB - maxA) / speed;
        axisExit = (maxB - minA) / speed;
        sign = -1;
      } else if (speed < 0) {
        axisEnter = (maxB - minA) / speed;
        axisExit = (minB - maxA) / speed;
        sign = 1;
      } else {
        if (!(minA < maxB && minB < maxA)) return false; // separated on an axis the motion does not change
        continue;
      }
      if (axisExit < exit) exit = axisExit;
      const len = shape._lengths[i];
      if (axisEnter > enter) {
        enter = axisEnter;
        nx = (sign * ax) / len;
        ny = (sign * ay) / len;
        faces = 1;
      } else if (axisEnter === enter) {
        // Two faces reached at the same instant (a corner, or the same axis owned by both shapes).
        nx += (sign * ax) / len;
        ny += (sign * ay) / len;
        faces++;
      }
      if (!(enter < exit && enter < 1 && exit > 0)) return false;
    }
  }
  // Every axis static and overlapping cannot happen here: overlaps() said no at t = 0, and motion
  // that changes no projection changes nothing.
  if (enter === Number.NEGATIVE_INFINITY) return false;
  // A negative entry can only come from rounding that overlaps() resolved as "not overlapping":
  // the shapes touch at the start and the motion pushes them together.
  const t = enter > 0 ? enter : 0;
  if (faces > 1) {
    unit(nx, ny);
    nx = vec[0];
    ny = vec[1];
  }
  out.t = t;
  writeOpposingNormal(out, nx, ny, dx, dy);
  writeConvexContactPoint(mover, dx * t, dy * t, target, out);
  return true;
}

/**
 * The contact point of two convex vertex sets touching along out.normal (from target to mover),
 * with the mover displaced by (ox, oy): the middle of the overlap, along the tangent, of the
 * target's support (its vertices furthest along the normal) and the mover's (its vertices furthest
 * against it). Coordinates are taken relative to a vertex of each shape so that the tolerance for
 * "equally far" (parallel faces, 1e-9 of the shapes' size) does not depend on where they are.
 */
function writeConvexContactPoint(
  mover: ConvexShape,
  ox: number,
  oy: number,
  target: ConvexShape,
  out: SweepHit,
): void {
  const nx = out.normal.x;
  const ny = out.normal.y;
  const tx = -ny;
  const ty = nx;
  const tv = target._world;
  const mv = mover._world;
  const tb = target._bounds;
  const mb = mover._bounds;
  const tol = 1e-9 * (tb.maxX - tb.minX + tb.maxY - tb.minY + mb.maxX - mb.minX + mb.maxY - mb.minY);

  // Target support along +n, relative to its vertex 0.
  let best = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < target._count; k++) {
    const p = nx * (tv[2 * k] - tv[0]) + ny * (tv[2 * k + 1] - tv[1]);
    if (p > best) best = p;
  }
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  let loVertex = 0;
  let hiVertex = 0;
  for (let k = 0; k < target._count; k++) {
    const rx = tv[2 * k] - tv[0];
    const ry = tv[2 * k + 1] - tv[1];
    if (nx * rx + ny * ry < best - tol) continue;
    const s = tx * rx + ty * ry;
    if (s < lo) {
      lo = s;
      loVertex = k;
    }
    if (s > hi) {
      hi = s;
      hiVertex = k;
    }
  }
  if (loVertex === hiVertex) {
    out.point.x = tv[2 * loVertex];
    out.point.y = tv[2 * loVertex + 1];
    return;
  }

  // Mover support along −n, in the target's tangent coordinates at the displaced position.
  let least = Number.POSITIVE_INFINITY;
  for (let k = 0; k < mover._count; k++) {
    const p = nx * (mv[2 * k] - mv[0]) + ny * (mv[2 * k + 1] - mv[1]);
    if (p < least) least = p;
  }
  const shift = tx * (mv[0] - tv[0] + ox) + ty * (mv[1] - tv[1] + oy);
  let moverLo = Number.POSITIVE_INFINITY;
  let moverHi = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < mover._count; k++) {
    const rx = mv[2 * k] - mv[0];
    const ry = mv[2 * k + 1] - mv[1];
    if (nx * rx + ny * ry > least + tol) continue;
    const s = tx * rx + ty * ry + shift;
    if (s < moverLo) moverLo = s;
    if (s > moverHi) moverHi = s;
  }
  // Interpolate along the target's supporting edge, so the point stays on its surface.
  const mid = middleOfOverlap(moverLo, moverHi, lo, hi);
  const f = (mid - lo) / (hi - lo);
  const x0 = tv[2 * loVertex];
  const y0 = tv[2 * loVertex + 1];
  out.point.x = x0 + f * (tv[2 * hiVertex] - x0);
  out.point.y = y0 + f * (tv[2 * hiVertex + 1] - y0);
}
