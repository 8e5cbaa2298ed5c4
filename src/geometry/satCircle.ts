/*
 * The narrow phase's tests of a disc: against another disc, and against a convex vertex set (box,
 * rotated box, polygon, segment, point). They read geometry records (see record.ts) and follow the
 * collision rule and conventions of sat.ts, which dispatches to them.
 */
import type { Contact } from './contact.js';
import { ROUNDING, unitInVec, vec } from './math.js';
import { AREA, COUNT, dataLength, lengthsAt } from './record.js';

/** Circle a (centre and radius at ga[a …]) against circle b (at gb[b …]). @internal */
export function circleCircle(ga: number[], a: number, gb: number[], b: number, out: Contact | null): boolean {
  const dx = gb[b] - ga[a];
  const dy = gb[b + 1] - ga[a + 1];
  const d2 = dx * dx + dy * dy;
  const ra = ga[a + 2];
  const rb = gb[b + 2];
  const sum = ra + rb;
  if (d2 >= sum * sum) return false;
  if (out !== null) {
    let d = 0;
    if (d2 > 1e-290) {
      // Plain arithmetic in the common case: a call returning a double may box it (allocate).
      d = Math.sqrt(d2);
      out.normalX = dx / d;
      out.normalY = dy / d;
    } else if (dx !== 0 || dy !== 0) {
      d = Math.hypot(dx, dy);
      vec[0] = dx;
      vec[1] = dy;
      unitInVec();
      out.normalX = vec[0];
      out.normalY = vec[1];
    } else {
      // Concentric: every direction is minimal; pick +x so the answer is deterministic.
      out.normalX = 1;
      out.normalY = 0;
    }
    // sum − d in a form that is positive whenever the test above passed (d2 < sum² in floating
    // point): the difference itself can round to 0 a hair from tangent. The plain difference when
    // the squares overflowed. (Written out, here and in circleConvex, rather than in a helper: V8
    // boxes the doubles passed to a function it does not inline, a heap allocation per pair.)
    const depth = (sum * sum - d2) / (sum + d);
    out.depth = depth < Number.POSITIVE_INFINITY ? depth : sum - d;
    out.aInB = ra <= rb && d2 <= (rb - ra) * (rb - ra);
    out.bInA = rb <= ra && d2 <= (ra - rb) * (ra - rb);
  }
  return true;
}

/**
 * What circleConvex takes for rounding when it picks the way out beside a vertex: this fraction of
 * the coordinates' size (2^-46, a quarter of {@link ROUNDING}, 64 units in the last place).
 */
const NEAR = ROUNDING / 4;

/** Whether every edge of the convex record's n edges, lengths from L, has length 0 (one point). */
function collapsed(v: number[], L: number, n: number): boolean {
  for (let i = 0; i < n; i++) if (v[L + i] > 0) return false;
  return true;
}

/**
 * Disc versus convex vertex set. Computes the push that moves the circle out of the convex shape
 * (normal from convex to circle), then orients it for the caller. The circle's data is at
 * gc[c …], the convex record's header at v[p]. @internal
 */
export function circleConvex(
  gc: number[],
  c: number,
  v: number[],
  p: number,
  circleIsA: boolean,
  out: Contact | null,
): boolean {
  const cx = gc[c];
  const cy = gc[c + 1];
  const r = gc[c + 2];
  const r2 = r * r;
  const n = v[p + COUNT] | 0;
  const area = v[p + AREA];
  const hasArea = area === 1;
  // The polygon's vertices from V, normals from N, lengths from L.
  const V = p - dataLength(n, area);
  const N = V + 2 * n;
  const L = V + lengthsAt(n, area);
  let nx = 0;
  let ny = 0;
  let depth = 0;
  let circleInPoly = false;

  let centreInside = hasArea;
  if (hasArea) {
    for (let i = 0; i < n; i++) {
      if (v[N + 2 * i] * (cx - v[V + 2 * i]) + v[N + 2 * i + 1] * (cy - v[V + 2 * i + 1]) > 0) {
        centreInside = false;
        break;
      }
    }
    // A polygon far from the origin can round its world vertices onto one point: its normals are
    // all zero and pass every test above. It is that point, tested as a vertex below.
    if (centreInside && collapsed(v, L, n)) centreInside = false;
  }

  if (centreInside) {
    // Centre inside or on the boundary: the disc certainly reaches the interior. The cheapest way
    // out is through the nearest face (found only now: the divisions are wasted when the centre
    // is outside, the common case).
    if (out === null) return true;
    let maxSep = Number.NEGATIVE_INFINITY;
    let maxFace = 0;
    for (let i = 0; i < n; i++) {
      const s = v[N + 2 * i] * (cx - v[V + 2 * i]) + v[N + 2 * i + 1] * (cy - v[V + 2 * i + 1]);
      const sep = s / v[L + i];
      if (sep > maxSep) {
        maxSep = sep;
        maxFace = i;
      }
    }
    const len = v[L + maxFace];
    nx = v[N + 2 * maxFace] / len;
    ny = v[N + 2 * maxFace + 1] / len;
    depth = r - maxSep;
    circleInPoly = -maxSep >= r;
  } else {
    // Centre outside (or the shape has no interior): collide iff the squared distance to the
    // closest boundary point is below r². Each edge is decided exactly before any division.
    const edges = n === 2 ? 1 : n;
    let hit = false;
    let best = Number.POSITIVE_INFINITY;
    let bestVertex = 0; // closest feature when it is a vertex
    let bestEdge = -1; // closest feature when it is the inside of an edge
    let bestCross = 0;
    let bestEe = 0;
    for (let i = 0; i < edges; i++) {
      const ax = v[V + 2 * i];
      const ay = v[V + 2 * i + 1];
      const wx = cx - ax;
      const wy = cy - ay;
      if (n === 1) {
        const d2 = wx * wx + wy * wy;
        if (d2 < r2) hit = true;
        best = d2;
        break;
      }
      const j = i + 1 === n ? 0 : i + 1;
      const ex = v[V + 2 * j] - ax;
      const ey = v[V + 2 * j + 1] - ay;
      const t = wx * ex + wy * ey;
      const ee = ex * ex + ey * ey;
      // Past the far end, measured from the far vertex itself: measured from this one (t ≥ ee), t
      // rounds near the far end, and a centre a few ulps beside that vertex, still facing the
      // edge, took the vertex's direction (centre − vertex: rounding noise) as its normal. (Only
      // asked in the edge's far half, where it can be true.)
      if (t <= 0 || (t >= 0.5 * ee && (cx - v[V + 2 * j]) * ex + (cy - v[V + 2 * j + 1]) * ey >= 0)) {
        const k = t <= 0 ? i : j;
        const ux = cx - v[V + 2 * k];
        const uy = cy - v[V + 2 * k + 1];
        const d2 = ux * ux + uy * uy;
        if (d2 < r2) hit = true;
        if (d2 < best) {
          best = d2;
          bestVertex = k;
          bestEdge = -1;
        }
      } else {
        const cr = ex * wy - ey * wx;
        if (cr * cr < r2 * ee) hit = true;
        const d2 = (cr * cr) / ee;
        if (d2 < best) {
          best = d2;
          bestEdge = i;
          bestCross = cr;
          bestEe = ee;
        }
      }
    }
    if (!hit) return false;
    if (bestEdge < 0 && n >= 2) {
      // The closest vertex, only if the centre lies in its normal cone. Rounding (an edge's cross
      // product, a few ulps from the vertex) can make the vertex win for a centre that faces an
      // adjacent edge: the way out is then that edge's normal, not centre − vertex (noise there).
      const k = bestVertex;
      const dx = cx - v[V + 2 * k];
      const dy = cy - v[V + 2 * k + 1];
      const before = k > 0 ? k - 1 : hasArea ? n - 1 : -1; // the edge ending at vertex k
      const after = hasArea || k === 0 ? k : -1; // the edge starting there
      // (An edge as short as rounding, the end of a box thinner than an ulp of its position, has
      // a direction that means nothing: the vertex keeps its own.)
      const short = NEAR * (Math.abs(v[V + 2 * k]) + Math.abs(v[V + 2 * k + 1]));
      let edge = -1;
      if (
        before >= 0 &&
        v[L + before] > short &&
        dx * (v[V + 2 * k] - v[V + 2 * before]) + dy * (v[V + 2 * k + 1] - v[V + 2 * before + 1]) < 0
      )
        edge = before;
      else if (after >= 0 && v[L + after] > short) {
        const j = after + 1 === n ? 0 : after + 1;
        if (dx * (v[V + 2 * j] - v[V + 2 * k]) + dy * (v[V + 2 * j + 1] - v[V + 2 * k + 1]) > 0) edge = after;
      }
      if (edge >= 0) {
        const j = edge + 1 === n ? 0 : edge + 1;
        const ex = v[V + 2 * j] - v[V + 2 * edge];
        const ey = v[V + 2 * j + 1] - v[V + 2 * edge + 1];
        bestEdge = edge;
        bestCross = ex * (cy - v[V + 2 * edge + 1]) - ey * (cx - v[V + 2 * edge]);
        bestEe = ex * ex + ey * ey;
      }
    }
    // The depth, in forms that stay positive whenever the closest feature's own exact test passed
    // (r − √d2 or r − |cross|/len can round to 0 a hair from tangent). Should rounding still
    // leave none (the test passed on another feature, at a tie), the pair is touching.
    if (bestEdge >= 0) {
      const len = v[L + bestEdge];
      const cross = Math.abs(bestCross);
      depth = (r2 * bestEe - cross * cross) / (len * (r * len + cross));
      if (!(depth < Number.POSITIVE_INFINITY)) depth = r - cross / len; // (squares overflowed)
    } else {
      // As in circleCircle: r − d, positive whenever best < r2.
      const d = Math.sqrt(best);
      depth = (r2 - best) / (r + d);
      if (!(depth < Number.POSITIVE_INFINITY)) depth = r - d;
    }
    if (!(depth > 0)) return false;
    if (out === null) return true;
    if (bestEdge >= 0) {
      // Closest point inside an edge: the push is along the edge normal. Using the normal rather
      // than (centre − closest point) keeps the direction exact when the centre is almost on it.
      const len = v[L + bestEdge];
      // cross(e, w) < 0 means the centre is on the outward-normal side of edge (ey, -ex). A shape
      // with an interior is left through the outward side when the centre is on the inward side
      // of its closest edge only by rounding: the centre is outside the shape, beside a vertex
      // where that edge's outward normal is a shortest way out too. Farther in, the shape's area
      // rounded away (a box thinner than an ulp of its position has two coincident long edges,
      // facing both ways) and the centre's side decides.
      const inward =
        bestCross > 0 && !(hasArea && bestCross <= NEAR * len * (Math.abs(cx) + Math.abs(cy) + r));
      const side = inward ? -1 : 1;
      nx = (side * v[N + 2 * bestEdge]) / len;
      ny = (side * v[N + 2 * bestEdge + 1]) / len;
    } else {
      const dx = cx - v[V + 2 * bestVertex];
      const dy = cy - v[V + 2 * bestVertex + 1];
      if (dx !== 0 || dy !== 0) {
        vec[0] = dx;
        vec[1] = dy;
        unitInVec();
        nx = vec[0];
        ny = vec[1];
      } else if (n >= 2 && v[L] > 0) {
        // Centre exactly on a segment's endpoint: crossing the segment's line costs r, the minimum.
        const len = v[L];
        nx = v[N] / len;
        ny = v[N + 1] / len;
      } else {
        nx = 1;
        ny = 0;
      }
    }
  }

  let polyInCircle = true;
  for (let i = 0; i < n; i++) {
    const dx = v[V + 2 * i] - cx;
    const dy = v[V + 2 * i + 1] - cy;
    if (dx * dx + dy * dy > r2) {
      polyInCircle = false;
      break;
    }
  }
  out.depth = depth;
  if (circleIsA) {
    out.normalX = -nx;
    out.normalY = -ny;
    out.aInB = circleInPoly;
    out.bInA = polyInCircle;
  } else {
    out.normalX = nx;
    out.normalY = ny;
    out.aInB = polyInCircle;
    out.bInA = circleInPoly;
  }
  return true;
}
