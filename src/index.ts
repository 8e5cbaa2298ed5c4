/**
 * quadcollide: exact, allocation-free quadtree collision detection for 2D games.
 * @packageDocumentation
 */

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
