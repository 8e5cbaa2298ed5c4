/*
 * Sweeps of a circle: against another circle (a quadratic), and against a straight-edged shape
 * inflated by the radius (offset faces and vertex discs). Called by sweepShapes (sweep.ts), which
 * has already ruled out overlap at t = 0 and zero motion.
 */

import type { ConvexShape } from './convex.js';
import { unitInVec, vec } from './math.js';
import type { Circle } from './shapes.js';
import { type SweepHit, writeOpposingNormal } from './sweepHit.js';

/**
 * Two circles: |p + s·d| < R with p = centre offset, R = sum of radii, i.e. a·s² + 2b·s + c < 0 with
 * a = d·d, b = p·d, c = p·p − R². Not overlapping at 0 means c ≥ 0 (same expression as overlaps());
 * the smaller root c / (−b + √(b² − ac)) avoids cancellation. b ≥ 0 (not approaching) or a
 * discriminant ≤ 0 (tangent path) never overlaps.
 * @internal
 */
export function sweepCircleCircle(
  mover: Circle,
  motion: Float64Array,
  target: Circle,
  out: SweepHit,
): boolean {
  const dx = motion[0];
  const dy = motion[1];
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
  vec[0] = qx;
  vec[1] = qy;
  unitInVec(); // |q| = R > 0 at contact
  out.t = t;
  out.normal.x = vec[0];
  out.normal.y = vec[1];
  writeOpposingNormal(out, motion, 1);
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
 * @internal
 */
export function sweepCircleConvex(
  circle: Circle,
  motion: Float64Array,
  poly: ConvexShape,
  swapped: boolean,
  out: SweepHit,
): boolean {
  const dx = motion[0];
  const dy = motion[1];
  const cx = circle._x;
  const cy = circle._y;
  const r = circle._r;
  const r2 = r * r;
  const v = poly._geo;
  const vAt = poly._geoAt;
  const n = poly._count;
  const a = dx * dx + dy * dy;
  let best = Number.POSITIVE_INFINITY;
  let bestVertex = -1;
  let bestEdge = -1;
  let bestSide = 1;
  let bestU = 0;

  // Vertex discs: the first root of |c − v + s·d|² = r², when approaching and not tangent.
  for (let k = 0; k < n; k++) {
    const px = cx - v[vAt + 2 * k];
    const py = cy - v[vAt + 2 * k + 1];
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
  const N = poly._normalsAt;
  for (let i = 0; i < edges; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ax = v[vAt + 2 * i];
    const ay = v[vAt + 2 * i + 1];
    const ex = v[vAt + 2 * j] - ax;
    const ey = v[vAt + 2 * j + 1] - ay;
    const len = v[poly._lengthsAt + i];
    for (let side = 1; side >= lastSide; side -= 2) {
      const nx = side * v[N + 2 * i];
      const ny = side * v[N + 2 * i + 1];
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
    const len = v[poly._lengthsAt + bestEdge];
    nx = (bestSide * v[N + 2 * bestEdge]) / len;
    ny = (bestSide * v[N + 2 * bestEdge + 1]) / len;
    const j = bestEdge + 1 === n ? 0 : bestEdge + 1;
    const ax = v[vAt + 2 * bestEdge];
    const ay = v[vAt + 2 * bestEdge + 1];
    px = ax + bestU * (v[vAt + 2 * j] - ax);
    py = ay + bestU * (v[vAt + 2 * j + 1] - ay);
  } else {
    px = v[vAt + 2 * bestVertex];
    py = v[vAt + 2 * bestVertex + 1];
    const qx = cx + dx * t - px;
    const qy = cy + dy * t - py;
    if (qx !== 0 || qy !== 0) {
      vec[0] = qx;
      vec[1] = qy;
      unitInVec();
      nx = vec[0];
      ny = vec[1];
    } else {
      vec[0] = dx;
      vec[1] = dy;
      unitInVec();
      nx = -vec[0];
      ny = -vec[1];
    }
  }
  out.t = t;
  if (!swapped) {
    out.normal.x = nx;
    out.normal.y = ny;
    writeOpposingNormal(out, motion, 1);
    out.point.x = px;
    out.point.y = py;
  } else {
    // Here (dx, dy) is the reversed motion; the real mover P moves by (−dx, −dy).
    out.normal.x = -nx;
    out.normal.y = -ny;
    writeOpposingNormal(out, motion, -1);
    out.point.x = cx + out.normal.x * r;
    out.point.y = cy + out.normal.y * r;
  }
  return true;
}
