/**
 * The World benchmark's sink and its correctness check: every contestant writes each contact it
 * reports (body ids, unit normal from the lower id to the higher, depth of the minimum translation
 * vector) into a `ContactSink`; after the frame, outside the timing, two sinks are compared.
 */
import type { PairSink } from './pairs.js';

/**
 * Pairs whose reported depth is at most this are left out on both sides. detect-collisions (SAT.js)
 * counts touching shapes as colliding with depth 0, quadcollide does not (its strict rule), and the
 * two compute in different coordinates (SAT.js relative to each body's position, quadcollide in
 * world coordinates), so a pair that merely touches can come out at +1e-13 on one side and 0 on the
 * other. 1e-9 px is far above that rounding (coordinates are below 10⁴, so ~1e-12) and far below any
 * real overlap; a depth within rounding of 1e-9 itself is as unlikely as an exact touch.
 */
export const TOUCH_EPSILON = 1e-9;

/**
 * Depths must agree to within 1e-9 px plus 1e-9 of the depth. Both libraries compute the same
 * exact quantity (distance from the origin to the boundary of the Minkowski difference, along
 * the edge normals or the centre line), so only rounding separates them.
 */
export const DEPTH_ABS_TOLERANCE = 1e-9;
export const DEPTH_REL_TOLERANCE = 1e-9;

/** One frame's contacts, in report order, in growable typed arrays: adding allocates nothing once grown. */
export class ContactSink {
  count = 0;
  /** pairs reported with depth ≤ TOUCH_EPSILON (dropped; see there) */
  touching = 0;
  lo = new Int32Array(1024);
  hi = new Int32Array(1024);
  normalX = new Float64Array(1024);
  normalY = new Float64Array(1024);
  depth = new Float64Array(1024);
  /** scratch for `compareContacts` */
  order = new Uint32Array(1024);

  reset(): void {
    this.count = 0;
    this.touching = 0;
  }

  /** One contact; `a` must be the lower id and the normal must point from `a` to `b`. */
  add(a: number, b: number, normalX: number, normalY: number, depth: number): void {
    if (!(depth > TOUCH_EPSILON)) {
      this.touching++;
      return;
    }
    const k = this.count;
    if (k === this.lo.length) this.grow();
    this.lo[k] = a;
    this.hi[k] = b;
    this.normalX[k] = normalX;
    this.normalY[k] = normalY;
    this.depth[k] = depth;
    this.count = k + 1;
  }

  private grow(): void {
    const size = 2 * this.lo.length;
    const widenInt = (old: Int32Array) => {
      const grown = new Int32Array(size);
      grown.set(old);
      return grown;
    };
    const widen = (old: Float64Array) => {
      const grown = new Float64Array(size);
      grown.set(old);
      return grown;
    };
    this.lo = widenInt(this.lo);
    this.hi = widenInt(this.hi);
    this.normalX = widen(this.normalX);
    this.normalY = widen(this.normalY);
    this.depth = widen(this.depth);
    this.order = new Uint32Array(size);
  }

  /** Count and order-independent hash of the pair set, as bench/pairs.ts computes them for boxes. */
  fingerprint(scratch: PairSink): { count: number; hash: string } {
    scratch.reset();
    for (let k = 0; k < this.count; k++) scratch.add(this.lo[k], this.hi[k]);
    return { count: scratch.count, hash: scratch.hash() };
  }

  /** Fills `order` with the report indices sorted by (lo, hi) and returns that view. */
  sorted(): Uint32Array {
    const order = this.order.subarray(0, this.count);
    for (let k = 0; k < order.length; k++) order[k] = k;
    const { lo, hi } = this;
    order.sort((i, j) => lo[i] - lo[j] || hi[i] - hi[j]);
    return order;
  }
}

export interface ContactAgreement {
  /** first pair present on one side only, or undefined when the pair sets are equal */
  firstDifference?: string;
  maxDepthAbs: number;
  maxDepthRel: number;
  /** largest |Δnormal| (Euclidean) over matched pairs */
  maxNormal: number;
  /** matched pairs whose depths differ by more than the tolerance */
  depthOutliers: number;
  /** the worst depth outlier, for the message */
  worst?: string;
}

function onlyIn(sink: ContactSink, k: number, side: string): string {
  return `pair (${sink.lo[k]}, ${sink.hi[k]}) (depth ${sink.depth[k]}) only in the ${side}'s answer`;
}

/**
 * Matches two sinks' contacts pair by pair (both sorted by ids; not timed) and measures how far
 * their depths and normals differ. Pair-set equality is decided by the fingerprint first; this
 * names the first differing pair when they differ.
 */
export function compareContacts(reference: ContactSink, other: ContactSink): ContactAgreement {
  const result: ContactAgreement = { maxDepthAbs: 0, maxDepthRel: 0, maxNormal: 0, depthOutliers: 0 };
  const r = reference.sorted();
  const o = other.sorted();
  let i = 0;
  let j = 0;
  while (i < r.length && j < o.length) {
    const p = r[i];
    const q = o[j];
    const order = reference.lo[p] - other.lo[q] || reference.hi[p] - other.hi[q];
    if (order !== 0) {
      result.firstDifference ??=
        order < 0 ? onlyIn(reference, p, 'reference') : onlyIn(other, q, 'other contestant');
      if (order < 0) i++;
      else j++;
      continue;
    }
    const a = reference.depth[p];
    const b = other.depth[q];
    const abs = Math.abs(a - b);
    const rel = abs / Math.max(a, b);
    if (abs > result.maxDepthAbs) result.maxDepthAbs = abs;
    if (rel > result.maxDepthRel) result.maxDepthRel = rel;
    if (abs > DEPTH_ABS_TOLERANCE + DEPTH_REL_TOLERANCE * Math.max(a, b)) {
      result.depthOutliers++;
      result.worst ??= `pair (${reference.lo[p]}, ${reference.hi[p]}): depth ${a} vs ${b}`;
    }
    const normal = Math.hypot(
      reference.normalX[p] - other.normalX[q],
      reference.normalY[p] - other.normalY[q],
    );
    if (normal > result.maxNormal) result.maxNormal = normal;
    i++;
    j++;
  }
  if (result.firstDifference === undefined && (i < r.length || j < o.length)) {
    result.firstDifference =
      i < r.length ? onlyIn(reference, r[i], 'reference') : onlyIn(other, o[j], 'other contestant');
  }
  return result;
}
