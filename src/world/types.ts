import type { IndexStats, QuadtreeOptions, Rect } from '../core/types.js';
import { Contact } from '../geometry/contact.js';
import { RayHit } from '../geometry/raycast.js';
import { requireShape, type Vec2 } from '../geometry/shape.js';
import { SweepHit } from '../geometry/sweepHit.js';
import {
  describe,
  requireBits,
  requireBoolean,
  requireFinite,
  requireKnownOptions,
  requireNonNegativeOrInfinity,
} from '../shared/validate.js';
import { Body } from './Body.js';

/** Options of a {@link World}. */
export interface WorldOptions extends QuadtreeOptions {
  /** Area covered by the index's root. Bodies outside it still work (they are just found less efficiently). */
  bounds: Rect;
  /**
   * How far (world units) a dynamic body's box in the index extends beyond its shape's bounds.
   * A body that moves less than this since its box was last refreshed costs nothing in
   * {@link World.step}. Larger margins mean fewer index updates but more candidate pairs.
   * Static bodies use their tight box. Default 2.
   */
  margin?: number | undefined;
}

/**
 * A colliding pair of bodies found by {@link World.step}: the {@link Contact} between their shapes
 * (`a` is `bodyA.shape`, `b` is `bodyB.shape`) plus the bodies. `bodyA` always has the lower id;
 * `normal` points from A to B.
 *
 * Lifetime: contacts are pooled. A pair keeps the same object for as long as it keeps touching
 * (its numbers are refreshed by every step). After the step that reports its `collisionEnd` it is
 * still readable, holding the last touching data, until the next `step()` recycles it for another
 * pair. To keep one longer, copy it: `const saved = contact.clone()` gives an independent plain
 * {@link Contact} (with `a`/`b` shapes); keep `bodyA`/`bodyB` alongside if you need the bodies.
 */
export class BodyContact<U = unknown> extends Contact {
  /** Body with the lower id. Always set on every contact the world hands out. */
  bodyA!: Body<U>;
  /** Body with the higher id. */
  bodyB!: Body<U>;
  /** Whether either body is a sensor (sensor contacts are never separated). */
  isSensor = false;
  /** Step counter value at which this pair started touching. */
  startStep = 0;
  /**
   * True when the pair was found by a continuous body's sweep (see {@link BodyOptions.continuous}):
   * the bodies crossed during the step but do not overlap at its end. Then `depth` is 0, `normal`
   * points from A to B at the moment of impact, and {@link timeOfImpact} and {@link impactPoint}
   * say where the moving body met the other one. (When both bodies are continuous and each one's
   * sweep met the other, the contact describes the earlier of the two impacts.)
   */
  continuous = false;
  /**
   * @internal Its time-of-impact data while it has one, else null. Apart from the contact, and
   * pooled by the world's contact book: few contacts ever get one, and a step touches every
   * contact, so eleven fields and two vectors that nearly all of them only carry as defaults made
   * each contact about twice the memory and twice the cache lines.
   */
  _toi: Impact<U> | null = null;
  /** @internal Put back by the separate() under way (which then does not push it out too). */
  _putBack = false;
  /** @internal Step at which the pair was last seen touching. */
  _seenStep = 0;
  /** @internal */ _lo = -1;
  /** @internal */ _hi = -1;
  /** @internal Body A's proxy, as a proxy ref (see world/hits.ts, proxyRef); −1 in the pool. */
  _loRef = -1;

  /**
   * When a continuous body met the other body during the step: the fraction t ∈ [0, 1) of its
   * motion after which it touched it (move it back by (1 − t) of its step's motion to put it there;
   * {@link World.separate} does, but at 0, for a body that touched the face at the start, it
   * slides the body along the face instead). Set for a continuous contact, and also for a
   * continuous body that ends the step inside a body it entered during the step. 1 otherwise, and
   * also for a body that touched the other at the start and ends the step a little inside it,
   * pushed out the way it came (resting on a floor and sliding along it: see docs/fast-objects.md).
   */
  get timeOfImpact(): number {
    return this._toi === null ? 1 : this._toi.t;
  }

  /**
   * For a contact with a time of impact: where the bodies met, on the surface of the body that was
   * hit. (0, 0) otherwise. Read it after each step (like every field of a pooled contact): the
   * vector is the contact's only for as long as it has a time of impact; copy it to keep it.
   */
  get impactPoint(): Readonly<Vec2> {
    return this._toi === null ? NO_VECTOR : this._toi.point;
  }

  /**
   * For a contact with a time of impact (`timeOfImpact < 1`): the unit normal, from A to B, of the
   * surface the continuous body met, as it met it. For a continuous contact it equals `normal`. For
   * a body that ended the step inside the body it met, `normal` is the shortest way out, which past
   * the middle of a thin wall points out of its far side: bounce with this one. (0, 0) for a
   * contact without a time of impact. Read it after each step, as {@link impactPoint}.
   */
  get impactNormal(): Readonly<Vec2> {
    return this._toi === null ? NO_VECTOR : this._toi.normal;
  }

  /**
   * For a contact with a time of impact: the continuous body whose motion {@link timeOfImpact}
   * measures, the one to move back or bounce. Two continuous bodies that both moved and met each
   * other moving: both moved for timeOfImpact of their motions (both go back, and bounce both);
   * this is the one with the lower id. `null` for a contact without a time of impact.
   */
  get impactBody(): Body<U> | null {
    return this._toi === null ? null : this._toi.body;
  }
}

/** What a contact without a time of impact reports as its impact point and normal. */
const NO_VECTOR: Readonly<Vec2> = Object.freeze({ x: 0, y: 0 });

/**
 * @internal A contact's time-of-impact data (see {@link BodyContact}'s `timeOfImpact`,
 * `impactPoint`, `impactNormal` and `impactBody`), with what separate() needs to put the body back.
 */
export class Impact<U> {
  t = 1;
  readonly point: Vec2 = { x: 0, y: 0 };
  readonly normal: Vec2 = { x: 0, y: 0 };
  body: Body<U> | null = null;
  /** The continuous body that moved (separate() clears it once it has put the body back). */
  mover: Body<U> | null = null;
  /** Its step's motion, and where it was at the end of its step (moved since: left alone). */
  moveX = 0;
  moveY = 0;
  endX = 0;
  endY = 0;
  /**
   * The other body, when both were continuous and met each other moving: it goes back to where
   * they met too, by its own motion: its step's motion and where it ended the step, in its
   * _meetStep.
   */
  partner: Body<U> | null = null;
}

/** Narrowing of world queries. Every field is optional. */
export interface BodyFilter<U = unknown> {
  /** Only bodies whose `category & mask` is non-zero. Default: all bits. */
  mask?: number | undefined;
  /** Include sensor bodies. Default `true`. */
  includeSensors?: boolean | undefined;
  /** Include static bodies. Default `true`. */
  includeStatic?: boolean | undefined;
  /** Include dynamic (non-static) bodies. Default `true`. */
  includeDynamic?: boolean | undefined;
  /** Leave this body out (e.g. the shooter of a ray). */
  exclude?: Body<U> | null | undefined;
  /**
   * Last word: return `false` to leave a body out. Must not add, remove or query bodies.
   * (Typed through a method, whose parameter TypeScript checks both ways: as a plain function
   * type it would make `World<U>` and `Body<U>` invariant in `U`, and a `Body<string>` would not
   * be a `Body`.)
   */
  predicate?: { predicate(body: Body<U>): boolean }['predicate'] | undefined;
}

/** A ray's hit on a body, from {@link World.raycast} / {@link World.raycastAll}. */
export class RaycastHit<U = unknown> extends RayHit {
  /** The body hit (filled in by the world when it fills the hit). */
  body!: Body<U>;

  /**
   * Creates a hit.
   * @param body the body hit; omit it when creating an object for `World.raycast` to fill.
   */
  constructor(body?: Body<U>) {
    super();
    if (body !== undefined) this.body = body;
  }

  /** Copies every field of `other` into this hit, and its `body` when it is a RaycastHit. */
  override copyFrom(other: RayHit): this {
    super.copyFrom(other);
    if (isRaycastHit(other)) this.body = other.body as Body<U>;
    return this;
  }

  /** A new, independent copy, with the same `body`. */
  override clone(): RaycastHit<U> {
    return newRaycastHit<U>().copyFrom(this);
  }
}

/**
 * A shape cast's hit on a body, from {@link World.castShape} / {@link World.castShapeAll}: the
 * {@link SweepHit} (`t`, `point`, `normal`) plus the body.
 */
export class CastHit<U = unknown> extends SweepHit {
  /** The body hit (filled in by the world). */
  body!: Body<U>;

  /**
   * Creates a hit.
   * @param body the body hit; omit it when creating an object for `World.castShape` to fill.
   */
  constructor(body?: Body<U>) {
    super();
    if (body !== undefined) this.body = body;
  }

  /** Copies every field of `other` into this hit, and its `body` when it is a CastHit. */
  override copyFrom(other: SweepHit): this {
    super.copyFrom(other);
    if (isCastHit(other)) this.body = other.body as Body<U>;
    return this;
  }

  /** A new, independent copy that later casts will not overwrite, with the same `body`. */
  override clone(): CastHit<U> {
    return newCastHit<U>().copyFrom(this);
  }
}

// Outside the classes on purpose: a class that names itself in its own body is bundled as
// `var CastHit = class _CastHit`, and its name (what console.log and stack traces show) reads
// `_CastHit`.
function isRaycastHit(hit: RayHit): hit is RaycastHit {
  return hit instanceof RaycastHit;
}
function newRaycastHit<U>(): RaycastHit<U> {
  return new RaycastHit<U>();
}
function isCastHit(hit: SweepHit): hit is CastHit {
  return hit instanceof CastHit;
}
function newCastHit<U>(): CastHit<U> {
  return new CastHit<U>();
}

/** Counts describing a {@link World}, from {@link World.stats}. */
export interface WorldStats {
  /** Bodies in the world. */
  bodies: number;
  /** Pairs touching after the last step. */
  contacts: number;
  /** Completed steps. */
  steps: number;
  /**
   * Index boxes re-filed because a body moved out of its box (grown by the margin), since the
   * world was made. Moves within the margin cost nothing and are not counted.
   */
  indexMoves: number;
  /** The index of dynamic bodies. */
  dynamicIndex: IndexStats;
  /** The index of static bodies. */
  staticIndex: IndexStats;
}

/** Names of the events a world emits after each {@link World.step}. */
export type CollisionEventType = 'collisionStart' | 'collisionStay' | 'collisionEnd';

/** Listener for {@link World.on}. The contact follows the lifetime rules of {@link BodyContact}. */
export type ContactListener<U = unknown> = (contact: BodyContact<U>) => void;

/** Whether `body` passes `filter`. @internal */
export function passes<U>(body: Body<U>, filter: BodyFilter<U> | undefined): boolean {
  if (filter === undefined) return true;
  if (filter.mask !== undefined && (body._category & filter.mask) === 0) return false;
  if (filter.includeSensors === false && body.isSensor) return false;
  if (filter.includeStatic === false && body.isStatic) return false;
  if (filter.includeDynamic === false && !body.isStatic) return false;
  if (filter.exclude === body) return false;
  if (filter.predicate !== undefined && !filter.predicate(body)) return false;
  return true;
}

/** Throws unless `filter` is undefined or a valid {@link BodyFilter}. @internal */
export function checkFilter(filter: unknown): void {
  if (filter === undefined) return;
  // A misspelt key (`maks`) would otherwise be ignored, and the filter with it.
  requireKnownOptions(filter, 'filter', FILTER_KEYS, undefined, FILTER_WORDS);
  const f = filter as BodyFilter;
  if (f.mask !== undefined) requireBits(f.mask, 'filter.mask');
  if (f.includeSensors !== undefined) requireBoolean(f.includeSensors, 'filter.includeSensors');
  if (f.includeStatic !== undefined) requireBoolean(f.includeStatic, 'filter.includeStatic');
  if (f.includeDynamic !== undefined) requireBoolean(f.includeDynamic, 'filter.includeDynamic');
  if (f.exclude !== undefined && f.exclude !== null && !(f.exclude instanceof Body)) {
    throw new TypeError(`filter.exclude must be a Body or null, got ${describe(f.exclude)}`);
  }
  if (f.predicate !== undefined && typeof f.predicate !== 'function') {
    throw new TypeError(`filter.predicate must be a function, got ${describe(f.predicate)}`);
  }
}

const FILTER_KEYS = ['mask', 'includeSensors', 'includeStatic', 'includeDynamic', 'exclude', 'predicate'];
const FILTER_WORDS = { one: 'a filter field', many: 'fields' };

/** Throws unless a ray's origin and direction are finite, its length ≥ 0 and its filter valid. @internal */
export function checkRay(
  ox: number,
  oy: number,
  dx: number,
  dy: number,
  maxDistance: number,
  filter: unknown,
): void {
  requireFinite(ox, 'originX');
  requireFinite(oy, 'originY');
  requireFinite(dx, 'dirX');
  requireFinite(dy, 'dirY');
  requireNonNegativeOrInfinity(maxDistance, 'maxDistance');
  checkFilter(filter);
}

/** Throws unless a shape cast's shape is a Shape, its motion finite and its filter valid. @internal */
export function checkCast(shape: unknown, dx: number, dy: number, filter: unknown): void {
  requireShape(shape, 'shape');
  requireFinite(dx, 'dx');
  requireFinite(dy, 'dy');
  checkFilter(filter);
}
