import * as internal from '../core/internal.js';
import { NEAR_DISTANCE } from '../core/nearest.js';
import { RAY_ENTER, RAY_LIMIT } from '../core/ray.js';
import { HIT_T } from '../core/sweep.js';
import { unitInVec, vec } from '../geometry/math.js';
import {
  containsPointUnchecked,
  pointDistanceSquaredAt,
  RayHit,
  raycastUnchecked,
} from '../geometry/raycast.js';
import { overlapsUnchecked } from '../geometry/sat.js';
import type { Shape } from '../geometry/shape.js';
import { Box, Circle, Segment } from '../geometry/shapes.js';
import { sweepShapesUnchecked } from '../geometry/sweep.js';
import { SweepHit } from '../geometry/sweepHit.js';
import type { Body } from './Body.js';
import type { BroadPhase } from './broadphase.js';
import { type BodyFilter, CastHit, passes, RaycastHit } from './types.js';

/**
 * The world's exact queries over the broad phase: candidates from both indexes, then the shape
 * test. Each kind of query keeps its arguments in a small state object of its own while the index
 * walks (the index calls back with proxy ids), so a region query allocates nothing but its
 * results. (Rays, casts and nearest pass a few numbers to functions V8 does not inline, once a
 * call: the index's walks hand each box's numbers over in an array, see RayWalkVisitor.)
 * Arguments are validated, and the broad phase synced, by the World before it calls in here; the
 * casts hand back the World's results (the first hit copied out, or every hit sorted).
 */
export class WorldQueries<U> {
  /** Queries under way (the world refuses a nested one, and changes, while it is not 0). */
  depth = 0;
  private side: (Body<U> | undefined)[] = NO_BODIES;
  private filter: BodyFilter<U> | undefined = undefined;
  private out: Body<U>[] = NO_BODIES as Body<U>[];
  /** Statics first: they are often what a ray stops at. */
  private readonly sides: readonly BroadPhase<U>['statics'][];

  // Shape and point queries (a shape query leaves out the body the shape belongs to).
  private shape: Shape | null = null;
  private shapeOwner: Body<U> | null = null;
  private px = 0;
  private py = 0;
  private readonly visitShape = (id: number): void => {
    const body = this.side[id] as Body<U>;
    if (body === this.shapeOwner || !passes(body, this.filter)) return;
    if (overlapsUnchecked(this.shape as Shape, body.shape)) this.out.push(body);
  };
  private readonly visitPoint = (id: number): void => {
    const body = this.side[id] as Body<U>;
    if (!passes(body, this.filter)) return;
    body.shape._sync();
    if (containsPointUnchecked(body.shape, this.px, this.py)) this.out.push(body);
  };

  // Rays: the origin, the best hit so far and how far the index walk still looks (rayReach of
  // it, worked out when it changes: per box, the numbers passed and returned would be heap
  // objects), and the ray as the shapes are cast it (origin, direction as given, limit: see
  // raycastUnchecked).
  private readonly ray = {
    best: 0,
    reach: 0,
    body: null as Body<U> | null,
    all: null as RaycastHit<U>[] | null,
  };
  private readonly rayAt = new Float64Array(5);
  private readonly rayHit = new RayHit();
  private readonly bestHit = new RayHit();
  // (The index's walks hand their numbers over in `walk`, and the visitors lower a ray's limit
  // there: see RayWalkVisitor. Passed or returned, each number would be a heap object.)
  private readonly visitRay = (id: number, walk: Float64Array): undefined => {
    const ray = this.ray;
    if (walk[RAY_ENTER] > ray.reach) {
      lowerToReach(walk, ray);
      return;
    }
    const body = this.side[id] as Body<U>;
    if (!passes(body, this.filter)) return;
    // The shape is tested over the whole ray (not up to the best so far) so that an exact tie is
    // seen and resolved by id, whatever order the index visits the boxes in.
    if (!raycastUnchecked(body.shape, this.rayAt, this.rayHit)) return;
    const d = this.rayHit.distance;
    if (ray.all !== null) {
      const hit = new RaycastHit<U>(body);
      hit.copyFrom(this.rayHit);
      ray.all.push(hit);
      return;
    }
    if (ray.body === null || d < ray.best || (d === ray.best && body._id < ray.body._id)) {
      ray.best = d;
      ray.reach = rayReach(d, this.rayAt[0], this.rayAt[1]);
      ray.body = body;
      this.bestHit.copyFrom(this.rayHit);
    }
    lowerToReach(walk, ray);
  };

  // Nearest: the k best so far, sorted by (distance², id).
  // (`reach`: nearReach of the k-th best, once k are found, worked out when that changes.)
  private readonly near = {
    k: 0,
    count: 0,
    limit2: 0,
    reach: 0,
    bodies: [] as Body<U>[],
    dist: [] as number[],
  };
  /** The nearest query's point, and each shape's squared distance from it (see pointDistanceSquaredAt). */
  private readonly nearPoint = new Float64Array(3);
  private readonly visitNearest = (id: number, walk: Float64Array): boolean | undefined => {
    const near = this.near;
    const k = near.k;
    // Box distance is a lower bound of shape distance: once it exceeds the k-th best, stop.
    if (near.count === k && walk[NEAR_DISTANCE] > near.reach) return false;
    const body = this.side[id] as Body<U>;
    if (!passes(body, this.filter)) return undefined;
    body.shape._sync();
    const at = this.nearPoint;
    pointDistanceSquaredAt(body.shape, at);
    const d2 = at[2];
    if (d2 > near.limit2) return undefined;
    const bodies = near.bodies;
    const dist = near.dist;
    let i = near.count;
    if (i === k) {
      if (d2 > dist[k - 1] || (d2 === dist[k - 1] && body._id > bodies[k - 1]._id)) return undefined;
      i = k - 1;
    } else {
      near.count++;
    }
    while (i > 0 && (dist[i - 1] > d2 || (dist[i - 1] === d2 && bodies[i - 1]._id > body._id))) {
      dist[i] = dist[i - 1];
      bodies[i] = bodies[i - 1];
      i--;
    }
    dist[i] = d2;
    bodies[i] = body;
    if (near.count === k) near.reach = nearReach(dist[k - 1], at);
    return undefined;
  };

  // Shape casts: the moving shape and its motion, the best hit so far, the bodies left out.
  /** The cast's moving box and motion, for the index sweeps (minX, minY, maxX, maxY, dx, dy). */
  private readonly mover = new Float64Array(6);
  private readonly castState = {
    shape: null as Shape | null,
    skip: null as Body<U> | null,
    accept: null as ((body: Body<U>, hit: SweepHit) => boolean) | null,
    best: null as Body<U> | null,
    /** The motion (dx, dy), as the shape sweeps take it: {@link castMotion} or the step's own. */
    motion: NO_MOTION as Float64Array,
    /** The best hit's time plus {@link slack} (+∞ until there is one): no box beyond it can beat it. */
    reach: Number.POSITIVE_INFINITY,
    /** How far past the best hit's time the walk looks, for this cast (see sweep). */
    slack: 0,
    all: null as CastHit<U>[] | null,
  };
  /** castShape's and castShapeAll's motion, as the shape sweeps take it (see sweepShapesUnchecked). */
  private readonly castMotion = new Float64Array(2);
  private readonly castHit = new SweepHit();
  private readonly bestCast = new SweepHit();
  private readonly visitCast = (id: number, walk: Float64Array): boolean | undefined => {
    // Boxes come in increasing time of impact, a lower bound of their shapes' (a shape lies in
    // its box): past the best shape hit nothing can beat it.
    if (this.castState.all === null && walk[HIT_T] > this.castState.reach) return false;
    this.castAt(id);
    return undefined;
  };
  /** The box a short cast searches (see sweep). */
  private readonly sweptBox = new Float64Array(4);
  /** {@link visitCast} for a short cast, whose candidates come from a box search (see sweep). */
  private readonly visitShortCast = (id: number): undefined => {
    this.castAt(id);
    return undefined;
  };

  /**
   * The cast against the body of id `id` on the side under way: its hit kept if it is the first
   * so far (or, with `all`, every hit).
   */
  private castAt(id: number): void {
    const cast = this.castState;
    const body = this.side[id] as Body<U>;
    if (body === cast.skip || !passes(body, this.filter)) return;
    const hit = this.castHit;
    if (!sweepShapesUnchecked(cast.shape as Shape, cast.motion, body.shape, hit)) return;
    if (cast.accept !== null && !cast.accept(body, hit)) return;
    if (cast.all !== null) {
      const copy = new CastHit<U>(body);
      copy.copyFrom(hit);
      cast.all.push(copy);
      return;
    }
    const best = cast.best;
    if (best === null || hit.t < this.bestCast.t || (hit.t === this.bestCast.t && body._id < best._id)) {
      cast.best = body;
      cast.reach = hit.t + cast.slack;
      this.bestCast.copyFrom(hit);
    }
  }

  // The queries' own shapes, set from a query's arguments.
  private readonly box = new Box(0, 0, 1, 1);
  private readonly segment = new Segment(0, 0, 1, 0);
  private readonly circle = new Circle(0, 0, 1);

  constructor(private readonly broad: BroadPhase<U>) {
    this.sides = [broad.statics, broad.dynamic];
  }

  /** The shape of World.queryRect (width and height not both 0): a box, or a segment when one is 0. */
  rectShape(x: number, y: number, width: number, height: number): Shape {
    return width === 0 || height === 0
      ? this.segment.setEndpoints(x, y, x + width, y + height)
      : this.box.setPosition(x, y).setSize(width, height);
  }

  /** The shape of World.queryCircle (radius > 0). */
  circleShape(x: number, y: number, radius: number): Shape {
    const shape = this.circle.setPosition(x, y);
    shape.radius = radius;
    return shape;
  }

  /** Bodies whose shape collides with `shape`, searched over the box minX … maxY. */
  shapeQuery(
    shape: Shape,
    minX: number,
    minY: number,
    maxX: number,
    maxY: number,
    out: Body<U>[],
    filter: BodyFilter<U> | undefined,
    owner: Body<U> | null,
  ): void {
    this.begin(out, filter);
    this.shape = shape;
    this.shapeOwner = owner;
    try {
      for (const side of this.sides) {
        if (this.skips(side)) continue;
        this.side = side.bodies;
        side.index.forEachInBox(minX, minY, maxX, maxY, this.visitShape);
      }
    } finally {
      this.shape = null;
      this.shapeOwner = null;
      this.end();
    }
  }

  /** Bodies whose shape strictly contains (x, y). */
  pointQuery(x: number, y: number, out: Body<U>[], filter: BodyFilter<U> | undefined): void {
    this.begin(out, filter);
    this.px = x;
    this.py = y;
    try {
      for (const side of this.sides) {
        if (this.skips(side)) continue;
        this.side = side.bodies;
        side.index.forEachAtPoint(x, y, this.visitPoint);
      }
    } finally {
      this.end();
    }
  }

  /** World.raycast: the first hit, copied into `out` (a new one when omitted), or `null`. */
  raycast(
    ox: number,
    oy: number,
    dx: number,
    dy: number,
    maxDistance: number,
    filter: BodyFilter<U> | undefined,
    out: RaycastHit<U> | undefined,
  ): RaycastHit<U> | null {
    const body = this.walkRay(ox, oy, dx, dy, maxDistance, filter, null);
    if (body === null) return null;
    const result = out ?? new RaycastHit<U>();
    result.copyFrom(this.bestHit);
    result.body = body;
    return result;
  }

  /** World.raycastAll: every hit, nearest first (ties by id), appended to `out`. */
  raycastAll(
    ox: number,
    oy: number,
    dx: number,
    dy: number,
    maxDistance: number,
    filter: BodyFilter<U> | undefined,
    out: RaycastHit<U>[],
  ): RaycastHit<U>[] {
    const hits: RaycastHit<U>[] = [];
    this.walkRay(ox, oy, dx, dy, maxDistance, filter, hits);
    hits.sort(byDistance);
    for (const h of hits) out.push(h);
    return out;
  }

  /**
   * The ray walk: the first hit (returned; its data in `bestHit`) or, with `all`, every hit
   * appended there. The index walks a unit direction so its t is a distance; shapes get the
   * caller's direction.
   */
  private walkRay(
    ox: number,
    oy: number,
    dx: number,
    dy: number,
    maxDistance: number,
    filter: BodyFilter<U> | undefined,
    all: RaycastHit<U>[] | null,
  ): Body<U> | null {
    let ux = 0;
    let uy = 0;
    if (dx !== 0 || dy !== 0) {
      vec[0] = dx;
      vec[1] = dy;
      unitInVec();
      ux = vec[0];
      uy = vec[1];
    }
    const ray = this.ray;
    const at = this.rayAt;
    at[0] = ox;
    at[1] = oy;
    at[2] = dx;
    at[3] = dy;
    at[4] = maxDistance;
    ray.best = maxDistance;
    ray.reach = rayReach(maxDistance, ox, oy);
    ray.body = null;
    ray.all = all;
    this.begin(this.out, filter);
    try {
      // Statics first (often the walls a ray stops at), then dynamics with the shrunken limit.
      const reach = ray.reach;
      if (!this.skips(this.broad.statics)) {
        this.side = this.broad.statics.bodies;
        internal.raycastWalk(this.broad.statics.index, ox, oy, ux, uy, reach, this.visitRay);
      }
      if (!this.skips(this.broad.dynamic)) {
        this.side = this.broad.dynamic.bodies;
        internal.raycastWalk(
          this.broad.dynamic.index,
          ox,
          oy,
          ux,
          uy,
          all === null ? ray.reach : reach,
          this.visitRay,
        );
      }
      return ray.body as Body<U> | null;
    } finally {
      ray.body = null;
      ray.all = null;
      this.end();
    }
  }

  /** World.castShape: the first hit, copied into `out` (a new one when omitted), or `null`. */
  castShape(
    shape: Shape,
    dx: number,
    dy: number,
    filter: BodyFilter<U> | undefined,
    skip: Body<U> | null,
    out: CastHit<U> | undefined,
  ): CastHit<U> | null {
    this.castMotion[0] = dx;
    this.castMotion[1] = dy;
    const body = this.sweep(shape, this.castMotion, filter, skip, null, null);
    if (body === null) return null;
    const result = out ?? new CastHit<U>();
    result.copyFrom(this.bestCast);
    result.body = body;
    return result;
  }

  /** World.castShapeAll: every hit, by time of impact (ties by id), appended to `out`. */
  castShapeAll(
    shape: Shape,
    dx: number,
    dy: number,
    filter: BodyFilter<U> | undefined,
    skip: Body<U> | null,
    out: CastHit<U>[],
  ): CastHit<U>[] {
    const hits: CastHit<U>[] = [];
    this.castMotion[0] = dx;
    this.castMotion[1] = dy;
    this.sweep(shape, this.castMotion, filter, skip, null, hits);
    hits.sort(byTime);
    for (const h of hits) out.push(h);
    return out;
  }

  /**
   * The shape cast: `shape` (at its current place) moved by `motion` (dx, dy: an array, as the
   * shape sweeps take it, since the step casts each continuous body) against every body but
   * `skip`; the first hit (returned, its data in `bestCast` and copied into `hit`) or, with `all`,
   * every hit appended there. `accept` can veto a hit (the continuous sweep uses it). Candidates
   * come from each index's box sweep, nearest first, so only the bodies along the path are tested;
   * for a short cast from a box search (see below), in no order.
   */
  sweep(
    shape: Shape,
    motion: Float64Array,
    filter: BodyFilter<U> | undefined,
    skip: Body<U> | null,
    hit: SweepHit | null,
    all: CastHit<U>[] | null,
    accept: ((body: Body<U>, hit: SweepHit) => boolean) | null = null,
  ): Body<U> | null {
    const dx = motion[0];
    const dy = motion[1];
    const cast = this.castState;
    cast.shape = shape;
    cast.motion = motion;
    cast.skip = skip;
    cast.accept = accept;
    cast.best = null;
    cast.reach = Number.POSITIVE_INFINITY;
    cast.all = all;
    const b = shape.bounds;
    // The slack: a cast's reach is the best hit's time plus it, and a box's time of impact comes
    // out a rounding of its bounds' coordinates over the motion from its shape's. Far from the
    // origin, or for a short motion, that is more than any fixed fraction of the motion (a cast at
    // 1e12 moving by 10, or at 1,000 moving by 1e-5, skipped the lower id of two shapes hit at the
    // same time): 2^-30 of (1 + the coordinates over the motion). (Written out: see unitInVec.)
    const scale = Math.max(Math.abs(b.minX), Math.abs(b.maxX)) + Math.max(Math.abs(b.minY), Math.abs(b.maxY));
    cast.slack = (1 + scale / (Math.abs(dx) + Math.abs(dy))) * 2 ** -30;
    const mover = this.mover;
    mover[0] = b.minX;
    mover[1] = b.minY;
    mover[2] = b.maxX;
    mover[3] = b.maxY;
    mover[4] = dx;
    mover[5] = dy;
    // A cast no longer than the shape is wide and tall (a push, a slow body's cast) takes its
    // candidates from a search of the box it sweeps: the index's sweep, nearest box first, is made
    // for long casts, where it stops at the first hit, and costs several times a search for a
    // short one. The first hit is the same either way (the earliest, ties to the lower id), as
    // long as the index is current and `accept` judges each candidate on its own (the continuous
    // step's does not, and makes up for it: see ContinuousSweeps.sweepContinuous).
    const short = Math.abs(dx) + Math.abs(dy) <= b.maxX - b.minX + (b.maxY - b.minY);
    if (short) {
      // The box the shape sweeps, widened by a rounding of its coordinates: the shape sweep meets
      // a shape it touches, moving into it, at 0, even when the motion is too short to move the
      // box's edges in floating point (at 1e12, by 1e-5), and the search's test is strict.
      const margin = scale * 2 ** -40;
      const box = this.sweptBox;
      box[0] = Math.min(b.minX, b.minX + dx) - margin;
      box[1] = Math.min(b.minY, b.minY + dy) - margin;
      box[2] = Math.max(b.maxX, b.maxX + dx) + margin;
      box[3] = Math.max(b.maxY, b.maxY + dy) + margin;
    }
    this.begin(this.out, filter);
    try {
      for (const side of this.sides) {
        if (this.skips(side)) continue;
        this.side = side.bodies;
        if (short) internal.forEachInBoxFrom(side.index, this.sweptBox, 0, this.visitShortCast);
        else internal.forEachSweepHitFrom(side.index, mover, 0, this.visitCast);
      }
      const body = cast.best as Body<U> | null;
      if (body !== null && hit !== null) hit.copyFrom(this.bestCast);
      return body;
    } finally {
      cast.shape = null;
      cast.skip = null;
      cast.accept = null;
      cast.best = null;
      cast.all = null;
      this.end();
    }
  }

  /** The `k` bodies nearest to (x, y) within `maxDistance`, appended to `out` nearest first. */
  nearest(
    x: number,
    y: number,
    k: number,
    maxDistance: number,
    out: Body<U>[],
    filter: BodyFilter<U> | undefined,
  ): void {
    const near = this.near;
    this.begin(out, filter);
    this.nearPoint[0] = x;
    this.nearPoint[1] = y;
    near.k = k;
    near.count = 0;
    near.limit2 = maxDistance * maxDistance;
    try {
      for (const side of this.sides) {
        if (this.skips(side)) continue;
        this.side = side.bodies;
        // (With nearReach's margin, so that a shape exactly at maxDistance is looked at.)
        internal.forEachNearestWalk(
          side.index,
          x,
          y,
          Math.sqrt(nearReach(near.limit2, this.nearPoint)),
          this.visitNearest,
        );
      }
      for (let i = 0; i < near.count; i++) out.push(near.bodies[i]);
    } finally {
      for (let i = 0; i < near.count; i++) near.bodies[i] = undefined as unknown as Body<U>;
      near.count = 0;
      this.end();
    }
  }

  /**
   * Whether the query's filter leaves out every body of `side` (includeStatic or includeDynamic
   * false): its index is not searched at all. (It was, and the filter then turned each body away:
   * a nearest() with includeStatic false and no maxDistance went through every one of 10,000
   * walls, 1-2 ms a call.)
   */
  private skips(side: BroadPhase<U>['statics']): boolean {
    const filter = this.filter;
    if (filter === undefined) return false;
    return side.isStatic ? filter.includeStatic === false : filter.includeDynamic === false;
  }

  private begin(out: Body<U>[], filter: BodyFilter<U> | undefined): void {
    this.depth++;
    this.out = out;
    this.filter = filter;
  }

  private end(): void {
    this.depth--;
    this.out = NO_BODIES as Body<U>[];
    this.filter = undefined;
    this.side = NO_BODIES;
  }
}

/*
 * How far past a limit (the best hit so far, or the caller's maximum) the index walks. A box's
 * entry distance, time of impact or distance is a lower bound of its shape's in exact arithmetic,
 * but the two are computed differently: a box can come out a rounding past a shape value that
 * ties with the best (ties go to the lower id), or just beats it, or lies exactly on the limit.
 * The shapes themselves are always compared exactly; the margin only costs a box test or two.
 * (A random-seed test found a ray touching a circle exactly where it met a box, the circle's box
 * entry one rounding past the box's hit, so the lower id was never looked at.)
 */

/** Reach for a ray from (ox, oy) whose best hit is at distance `best`. */
function rayReach(best: number, ox: number, oy: number): number {
  return best + (best + Math.abs(ox) + Math.abs(oy)) * 2 ** -30;
}

/**
 * Shortens a ray walk's segment to the ray's reach (see RayWalkVisitor), as the walk does with a
 * visitor's number.
 */
function lowerToReach(walk: Float64Array, ray: { reach: number }): void {
  const t = ray.reach;
  if (t < walk[RAY_LIMIT]) walk[RAY_LIMIT] = t >= 0 ? t : 0;
}

/**
 * Reach (squared) for a nearest search from point[0], point[1] whose k-th best squared distance
 * is `d2`: the distance plus 2^-20 of (it and the point's coordinates), since a box's distance
 * comes out a rounding of the coordinates from its shape's (at 1e9, 0.01 away, the nearest was
 * missed with a margin relative to the distance alone).
 */
function nearReach(d2: number, point: Float64Array): number {
  const d = Math.sqrt(d2);
  const r = d + (d + Math.abs(point[0]) + Math.abs(point[1])) * 2 ** -20;
  return r * r;
}

/** What the cast state points at before its first cast. */
const NO_MOTION = new Float64Array(2);

/** What the query state points at between queries (so it holds no one's bodies). */
const NO_BODIES: never[] = [];

function byDistance<U>(a: RaycastHit<U>, b: RaycastHit<U>): number {
  return a.distance - b.distance || a.body._id - b.body._id;
}

function byTime<U>(a: CastHit<U>, b: CastHit<U>): number {
  return a.t - b.t || a.body._id - b.body._id;
}
