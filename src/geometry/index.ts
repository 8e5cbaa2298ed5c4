/**
 * Shapes and the narrow phase: pure functions usable without a world.
 * @module
 */
export { Contact } from './contact.js';
export {
  containsPoint,
  pointDistanceSquared,
  RayHit,
  raycast,
  segmentCast,
} from './raycast.js';
export { collide, overlaps } from './sat.js';
export {
  type AABB,
  Box,
  Circle,
  ConvexShape,
  OrientedBox,
  Point,
  Polygon,
  Segment,
  Shape,
  type ShapeKind,
  type Vec2,
} from './shapes.js';
export { SweepHit, sweepBoxes, sweepShapes } from './sweep.js';
