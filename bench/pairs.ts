import type { Rect } from './scenes.js';

/**
 * Strict AABB overlap, the semantics every contestant must reproduce: touching edges do not collide.
 * Peers that report touching boxes or mere candidates run their results through this.
 */
export function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** 32-bit avalanche mix of an unordered pair, so the set hash does not depend on report order. */
function mixPair(i: number, j: number): number {
  const lo = Math.min(i, j);
  const hi = Math.max(i, j);
  let h = Math.imul(lo, 0x9e3779b1) ^ Math.imul(hi + 0x7f4a7c15, 0x85ebca6b);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  return h ^ (h >>> 16);
}

/**
 * Collects one frame's pairs as (count, sum of mixes, xor of mixes): cheap, allocation-free and
 * order-independent. A duplicate or a missing pair changes the count and both hashes.
 */
export class PairSink {
  count = 0;
  sum = 0;
  xor = 0;

  reset(): void {
    this.count = 0;
    this.sum = 0;
    this.xor = 0;
  }

  add(i: number, j: number): void {
    const h = mixPair(i, j);
    this.count++;
    this.sum = (this.sum + h) | 0;
    this.xor ^= h;
  }

  /** Printable fingerprint of the pair set (count is kept separately). */
  hash(): string {
    return `${(this.sum >>> 0).toString(16).padStart(8, '0')}${(this.xor >>> 0).toString(16).padStart(8, '0')}`;
  }
}
