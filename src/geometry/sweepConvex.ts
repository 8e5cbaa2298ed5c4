/*
 * Sweep of two straight-edged shapes (boxes, polygons, segments, points): separating-axis
 * clipping of the relative motion, then the contact point on the target's supporting feature.
 * Called by sweepShapes (sweep.ts), which has already ruled out overlap at t = 0, zero motion and
 * pairs that can never overlap.
 */
import type { ConvexShape } from './convex.js';
import { unitInVec, vec } from './math.js';
import { project, projectAxis } from './record.js';
import { collideAt } from './sat.js';
import { middleOfOverlapIn, type SweepHit, writeOpposingNormal } from './sweepHit.js';

/**
 * Two convex vertex sets: on every face normal N of either shape, the projections [minA, maxA] +
 * s·(N·d) and [minB, maxB] overlap (strictly) on an open interval of s; the shapes overlap exactly
 * when all projections do (separating-axis theorem: these normals are the face normals of the
 * Minkowski difference), so the time interval is the intersection — the latest entry, the earliest
 * exit. This is Cyrus–Beck clipping of the relative path against the Minkowski difference.
 * @internal
 */
export function sweepConvexConvex(
  mover: ConvexShape,
  motion: Float64Array,
  target: ConvexShape,
  out: SweepHit,
): boolean {
  const dx = motion[0];
  const dy = motion[1];
  let enter = Number.NEGATIVE_INFINITY;
  let exit = Number.POSITIVE_INFINITY;
  let nx = 0;
  let ny = 0;
  let faces = 0;
  for (let owner = 0; owner < 2; owner++) {
    const shape = owner === 0 ? mover : target;
    const g = shape._geo;
    const gAt = shape._geoAt;
    const N = shape._normalsAt;
    // Both shapes measured from the owner's first vertex (see projectAxis).
    projectAxis[0] = g[gAt];
    projectAxis[1] = g[gAt + 1];
    for (let i = 0; i < shape._axisCount; i++) {
      const ax = g[N + 2 * i];
      const ay = g[N + 2 * i + 1];
      projectAxis[2] = ax;
      projectAxis[3] = ay;
      project(mover._geo, mover._recordAt);
      let minA = vec[0];
      let maxA = vec[1];
      project(target._geo, target._recordAt);
      let minB = vec[0];
      let maxB = vec[1];
      // A segment projects onto its own normal as a single value; rounding of its two endpoints
      // would otherwise open a sliver of an interval that no exact configuration has.
      if (!shape._hasArea) {
        // (Measured from its own first vertex: exactly 0.)
        if (owner === 0) minA = maxA = 0;
        else minB = maxB = 0;
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
        // Separated on an axis the motion does not change. (Not a face of no length: see sat.ts, testFaces.)
        if (!(minA < maxB && minB < maxA) && (ax !== 0 || ay !== 0)) return false;
        continue;
      }
      if (axisExit < exit) exit = axisExit;
      const len = g[shape._lengthsAt + i];
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
  // the shapes touch at the start. Whether the motion pushes them together or apart is then
  // decided by overlaps() itself, halfway through the interval: a pair moving apart can be left
  // an interval of rounding size on the axis they touch along, in which they do not overlap.
  if (!(enter > 0)) {
    const half = 0.5 * (exit < 1 ? exit : 1);
    const at = halfway;
    at[0] = mover._x + half * dx;
    at[1] = mover._y + half * dy;
    if (!collideAt(mover, at, target, null)) return false;
  }
  const t = enter > 0 ? enter : 0;
  if (faces > 1) {
    vec[0] = nx;
    vec[1] = ny;
    unitInVec();
    nx = vec[0];
    ny = vec[1];
  }
  out.t = t;
  out.normal.x = nx;
  out.normal.y = ny;
  writeOpposingNormal(out, motion, 1);
  writeConvexContactPoint(mover, motion, target, out);
  return true;
}

/** Where sweepConvexConvex tests a pair that touches at the start, as collideAt takes it. */
const halfway = new Float64Array(2);

/** The two ranges along the face, for middleOfOverlapIn. */
const faceRanges = new Float64Array(5);

/**
 * The contact point of two convex vertex sets touching along out.normal (from target to mover),
 * with the mover displaced by motion · out.t (read here, not passed: V8 boxes a double passed to a
 * function it does not inline, two heap numbers per hit): the middle of the overlap, along the
 * tangent, of the target's support (its vertices furthest along the normal) and the mover's (its
 * vertices furthest against it). Coordinates are taken relative to a vertex of each shape so that the tolerance for
 * "equally far" (parallel faces, 1e-9 of the shapes' size) does not depend on where they are.
 */
function writeConvexContactPoint(
  mover: ConvexShape,
  motion: Float64Array,
  target: ConvexShape,
  out: SweepHit,
): void {
  const ox = motion[0] * out.t;
  const oy = motion[1] * out.t;
  const nx = out.normal.x;
  const ny = out.normal.y;
  const tx = -ny;
  const ty = nx;
  const tv = target._geo;
  const tvAt = target._geoAt;
  const mv = mover._geo;
  const mvAt = mover._geoAt;
  const tb = target._bounds;
  const mb = mover._bounds;
  const tol = 1e-9 * (tb.maxX - tb.minX + tb.maxY - tb.minY + mb.maxX - mb.minX + mb.maxY - mb.minY);

  // Target support along +n, relative to its vertex 0.
  let best = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < target._count; k++) {
    const p = nx * (tv[tvAt + 2 * k] - tv[tvAt]) + ny * (tv[tvAt + 2 * k + 1] - tv[tvAt + 1]);
    if (p > best) best = p;
  }
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  let loVertex = 0;
  let hiVertex = 0;
  for (let k = 0; k < target._count; k++) {
    const rx = tv[tvAt + 2 * k] - tv[tvAt];
    const ry = tv[tvAt + 2 * k + 1] - tv[tvAt + 1];
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
    out.point.x = tv[tvAt + 2 * loVertex];
    out.point.y = tv[tvAt + 2 * loVertex + 1];
    return;
  }

  // Mover support along −n, in the target's tangent coordinates at the displaced position.
  let least = Number.POSITIVE_INFINITY;
  for (let k = 0; k < mover._count; k++) {
    const p = nx * (mv[mvAt + 2 * k] - mv[mvAt]) + ny * (mv[mvAt + 2 * k + 1] - mv[mvAt + 1]);
    if (p < least) least = p;
  }
  const shift = tx * (mv[mvAt] - tv[tvAt] + ox) + ty * (mv[mvAt + 1] - tv[tvAt + 1] + oy);
  let moverLo = Number.POSITIVE_INFINITY;
  let moverHi = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < mover._count; k++) {
    const rx = mv[mvAt + 2 * k] - mv[mvAt];
    const ry = mv[mvAt + 2 * k + 1] - mv[mvAt + 1];
    if (nx * rx + ny * ry > least + tol) continue;
    const s = tx * rx + ty * ry + shift;
    if (s < moverLo) moverLo = s;
    if (s > moverHi) moverHi = s;
  }
  // Interpolate along the target's supporting edge, so the point stays on its surface.
  const v = faceRanges;
  v[0] = moverLo;
  v[1] = moverHi;
  v[2] = lo;
  v[3] = hi;
  middleOfOverlapIn(v);
  const mid = v[4];
  const f = (mid - lo) / (hi - lo);
  const x0 = tv[tvAt + 2 * loVertex];
  const y0 = tv[tvAt + 2 * loVertex + 1];
  out.point.x = x0 + f * (tv[tvAt + 2 * hiVertex] - x0);
  out.point.y = y0 + f * (tv[tvAt + 2 * hiVertex + 1] - y0);
}
