/**
 * quadcollide: exact, allocation-free quadtree collision detection for 2D games.
 * @packageDocumentation
 */

export type { NearestVisitor } from './core/nearest.js';
export { QuadIndex } from './core/QuadIndex.js';
export type { RayVisitor } from './core/ray.js';
export type { SweepVisitor } from './core/sweep.js';
export type { IdPairVisitor, IdRayHit, IdSweepHit, IdVisitor, IndexStats } from './core/types.js';
export * from './geometry/index.js';
export { Quadtree } from './quadtree/Quadtree.js';
export type {
  ItemSweepHit,
  ItemVisitor,
  NodeInfo,
  PairVisitor,
  QuadtreeOptions,
  QuadtreeStats,
  Rect,
} from './quadtree/types.js';
export * from './world/index.js';
