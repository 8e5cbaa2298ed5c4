import type { Rect } from '../core/types.js';
import { Contact } from '../geometry/contact.js';
import { RayHit } from '../geometry/raycast.js';
import { collide, overlaps } from '../geometry/sat.js';
import { Shape } from '../geometry/shape.js';
import { Box, Circle, Segment } from '../geometry/shapes.js';
import { SweepHit } from '../geometry/sweepHit.js';
import {
  requireFinite,
  requireInteger,
  requireNonNegativeOrInfinity,
  requireRect,
} from '../shared/validate.js';
import { Body } from './Body.js';
import { BroadPhase } from './broadphase.js';
import { ContactBook } from './contacts.js';
import { WorldQueries } from './queries.js';
import {
  BodyContact,
  type BodyFilter,
  CastHit,
  type CollisionEventType,
  type ContactListener,
  checkFilter,
  RaycastHit,
  type WorldOptions,
  type WorldStats,
} from './types.js';

export {
  BodyContact,
  type BodyFilter,
  CastHit,
  type CollisionEventType,
  type ContactListener,
  RaycastHit,
  type WorldOptions,
  type WorldStats,
};

/**
 * A collision world: bodies indexed by id in quadtrees, one {@link World.step} per frame to find
 * every colliding pair (once, sorted by body ids) with contact data and start / stay / end
 * events, plus exact shape queries, raycasts and nearest-body search.
 *
 * Design: dynamic and static bodies live in two {@link QuadIndex}es (the world holds them; it is
 * not a tree), one proxy id per body. Dynamic–dynamic pairs come from one pair pass over the
 * dynamic index; each dynamic body then queries the static index with its box. Static–static
 * pairs are therefore never even enumerated, which matters for tile maps. Category/mask filtering
 * runs inside those traversal callbacks, on typed arrays, before any narrow-phase test.
 *
 * Bodies tell the world when their shape moves, so only moved bodies cost anything in a step, and
 * every query sees every body where it is now, however it was moved (setters, `setPosition`,
 * `translate`, a shape change, {@link World.separate}, a listener).
 *
 * Allocation: contacts are pooled (see {@link BodyContact} for how long one stays valid) and the
 * index allocates nothing per step, but a step with contacts starting and ending every frame still
 * allocates a little: about 2.5–3 bytes per body per frame with 10,000 moving bodies (the World
 * benchmark's steady-state table), against tens of megabytes for detect-collisions.
 * @example
 * const world = new World({ bounds: { x: 0, y: 0, width: 800, height: 600 } });
 * const ball = world.add(new Body(new Circle(100, 100, 10)));
 * world.add(new Body(new Box(0, 580, 800, 20), { isStatic: true }));
 * world.on('collisionStart', (c) => console.log(c.bodyA.id, c.bodyB.id, c.depth));
 * // each frame:
 * ball.translate(0, 3);
 * world.step();
 * world.separate();
 */
export class World<U = unknown> {
  /** Margin of dynamic bodies' boxes in the index (see {@link WorldOptions.margin}). */
  readonly margin: number;
  private readonly broad: BroadPhase<U>;
  private readonly queries: WorldQueries<U>;
  private readonly bodyList: Body<U>[] = [];
  private readonly dynamicList: Body<U>[] = [];
  /** Bodies with `continuous: true`, swept by every step (the others pay nothing for it). */
  private readonly continuousList: Body<U>[] = [];
  private readonly sweepHit = new SweepHit();
  private nextId = 0;
  private stepCount = 0;

  private readonly book = new ContactBook<U>();

  private phase: 'idle' | 'stepping' | 'dispatching' = 'idle';
  private queryDepth = 0;
  private listeners: Record<CollisionEventType, ContactListener<U>[]> = {
    collisionStart: [],
    collisionStay: [],
    collisionEnd: [],
  };

  private readonly rectShape = new Box(0, 0, 1, 1);
  private readonly circleShape = new Circle(0, 0, 1);
  private readonly segmentShape = new Segment(0, 0, 1, 0);
  private readonly scratchContact = new Contact();
  private readonly scratchHit = new RayHit();

  // The dynamic body whose box is searched in the static index, and its filter bits.
  private owner: Body<U> | null = null;
  private ownerCategory = 0;
  private ownerMask = 0;
  private readonly ownerBox = new Float64Array(4);

  /**
   * Creates an empty world over the given bounds.
   * @param options root bounds, fat-box margin and index tuning (passed to both indexes)
   */
  constructor(options: WorldOptions) {
    if (options === null || typeof options !== 'object') throw new TypeError('options must be an object');
    const margin = options.margin ?? 2;
    requireFinite(margin, 'margin');
    if (margin < 0) throw new RangeError(`margin must be ≥ 0, got ${margin}`);
    const indexOptions = { ...options } as Partial<WorldOptions>;
    delete indexOptions.bounds;
    delete indexOptions.margin;
    for (const key of ['maxObjects', 'maxLevels', 'minNodeSize'] as const) {
      if (indexOptions[key] === undefined) delete indexOptions[key];
    }
    this.broad = new BroadPhase<U>(options.bounds, indexOptions, margin);
    this.queries = new WorldQueries<U>(this.broad);
    this.margin = margin;
  }

  // -------------------------------------------------------------------------------------------
  // Bodies

  /** Number of bodies in the world. */
  get size(): number {
    return this.bodyList.length;
  }

  /** Number of completed {@link step} calls. */
  get steps(): number {
    return this.stepCount;
  }

  /** All bodies, in no particular order (a copy; allocates). */
  bodies(): Body<U>[] {
    return this.bodyList.slice();
  }

  /** Whether `body` is in this world. */
  has(body: Body<U>): boolean {
    return body instanceof Body && body._world === this;
  }

  /**
   * Adds a body. A body new to this world gets the next id; one removed from it earlier and added
   * again gets its old id back, so contacts and their order stay consistent. It takes part in
   * queries at once and in contacts from the next {@link step}. Throws if the body is already in
   * a world (this one or another), if its bounds are not finite, or when called during `step()`
   * or from inside a query filter; the world is then unchanged. Allowed inside event listeners.
   * @returns the body, for chaining
   */
  add(body: Body<U>): Body<U> {
    if (!(body instanceof Body)) throw new TypeError('body must be a Body');
    this.assertMutable('add');
    if (body._world === this) throw new Error(`World.add(): body ${body._id} is already in this world`);
    if (body._world !== null)
      throw new Error('World.add(): the body belongs to another world; remove it there first');
    this.broad.insert(body); // the only step that can throw, and it changes nothing when it does
    body._world = this;
    if (body._idWorld !== this) {
      body._id = this.nextId++;
      body._idWorld = this;
    }
    body._index = this.bodyList.length;
    this.bodyList.push(body);
    if (!body.isStatic) {
      body._dynamicIndex = this.dynamicList.length;
      this.dynamicList.push(body);
    }
    if (body.continuous) {
      body._prevX = body.shape.x;
      body._prevY = body.shape.y;
      this.continuousList.push(body);
    }
    return body;
  }

  /**
   * Removes a body. Returns `false` (and changes nothing) when it is not in this world. Contacts
   * it had are reported as `collisionEnd` by the next {@link step}; until then they remain in
   * {@link contacts}. Throws during `step()` or from inside a query filter; allowed in listeners.
   */
  remove(body: Body<U>): boolean {
    if (!(body instanceof Body) || body._world !== this) return false;
    this.assertMutable('remove');
    this.broad.remove(body);
    const list = this.bodyList;
    const last = list[list.length - 1];
    list[body._index] = last;
    last._index = body._index;
    list.pop();
    if (!body.isStatic) {
      const dyn = this.dynamicList;
      const lastDyn = dyn[dyn.length - 1];
      dyn[body._dynamicIndex] = lastDyn;
      lastDyn._dynamicIndex = body._dynamicIndex;
      dyn.pop();
    }
    if (body.continuous) this.continuousList.splice(this.continuousList.indexOf(body), 1);
    // The id is kept so that the `collisionEnd` contacts reported next step still name the body.
    body._world = null;
    body._index = -1;
    body._dynamicIndex = -1;
    return true;
  }

  /** @internal A body's shape changed: re-file it before the next query or step. */
  _bodyMoved(body: Body<U>): void {
    this.broad.markMoved(body);
  }

  /** @internal A body's category or mask changed. */
  _refilter(body: Body<U>): void {
    this.broad.refilter(body);
  }

  private assertMutable(method: string): void {
    if (this.phase === 'stepping') throw new Error(`World.${method}() cannot be called during step()`);
    if (this.queryDepth > 0)
      throw new Error(`World.${method}() cannot be called from inside a query filter or visitor`);
  }

  // -------------------------------------------------------------------------------------------
  // Step

  /**
   * Advances one frame: re-files the bodies that moved out of their index box, finds every
   * colliding pair once (filtered, static–static skipped), fills contacts, then calls listeners:
   * all `collisionStart`, then `collisionStay`, then `collisionEnd`, each in (bodyA.id, bodyB.id)
   * order. Listeners may add/remove bodies and move them (effects show in queries at once and in
   * contacts from the next step) but must not call `step()`.
   *
   * If `step()` throws before the events (a body whose bounds overflowed to Infinity), the world
   * is exactly as it was before the call; fix the body and step again. If a listener throws, the
   * remaining listeners of this step are skipped; the world itself is already consistent.
   */
  step(): void {
    if (this.phase !== 'idle')
      throw new Error(`World.step() cannot be called while the world is ${this.phase}`);
    if (this.queryDepth > 0)
      throw new Error('World.step() cannot be called from inside a query filter or visitor');
    this.phase = 'stepping';
    try {
      // 1. Index: bodies that moved out of their box. Every new box is checked before any is
      // stored, so a throw here leaves the world untouched.
      this.broad.sync();
      const frame = ++this.stepCount;
      const book = this.book;
      book.begin();

      // 2. Pairs: dynamic–dynamic in one pass, then dynamic–static per dynamic body.
      const dynamic = this.broad.dynamic;
      dynamic.index.forEachPair(this.visitPair);
      const statics = this.broad.statics;
      if (statics.index.size > 0) {
        const list = this.dynamicList;
        const box = this.ownerBox;
        for (let i = 0; i < list.length; i++) {
          const body = list[i];
          this.owner = body;
          this.ownerCategory = body._category;
          this.ownerMask = body._mask;
          dynamic.index.getBox(body._proxy, box);
          statics.index._forEachInBoxFrom(box, 0, this.visitStatic);
        }
        this.owner = null;
      }

      // 2b. Continuous bodies: what they crossed since the last step but no longer overlap.
      const swept = this.continuousList;
      for (let i = 0; i < swept.length; i++) this.sweepContinuous(swept[i], frame);

      // 3. Which contacts started, stayed and ended, each list sorted.
      book.finish(frame);
      for (let i = 0; i < swept.length; i++) {
        swept[i]._prevX = swept[i].shape.x;
        swept[i]._prevY = swept[i].shape.y;
      }
    } finally {
      this.phase = 'idle';
    }

    // 5. Events, after the world is consistent.
    this.phase = 'dispatching';
    try {
      // (A listener cannot call step(), so these lists do not change while they are dispatched.)
      this.emit(this.listeners.collisionStart, this.book.started);
      this.emit(this.listeners.collisionStay, this.book.stayed);
      this.emit(this.listeners.collisionEnd, this.book.ended);
    } finally {
      this.phase = 'idle';
    }
  }

  private emit(listeners: ContactListener<U>[], list: readonly BodyContact<U>[]): void {
    if (listeners.length === 0) return;
    const n = list.length;
    for (let i = 0; i < n; i++) {
      for (let k = 0; k < listeners.length; k++) listeners[k](list[i]);
    }
  }

  /** Dynamic–dynamic candidate pair (proxy ids): filter bits first, from typed arrays. */
  private readonly visitPair = (p: number, q: number): void => {
    const side = this.broad.dynamic;
    if ((side.category[p] & side.mask[q]) === 0 || (side.category[q] & side.mask[p]) === 0) return;
    this.book.consider(side.bodies[p] as Body<U>, side.bodies[q] as Body<U>, this.stepCount);
  };

  private readonly visitStatic = (id: number): void => {
    const side = this.broad.statics;
    if ((this.ownerCategory & side.mask[id]) === 0 || (side.category[id] & this.ownerMask) === 0) return;
    this.book.consider(this.owner as Body<U>, side.bodies[id] as Body<U>, this.stepCount);
  };

  /**
   * Sweeps a continuous body from where it was at the last step to where it is now (a translation,
   * at its current angle) and records the first body it crossed that it does not overlap now as a
   * contact with `continuous: true`. Bodies it overlapped already at the start, or overlaps at the
   * end (found by the pair pass), are not reported here.
   */
  private sweepContinuous(body: Body<U>, frame: number): void {
    const shape = body.shape;
    const x = shape.x;
    const y = shape.y;
    const dx = x - body._prevX;
    const dy = y - body._prevY;
    if (dx === 0 && dy === 0) return;
    // Put the shape back where it was for the sweep, without telling the world it moved.
    shape._x = body._prevX;
    shape._y = body._prevY;
    shape._dirty = true;
    const hit = this.sweepHit;
    let other: Body<U> | null;
    try {
      this.sweptBody = body;
      other = this.queries.castShape(shape, dx, dy, undefined, body, hit, null, this.acceptCrossing);
    } finally {
      this.sweptBody = null;
      shape._x = x;
      shape._y = y;
      shape._dirty = true;
    }
    if (other !== null) this.book.addCrossing(body, other, dx, dy, hit, frame);
  }

  private sweptBody: Body<U> | null = null;
  /** Which crossings a continuous body reports: filter bits pass, not overlapping at the start. */
  private readonly acceptCrossing = (other: Body<U>, hit: SweepHit): boolean => {
    const body = this.sweptBody as Body<U>;
    if (!body.canCollideWith(other)) return false;
    return !(hit.t === 0 && overlaps(body.shape, other.shape)); // overlapped already at the start
  };

  /** Pairs touching after the last {@link step}, sorted by (bodyA.id, bodyB.id). Read-only; reused by the next step. */
  get contacts(): readonly BodyContact<U>[] {
    return this.book.current;
  }

  /** Pairs that started touching in the last step (a subset of {@link contacts}), sorted. */
  get started(): readonly BodyContact<U>[] {
    return this.book.started;
  }

  /** Pairs that were touching before the last step and still are, sorted. */
  get stayed(): readonly BodyContact<U>[] {
    return this.book.stayed;
  }

  /**
   * Pairs that stopped touching in the last step — because they moved apart, were filtered out,
   * or a body was removed — sorted. Their data is from the last step they touched.
   */
  get ended(): readonly BodyContact<U>[] {
    return this.book.ended;
  }

  /**
   * Registers `listener` for an event; returns a function that unregisters it.
   * @example const off = world.on('collisionStart', (c) => hurt(c.bodyA!, c.bodyB!));
   */
  on(type: CollisionEventType, listener: ContactListener<U>): () => void {
    const current = this.listeners[type];
    if (current === undefined) throw new RangeError(`unknown event type ${String(type)}`);
    if (typeof listener !== 'function') throw new TypeError('listener must be a function');
    // Copy-on-write: a step in progress keeps iterating the array it started with.
    this.listeners[type] = current.concat([listener]);
    return () => this.off(type, listener);
  }

  /** Unregisters a listener; returns whether it was registered. */
  off(type: CollisionEventType, listener: ContactListener<U>): boolean {
    const current = this.listeners[type];
    if (current === undefined) throw new RangeError(`unknown event type ${String(type)}`);
    const i = current.indexOf(listener);
    if (i < 0) return false;
    this.listeners[type] = current.slice(0, i).concat(current.slice(i + 1));
    return true;
  }

  /**
   * Pushes dynamic, non-sensor bodies out of what they hit, using each contact's minimum
   * translation vector recomputed at the moment (earlier pushes are taken into account). A
   * dynamic body hitting a static one moves the full depth; two dynamic bodies share it. A
   * continuous body that met a body during the step (`timeOfImpact < 1`) is instead put back where
   * it first touched it, on the side it came from, so it never ends up through a thin wall. Call it
   * after {@link step}; contacts are not recomputed until the next step. Returns the number of
   * pairs pushed apart.
   */
  separate(): number {
    if (this.phase === 'stepping') throw new Error('World.separate() cannot be called during step()');
    const contact = this.scratchContact;
    let pushed = 0;
    const current = this.book.current;
    for (let i = 0; i < this.book.count; i++) {
      const c = current[i];
      const a = c.bodyA;
      const b = c.bodyB;
      if (a === null || b === null || c.isSensor || a.isSensor || b.isSensor) continue;
      if (a._world !== this || b._world !== this) continue;
      const mover = c._mover;
      if (mover !== null && c.timeOfImpact < 1) {
        // A continuous body that met the other body during the step goes back to where it first
        // touched it, on the side it came from: pushing it out the shortest way could push it
        // through a thin wall.
        const back = 1 - c.timeOfImpact;
        mover.teleport(mover.x - c._moveX * back, mover.y - c._moveY * back);
        c._mover = null;
        pushed++;
        continue;
      }
      if (!collide(a.shape, b.shape, contact)) continue;
      const dx = contact.normalX * contact.depth;
      const dy = contact.normalY * contact.depth;
      if (a.isStatic) b.shape.setPosition(b.shape.x + dx, b.shape.y + dy);
      else if (b.isStatic) a.shape.setPosition(a.shape.x - dx, a.shape.y - dy);
      else {
        a.shape.setPosition(a.shape.x - dx / 2, a.shape.y - dy / 2);
        b.shape.setPosition(b.shape.x + dx / 2, b.shape.y + dy / 2);
      }
      pushed++;
    }
    return pushed;
  }

  // -------------------------------------------------------------------------------------------
  // Queries (exact shapes). Results are appended to `out`, in no particular order. Each one first
  // re-files the bodies that moved since the last step or query.

  /** Runs a query: no nesting, not during `step()`, and the index brought up to date first. */
  private query<R>(run: () => R): R {
    if (this.queryDepth > 0) {
      throw new Error(
        'World queries cannot be nested: do not query the world from inside a filter predicate',
      );
    }
    if (this.phase === 'stepping') throw new Error('World queries cannot run during step()');
    this.broad.sync();
    this.queryDepth++;
    try {
      return run();
    } finally {
      this.queryDepth--;
    }
  }

  /**
   * Bodies whose shape collides with `shape` (the collision rule: touching does not count).
   * @example const hitByBlast = world.queryShape(new Circle(x, y, 40));
   */
  queryShape(shape: Shape, out: Body<U>[] = [], filter?: BodyFilter<U>): Body<U>[] {
    if (!(shape instanceof Shape)) throw new TypeError('shape must be a Shape');
    checkFilter(filter);
    const b = shape.bounds;
    this.query(() => this.queries.shapeQuery(shape, b.minX, b.minY, b.maxX, b.maxY, out, filter));
    return out;
  }

  /**
   * Bodies whose shape overlaps the rectangle (strictly, like the index), e.g. the camera view.
   * A rectangle with zero width or height is treated as a segment (or a point).
   * @example for (const body of world.queryRect(camera, visible)) draw(body);
   */
  queryRect(rect: Rect, out: Body<U>[] = [], filter?: BodyFilter<U>): Body<U>[] {
    requireRect(rect, 'rect');
    checkFilter(filter);
    const { x, y, width, height } = rect;
    if (width === 0 && height === 0) return this.queryPoint(x, y, out, filter);
    const shape =
      width === 0 || height === 0
        ? this.segmentShape.setEndpoints(x, y, x + width, y + height)
        : this.rectShape.setPosition(x, y).setSize(width, height);
    this.query(() => this.queries.shapeQuery(shape, x, y, x + width, y + height, out, filter));
    return out;
  }

  /** Bodies whose shape strictly contains (x, y). */
  queryPoint(x: number, y: number, out: Body<U>[] = [], filter?: BodyFilter<U>): Body<U>[] {
    requireFinite(x, 'x');
    requireFinite(y, 'y');
    checkFilter(filter);
    this.query(() => this.queries.pointQuery(x, y, out, filter));
    return out;
  }

  /** Bodies whose shape collides with the disc (touching does not count). Radius 0 is a point query. */
  queryCircle(x: number, y: number, radius: number, out: Body<U>[] = [], filter?: BodyFilter<U>): Body<U>[] {
    requireFinite(x, 'x');
    requireFinite(y, 'y');
    requireFinite(radius, 'radius');
    if (radius < 0) throw new RangeError(`radius must be ≥ 0, got ${radius}`);
    checkFilter(filter);
    if (radius === 0) return this.queryPoint(x, y, out, filter);
    const shape = this.circleShape.setPosition(x, y);
    this.circleShape.radius = radius;
    this.query(() =>
      this.queries.shapeQuery(shape, x - radius, y - radius, x + radius, y + radius, out, filter),
    );
    return out;
  }

  /**
   * The first body hit by the ray from (originX, originY) along (dirX, dirY) (any length; it is
   * normalised), within `maxDistance`. Uses the index front to back, shrinking the search as
   * hits are found. Hit rule as in the geometry {@link raycast}: the ray must pass through a
   * shape's interior (or cross a segment); grazing does not count; starting inside hits at 0.
   * Exact ties in distance go to the lower body id. Fills and returns `out` (new when omitted),
   * or returns `null` when nothing is hit.
   * @example
   * const hit = world.raycast(gun.x, gun.y, aimX, aimY, 1000, { exclude: player });
   * if (hit) spark(hit.point.x, hit.point.y, hit.normal);
   */
  raycast(
    originX: number,
    originY: number,
    dirX: number,
    dirY: number,
    maxDistance = Number.POSITIVE_INFINITY,
    filter?: BodyFilter<U>,
    out?: RaycastHit<U>,
  ): RaycastHit<U> | null {
    this.checkRay(originX, originY, dirX, dirY, maxDistance, filter);
    const hit = this.scratchHit;
    const body = this.query(() =>
      this.queries.cast(originX, originY, dirX, dirY, maxDistance, filter, hit, null),
    );
    if (body === null) return null;
    const result = out ?? new RaycastHit<U>();
    result.copyFrom(hit);
    result.body = body;
    return result;
  }

  /**
   * Every body hit by the ray, nearest first (ties by id). Allocates one {@link RaycastHit} per
   * hit, appended to `out`.
   */
  raycastAll(
    originX: number,
    originY: number,
    dirX: number,
    dirY: number,
    maxDistance = Number.POSITIVE_INFINITY,
    filter?: BodyFilter<U>,
    out: RaycastHit<U>[] = [],
  ): RaycastHit<U>[] {
    this.checkRay(originX, originY, dirX, dirY, maxDistance, filter);
    const hits: RaycastHit<U>[] = [];
    this.query(() => this.queries.cast(originX, originY, dirX, dirY, maxDistance, filter, null, hits));
    hits.sort((a, b) => a.distance - b.distance || a.body._id - b.body._id);
    for (const h of hits) out.push(h);
    return out;
  }

  private checkRay(
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

  /**
   * Moves `shape` (from where it is, translation only) by (dx, dy) and returns the first body it
   * hits, or `null`: the body, the time of impact `t` in [0, 1) (after t·(dx, dy) the shapes just
   * touch), the contact `point` on the body's surface and the unit `normal` there, pointing back at
   * the shape. Bodies the shape already overlaps at the start are hit at `t = 0`, with the reversed
   * motion as normal. Touching is not a hit, as everywhere. Ties in t go to the lower body id.
   * Works for every shape (boxes, circles, polygons, segments, points), with the category/mask
   * `filter` as in the queries; a shape that belongs to a body in this world leaves that body out.
   * @example
   * const hit = world.castShape(bullet.shape, vx, vy, { exclude: shooter });
   * if (hit) bullet.translate(vx * hit.t, vy * hit.t); // stop at the wall instead of tunnelling
   */
  castShape(
    shape: Shape,
    dx: number,
    dy: number,
    filter?: BodyFilter<U>,
    out?: CastHit<U>,
  ): CastHit<U> | null {
    const skip = this.checkCast(shape, dx, dy, filter);
    const hit = this.sweepHit;
    const body = this.query(() => this.queries.castShape(shape, dx, dy, filter, skip, hit, null));
    if (body === null) return null;
    const result = out ?? new CastHit<U>();
    result.copyFrom(hit);
    result.body = body;
    return result;
  }

  /** Every body `shape` hits when moved by (dx, dy) (see {@link castShape}), by time of impact, ties by id. Appends to `out`. */
  castShapeAll(
    shape: Shape,
    dx: number,
    dy: number,
    filter?: BodyFilter<U>,
    out: CastHit<U>[] = [],
  ): CastHit<U>[] {
    const skip = this.checkCast(shape, dx, dy, filter);
    const hits: CastHit<U>[] = [];
    this.query(() => this.queries.castShape(shape, dx, dy, filter, skip, null, hits));
    hits.sort((a, b) => a.t - b.t || a.body._id - b.body._id);
    for (const h of hits) out.push(h);
    return out;
  }

  /** Checks a cast's arguments; returns the body that owns `shape` in this world, if any. */
  private checkCast(shape: Shape, dx: number, dy: number, filter: unknown): Body<U> | null {
    if (!(shape instanceof Shape)) throw new TypeError('shape must be a Shape');
    requireFinite(dx, 'dx');
    requireFinite(dy, 'dy');
    checkFilter(filter);
    const owner = shape._owner;
    return owner instanceof Body && owner._world === this ? (owner as Body<U>) : null;
  }

  /**
   * The `k` bodies whose shapes are nearest to (x, y) — distance 0 for shapes containing or
   * touching the point — nearest first, ties by id, within `maxDistance`. Appends to `out`.
   * @example const [closest] = world.nearest(mouse.x, mouse.y, 1);
   */
  nearest(
    x: number,
    y: number,
    k: number,
    maxDistance = Number.POSITIVE_INFINITY,
    out: Body<U>[] = [],
    filter?: BodyFilter<U>,
  ): Body<U>[] {
    requireFinite(x, 'x');
    requireFinite(y, 'y');
    requireInteger(k, 'k', 0, 0x7fffffff);
    requireNonNegativeOrInfinity(maxDistance, 'maxDistance');
    checkFilter(filter);
    if (k === 0) return out;
    this.query(() => this.queries.nearest(x, y, k, maxDistance, out, filter));
    return out;
  }

  /** Counts of bodies, contacts, steps and index work, and both indexes' stats. */
  stats(): WorldStats {
    return {
      bodies: this.bodyList.length,
      contacts: this.book.count,
      steps: this.stepCount,
      indexMoves: this.broad.indexMoves,
      dynamicIndex: this.broad.dynamic.index.stats(),
      staticIndex: this.broad.statics.index.stats(),
    };
  }

  /**
   * Checks the world's bookkeeping and both indexes; throws an Error naming the first broken
   * invariant. Also checks that every body's index box holds its shape (bodies moved since the
   * last step or query are re-filed first).
   */
  validate(): void {
    const fail = (message: string): never => {
      throw new Error(`World.validate(): ${message}`);
    };
    this.broad.sync();
    const { dynamic, statics } = this.broad;
    dynamic.index.validate();
    statics.index.validate();
    if (dynamic.index.size + statics.index.size !== this.bodyList.length)
      fail('index sizes do not match the body count');
    const box = new Float64Array(4);
    for (let i = 0; i < this.bodyList.length; i++) {
      const body = this.bodyList[i];
      if (body._world !== this || body._index !== i) fail(`body list entry ${i} is inconsistent`);
      const side = this.broad.side(body);
      if (!side.index.has(body._proxy) || side.bodies[body._proxy] !== body)
        fail(`body ${body._id} is missing from the index`);
      if (side.category[body._proxy] !== body._category || side.mask[body._proxy] !== body._mask) {
        fail(`body ${body._id} has stale filter bits in the index`);
      }
      const b = body.shape.bounds;
      side.index.getBox(body._proxy, box);
      if (!(box[0] <= b.minX && box[1] <= b.minY && box[2] >= b.maxX && box[3] >= b.maxY)) {
        fail(`body ${body._id}'s index box does not hold its shape`);
      }
    }
    if (this.book.tableSize !== this.book.count) fail('contact table does not match the contact list');
  }
}
