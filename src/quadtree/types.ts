import type { IndexStats } from '../core/types.js';

export type { NodeInfo, QuadtreeOptions, Rect } from '../core/types.js';

/** Counts describing a {@link Quadtree}, from {@link Quadtree.stats}. */
export interface QuadtreeStats extends IndexStats {
  /** Box tests made by the last query or pair pass (see {@link Quadtree.lastChecks}). */
  checks: number;
  /**
   * Bytes held in typed arrays: the index's (see {@link IndexStats.arrayBytes}) and the tree's own
   * staging buffer, where `insert(array)` and `refresh()` read every box before anything moves.
   */
  arrayBytes: number;
}

/** Visitor for item queries. Return `false` to stop the query early. */
export type ItemVisitor<T> = (item: T) => unknown;

/** Visitor for colliding pairs. Return `false` to stop the pass early. */
export type PairVisitor<T> = (a: T, b: T) => unknown;

/** The first item hit by a moving box, from {@link Quadtree.sweep}. */
export interface ItemSweepHit<T> {
  /** The item hit. */
  item: T;
  /** Time of impact in [0, 1): after t·(dx, dy) the boxes just touch (0: they overlapped at the start). */
  t: number;
  /** x of the unit normal of the face hit, pointing back at the mover (the diagonal at an exact corner hit). */
  normalX: number;
  /** y of that normal. */
  normalY: number;
}
