import { requireInstance } from '../shared/validate.js';
import { Contact } from './contact.js';
import { vec } from './math.js';
import {
  AREA,
  AXES,
  CIRCLE_DATA,
  COUNT,
  dataAt,
  dataLength,
  lengthsAt,
  project,
  projectAxis,
  SERIAL,
} from './record.js';
import { circleCircle, circleConvex } from './satCircle.js';
import { requireShape, type Shape } from './shape.js';

/*
 * Narrow phase. The collision rule, shared by every shape pair:
 *
 *   a and b collide  ⇔  no line has a on one closed side and b on the other.
 *
 * So touching (a common edge, a tangent circle, a point on a boundary) is not a collision — the same
 * strict rule the quadtree applies to boxes — while two segments that properly cross do collide.
 * Equivalently the origin lies in the interior of the Minkowski difference a − b, and the depth
 * is the distance from the origin to that difference's boundary.
 *
 * Decisions use unnormalised normals and squared distances so that integer inputs are decided
 * exactly; square roots are taken only to report a depth.
 */

// Scratch results live in a typed array: module-level `let` doubles would be boxed on every write
// (a heap allocation per assignment), typed-array slots are not. The narrow phase never calls user
// code, so it is never re-entered while these are in use.
const scratch = new Float64Array(7);
const BEST_DEPTH = 2;
const BEST_NX = 3;
const BEST_NY = 4;

/**
 * Whether shapes `a` and `b` collide. Cheaper than {@link collide}: no depth or normal is computed.
 *
 * The collision rule, the same for every pair of shape kinds: `a` and `b` collide exactly when no
 * straight line has `a` on one closed side and `b` on the other. So touching is never a collision
 * — boxes sharing an edge or a corner (the quadtree's strict rule), a circle tangent to anything, a
 * point on a boundary, a segment lying along an edge — while overlapping interiors, a point strictly
 * inside a shape, and two segments that properly cross do collide. Circles are closed discs of
 * radius `radius × scale`.
 * @example if (overlaps(bullet, enemy)) enemy.hit();
 */
export function overlaps(a: Shape, b: Shape): boolean {
  requireShape(a, 'a');
  requireShape(b, 'b');
  return overlapsUnchecked(a, b);
}

/** {@link overlaps} without argument checks, for the world's own calls. @internal */
export function overlapsUnchecked(a: Shape, b: Shape): boolean {
  return collideOriented(a, b, null, true);
}

/**
 * {@link collide} of `a` as it would be at (at[0], at[1]) with `b` (`target` filled when they
 * collide): a is put there, tested and put back (its data recomputed where it was, bit for bit as
 * before), so that the answer is the collision rule's own arithmetic on that position. For the
 * sweeps' decisions at the very start of a motion, where rounding of their interval arithmetic
 * cannot tell touching from overlapping. (The position in an array: see Shape._swapPlace.) @internal
 */
export function collideAt(a: Shape, at: Float64Array, b: Shape, target: Contact | null): boolean {
  a._swapPlace(at, 0);
  try {
    return collideOriented(a, b, target, true);
  } finally {
    a._swapPlace(at, 0);
    a._sync();
  }
}

/**
 * Tests shapes `a` and `b`. Returns whether they collide and, when `out` is given and they do,
 * fills it: unit `normal` from a to b, `depth` of the minimum translation vector, and the
 * containment flags `aInB` / `bInA`. Same collision rule as {@link overlaps}: `depth > 0` whenever
 * this returns true, and moving `a` by `-normal × depth` leaves the pair merely touching (to within
 * rounding: a diagonal normal's square root rounds, so back off a little for a guaranteed gap).
 * When they do not collide `out` is left unchanged.
 * `collide(b, a)` reports exactly the mirrored result (normal negated, flags swapped).
 * @example
 * const contact = new Contact();
 * if (collide(circle, box, contact)) console.log(contact.depth);
 */
export function collide(a: Shape, b: Shape, out?: Contact): boolean {
  requireShape(a, 'a');
  requireShape(b, 'b');
  // (The test against the class itself first: see requireInstance.)
  if (out !== undefined && !(out instanceof Contact)) requireInstance(out, Contact, 'a Contact', 'out', true);
  return collideUnchecked(a, b, out ?? null);
}

/**
 * {@link collide} without argument checks, for the world's own calls (a step makes one per
 * candidate pair, and the checks cost 2–6% there). @internal
 */
export function collideUnchecked(a: Shape, b: Shape, target: Contact | null): boolean {
  return collideOriented(a, b, target, true);
}

/**
 * The narrow phase on two geometry records (see record.ts), a's with its header at ga[oa] and
 * b's at gb[ob], for a pair whose bounds the caller has found to overlap strictly: the World's
 * candidate pairs, read from its record arrays by proxy id without touching the shapes. Same
 * answer as {@link collide} on the two shapes, bit for bit, except that `target.a` and `target.b`
 * are left for the caller to set. @internal
 */
export function collideRecords(
  ga: number[],
  oa: number,
  gb: number[],
  ob: number,
  target: Contact | null,
): boolean {
  if (ga[oa + SERIAL] <= gb[ob + SERIAL]) {
    if (!narrow(ga, oa, gb, ob, target)) return false;
  } else {
    if (!narrow(gb, ob, ga, oa, target)) return false;
    if (target !== null) {
      target.normalX = -target.normalX;
      target.normalY = -target.normalY;
      const t = target.aInB;
      target.aInB = target.bInA;
      target.bInA = t;
    }
  }
  if (target !== null) {
    // Adding 0 turns -0 into +0 so axis-aligned normals compare cleanly.
    target.normalX += 0;
    target.normalY += 0;
  }
  return true;
}

/** {@link collideRecords} on two shapes' own records, after their bounds (when `testBounds`). */
function collideOriented(a: Shape, b: Shape, target: Contact | null, testBounds: boolean): boolean {
  a._sync();
  b._sync();
  // Exact prefilter for every pair: shapes that collide have bounds that overlap strictly (bounds
  // that do not give an axis-aligned separating line). It also keeps the kernels' rounding from
  // ever accepting a pair whose bounds only touch, which the broad phase, strict like the
  // quadtree, never hands over. Without it a circle resting on a box rotated by 1e-16 would
  // collide here with depth 0 while a World at margin 0 rightly reports nothing.
  if (testBounds) {
    const ba = a._bounds;
    const bb = b._bounds;
    if (!(ba.minX < bb.maxX && bb.minX < ba.maxX && ba.minY < bb.maxY && bb.minY < ba.maxY)) return false;
  }
  if (!collideRecords(a._geo, a._recordAt, b._geo, b._recordAt, target)) return false;
  if (target !== null) {
    target.a = a;
    target.b = b;
  }
  return true;
}

/**
 * @internal Narrow phase with a fixed argument order (a's serial not above b's). Writes
 * normal/depth/flags into `out` when non-null. The bounds overlap strictly (the caller checked).
 */
function narrow(ga: number[], oa: number, gb: number[], ob: number, out: Contact | null): boolean {
  if (ga[oa + COUNT] === 0) {
    if (gb[ob + COUNT] === 0) return circleCircle(ga, oa - CIRCLE_DATA, gb, ob - CIRCLE_DATA, out);
    return circleConvex(ga, oa - CIRCLE_DATA, gb, ob, true, out);
  }
  if (gb[ob + COUNT] === 0) return circleConvex(gb, ob - CIRCLE_DATA, ga, oa, false, out);
  return convexConvex(ga, oa, gb, ob, out);
}

/**
 * Tests the axes of the shape of record (g, o), which is a's or b's and has no interior (a
 * segment; a point has none); false as soon as one separates. Tracks the shallowest axis in
 * scratch. A segment has no outside, so both directions of its one axis count: it is tested
 * two-sided, on both shapes' projections. (A shape with an interior is tested one-sided, by
 * {@link testFaces}.)
 */
function testAxes(
  g: number[],
  o: number,
  ga: number[],
  oa: number,
  gb: number[],
  ob: number,
  wantDepth: boolean,
): boolean {
  const n = g[o + COUNT] | 0;
  const axes = g[o + AXES] | 0;
  const V = o - dataLength(n, 0);
  const N = V + 2 * n;
  const L = V + lengthsAt(n, 0);
  // Both shapes measured from the owner's first vertex (see projectAxis).
  projectAxis[0] = g[V];
  projectAxis[1] = g[V + 1];
  for (let i = 0; i < axes; i++) {
    const nx = g[N + 2 * i];
    const ny = g[N + 2 * i + 1];
    projectAxis[2] = nx;
    projectAxis[3] = ny;
    project(ga, oa);
    const minA = vec[0];
    const maxA = vec[1];
    project(gb, ob);
    const minB = vec[0];
    const maxB = vec[1];
    if (!(minA < maxB && minB < maxA)) return false;
    if (wantDepth) {
      // The shallowest push so far (see testFaces): b along +n, or along −n.
      const len = g[L + i];
      const forward = maxA - minB;
      const backward = maxB - minA;
      const depth = Math.min(forward, backward) / len;
      if (depth < scratch[BEST_DEPTH]) {
        const sign = forward <= backward ? 1 : -1;
        scratch[BEST_DEPTH] = depth;
        scratch[BEST_NX] = (sign * nx) / len;
        scratch[BEST_NY] = (sign * ny) / len;
      }
    }
  }
  return true;
}

/**
 * One-sided face test of the owner (record v, o: a shape with an interior) against the other
 * shape (record w, q): for each edge, how far the other reaches behind the owner's face; false as
 * soon as none of it does. Tracks the shallowest push in scratch; `ownerIsA` orients it from a to
 * b. One-sided suffices: along the edge's outward normal n the owner reaches no further than
 * n·v[i] (convexity), and the other direction along n adds nothing, since the Minkowski
 * difference a − b has exactly a's outward normals and b's inward ones as face normals, so the
 * separating line, and the shallowest push, is always found on one of those faces (the same
 * reasoning as Box2D's polygon test).
 */
function testFaces(
  v: number[],
  o: number,
  w: number[],
  q: number,
  ownerIsA: boolean,
  wantDepth: boolean,
): boolean {
  const n = v[o + COUNT] | 0;
  const V = o - dataLength(n, 1);
  const N = V + 2 * n;
  const L = V + lengthsAt(n, 1);
  const m = w[q + COUNT] | 0;
  const W = dataAt(w, q);
  for (let i = 0; i < n; i++) {
    const nx = v[N + 2 * i];
    const ny = v[N + 2 * i + 1];
    // Each vertex is measured from the face's own vertex, n·(w − v): differences first are exact
    // for integer input and keep their precision far from the origin, and for a lone point this
    // is containsPoint's very expression, so a Point and a point query agree to the last bit.
    const vx = v[V + 2 * i];
    const vy = v[V + 2 * i + 1];
    let reach = nx * (w[W] - vx) + ny * (w[W + 1] - vy);
    for (let k = 1; k < m; k++) {
      const p = nx * (w[W + 2 * k] - vx) + ny * (w[W + 2 * k + 1] - vy);
      if (p < reach) reach = p;
    }
    // Other lies wholly on the outer closed side of this face. (A face of no length, which a box
    // thinner than its coordinates' rounding has, has the normal (0, 0): no axis, it separates
    // nothing. A Segment on the same line collided; the flat Box did not.)
    if (!(reach < 0) && (nx !== 0 || ny !== 0)) return false;
    if (wantDepth) {
      // The shallowest push so far, kept in scratch (written out here rather than in a helper:
      // V8 boxes the doubles passed to a function it does not inline, a heap allocation per
      // face). The normal's divisions only when it is the shallowest.
      const len = v[L + i];
      const depth = -reach / len;
      if (depth < scratch[BEST_DEPTH]) {
        // Pushing other out through this face: along +n when other is b, along −n when it is a.
        const sign = ownerIsA ? 1 : -1;
        scratch[BEST_DEPTH] = depth;
        scratch[BEST_NX] = (sign * nx) / len;
        scratch[BEST_NY] = (sign * ny) / len;
      }
    }
  }
  return true;
}

/**
 * Whether every vertex of the inner convex record (gi, i) lies in the closed convex region of the
 * outer one (go, o), which must have area.
 */
function containsAllVertices(go: number[], o: number, gi: number[], i: number): boolean {
  if (go[o + AREA] !== 1) return false;
  const n = go[o + COUNT] | 0;
  const m = gi[i + COUNT] | 0;
  const V = o - dataLength(n, 1);
  const N = V + 2 * n;
  const I = dataAt(gi, i);
  for (let k = 0; k < m; k++) {
    const px = gi[I + 2 * k];
    const py = gi[I + 2 * k + 1];
    for (let e = 0; e < n; e++) {
      if (go[N + 2 * e] * (px - go[V + 2 * e]) + go[N + 2 * e + 1] * (py - go[V + 2 * e + 1]) > 0)
        return false;
    }
  }
  return true;
}

/** Separating-axis test between convex records (boxes, OBBs, polygons, segments, points). */
function convexConvex(ga: number[], oa: number, gb: number[], ob: number, out: Contact | null): boolean {
  // (The bounds overlap strictly: the caller has checked.) A point (no axis at all) overlaps only
  // an interior: never a point or a segment. Decided here rather than by projections, whose
  // rounding can open a hair-wide overlap of a point lying on a rotated segment.
  const aHasArea = ga[oa + AREA] === 1;
  const bHasArea = gb[ob + AREA] === 1;
  if ((ga[oa + AXES] === 0 && !bHasArea) || (gb[ob + AXES] === 0 && !aHasArea)) return false;
  const wantDepth = out !== null;
  scratch[BEST_DEPTH] = Number.POSITIVE_INFINITY;
  scratch[BEST_NX] = 0;
  scratch[BEST_NY] = 0;
  if (!(aHasArea ? testFaces(ga, oa, gb, ob, true, wantDepth) : testAxes(ga, oa, ga, oa, gb, ob, wantDepth)))
    return false;
  if (!(bHasArea ? testFaces(gb, ob, ga, oa, false, wantDepth) : testAxes(gb, ob, ga, oa, gb, ob, wantDepth)))
    return false;
  if (out !== null) {
    out.normalX = scratch[BEST_NX];
    out.normalY = scratch[BEST_NY];
    out.depth = scratch[BEST_DEPTH];
    out.aInB = containsAllVertices(gb, ob, ga, oa);
    out.bInA = containsAllVertices(ga, oa, gb, ob);
  }
  return true;
}
