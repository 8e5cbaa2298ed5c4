/**
 * quadcollide: exact, allocation-free quadtree collision detection for 2D games.
 * @packageDocumentation
 */

export { type IdRayHit, QuadIndex } from './core/QuadIndex.js';
export type { IdPairVisitor, IdVisitor, IndexStats } from './core/types.js';
export * from './geometry/index.js';
export { Quadtree } from './quadtree/Quadtree.js';
export type {
  ItemVisitor,
  NodeInfo,
  PairVisitor,
  QuadtreeOptions,
  QuadtreeStats,
  Rect,
} from './quadtree/types.js';
export * from './world/index.js';
