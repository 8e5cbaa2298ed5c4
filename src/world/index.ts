/**
 * The collision world: bodies, contacts, events and queries on top of the quadtree.
 * @module
 */
export { Body, type BodyOptions } from './Body.js';
export {
  BodyContact,
  type BodyFilter,
  type CollisionEventType,
  type ContactListener,
  RaycastHit,
  World,
  type WorldOptions,
  type WorldStats,
} from './World.js';
