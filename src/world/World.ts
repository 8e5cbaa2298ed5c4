import { Contact } from '../geometry/contact.js';
import { length } from '../geometry/math.js';
import {
  containsPointUnchecked,
  pointDistanceSquaredUnchecked,
  RayHit,
  raycastUnchecked,
} from '../geometry/raycast.js';
import { collide, overlaps } from '../geometry/sat.js';
import { Box, Circle, Segment, Shape } from '../geometry/shapes.js';
import { Quadtree } from '../quadtree/Quadtree.js';
import type { QuadtreeOptions, Rect } from '../quadtree/types.js';
import { requireFinite, requireNonNegativeOrInfinity } from '../shared/validate.js';
import { Body, BodyProxy } from './Body.js';
import { PairTable } from './pairTable.js';

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
  margin?: number;
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
  /** Body with the lower id. */
  bodyA: Body<U> | null = null;
  /** Body with the higher id. */
  bodyB: Body<U> | null = null;
  /** Whether either body is a sensor (sensor contacts are never separated). */
  isSensor = false;
  /** Step counter value at which this pair started touching. */
  startStep = 0;
  /** @internal Step at which the pair was last seen touching. */
  _seenStep = 0;
  /** @internal */ _lo = -1;
  /** @internal */ _hi = -1;
}

/** Narrowing of world queries. Every field is optional. */
export interface BodyFilter<U = unknown> {
  /** Only bodies whose `category & mask` is non-zero. Default: all bits. */
  mask?: number;
  /** Include sensor bodies. Default `true`. */
  includeSensors?: boolean;
  /** Include static bodies. Default `true`. */
  includeStatic?: boolean;
  /** Include dynamic (non-static) bodies. Default `true`. */
  includeDynamic?: boolean;
  /** Leave this body out (e.g. the shooter of a ray). */
  exclude?: Body<U> | null;
  /** Last word: return `false` to leave a body out. Must not add or remove bodies. */
  predicate?: (body: Body<U>) => boolean;
}

/** A ray's hit on a body, from {@link World.raycast} / {@link World.raycastAll}. */
export class RaycastHit<U = unknown> extends RayHit {
  /** The body hit. */
  body: Body<U> | null = null;
}

/** Names of the events a world emits after each {@link World.step}. */
export type CollisionEventType = 'collisionStart' | 'collisionStay' | 'collisionEnd';

/** Listener for {@link World.on}. The contact follows the lifetime rules of {@link BodyContact}. */
export type ContactListener<U = unknown> = (contact: BodyContact<U>) => void;

const ALL_BITS = 0xffffffff;

function passes<U>(body: Body<U>, filter: BodyFilter<U> | undefined): boolean {
  if (filter === undefined) return true;
  if (filter.mask !== undefined && (body._category & filter.mask) === 0) return false;
  if (filter.includeSensors === false && body.isSensor) return false;
  if (filter.includeStatic === false && body.isStatic) return false;
  if (filter.includeDynamic === false && !body.isStatic) return false;
  if (filter.exclude === body) return false;
  if (filter.predicate !== undefined && !filter.predicate(body)) return false;
  return true;
}

function checkFilter(filter: unknown): void {
  if (filter === undefined) return;
  if (filter === null || typeof filter !== 'object') throw new TypeError('filter must be an object');
  const f = filter as BodyFilter;
  if (f.mask !== undefined) {
    requireFinite(f.mask, 'filter.mask');
    if (!Number.isInteger(f.mask) || f.mask < 0 || f.mask > ALL_BITS) {
      throw new RangeError(`filter.mask must be an integer from 0 to 0xFFFFFFFF, got ${f.mask}`);
    }
  }
  if (f.predicate !== undefined && typeof f.predicate !== 'function') {
    throw new TypeError('filter.predicate must be a function');
  }
}

function contactBefore<U>(a: BodyContact<U>, b: BodyContact<U>): boolean {
  return a._lo < b._lo || (a._lo === b._lo && a._hi < b._hi);
}

/** In-place heapsort of list[0, n) by (lo, hi) id: O(n log n), no recursion, no allocation. */
function sortContacts<U>(list: BodyContact<U>[], n: number): void {
  for (let start = (n >> 1) - 1; start >= 0; start--) siftDown(list, start, n);
  for (let end = n - 1; end > 0; end--) {
    const top = list[0];
    list[0] = list[end];
    list[end] = top;
    siftDown(list, 0, end);
  }
}

function siftDown<U>(list: BodyContact<U>[], root: number, n: number): void {
  const item = list[root];
  let i = root;
  for (;;) {
    let child = 2 * i + 1;
    if (child >= n) break;
    if (child + 1 < n && contactBefore(list[child], list[child + 1])) child++;
    if (!contactBefore(item, list[child])) break;
    list[i] = list[child];
    i = child;
  }
  list[i] = item;
}

/**
 * A collision world: bodies indexed in quadtrees, one {@link World.step} per frame to find every
 * colliding pair (once, sorted by body ids) with contact data and start / stay / end events, plus
 * exact shape queries, raycasts and nearest-body search.
 *
 * Design: dynamic and static bodies live in two separate {@link Quadtree}s (the world holds them;
 * it is not a tree). Dynamic–dynamic pairs come from one pair pass over the dynamic tree; each
 * dynamic body then queries the static tree with its box. Static–static pairs are therefore never
 * even enumerated, which matters for tile maps. Category/mask filtering runs inside those
 * traversal callbacks, before any narrow-phase test.
 *
 * Allocation: in steady state (no bodies added, a stable number of contacts) `step()` allocates
 * nothing; contacts are pooled (see {@link BodyContact} for how long one stays valid).
 * @example
 * const world = new World({ bounds: { x: 0, y: 0, width: 800, height: 600 } });
 * const ball = world.add(new Body(new Circle(100, 100, 10)));
 * world.add(new Body(new Box(0, 580, 800, 20), { isStatic: true }));
 * world.on('collisionStart', (c) => console.log(c.bodyA!.id, c.bodyB!.id, c.depth));
 * // each frame:
 * ball.translate(0, 3);
 * world.step();
 * world.separate();
 */
export class World<U = unknown> {
  /** Margin of dynamic bodies' boxes in the index (see {@link WorldOptions.margin}). */
  readonly margin: number;
  private readonly dynamicTree: Quadtree<BodyProxy<U>>;
  private readonly staticTree: Quadtree<BodyProxy<U>>;
  private readonly bodyList: Body<U>[] = [];
  private readonly dynamicList: Body<U>[] = [];
  private nextId = 0;
  private stepCount = 0;

  // Contacts. `current` holds the pairs touching after the last step, sorted; `scratchList` is
  // the other buffer, reused for the next step.
  private current: BodyContact<U>[] = [];
  private currentCount = 0;
  private scratchList: BodyContact<U>[] = [];
  private readonly startedList: BodyContact<U>[] = [];
  private readonly stayedList: BodyContact<U>[] = [];
  private readonly endedList: BodyContact<U>[] = [];
  private readonly table = new PairTable<BodyContact<U>>();
  private readonly pool: BodyContact<U>[] = [];
  private poolCount = 0;
  private building = 0; // count of contacts gathered in scratchList during a step

  private phase: 'idle' | 'stepping' | 'dispatching' = 'idle';
  private queryDepth = 0;
  private listeners: Record<CollisionEventType, ContactListener<U>[]> = {
    collisionStart: [],
    collisionStay: [],
    collisionEnd: [],
  };

  // Query state. Queries do not nest (a filter predicate must not query the world), so one set suffices.
  private qOut: Body<U>[] | null = null;
  private qFilter: BodyFilter<U> | undefined = undefined;
  private qShape: Shape | null = null;
  private qOwner: Body<U> | null = null;
  private qX = 0;
  private qY = 0;
  private readonly rectShape = new Box(0, 0, 1, 1);
  private readonly circleShape = new Circle(0, 0, 1);
  private readonly segmentShape = new Segment(0, 0, 1, 0);
  private readonly scratchContact = new Contact();
  private readonly scratchHit = new RayHit();

  // Raycast state.
  private rOx = 0;
  private rOy = 0;
  private rDx = 0;
  private rDy = 0;
  private rMax = 0;
  private rBest = 0;
  private rBody: Body<U> | null = null;
  private readonly rHit = new RayHit();
  private rAll: RaycastHit<U>[] | null = null;

  // Nearest state.
  private nK = 0;
  private nCount = 0;
  private readonly nBodies: Body<U>[] = [];
  private readonly nDist: number[] = [];
  private nLimit2 = 0;

  /**
   * Creates an empty world over the given bounds.
   * @param options root bounds, fat-box margin and tree tuning (passed to both quadtrees)
   */
  constructor(options: WorldOptions) {
    if (options === null || typeof options !== 'object') throw new TypeError('options must be an object');
    const margin = options.margin ?? 2;
    requireFinite(margin, 'margin');
    if (margin < 0) throw new RangeError(`margin must be >= 0, got ${margin}`);
    const treeOptions: QuadtreeOptions = {
      maxObjects: options.maxObjects,
      maxLevels: options.maxLevels,
      minNodeSize: options.minNodeSize,
    };
    this.dynamicTree = new Quadtree<BodyProxy<U>>(options.bounds, treeOptions);
    this.staticTree = new Quadtree<BodyProxy<U>>(options.bounds, treeOptions);
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
   * Adds a body and gives it the next id. It takes part in queries at once and in contacts from
   * the next {@link step}. Throws if the body is already in a world (this one or another), or
   * when called during `step()` or from inside a query filter; the world is then unchanged.
   * Allowed inside event listeners.
   * @returns the body, for chaining
   */
  add(body: Body<U>): Body<U> {
    if (!(body instanceof Body)) throw new TypeError('body must be a Body');
    this.assertMutable('add');
    if (body._world === this) throw new Error(`World.add(): body ${body._id} is already in this world`);
    if (body._world !== null)
      throw new Error('World.add(): the body belongs to another world; remove it there first');
    const proxy = new BodyProxy<U>(body);
    this.fitProxy(body, proxy);
    (body.isStatic ? this.staticTree : this.dynamicTree).insert(proxy);
    body._proxy = proxy;
    body._world = this;
    body._id = this.nextId++;
    body._index = this.bodyList.length;
    this.bodyList.push(body);
    if (!body.isStatic) {
      body._dynamicIndex = this.dynamicList.length;
      this.dynamicList.push(body);
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
    const proxy = body._proxy as BodyProxy<U>;
    (body.isStatic ? this.staticTree : this.dynamicTree).remove(proxy);
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
    // The id is kept so that the `collisionEnd` contacts reported next step still name the body.
    body._world = null;
    body._proxy = null;
    body._index = -1;
    body._dynamicIndex = -1;
    return true;
  }

  private assertMutable(method: string): void {
    if (this.phase === 'stepping') throw new Error(`World.${method}() cannot be called during step()`);
    if (this.queryDepth > 0) {
      throw new Error(`World.${method}() cannot be called from inside a query filter or visitor`);
    }
  }

  /** Sets the proxy to the body's bounds grown by the margin (none for static bodies). */
  private fitProxy(body: Body<U>, proxy: BodyProxy<U>): void {
    const b = body.shape.bounds;
    const m = body.isStatic ? 0 : this.margin;
    proxy.x = b.minX - m;
    proxy.y = b.minY - m;
    proxy.width = b.maxX - b.minX + 2 * m;
    proxy.height = b.maxY - b.minY + 2 * m;
    // Rounding can leave x + width a hair below maxX; widen so the box really contains the shape.
    proxy.width = coverTo(proxy.x, proxy.width, b.maxX);
    proxy.height = coverTo(proxy.y, proxy.height, b.maxY);
  }

  // -------------------------------------------------------------------------------------------
  // Step

  /**
   * Advances one frame: refreshes the index for bodies that left their fat box, finds every
   * colliding pair once (filtered, static–static skipped), fills contacts, then calls listeners:
   * all `collisionStart`, then `collisionStay`, then `collisionEnd`, each in (bodyA.id, bodyB.id)
   * order. Listeners may add/remove bodies and move them (effects show in queries at once and in
   * contacts from the next step) but must not call `step()`. If a listener throws, the remaining
   * listeners of this step are skipped; the world itself is already consistent.
   */
  step(): void {
    if (this.phase !== 'idle')
      throw new Error(`World.step() cannot be called while the world is ${this.phase}`);
    if (this.queryDepth > 0)
      throw new Error('World.step() cannot be called from inside a query filter or visitor');
    this.phase = 'stepping';
    let started = 0;
    let stayed = 0;
    let ended = 0;
    try {
      const frame = ++this.stepCount;
      // Contacts ended last step may now be recycled.
      const endedList = this.endedList;
      for (let i = 0; i < endedList.length; i++) this.release(endedList[i]);

      // 1. Index: only bodies that left their fat box are updated.
      const bodies = this.bodyList;
      for (let i = 0; i < bodies.length; i++) {
        const body = bodies[i];
        const proxy = body._proxy as BodyProxy<U>;
        const b = body.shape.bounds;
        if (
          b.minX < proxy.x ||
          b.minY < proxy.y ||
          b.maxX > proxy.x + proxy.width ||
          b.maxY > proxy.y + proxy.height
        ) {
          this.fitProxy(body, proxy);
          (body.isStatic ? this.staticTree : this.dynamicTree).update(proxy);
        }
      }

      // 2. Pairs: dynamic–dynamic in one pass, then dynamic–static per dynamic body.
      this.building = 0;
      this.dynamicTree.forEachPair(this.visitPair);
      const dynamic = this.dynamicList;
      const statics = this.staticTree.size;
      for (let i = 0; statics > 0 && i < dynamic.length; i++) {
        this.qOwner = dynamic[i];
        this.staticTree.forEachInRect(dynamic[i]._proxy as BodyProxy<U>, this.visitStatic);
      }
      this.qOwner = null;

      // 3. Pairs seen last step but not now have ended (including pairs of removed bodies).
      const previous = this.current;
      for (let i = 0; i < this.currentCount; i++) {
        const c = previous[i];
        if (c._seenStep !== frame) {
          this.table.delete(c._lo, c._hi);
          endedList[ended++] = c;
        }
      }
      endedList.length = ended;

      // 4. Deterministic order, then split into started / stayed.
      const next = this.scratchList;
      const n = this.building;
      sortContacts(next, n);
      next.length = n;
      for (let i = 0; i < n; i++) {
        const c = next[i];
        if (c.startStep === frame) this.startedList[started++] = c;
        else this.stayedList[stayed++] = c;
      }
      this.startedList.length = started;
      this.stayedList.length = stayed;
      this.scratchList = previous;
      this.current = next;
      this.currentCount = n;
    } finally {
      this.phase = 'idle';
    }

    // 5. Events, after the world is consistent.
    this.phase = 'dispatching';
    try {
      this.emit(this.listeners.collisionStart, this.startedList, started);
      this.emit(this.listeners.collisionStay, this.stayedList, stayed);
      this.emit(this.listeners.collisionEnd, this.endedList, ended);
    } finally {
      this.phase = 'idle';
    }
  }

  private emit(listeners: ContactListener<U>[], list: BodyContact<U>[], n: number): void {
    if (listeners.length === 0) return;
    for (let i = 0; i < n; i++) {
      for (let k = 0; k < listeners.length; k++) listeners[k](list[i]);
    }
  }

  private readonly visitPair = (p: BodyProxy<U>, q: BodyProxy<U>): void => {
    this.considerPair(p.body, q.body);
  };

  private readonly visitStatic = (p: BodyProxy<U>): void => {
    this.considerPair(this.qOwner as Body<U>, p.body);
  };

  private considerPair(a: Body<U>, b: Body<U>): void {
    // Filtering happens here, inside the traversal, before any narrow-phase work.
    if ((a._category & b._mask) === 0 || (b._category & a._mask) === 0) return;
    const lo = a._id < b._id ? a : b;
    const hi = lo === a ? b : a;
    const frame = this.stepCount;
    let contact = this.table.get(lo._id, hi._id);
    if (contact !== undefined) {
      if (!collide(lo.shape, hi.shape, contact)) return;
    } else {
      contact = this.acquire();
      if (!collide(lo.shape, hi.shape, contact)) {
        this.release(contact);
        return;
      }
      contact.bodyA = lo;
      contact.bodyB = hi;
      contact._lo = lo._id;
      contact._hi = hi._id;
      contact.startStep = frame;
      this.table.set(lo._id, hi._id, contact);
    }
    contact.isSensor = lo.isSensor || hi.isSensor;
    contact._seenStep = frame;
    this.scratchList[this.building++] = contact;
  }

  private acquire(): BodyContact<U> {
    if (this.poolCount > 0) {
      const c = this.pool[--this.poolCount];
      this.pool[this.poolCount] = undefined as unknown as BodyContact<U>;
      return c;
    }
    return new BodyContact<U>();
  }

  private release(contact: BodyContact<U>): void {
    contact.bodyA = null;
    contact.bodyB = null;
    contact.a = null;
    contact.b = null;
    contact._lo = -1;
    contact._hi = -1;
    this.pool[this.poolCount++] = contact;
  }

  /** Pairs touching after the last {@link step}, sorted by (bodyA.id, bodyB.id). Read-only; reused by the next step. */
  get contacts(): readonly BodyContact<U>[] {
    return this.current;
  }

  /** Pairs that started touching in the last step (a subset of {@link contacts}), sorted. */
  get started(): readonly BodyContact<U>[] {
    return this.startedList;
  }

  /** Pairs that were touching before the last step and still are, sorted. */
  get stayed(): readonly BodyContact<U>[] {
    return this.stayedList;
  }

  /**
   * Pairs that stopped touching in the last step — because they moved apart, were filtered out,
   * or a body was removed — sorted. Their data is from the last step they touched.
   */
  get ended(): readonly BodyContact<U>[] {
    return this.endedList;
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
   * dynamic body hitting a static one moves the full depth; two dynamic bodies share it. Call it
   * after {@link step}; contacts are not recomputed until the next step. Returns the number of
   * pairs pushed apart.
   */
  separate(): number {
    if (this.phase === 'stepping') throw new Error('World.separate() cannot be called during step()');
    const contact = this.scratchContact;
    let pushed = 0;
    for (let i = 0; i < this.currentCount; i++) {
      const c = this.current[i];
      const a = c.bodyA;
      const b = c.bodyB;
      if (a === null || b === null || c.isSensor || a.isSensor || b.isSensor) continue;
      if (a._world !== this || b._world !== this) continue;
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
  // Queries (exact shapes). Results are appended to `out`, in no particular order.

  private beginQuery(out: Body<U>[] | null, filter: BodyFilter<U> | undefined, shape: Shape | null): void {
    if (this.queryDepth > 0) {
      throw new Error(
        'World queries cannot be nested: do not query the world from inside a filter predicate',
      );
    }
    if (this.phase === 'stepping') throw new Error('World queries cannot run during step()');
    this.qOut = out;
    this.qFilter = filter;
    this.qShape = shape;
    this.queryDepth++;
  }

  private endQuery(): void {
    this.queryDepth--;
    this.qOut = null;
    this.qFilter = undefined;
    this.qShape = null;
  }

  private readonly visitShape = (p: BodyProxy<U>): void => {
    const body = p.body;
    if (!passes(body, this.qFilter)) return;
    if (overlaps(this.qShape as Shape, body.shape)) (this.qOut as Body<U>[]).push(body);
  };

  private readonly visitPoint = (p: BodyProxy<U>): void => {
    const body = p.body;
    if (!passes(body, this.qFilter)) return;
    body.shape._sync();
    if (containsPointUnchecked(body.shape, this.qX, this.qY)) (this.qOut as Body<U>[]).push(body);
  };

  /**
   * Bodies whose shape collides with `shape` (the collision rule: touching does not count).
   * @example const hitByBlast = world.queryShape(new Circle(x, y, 40));
   */
  queryShape(shape: Shape, out: Body<U>[] = [], filter?: BodyFilter<U>): Body<U>[] {
    if (!(shape instanceof Shape)) throw new TypeError('shape must be a Shape');
    checkFilter(filter);
    const b = shape.bounds;
    const area = this.queryArea;
    area.x = b.minX;
    area.y = b.minY;
    area.width = b.maxX - b.minX;
    area.height = b.maxY - b.minY;
    return this.runShapeQuery(shape, area, out, filter);
  }

  private readonly queryArea: Rect = { x: 0, y: 0, width: 0, height: 0 };

  private runShapeQuery(
    shape: Shape,
    area: Rect,
    out: Body<U>[],
    filter: BodyFilter<U> | undefined,
  ): Body<U>[] {
    this.beginQuery(out, filter, shape);
    try {
      this.staticTree.forEachInRect(area, this.visitShape);
      this.dynamicTree.forEachInRect(area, this.visitShape);
    } finally {
      this.endQuery();
    }
    return out;
  }

  /**
   * Bodies whose shape overlaps the rectangle (strictly, like the index), e.g. the camera view.
   * A rectangle with zero width or height is treated as a segment (or a point).
   * @example for (const body of world.queryRect(camera, visible)) draw(body);
   */
  queryRect(rect: Rect, out: Body<U>[] = [], filter?: BodyFilter<U>): Body<U>[] {
    if (rect === null || typeof rect !== 'object')
      throw new TypeError('rect must be an object with x, y, width, height');
    requireFinite(rect.x, 'rect.x');
    requireFinite(rect.y, 'rect.y');
    requireFinite(rect.width, 'rect.width');
    requireFinite(rect.height, 'rect.height');
    if (rect.width < 0) throw new RangeError(`rect.width must be >= 0, got ${rect.width}`);
    if (rect.height < 0) throw new RangeError(`rect.height must be >= 0, got ${rect.height}`);
    checkFilter(filter);
    if (rect.width === 0 && rect.height === 0) return this.queryPoint(rect.x, rect.y, out, filter);
    let shape: Shape;
    if (rect.width === 0 || rect.height === 0) {
      shape = this.segmentShape.setEndpoints(rect.x, rect.y, rect.x + rect.width, rect.y + rect.height);
    } else {
      shape = this.rectShape.setPosition(rect.x, rect.y).setSize(rect.width, rect.height);
    }
    const area = this.queryArea;
    area.x = rect.x;
    area.y = rect.y;
    area.width = rect.width;
    area.height = rect.height;
    return this.runShapeQuery(shape, area, out, filter);
  }

  /** Bodies whose shape strictly contains (x, y). */
  queryPoint(x: number, y: number, out: Body<U>[] = [], filter?: BodyFilter<U>): Body<U>[] {
    requireFinite(x, 'x');
    requireFinite(y, 'y');
    checkFilter(filter);
    this.beginQuery(out, filter, null);
    this.qX = x;
    this.qY = y;
    try {
      this.staticTree.forEachAtPoint(x, y, this.visitPoint);
      this.dynamicTree.forEachAtPoint(x, y, this.visitPoint);
    } finally {
      this.endQuery();
    }
    return out;
  }

  /** Bodies whose shape collides with the disc (touching does not count). Radius 0 is a point query. */
  queryCircle(x: number, y: number, radius: number, out: Body<U>[] = [], filter?: BodyFilter<U>): Body<U>[] {
    requireFinite(x, 'x');
    requireFinite(y, 'y');
    requireFinite(radius, 'radius');
    if (radius < 0) throw new RangeError(`radius must be >= 0, got ${radius}`);
    checkFilter(filter);
    if (radius === 0) return this.queryPoint(x, y, out, filter);
    const shape = this.circleShape.setPosition(x, y);
    this.circleShape.radius = radius;
    const area = this.queryArea;
    area.x = x - radius;
    area.y = y - radius;
    area.width = 2 * radius;
    area.height = 2 * radius;
    return this.runShapeQuery(shape, area, out, filter);
  }

  // -------------------------------------------------------------------------------------------
  // Rays

  private readonly visitRay = (p: BodyProxy<U>, tEnter: number): number | undefined => {
    const body = p.body;
    if (tEnter > this.rBest) return this.rBest;
    if (!passes(body, this.qFilter)) return undefined;
    // The shape is tested over the whole ray (not up to the best so far) so that an exact tie is
    // seen and resolved by id, whatever order the index visits the boxes in.
    if (!raycastUnchecked(body.shape, this.rOx, this.rOy, this.rDx, this.rDy, this.rMax, this.rHit))
      return undefined;
    const d = this.rHit.distance;
    if (this.rAll !== null) {
      const hit = new RaycastHit<U>();
      hit.copyFrom(this.rHit);
      hit.body = body;
      this.rAll.push(hit);
      return undefined;
    }
    const best = this.rBody;
    if (best === null || d < this.rBest || (d === this.rBest && body._id < best._id)) {
      this.rBest = d;
      this.rBody = body;
      this.scratchHit.copyFrom(this.rHit);
    }
    return this.rBest;
  };

  private castRay(
    ox: number,
    oy: number,
    dx: number,
    dy: number,
    maxDistance: number,
    filter: BodyFilter<U> | undefined,
  ): void {
    requireFinite(ox, 'originX');
    requireFinite(oy, 'originY');
    requireFinite(dx, 'dirX');
    requireFinite(dy, 'dirY');
    requireNonNegativeOrInfinity(maxDistance, 'maxDistance');
    checkFilter(filter);
    // The index walks a unit direction so its t is a distance; shapes get the caller's direction.
    let ux = 0;
    let uy = 0;
    if (dx !== 0 || dy !== 0) {
      const m = Math.max(Math.abs(dx), Math.abs(dy));
      const len = length(dx / m, dy / m);
      ux = dx / m / len;
      uy = dy / m / len;
    }
    this.rOx = ox;
    this.rOy = oy;
    this.rDx = dx;
    this.rDy = dy;
    this.rMax = maxDistance;
    this.rBest = maxDistance;
    this.rBody = null;
    this.beginQuery(null, filter, null);
    try {
      // Statics first (often the walls a ray stops at), then dynamics with the shrunken limit.
      this.staticTree.raycast(ox, oy, ux, uy, maxDistance, this.visitRay);
      this.dynamicTree.raycast(ox, oy, ux, uy, this.rAll === null ? this.rBest : maxDistance, this.visitRay);
    } finally {
      this.endQuery();
    }
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
    this.rAll = null;
    this.castRay(originX, originY, dirX, dirY, maxDistance, filter);
    const body = this.rBody;
    this.rBody = null;
    if (body === null) return null;
    const hit = out ?? new RaycastHit<U>();
    hit.copyFrom(this.scratchHit);
    hit.body = body;
    return hit;
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
    const hits: RaycastHit<U>[] = [];
    this.rAll = hits;
    try {
      this.castRay(originX, originY, dirX, dirY, maxDistance, filter);
    } finally {
      this.rAll = null;
      this.rBody = null;
    }
    hits.sort((a, b) => a.distance - b.distance || (a.body as Body<U>)._id - (b.body as Body<U>)._id);
    for (const h of hits) out.push(h);
    return out;
  }

  // -------------------------------------------------------------------------------------------
  // Nearest

  private readonly visitNearest = (p: BodyProxy<U>, boxDistanceSquared: number): boolean | undefined => {
    const k = this.nK;
    // Box distance is a lower bound of shape distance: once it exceeds the k-th best, stop.
    if (this.nCount === k && boxDistanceSquared > this.nDist[k - 1]) return false;
    const body = p.body;
    if (!passes(body, this.qFilter)) return undefined;
    body.shape._sync();
    const d2 = pointDistanceSquaredUnchecked(body.shape, this.qX, this.qY);
    if (d2 > this.nLimit2) return undefined;
    const bodies = this.nBodies;
    const dist = this.nDist;
    let i = this.nCount;
    if (i === k) {
      const last = bodies[k - 1];
      if (d2 > dist[k - 1] || (d2 === dist[k - 1] && body._id > last._id)) return undefined;
      i = k - 1;
    } else {
      this.nCount++;
    }
    while (i > 0 && (dist[i - 1] > d2 || (dist[i - 1] === d2 && bodies[i - 1]._id > body._id))) {
      dist[i] = dist[i - 1];
      bodies[i] = bodies[i - 1];
      i--;
    }
    dist[i] = d2;
    bodies[i] = body;
    return undefined;
  };

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
    if (typeof k !== 'number' || !Number.isInteger(k) || k < 0) {
      throw new RangeError(`k must be an integer >= 0, got ${String(k)}`);
    }
    requireNonNegativeOrInfinity(maxDistance, 'maxDistance');
    checkFilter(filter);
    if (k === 0) return out;
    this.beginQuery(out, filter, null);
    this.qX = x;
    this.qY = y;
    this.nK = k;
    this.nCount = 0;
    this.nLimit2 = maxDistance * maxDistance;
    try {
      this.staticTree.forEachNearest(x, y, this.visitNearest, maxDistance);
      this.dynamicTree.forEachNearest(x, y, this.visitNearest, maxDistance);
      for (let i = 0; i < this.nCount; i++) out.push(this.nBodies[i]);
    } finally {
      for (let i = 0; i < this.nCount; i++) this.nBodies[i] = undefined as unknown as Body<U>;
      this.nCount = 0;
      this.endQuery();
    }
    return out;
  }

  /** Checks the world's bookkeeping and both indexes; throws an Error naming the first broken invariant. */
  validate(): void {
    this.dynamicTree.validate();
    this.staticTree.validate();
    if (this.dynamicTree.size + this.staticTree.size !== this.bodyList.length) {
      throw new Error('World: index sizes do not match the body count');
    }
    for (let i = 0; i < this.bodyList.length; i++) {
      const body = this.bodyList[i];
      if (body._world !== this || body._index !== i)
        throw new Error(`World: body list entry ${i} is inconsistent`);
      const tree = body.isStatic ? this.staticTree : this.dynamicTree;
      if (!tree.has(body._proxy as BodyProxy<U>))
        throw new Error(`World: body ${body._id} is missing from the index`);
    }
    if (this.table.size !== this.currentCount)
      throw new Error('World: contact table does not match the contact list');
  }
}

/** Widens a box length until `start + length >= end`; each nudge is at least one ulp of the sum. */
function coverTo(start: number, length: number, end: number): number {
  let l = length;
  while (start + l < end)
    l += (Math.abs(start) + Math.abs(l) + Math.abs(end)) * Number.EPSILON + Number.MIN_VALUE;
  return l;
}
