/*
 * SweepHit, the result every sweep fills in, and the two helpers that fill its normal and point
 * the same way for every pair of shapes (boxes, circles, straight-edged shapes). Separate so that
 * the per-pair sweeps (sweepCircle.ts, sweepConvex.ts) and the entry points (sweep.ts) share them
 * without importing one another.
 */
import { requireInstance } from '../shared/validate.js';
import { unitInVec, vec } from './math.js';
import type { Vec2 } from './shape.js';

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
    requireSweepHit(other);
    this.t = other.t;
    this.normal.x = other.normal.x;
    this.normal.y = other.normal.y;
    this.point.x = other.point.x;
    this.point.y = other.point.y;
    return this;
  }

  /** A new, independent copy that later sweeps will not overwrite. */
  clone(): SweepHit {
    return newSweepHit().copyFrom(this);
  }
}

// Outside the class on purpose: a class that names itself in its own body is bundled as
// `var SweepHit = class _SweepHit`, and its name (what console.log and stack traces show) reads `_SweepHit`.
function requireSweepHit(other: unknown): void {
  if (!(other instanceof SweepHit)) requireInstance(other, SweepHit, 'a SweepHit', 'other');
}
function newSweepHit(): SweepHit {
  return new SweepHit();
}

/** Middle of [lo1, hi1] ∩ [lo2, hi2], clamped into [lo2, hi2] (the target's range) against rounding. @internal */
export function middleOfOverlap(lo1: number, hi1: number, lo2: number, hi2: number): number {
  const v = overlap;
  v[0] = lo1;
  v[1] = hi1;
  v[2] = lo2;
  v[3] = hi2;
  middleOfOverlapIn(v);
  return v[4];
}

/** {@link middleOfOverlap}'s numbers. */
const overlap = new Float64Array(5);

/**
 * {@link middleOfOverlap} of the ranges [v[0], v[1]] and [v[2], v[3]], into v[4]: the form for the
 * sweeps that ask it of many shapes (numbers passed to or returned from a call V8 does not inline
 * are heap objects). @internal
 */
export function middleOfOverlapIn(v: Float64Array): void {
  const lo2 = v[2];
  const hi2 = v[3];
  const lo = v[0] > lo2 ? v[0] : lo2;
  const hi = v[1] < hi2 ? v[1] : hi2;
  const mid = 0.5 * lo + 0.5 * hi; // halves first: no overflow near the largest doubles
  v[4] = mid < lo2 ? lo2 : mid > hi2 ? hi2 : mid;
}

/**
 * Makes the unit normal in out.normal oppose the motion `sign` × (motion[0], motion[1]) (sign ±1: a
 * solver that moves the other shape has the motion reversed). At a near-tangent entry the normal is
 * almost perpendicular to the motion and rounding can tip it a hair forwards; the forward component
 * is then removed. (Numbers in out and in the motion's array, not passed: V8 boxes a double passed
 * to a function it does not inline.)
 * @internal
 */
export function writeOpposingNormal(out: SweepHit, motion: Float64Array, sign: number): void {
  let nx = out.normal.x;
  let ny = out.normal.y;
  const dx = sign * motion[0];
  const dy = sign * motion[1];
  if (nx * dx + ny * dy > 0) {
    vec[0] = dx;
    vec[1] = dy;
    unitInVec();
    const ux = vec[0];
    const uy = vec[1];
    const along = nx * ux + ny * uy;
    const px = nx - along * ux;
    const py = ny - along * uy;
    if (px !== 0 || py !== 0) {
      vec[0] = px;
      vec[1] = py;
      unitInVec();
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
