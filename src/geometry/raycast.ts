import { requireFinite, requireInstance, requireNonNegativeOrInfinity } from '../shared/validate.js';
import type { ConvexShape } from './convex.js';
import { length } from './math.js';
import { requireShape, type Shape, type Vec2 } from './shape.js';
import type { Circle } from './shapes.js';

/**
 * Where a ray first meets a shape, filled in place by {@link raycast}. Reuse one instance per ray to
 * avoid allocation; copy the numbers (or call {@link RayHit.clone}) to keep them.
 */
export class RayHit {
  /** World-space point where the ray enters the shape. */
  readonly point: Vec2 = { x: 0, y: 0 };
  /**
   * Unit surface normal at `point`, facing back against the ray. When the ray starts inside the
   * shape the hit is at distance 0 and the normal is the reversed ray direction (or (0, 0) for a
   * zero-length probe).
   */
  readonly normal: Vec2 = { x: 0, y: 0 };
  /** Distance from the ray origin to `point`, in world units (the direction is normalised internally). */
  distance = 0;

  /** Copies every field of `other` into this hit. */
  copyFrom(other: RayHit): this {
    requireRayHit(other);
    this.point.x = other.point.x;
    this.point.y = other.point.y;
    this.normal.x = other.normal.x;
    this.normal.y = other.normal.y;
    this.distance = other.distance;
    return this;
  }

  /** A new, independent copy. */
  clone(): RayHit {
    return newRayHit().copyFrom(this);
  }
}

// Outside the class on purpose: a class that names itself in its own body is bundled as
// `var RayHit = class _RayHit`, and its name (what console.log and stack traces show) reads `_RayHit`.
function requireRayHit(other: unknown): void {
  if (!(other instanceof RayHit)) requireInstance(other, RayHit, 'a RayHit', 'other');
}
function newRayHit(): RayHit {
  return new RayHit();
}

/**
 * Casts the ray `origin + t·direction`, 0 ≤ t·|direction| ≤ maxDistance, against one shape.
 *
 * Hit rule (the collision rule applied to the ray as a segment): the ray hits when it passes
 * through the shape's interior, or properly crosses a {@link Segment}. Grazing a vertex, running
 * along an edge, stopping exactly on the boundary, or meeting a {@link Point} is not a hit. A ray
 * that starts inside hits at distance 0. A zero direction or `maxDistance` 0 is a point probe: it
 * hits (distance 0, normal (0, 0)) exactly when the origin is strictly inside. A `maxDistance`
 * equal to the length of (dirX, dirY) (within a few units in the last place, however you computed
 * it) ends the ray exactly at origin + direction.
 *
 * Returns `out` (a new {@link RayHit} when omitted) on a hit, `null` otherwise; on a miss `out`
 * is unchanged. Bad numbers throw (`TypeError` for NaN/±Infinity coordinates, `RangeError` for a
 * negative distance); `maxDistance` may be `Infinity`.
 * @example
 * const hit = raycast(wall, 0, 0, 1, 0, 500);
 * if (hit) console.log(hit.distance, hit.point.x, hit.normal.x);
 */
export function raycast(
  shape: Shape,
  originX: number,
  originY: number,
  dirX: number,
  dirY: number,
  maxDistance = Number.POSITIVE_INFINITY,
  out?: RayHit,
): RayHit | null {
  requireShape(shape, 'shape');
  if (out !== undefined && !(out instanceof RayHit)) requireInstance(out, RayHit, 'a RayHit', 'out', true);
  requireFinite(originX, 'originX');
  requireFinite(originY, 'originY');
  requireFinite(dirX, 'dirX');
  requireFinite(dirY, 'dirY');
  requireNonNegativeOrInfinity(maxDistance, 'maxDistance');
  const target = out ?? new RayHit();
  return castRay(shape, originX, originY, dirX, dirY, maxDistance, target) ? target : null;
}

/**
 * Casts the segment from (x1, y1) to (x2, y2) against a shape: {@link raycast} with the direction
 * `(x2 − x1, y2 − y1)` and its length as `maxDistance`. The hit distance is measured from (x1, y1).
 * @example const hit = segmentCast(wall, bullet.prevX, bullet.prevY, bullet.x, bullet.y);
 */
export function segmentCast(
  shape: Shape,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  out?: RayHit,
): RayHit | null {
  requireShape(shape, 'shape');
  if (out !== undefined && !(out instanceof RayHit)) requireInstance(out, RayHit, 'a RayHit', 'out', true);
  requireFinite(x1, 'x1');
  requireFinite(y1, 'y1');
  requireFinite(x2, 'x2');
  requireFinite(y2, 'y2');
  const dx = x2 - x1;
  const dy = y2 - y1;
  requireFinite(dx, 'x2 - x1');
  requireFinite(dy, 'y2 - y1');
  const target = out ?? new RayHit();
  return castRay(shape, x1, y1, dx, dy, length(dx, dy), target) ? target : null;
}

/** {@link raycastUnchecked} of the ray given as numbers, through {@link rayAt}. */
function castRay(
  shape: Shape,
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  maxDistance: number,
  out: RayHit,
): boolean {
  rayAt[0] = ox;
  rayAt[1] = oy;
  rayAt[2] = dx;
  rayAt[3] = dy;
  rayAt[4] = maxDistance;
  return raycastUnchecked(shape, rayAt, out);
}

/** The ray of {@link castRay}'s call. */
const rayAt = new Float64Array(5);

/**
 * Same as {@link raycast} without argument checks, the ray given in an array (origin x, y,
 * direction x, y, maxDistance at ray[0 … 4]; the World casts one ray against many shapes, and
 * numbers passed to this function, which V8 does not inline, would be boxed on the heap each
 * time); returns whether `out` was filled.
 * @internal
 */
export function raycastUnchecked(shape: Shape, ray: Float64Array, out: RayHit): boolean {
  const ox = ray[0];
  const oy = ray[1];
  let dx = ray[2];
  let dy = ray[3];
  const maxDistance = ray[4];
  shape._sync();
  let dirLength = length(dx, dy);
  if (dirLength !== 0 && (dirLength < 1e-100 || dirLength > 1e100)) {
    // Squares of extreme directions would under- or overflow; rescale so the larger component is 1.
    const m = Math.max(Math.abs(dx), Math.abs(dy));
    dx /= m;
    dy /= m;
    dirLength = length(dx, dy);
  }
  if (dirLength === 0 || maxDistance === 0) {
    if (!containsPointUnchecked(shape, ox, oy)) return false;
    out.point.x = ox;
    out.point.y = oy;
    out.normal.x = 0;
    out.normal.y = 0;
    out.distance = 0;
    return true;
  }
  // Decisions use the caller's direction unnormalised (parameter t in units of |direction|) so
  // integer rays are decided exactly; only the limit is converted. A limit equal to the
  // direction's own length means the segment to origin + direction, exactly: the caller computed
  // that length their own way (Math.hypot, or a square root), which can differ from ours in the
  // last bit, and that bit must not decide whether a segment ending on a boundary hits.
  let tMax = maxDistance / dirLength;
  if (Math.abs(tMax - 1) <= 4 * Number.EPSILON) tMax = 1;
  let t: number;
  let nx: number;
  let ny: number;
  if (shape.kind === 'circle') {
    const c = shape as Circle;
    const fx = ox - c._x;
    const fy = oy - c._y;
    const r = c._r;
    const a = dx * dx + dy * dy;
    const b = fx * dx + fy * dy;
    const cc = fx * fx + fy * fy - r * r;
    // b² − a·cc, written as a·r² − cross(f, d)² (the same by Lagrange's identity): no difference
    // of two large, nearly equal products, and for a ray along an axis, whose line lies |fx| or
    // |fy| from the centre, exact in sign, so that a tangent ray misses as the collision rule says.
    const cross = fx * dy - fy * dx;
    const disc =
      dx === 0
        ? a * (r - Math.abs(fx)) * (r + Math.abs(fx))
        : dy === 0
          ? a * (r - Math.abs(fy)) * (r + Math.abs(fy))
          : a * r * r - cross * cross;
    if (!(disc > 0)) return false; // missing or tangent
    const root = Math.sqrt(disc);
    // Numerically stable pair of roots.
    const q = b >= 0 ? -(b + root) : -b + root;
    let t0 = q / a;
    let t1 = cc / q;
    if (q === 0) {
      t0 = 0;
      t1 = 0;
    }
    if (t0 > t1) {
      const tmp = t0;
      t0 = t1;
      t1 = tmp;
    }
    const lo = Math.max(t0, 0);
    const hi = Math.min(t1, tMax);
    if (!(lo < hi)) return false;
    t = lo;
    // The normal at the entry point; facing back along the ray from a start inside the circle, or
    // when the entry point came out at the centre (an origin some 1e154 away overflows the
    // squares), where it would be NaN.
    let len = 0;
    let px = 0;
    let py = 0;
    if (t0 >= 0) {
      px = ox + dx * t - c._x;
      py = oy + dy * t - c._y;
      len = length(px, py);
    }
    if (len > 0 && len < Number.POSITIVE_INFINITY) {
      nx = px / len;
      ny = py / len;
    } else {
      nx = -dx / dirLength;
      ny = -dy / dirLength;
    }
  } else {
    const poly = shape as ConvexShape;
    const v = poly._geo;
    const vAt = poly._geoAt;
    if (poly._count === 1) return false; // a point has no interior to pass through
    if (poly._count === 2) {
      // A segment has no inside to enter: the ray must cross it, origin + t·d = p1 + u·e with
      // 0 < t < tMax and 0 < u < 1 (strictly: a ray through an endpoint only touches it).
      const ex = v[vAt + 2] - v[vAt];
      const ey = v[vAt + 3] - v[vAt + 1];
      const denom = dx * ey - dy * ex;
      if (denom === 0) return false; // parallel or collinear: at most touching
      const wx = v[vAt] - ox;
      const wy = v[vAt + 1] - oy;
      const tt = (wx * ey - wy * ex) / denom;
      const u = (wx * dy - wy * dx) / denom;
      if (!(tt > 0 && tt < tMax && u > 0 && u < 1)) return false;
      t = tt;
      const len = v[poly._lengthsAt];
      nx = v[poly._normalsAt] / len;
      ny = v[poly._normalsAt + 1] / len;
      if (nx * dx + ny * dy > 0) {
        nx = -nx;
        ny = -ny;
      }
    } else {
      // Cyrus–Beck clipping against each face's half-plane.
      const N = poly._normalsAt;
      let tEnter = Number.NEGATIVE_INFINITY;
      let tExit = Number.POSITIVE_INFINITY;
      let face = -1;
      for (let i = 0; i < poly._count; i++) {
        const fnx = v[N + 2 * i];
        const fny = v[N + 2 * i + 1];
        // > 0: origin strictly inside this face
        const num = fnx * (v[vAt + 2 * i] - ox) + fny * (v[vAt + 2 * i + 1] - oy);
        const den = fnx * dx + fny * dy;
        if (den === 0) {
          if (num <= 0) return false; // parallel, on or outside the face line
          continue;
        }
        const tf = num / den;
        if (den < 0) {
          if (tf > tEnter) {
            tEnter = tf;
            face = i;
          }
        } else if (tf < tExit) {
          tExit = tf;
        }
        if (!(tEnter < tExit)) return false;
      }
      const lo = Math.max(tEnter, 0);
      const hi = Math.min(tExit, tMax);
      if (!(lo < hi)) return false;
      t = lo;
      if (tEnter >= 0 && face >= 0) {
        const len = v[poly._lengthsAt + face];
        nx = v[N + 2 * face] / len;
        ny = v[N + 2 * face + 1] / len;
      } else {
        nx = -dx / dirLength;
        ny = -dy / dirLength;
      }
    }
  }
  out.point.x = ox + dx * t;
  out.point.y = oy + dy * t;
  out.normal.x = nx + 0; // + 0 turns -0 into +0
  out.normal.y = ny + 0;
  out.distance = t * dirLength;
  return true;
}

/**
 * Whether (x, y) lies strictly inside the shape (boundary excluded, like the quadtree's point
 * query). Segments and points contain nothing.
 * @example if (containsPoint(button, mouse.x, mouse.y)) press();
 */
export function containsPoint(shape: Shape, x: number, y: number): boolean {
  requireShape(shape, 'shape');
  requireFinite(x, 'x');
  requireFinite(y, 'y');
  shape._sync();
  return containsPointUnchecked(shape, x, y);
}

/**
 * @internal The same decision as overlaps() of a Point at (x, y) with the shape, to the last bit:
 * the strict bounds test first, then the same expression per face (or against the radius).
 */
export function containsPointUnchecked(shape: Shape, x: number, y: number): boolean {
  const b = shape._bounds;
  if (!(b.minX < x && x < b.maxX && b.minY < y && y < b.maxY)) return false;
  if (shape.kind === 'circle') {
    const c = shape as Circle;
    const dx = x - c._x;
    const dy = y - c._y;
    return dx * dx + dy * dy < c._r * c._r;
  }
  const poly = shape as ConvexShape;
  if (!poly._hasArea) return false;
  const v = poly._geo;
  const vAt = poly._geoAt;
  const N = poly._normalsAt;
  for (let i = 0; i < poly._count; i++) {
    if (v[N + 2 * i] * (x - v[vAt + 2 * i]) + v[N + 2 * i + 1] * (y - v[vAt + 2 * i + 1]) >= 0) return false;
  }
  return true;
}

/**
 * Squared distance from (x, y) to the closed shape: 0 inside or on the boundary. Squared, so that a
 * range check costs no square root: compare it with a squared radius.
 * @example const near = pointDistanceSquared(enemy, px, py) < 30 * 30;
 */
export function pointDistanceSquared(shape: Shape, x: number, y: number): number {
  requireShape(shape, 'shape');
  requireFinite(x, 'x');
  requireFinite(y, 'y');
  shape._sync();
  pointAt[0] = x;
  pointAt[1] = y;
  pointDistanceSquaredAt(shape, pointAt);
  return pointAt[2];
}

/** {@link pointDistanceSquaredAt}'s numbers for {@link pointDistanceSquared}. */
const pointAt = new Float64Array(3);

/**
 * {@link pointDistanceSquared} without argument checks, of a synced shape, with its numbers in an
 * array: the point at at[0], at[1], the answer into at[2]. (The World calls it for every body a
 * nearest query looks at; numbers passed to or returned from it would be boxed on the heap when V8
 * does not inline it, which it does not: it is large.)
 * @internal
 */
export function pointDistanceSquaredAt(shape: Shape, at: Float64Array): void {
  const x = at[0];
  const y = at[1];
  if (shape.kind === 'circle') {
    const c = shape as Circle;
    const dx = x - c._x;
    const dy = y - c._y;
    const d2 = dx * dx + dy * dy;
    const r = c._r;
    const gap = Math.sqrt(d2) - r;
    at[2] = d2 <= r * r ? 0 : gap * gap;
    return;
  }
  const poly = shape as ConvexShape;
  const v = poly._geo;
  const vAt = poly._geoAt;
  const n = poly._count;
  if (n === 1) {
    const dx = x - v[vAt];
    const dy = y - v[vAt + 1];
    at[2] = dx * dx + dy * dy;
    return;
  }
  // Inside (distance 0) takes the closed bounds as well as every face: a polygon far from the
  // origin can round its world vertices onto one point, whose zero normals pass every face test,
  // which said 0 for any point while containsPoint said outside.
  const b = poly._bounds;
  if (poly._hasArea && b.minX <= x && x <= b.maxX && b.minY <= y && y <= b.maxY) {
    const N = poly._normalsAt;
    let inside = true;
    for (let i = 0; i < n; i++) {
      if (v[N + 2 * i] * (x - v[vAt + 2 * i]) + v[N + 2 * i + 1] * (y - v[vAt + 2 * i + 1]) > 0) {
        inside = false;
        break;
      }
    }
    if (inside) {
      at[2] = 0;
      return;
    }
  }
  const edges = n === 2 ? 1 : n;
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < edges; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ax = v[vAt + 2 * i];
    const ay = v[vAt + 2 * i + 1];
    const ex = v[vAt + 2 * j] - ax;
    const ey = v[vAt + 2 * j + 1] - ay;
    const wx = x - ax;
    const wy = y - ay;
    const t = wx * ex + wy * ey;
    const ee = ex * ex + ey * ey;
    let d2: number;
    if (t <= 0) d2 = wx * wx + wy * wy;
    else if (t >= ee) {
      const ux = x - v[vAt + 2 * j];
      const uy = y - v[vAt + 2 * j + 1];
      d2 = ux * ux + uy * uy;
    } else {
      const cr = ex * wy - ey * wx;
      d2 = (cr * cr) / ee;
    }
    if (d2 < best) best = d2;
  }
  at[2] = best;
}
