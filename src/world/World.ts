import type { Rect } from '../core/types.js';
import { Contact } from '../geometry/contact.js';
import { requireShape, Shape } from '../geometry/shape.js';
import {
  isValidMinMax,
  requireArray,
  requireFinite,
  requireFits,
  requireInstance,
  requireInteger,
  requireNonNegativeOrInfinity,
  requireRect,
} from '../shared/validate.js';
import { Body } from './Body.js';
import { BodyList } from './bodyList.js';
import { BroadPhase } from './broadphase.js';
import { ContactBook } from './contacts.js';
import { Listeners } from './events.js';
import { IndexSort } from './indexSort.js';
import { WorldQueries } from './queries.js';
import { separateContacts } from './separate.js';
import { Slide } from './slide.js';
import { StepPipeline } from './stepPipeline.js';
import {
  type BodyContact,
  type BodyFilter,
  CastHit,
  type CollisionEventType,
  type ContactListener,
  checkCast,
  checkFilter,
  checkRay,
  RaycastHit,
  type WorldOptions,
  type WorldStats,
} from './types.js';

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
 * Bodies tell the world when their shape moves, so only moved bodies are re-filed in a step, and
 * every query sees every body where it is now, however it was moved (setters, `setPosition`,
 * `translate`, a shape change, {@link World.separate}, a listener). The pair pass itself covers
 * every dynamic body each step, moved or not (there is no sleeping): a dynamic body that never
 * moves costs some 50–200 ns a step (more with many static bodies); make it static if it never
 * moves.
 *
 * Allocation: contacts are pooled (see {@link BodyContact} for how long one stays valid), the
 * contact lists keep their storage, and moving bodies allocates nothing, so a steady frame of
 * 10,000 moving bodies allocates nothing measurable (the World benchmark's steady-state table),
 * against tens of megabytes for detect-collisions. A step in which no contact ends empties the
 * `ended` list, which gives up its storage; the next step that ends contacts allocates it again.
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
  readonly margin: number = 0;
  private readonly broad: BroadPhase<U>;
  private readonly list = new BodyList<U>();
  private readonly book: ContactBook<U>;
  private readonly queries: WorldQueries<U>;
  private readonly pipeline: StepPipeline<U>;
  private readonly listeners = new Listeners<U>();
  /** What the world is doing: changes and queries are refused while it steps. */
  private phase: 'idle' | 'stepping' | 'dispatching' = 'idle';
  /**
   * Scratch for {@link separate}: the pair's push, the order of the pushes, and its slides of
   * bodies that touched a face (see slide.ts).
   */
  private readonly mtv = new Contact();
  private readonly pushOrder = new IndexSort();
  private readonly slide: Slide<U>;

  /**
   * Creates an empty world over the given bounds.
   * @param options root bounds, fat-box margin and index tuning (passed to both indexes)
   */
  constructor(options: WorldOptions) {
    this.broad = new BroadPhase<U>(options);
    this.book = new ContactBook<U>(this.broad.dynamic, this.broad.statics);
    this.queries = new WorldQueries<U>(this.broad);
    this.pipeline = new StepPipeline<U>(this.broad, this.list, this.book, this.queries);
    this.slide = new Slide<U>(this.queries, this.broad);
    this.margin = this.broad.margin;
  }

  // -------------------------------------------------------------------------------------------
  // Bodies

  /** Number of bodies in the world. */
  get size(): number {
    return this.list.all.length;
  }

  /** Number of completed {@link step} calls. */
  get steps(): number {
    return this.pipeline.steps;
  }

  /** All bodies, in no particular order (a copy; allocates). */
  bodies(): Body<U>[] {
    return this.list.all.slice();
  }

  /** Whether `body` is in this world. */
  has(body: Body<U>): boolean {
    return body instanceof Body && body._world === this;
  }

  /**
   * Adds a body. A body new to this world gets the next id; one removed from it earlier and added
   * again gets its old id back, so contacts and their order stay consistent. It takes part in
   * queries at once and in contacts from the next {@link step}. Throws if the body is already in
   * a world (this one or another), if its bounds are not finite, when the world has handed out
   * all 2^31 ids, or when called during `step()` or from inside a query filter; the world is then
   * unchanged. Allowed inside event listeners.
   * @returns the body, for chaining
   */
  add(body: Body<U>): Body<U> {
    if (!(body instanceof Body)) requireAddable(body);
    this.assertMutable('add');
    if (body._world === this) throw new Error(`World.add(): body ${body._id} is already in this world`);
    if (body._world !== null)
      throw new Error('World.add(): the body belongs to another world; remove it there first');
    this.list.requireId(body);
    this.broad.insert(body); // the only other step that can throw; it changes nothing when it does
    this.list.add(body, this);
    this.broad.refilter(body); // (the broad phase keeps the body's id, known only now)
    return body;
  }

  /**
   * Removes a body. Returns `false` (and changes nothing) when it is not in this world. Contacts
   * it had are reported as `collisionEnd` by the next {@link step}; until then they remain in
   * {@link contacts}. A body added back before that step keeps its id, and a contact it still
   * has then goes on (no end, no new start). Throws during `step()` or from inside a query
   * filter; allowed in listeners.
   */
  remove(body: Body<U>): boolean {
    if (!(body instanceof Body) || body._world !== this) return false;
    this.assertMutable('remove');
    this.broad.remove(body);
    this.list.remove(body);
    return true;
  }

  /** @internal A body's shape changed: re-file it before the next query or step. */
  _bodyMoved(body: Body<U>): void {
    this.broad.markMoved(body);
  }

  /** @internal A body's category, mask or sensor flag changed. */
  _refilter(body: Body<U>): void {
    this.broad.refilter(body);
  }

  /** @internal Throws when a body's category or mask may not change now: inside a query filter. */
  _assertRefilterable(field: string): void {
    if (this.queries.depth > 0) {
      throw new Error(`a body's ${field} cannot change from inside a query filter or visitor`);
    }
  }

  private assertMutable(method: string): void {
    if (this.phase === 'stepping') throw new Error(`World.${method}() cannot be called during step()`);
    if (this.queries.depth > 0)
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
   * If `step()` throws before the events (a body whose index box, its bounds grown by the margin,
   * overflowed to Infinity, or a continuous body whose motion did), the world is exactly as it was
   * before the call; fix the body and step again. If a listener throws, the
   * remaining listeners of this step are skipped; the world itself is already consistent.
   */
  step(): void {
    if (this.phase !== 'idle')
      throw new Error(`World.step() cannot be called while the world is ${this.phase}`);
    if (this.queries.depth > 0)
      throw new Error('World.step() cannot be called from inside a query filter or visitor');
    this.phase = 'stepping';
    try {
      this.pipeline.run();
    } finally {
      this.phase = 'idle';
    }
    // Events, after the world is consistent.
    this.phase = 'dispatching';
    try {
      this.listeners.dispatch(this.book);
    } finally {
      this.phase = 'idle';
    }
  }

  /** Pairs touching after the last {@link step}, sorted by (bodyA.id, bodyB.id). Read-only; reused by the next step. */
  get contacts(): readonly BodyContact<U>[] {
    return this.book.contacts;
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
   * Registers `listener` for an event; returns a function that unregisters it. A listener
   * registered from inside a listener is first called at the next step.
   * @example const off = world.on('collisionStart', (c) => hurt(c.bodyA, c.bodyB));
   */
  on(type: CollisionEventType, listener: ContactListener<U>): () => void {
    this.listeners.add(type, listener);
    return () => this.off(type, listener);
  }

  /**
   * Unregisters a listener; returns whether it was registered. From inside a listener it takes
   * effect at once: the listener is not called again, not even for the rest of this step's contacts.
   */
  off(type: CollisionEventType, listener: ContactListener<U>): boolean {
    return this.listeners.remove(type, listener);
  }

  /**
   * Pushes dynamic, non-sensor bodies out of what they hit, using each contact's minimum translation
   * vector recomputed at the moment (earlier pushes are taken into account), the pairs whose bounds
   * overlap over the largest area first, then the deepest (a walker sunk into a floor of tiles is
   * lifted by the tile it stands on before the next tile's side can push it back). A dynamic body
   * hitting a static one moves the full depth; two dynamic bodies share it, each push swept against
   * the static bodies so that neither goes into one (it slides along the wall it meets, and the
   * other body takes the rest of the depth; two held on both sides stay overlapping). A continuous
   * body that met a body during the step (`timeOfImpact < 1`) is instead put back where it first
   * touched it, on the side it came from, so it never ends up through a thin wall; two continuous
   * bodies that met each other moving both go back to where they touched. (Unless it was moved
   * since the step, e.g. respawned by a listener: then it stays where it was put, and is pushed out
   * the shortest way only if it overlaps.) One that already touched the body at the start of the step
   * (`timeOfImpact` 0) goes back to its start and slides along the face it touched by the part of
   * its motion along it, swept against the other bodies, so a body walking off a ledge goes on off
   * it (docs/fast-objects.md). A pair it pushes apart no longer collides afterwards, to the last
   * ulp, unless a wall holds it. Call it after {@link step}; contacts are not recomputed until the
   * next step. Returns the number of pairs pushed apart.
   */
  separate(): number {
    this.assertMutable('separate');
    return separateContacts(this.book, this, this.mtv, this.pushOrder, this.slide);
  }

  // -------------------------------------------------------------------------------------------
  // Queries (exact shapes). Results are appended to `out`, in no particular order. Each one first
  // re-files the bodies that moved since the last step or query.

  /**
   * Before a query runs (its arguments checked): no nesting, not during `step()`, and the index
   * brought up to date. The query itself counts as under way (`queries.depth`) while it walks.
   */
  private beginQuery(): void {
    if (this.queries.depth > 0) {
      throw new Error(
        'World queries cannot be nested: do not query the world from inside a filter predicate',
      );
    }
    if (this.phase === 'stepping') throw new Error('World queries cannot run during step()');
    this.broad.sync();
  }

  /**
   * Bodies whose shape collides with `shape` (the collision rule: touching does not count). A
   * shape that belongs to a body of this world leaves that body out, as a cast does: the
   * bodies a body overlaps are `world.queryShape(body.shape)`.
   * @example const hitByBlast = world.queryShape(new Circle(x, y, 40));
   */
  queryShape(shape: Shape, out: Body<U>[] = [], filter?: BodyFilter<U>): Body<U>[] {
    requireArray(out, 'out');
    requireShape(shape, 'shape');
    checkFilter(filter);
    const b = shape.bounds;
    this.beginQuery();
    this.queries.shapeQuery(shape, b.minX, b.minY, b.maxX, b.maxY, out, filter, this.ownBody(shape));
    return out;
  }

  /**
   * Bodies whose shape overlaps the rectangle (strictly, like the index), e.g. the camera view.
   * A rectangle with zero width or height is treated as a segment (or a point).
   * @example for (const body of world.queryRect(camera, visible)) draw(body);
   */
  queryRect(rect: Rect, out: Body<U>[] = [], filter?: BodyFilter<U>): Body<U>[] {
    requireArray(out, 'out');
    if (rect === null || typeof rect !== 'object') requireRect(rect, 'rect');
    const { x, y, width, height } = rect; // each field read once, then checked (without a copy)
    // (Sizes ≥ 0 tested too: far out, x + width can round back to x for a small negative width.)
    if (!(isValidMinMax(x, y, x + width, y + height) && width >= 0 && height >= 0)) {
      // A field missing: the rect itself, whose other fields may show it is another kind of box.
      const missing = x === undefined || y === undefined || width === undefined || height === undefined;
      requireRect(missing ? rect : { x, y, width, height }, 'rect');
    }
    checkFilter(filter);
    requireFinite(x + width, 'rect.x + rect.width');
    requireFinite(y + height, 'rect.y + rect.height');
    requireFits(Math.max(width, height), 'rect.width or rect.height'); // (it is tested as a shape)
    if (width === 0 && height === 0) return this.queryPoint(x, y, out, filter);
    // beginQuery first: a nested call (refused) must not overwrite the outer query's shape.
    this.beginQuery();
    const shape = this.queries.rectShape(x, y, width, height);
    this.queries.shapeQuery(shape, x, y, x + width, y + height, out, filter, null);
    return out;
  }

  /** Bodies whose shape strictly contains (x, y). */
  queryPoint(x: number, y: number, out: Body<U>[] = [], filter?: BodyFilter<U>): Body<U>[] {
    requireArray(out, 'out');
    requireFinite(x, 'x');
    requireFinite(y, 'y');
    checkFilter(filter);
    this.beginQuery();
    this.queries.pointQuery(x, y, out, filter);
    return out;
  }

  /** Bodies whose shape collides with the disc (touching does not count). Radius 0 is a point query. */
  queryCircle(x: number, y: number, radius: number, out: Body<U>[] = [], filter?: BodyFilter<U>): Body<U>[] {
    requireArray(out, 'out');
    requireFinite(x, 'x');
    requireFinite(y, 'y');
    requireFinite(radius, 'radius');
    if (radius < 0) throw new RangeError(`radius must be ≥ 0, got ${radius}`);
    checkFilter(filter);
    if (radius === 0) return this.queryPoint(x, y, out, filter);
    this.beginQuery();
    const shape = this.queries.circleShape(x, y, radius);
    this.queries.shapeQuery(shape, x - radius, y - radius, x + radius, y + radius, out, filter, null);
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
    checkRay(originX, originY, dirX, dirY, maxDistance, filter);
    if (out !== undefined && !(out instanceof RaycastHit))
      requireInstance(out, RaycastHit, 'a RaycastHit', 'out', true);
    this.beginQuery();
    return this.queries.raycast(originX, originY, dirX, dirY, maxDistance, filter, out);
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
    requireArray(out, 'out');
    checkRay(originX, originY, dirX, dirY, maxDistance, filter);
    this.beginQuery();
    return this.queries.raycastAll(originX, originY, dirX, dirY, maxDistance, filter, out);
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
    checkCast(shape, dx, dy, filter);
    if (out !== undefined && !(out instanceof CastHit))
      requireInstance(out, CastHit, 'a CastHit', 'out', true);
    this.beginQuery();
    return this.queries.castShape(shape, dx, dy, filter, this.ownBody(shape), out);
  }

  /** Every body `shape` hits when moved by (dx, dy) (see {@link castShape}), by time of impact, ties by id. Appends to `out`. */
  castShapeAll(
    shape: Shape,
    dx: number,
    dy: number,
    filter?: BodyFilter<U>,
    out: CastHit<U>[] = [],
  ): CastHit<U>[] {
    requireArray(out, 'out');
    checkCast(shape, dx, dy, filter);
    this.beginQuery();
    return this.queries.castShapeAll(shape, dx, dy, filter, this.ownBody(shape), out);
  }

  /** The body in this world whose shape `shape` is (a cast or shape query leaves it out), or `null`. */
  private ownBody(shape: Shape): Body<U> | null {
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
    requireArray(out, 'out');
    requireFinite(x, 'x');
    requireFinite(y, 'y');
    requireInteger(k, 'k', 0, 0x7fffffff);
    requireNonNegativeOrInfinity(maxDistance, 'maxDistance');
    checkFilter(filter);
    if (k === 0) return out;
    this.beginQuery();
    this.queries.nearest(x, y, k, maxDistance, out, filter);
    return out;
  }

  /** Counts of bodies, contacts, steps and index work, and both indexes' stats. */
  stats(): WorldStats {
    return {
      bodies: this.list.all.length,
      contacts: this.book.count,
      steps: this.pipeline.steps,
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
    this.list.validate(this, this.broad, fail);
    this.book.validate(fail);
  }
}

/** Throws for `add` of something that is not a Body, with a hint when it is a shape. */
function requireAddable(value: unknown): void {
  if (value instanceof Shape) {
    throw new TypeError(
      `body must be a Body, got a ${value.kind} shape: wrap it, world.add(new Body(shape))`,
    );
  }
  requireInstance(value, Body, 'a Body', 'body');
}
