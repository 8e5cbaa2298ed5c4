/**
 * The collision world: bodies, contacts, events and queries on top of the quadtree.
 * @module
 */
export { Body, type BodyOptions } from './Body.js';
export {
  BodyContact,
  type BodyFilter,
  CastHit,
  type CollisionEventType,
  type ContactListener,
  RaycastHit,
  type WorldOptions,
  type WorldStats,
} from './types.js';
export { World } from './World.js';
