/**
 * Shapes and the narrow phase: pure functions usable without a world.
 * @module
 */
export { Contact } from './contact.js';
export { ConvexShape } from './convex.js';
export {
  containsPoint,
  pointDistanceSquared,
  RayHit,
  raycast,
  segmentCast,
} from './raycast.js';
export { collide, overlaps } from './sat.js';
export { type AABB, Shape, type ShapeKind, type Vec2 } from './shape.js';
export { type AnyShape, Box, Circle, OrientedBox, Point, Polygon, Segment } from './shapes.js';
export { sweepBoxes, sweepShapes } from './sweep.js';
export { SweepHit } from './sweepHit.js';
