/*
 * Validation and clean-up of user-given convex outlines (Polygon's points): dropping duplicate and
 * straight-through vertices, fixing the winding, rejecting reflex, zero-area and self-intersecting
 * input. Cold, allocating construction-time code, kept apart from the shape classes it feeds.
 */
import { requireFinite, requireFits } from '../shared/validate.js';
import { doubles, length, maxAbs } from './math.js';
import type { Vec2 } from './shape.js';

// Below this |sin| two consecutive edges count as collinear: the middle vertex is dropped rather than
// rejected, so user input like a rectangle with a midpoint on one side is accepted.
const COLLINEAR_SIN = 1e-10;

/**
 * Validates a convex polygon and returns its local vertices with positive shoelace area, consecutive
 * duplicates and straight-through vertices removed. Throws TypeError/RangeError describing the problem,
 * also when a vertex times `scale` lies farther than MAX_SIZE from the anchor.
 * @internal
 */
export function normalizeConvexPoints(points: readonly Vec2[], name = 'points', scale = 1): number[] {
  if (!Array.isArray(points)) throw new TypeError(`${name} must be an array of {x, y} points`);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < points.length; i++) {
    const p = points[i];
    if (p === null || typeof p !== 'object') throw new TypeError(`${name}[${i}] must be an {x, y} object`);
    // Each coordinate read once: what is checked below is what is stored (a getter may change).
    const x = p.x;
    const y = p.y;
    requireFinite(x, `${name}[${i}].x`);
    requireFinite(y, `${name}[${i}].y`);
    const last = xs.length - 1;
    if (last >= 0 && xs[last] === x && ys[last] === y) continue;
    xs.push(x);
    ys.push(y);
  }
  // Before the convexity tests, which square lengths (`scale`: the shape's, which the outline gets).
  requireFits(Math.max(maxAbs(xs), maxAbs(ys)) * scale, name);
  while (xs.length > 1 && xs[0] === xs[xs.length - 1] && ys[0] === ys[ys.length - 1]) {
    xs.pop();
    ys.pop();
  }
  if (xs.length < 3) {
    throw new RangeError(`${name} must contain at least 3 distinct vertices, got ${xs.length}`);
  }
  let area2 = 0;
  for (let i = 0; i < xs.length; i++) {
    const j = (i + 1) % xs.length;
    area2 += xs[i] * ys[j] - xs[j] * ys[i];
  }
  if (!(Math.abs(area2) > 0)) throw new RangeError(`${name} is degenerate: the polygon has zero area`);
  if (area2 < 0) {
    xs.reverse();
    ys.reverse();
  }
  // Drop straight-through vertices until none remain; reject reflex turns and spikes.
  let changed = true;
  while (changed && xs.length >= 3) {
    changed = false;
    for (let i = 0; i < xs.length; i++) {
      const n = xs.length;
      const p = (i + n - 1) % n;
      const q = (i + 1) % n;
      const ax = xs[i] - xs[p];
      const ay = ys[i] - ys[p];
      const bx = xs[q] - xs[i];
      const by = ys[q] - ys[i];
      const cross = ax * by - ay * bx;
      const scale = length(ax, ay) * length(bx, by);
      if (Math.abs(cross) <= COLLINEAR_SIN * scale) {
        if (ax * bx + ay * by < 0) {
          throw new RangeError(
            `${name} is degenerate or not convex: the boundary doubles back (zero interior angle) at vertex ${i}`,
          );
        }
        xs.splice(i, 1);
        ys.splice(i, 1);
        changed = true;
        break;
      }
      if (cross < 0) {
        throw new RangeError(
          `${name} is not convex: reflex turn at vertex ${i} (decompose it into convex parts)`,
        );
      }
    }
  }
  if (xs.length < 3) throw new RangeError(`${name} is degenerate: all vertices are collinear`);
  // All turns point the same way; a simple convex polygon turns exactly once around (2π). A star
  // such as a pentagram passes the turn test but winds twice.
  let turning = 0;
  for (let i = 0; i < xs.length; i++) {
    const n = xs.length;
    const p = (i + n - 1) % n;
    const q = (i + 1) % n;
    const ax = xs[i] - xs[p];
    const ay = ys[i] - ys[p];
    const bx = xs[q] - xs[i];
    const by = ys[q] - ys[i];
    turning += Math.atan2(ax * by - ay * bx, ax * bx + ay * by);
  }
  if (turning > 3 * Math.PI) throw new RangeError(`${name} is not convex: the boundary intersects itself`);
  const out = doubles(xs.length * 2);
  for (let i = 0; i < xs.length; i++) {
    out[2 * i] = xs[i];
    out[2 * i + 1] = ys[i];
  }
  return out;
}
