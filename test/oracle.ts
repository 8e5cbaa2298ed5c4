/** Brute-force reference answers the quadtree is tested against. */
import { expect } from 'vitest';
import type { Quadtree, Rect } from '../src/index.js';

export interface Item extends Rect {
  id: number;
}

/** The project's definition of a collision: interiors overlap, touching does not count. */
export function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

export function bruteQuery(items: readonly Item[], area: Rect): number[] {
  return items
    .filter((it) => overlaps(it, area))
    .map((it) => it.id)
    .sort((a, b) => a - b);
}

/** Same rule as Quadtree.queryCircle: the box's closest point is strictly inside the radius. */
export function boxMeetsCircle(it: Rect, x: number, y: number, r: number): boolean {
  return minMaxMeetsCircle(it.x, it.y, it.x + it.width, it.y + it.height, x, y, r);
}

/** {@link boxMeetsCircle} for a box given by its extremes. */
export function minMaxMeetsCircle(
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
  x: number,
  y: number,
  r: number,
): boolean {
  const dx = minX > x ? minX - x : x > maxX ? x - maxX : 0;
  const dy = minY > y ? minY - y : y > maxY ? y - maxY : 0;
  // Squares under- or overflow for a radius far from 1 (r² is 0 below about 1e-162): there the
  // distance itself, which Math.hypot computes without either.
  if (r > 0 && (r < 1e-140 || r > 1e140)) return Math.hypot(dx, dy) < r;
  return dx * dx + dy * dy < r * r;
}

export function bruteCircle(items: readonly Item[], x: number, y: number, r: number): number[] {
  return items
    .filter((it) => boxMeetsCircle(it, x, y, r))
    .map((it) => it.id)
    .sort((a, b) => a - b);
}

/** Squared distance from (x, y) to the closed box: what the nearest-neighbour walks order by. */
export function boxDistance2(box: Rect, x: number, y: number): number {
  const [dx, dy] = axisDistances(box, x, y);
  return dx * dx + dy * dy;
}

/**
 * Whether a box whose distance from a point is (dx, dy) along the axes lies within `limit` of it,
 * as the nearest searches keep a distance limit: compared squared, unless the limit's square
 * overflows or lies below the normal range's precision, where squares cannot tell (a box 5e-324
 * away squares to 0, like one holding the point): then unsquared.
 */
export function withinDistance(dx: number, dy: number, limit: number): boolean {
  if (limit * limit < Number.POSITIVE_INFINITY && limit >= 1e-153) return dx * dx + dy * dy <= limit * limit;
  return Math.hypot(dx, dy) <= limit;
}

/** Distance along each axis from (x, y) to the closed box (0 inside its span). */
export function axisDistances(box: Rect, x: number, y: number): [number, number] {
  return [Math.max(box.x - x, 0, x - (box.x + box.width)), Math.max(box.y - y, 0, y - (box.y + box.height))];
}

/** Every colliding pair as "lowId:highId", sorted. */
export function brutePairs(items: readonly Item[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      if (overlaps(items[i], items[j])) out.push(pairKey(items[i], items[j]));
    }
  }
  return out.sort();
}

export function pairKey(a: Item, b: Item): string {
  return a.id < b.id ? `${a.id}:${b.id}` : `${b.id}:${a.id}`;
}

export function ids(items: readonly Item[]): number[] {
  return items.map((it) => it.id).sort((a, b) => a - b);
}

/** Deterministic PRNG for seeded scenes outside fast-check: the benchmark's, so both see the same data. */
export { mulberry32 } from './fixtures.js';

/** The tree's pair set is brute force's over `live`. */
export function expectExactPairs(tree: Quadtree<Item>, live: readonly Item[]): void {
  const got = tree
    .pairs()
    .map(([a, b]) => pairKey(a, b))
    .sort();
  const expected = brutePairs(live);
  // The count first: a diff of two long arrays takes minutes to print.
  expect(got.length, 'number of pairs').toBe(expected.length);
  expect(got).toEqual(expected);
}

/** The tree passes validate(), holds `live` items, and its pair set is brute force's. */
export function expectValidWithExactPairs(tree: Quadtree<Item>, live: readonly Item[]): void {
  tree.validate();
  expect(tree.size).toBe(live.length);
  expectExactPairs(tree, live);
}
