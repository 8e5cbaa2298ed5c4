/**
 * The World's bodies: who is in the world, which of them move and which are swept, and the ids
 * the world hands out.
 * @module
 */
import type { Body } from './Body.js';
import { type BroadPhase, PAIR_DATA } from './broadphase.js';
import type { World } from './World.js';

/**
 * The bodies of one world in three lists, each swap-removed in O(1) through the index the body
 * keeps in it (the continuous list excepted: it is short): every body, the dynamic ones (the pair
 * pass queries the static index with each), and the continuous ones (each step sweeps them).
 */
export class BodyList<U> {
  readonly all: Body<U>[] = [];
  readonly dynamic: Body<U>[] = [];
  /** Bodies with `continuous: true`, swept by every step (the others pay nothing for it). */
  readonly continuous: Body<U>[] = [];
  private nextId = 0;
  /**
   * The id this world gave each body it ever held. Weak: it keeps no body alive, and a body does
   * not keep its worlds alive either, while one that comes back (from another world too) gets its
   * id here back.
   */
  private readonly ids = new WeakMap<Body<U>, number>();

  /**
   * Throws, changing nothing, unless `body` can get an id in this world: the one it had here, or
   * a new one. Ids are never reused and are stored as int32s: past 2^31 − 1 they would wrap.
   */
  requireId(body: Body<U>): void {
    if (this.nextId > 0x7fffffff && !this.ids.has(body)) {
      throw new RangeError(
        'World.add(): this world has handed out all 2^31 body ids (they are never reused); add the bodies to a new World',
      );
    }
  }

  /**
   * Files a body that the broad phase has just taken in: `world` becomes its world, and it gets
   * the next id unless this world gave it one before (its old id back keeps contacts in order).
   */
  add(body: Body<U>, world: World<U>): void {
    let id = this.ids.get(body);
    if (id === undefined) {
      id = this.nextId++;
      this.ids.set(body, id);
    }
    body._world = world;
    body._id = id;
    body._index = this.all.length;
    this.all.push(body);
    if (!body.isStatic) {
      body._dynamicIndex = this.dynamic.length;
      this.dynamic.push(body);
    }
    if (body.continuous) {
      body._prevX = body.shape._x;
      body._prevY = body.shape._y;
      body._continuousIndex = this.continuous.length;
      this.continuous.push(body);
    }
  }

  /** Takes a body out of the lists (the broad phase has dropped it already). */
  remove(body: Body<U>): void {
    const list = this.all;
    const last = list[list.length - 1];
    list[body._index] = last;
    last._index = body._index;
    list.pop();
    if (!body.isStatic) {
      const dyn = this.dynamic;
      const lastDyn = dyn[dyn.length - 1];
      dyn[body._dynamicIndex] = lastDyn;
      lastDyn._dynamicIndex = body._dynamicIndex;
      dyn.pop();
    }
    if (body.continuous) {
      // Swapped out like the others (the order only decides which sweep runs first, and the
      // contacts are sorted afterwards): a world of many bullets removes one in O(1).
      const swept = this.continuous;
      const lastSwept = swept[swept.length - 1];
      swept[body._continuousIndex] = lastSwept;
      lastSwept._continuousIndex = body._continuousIndex;
      swept.pop();
      body._continuousIndex = -1;
    }
    // The id is kept so that the `collisionEnd` contacts reported next step still name the body.
    body._world = null;
    body._index = -1;
    body._dynamicIndex = -1;
  }

  /**
   * Checks both indexes, then every body against its list entry and its proxy in `broad` (filter
   * bits, and a box that holds its shape: `broad` must be synced), calling `fail` with the first
   * broken invariant.
   */
  validate(world: World<U>, broad: BroadPhase<U>, fail: (message: string) => never): void {
    const { dynamic, statics } = broad;
    dynamic.index.validate();
    statics.index.validate();
    const bodies = this.all;
    if (dynamic.index.size + statics.index.size !== bodies.length)
      fail('index sizes do not match the body count');
    const box = new Float64Array(4);
    for (let i = 0; i < bodies.length; i++) {
      const body = bodies[i];
      if (body._world !== world || body._index !== i) fail(`body list entry ${i} is inconsistent`);
      const side = broad.side(body);
      const proxy = body._proxy;
      if (!side.index.has(proxy) || side.bodies[proxy] !== body || side.shapes[proxy] !== body.shape)
        fail(`body ${body._id} is missing from the index`);
      if (
        side.bodyId(proxy) !== body._id ||
        side.category(proxy) !== (body._category | 0) ||
        side.mask(proxy) !== (body._mask | 0) ||
        side.sensor(proxy) !== (body.isSensor ? 1 : 0)
      ) {
        fail(`body ${body._id} has stale id, filter bits or sensor flag in the broad phase`);
      }
      const b = body.shape.bounds;
      side.index.getBox(body._proxy, box);
      if (!(box[0] <= b.minX && box[1] <= b.minY && box[2] >= b.maxX && box[3] >= b.maxY)) {
        fail(`body ${body._id}'s index box does not hold its shape`);
      }
      const o = body._proxy << 2;
      const f = side.fat;
      if (f[o] !== box[0] || f[o + 1] !== box[1] || f[o + 2] !== box[2] || f[o + 3] !== box[3]) {
        fail(`body ${body._id}'s box in the broad phase differs from the index's`);
      }
      const t = side.pairData;
      const p = PAIR_DATA * body._proxy;
      if (t[p] !== b.minX || t[p + 1] !== b.minY || t[p + 2] !== b.maxX || t[p + 3] !== b.maxY) {
        fail(`body ${body._id}'s bounds in the broad phase are out of date`);
      }
      const shape = body.shape;
      if (shape._geo !== side.geo || side.geoAt[proxy] !== shape._recordAt) {
        fail(`body ${body._id}'s shape record is not where the broad phase reads it`);
      }
    }
    const swept = this.continuous;
    for (let i = 0; i < swept.length; i++) {
      const body = swept[i];
      if (body._world !== world || body._continuousIndex !== i || !body.continuous)
        fail(`continuous body list entry ${i} is inconsistent`);
    }
    if (swept.length !== bodies.filter((body) => body.continuous).length)
      fail('the continuous body list misses a continuous body');
    // No two records overlap: one copied into a room too small for it overwrites its neighbour's.
    for (const side of [dynamic, statics]) {
      const spans = bodies
        .filter((body) => broad.side(body) === side)
        .map((body) => [body.shape._geoAt, body.shape._geoAt + body.shape._recordLength()])
        .sort((a, b) => a[0] - b[0]);
      for (let k = 1; k < spans.length; k++) {
        if (spans[k][0] < spans[k - 1][1]) fail('two shape records overlap in the broad phase');
      }
    }
  }
}
