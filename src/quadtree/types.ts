import type { IndexStats } from '../core/types.js';

export type { NodeInfo, QuadtreeOptions, Rect } from '../core/types.js';

/** Counts describing a {@link Quadtree}, from {@link Quadtree.stats}. */
export interface QuadtreeStats extends IndexStats {
  /** Box tests made by the last query or pair pass (see {@link Quadtree.lastChecks}). */
  checks: number;
}

/** Visitor for item queries. Return `false` to stop the query early. */
export type ItemVisitor<T> = (item: T) => void | boolean;

/** Visitor for colliding pairs. Return `false` to stop the pass early. */
export type PairVisitor<T> = (a: T, b: T) => void | boolean;
