/**
 * "Collide and slide" moves for {@link World.separate}: the put-back of a continuous body that
 * touched a face at the start of a step and moved into it (a contact with time of impact 0), a
 * slide along what it touched; and the push of a moving body by another, which slides along the
 * static bodies it meets instead of entering them.
 * @module
 */
import { Contact } from '../geometry/contact.js';
import { roundingIn, vec } from '../geometry/math.js';
import { collideUnchecked } from '../geometry/sat.js';
import { SweepHit } from '../geometry/sweepHit.js';
import type { Body } from './Body.js';
import type { BroadPhase } from './broadphase.js';
import type { WorldQueries } from './queries.js';
import type { BodyContact, Impact } from './types.js';

/** What a push is swept against (see Slide.push). */
const STATIC_ONLY = { includeDynamic: false, includeSensors: false };

/** Faces a slide follows at most (2 meet in a corner; a third is a body squeezed in between). */
const MAX_FACES = 3;

/**
 * Moves a body back to where it started the step, then along the face it touched by the part of
 * its motion that went along it, "collide and slide" as a character controller moves: swept
 * against every body it collides with, and met by one, on along that one's face with what is left,
 * unless that leads back into a face already met (a corner: it stops there).
 *
 * Putting it back at its start alone would hold a body walking off a ledge at the edge for good
 * (every step it touches the floor, and its path cuts the corner); leaving it where the step took
 * it would leave a bullet that cut through the end of a wall beyond it. Of a convex shape nothing
 * lies beyond the line of one of its faces, so the slide never enters the body it touched; the
 * sweep is for the others (sliding past the end of a wall, a bullet would cross the next wall of a
 * room's corner; a walker coming down a ramp would be put into the floor at its foot).
 *
 * A push ({@link push}) is the same slide from where the body is, against the static bodies only.
 * @internal
 */
export class Slide<U> {
  /** The motion of the sweep under way, as queries.sweep takes it, then where it starts (x, y). */
  private readonly motion = new Float64Array(4);
  private readonly hit = new SweepHit();
  private readonly touch = new Contact();
  /** The faces met so far: unit normals pointing out of them, towards the body (x, y each). */
  private readonly faces = new Float64Array(2 * MAX_FACES);
  /** How many faces were met so far; the slide under way follows the last one. */
  private count = 0;
  /** The body sliding, for {@link stops}. */
  private body: Body<U> | null = null;
  /**
   * Whether the slide under way is a push (see {@link push}): swept against the static bodies
   * only, and stopped by one it is already in as well, when it goes deeper.
   */
  private pushing = false;

  constructor(
    private readonly queries: WorldQueries<U>,
    private readonly broad: BroadPhase<U>,
  ) {}

  /**
   * Slides `mover` back and along the face of its contact `c`: the contact's mover, at the end of
   * its step, or (`partner`) the other body, when both met each other moving (see meetings.ts).
   */
  run(c: BodyContact<U>, mover: Body<U>, partner: boolean): void {
    const faces = this.faces;
    // impactNormal points from A to B; the face's normal, from the other body to the mover.
    const sign = mover === c.bodyA ? -1 : 1;
    const toi = c._toi as Impact<U>; // (a contact with a mover has one)
    faces[0] = sign * toi.normal.x;
    faces[1] = sign * toi.normal.y;
    this.count = 1;
    const step = mover._meetStep as Float64Array; // (read only for the partner, which has one)
    const motion = this.motion;
    motion[0] = partner ? step[0] : toi.moveX;
    motion[1] = partner ? step[1] : toi.moveY;
    motion[2] = (partner ? step[2] : mover.shape._x) - motion[0];
    motion[3] = (partner ? step[3] : mover.shape._y) - motion[1];
    this.pushing = false;
    this.follow(mover);
    mover._teleportTo(this.motion, 2);
  }

  /**
   * How far `body` can be pushed by (by[0], by[1]) without entering a static body: the push swept
   * against the static bodies it collides with, and met by one, on along that one's face with
   * what is left, as {@link run} slides. Into by[0], by[1]; the body does not move. For
   * separate()'s pushes of a moving body by another one.
   *
   * A static body it already overlaps stops it too when the push goes further into it (at once: it
   * slides along), however deep it is: a crowd must not press a body through a wall (its own push
   * out of the wall comes in its turn).
   */
  push(body: Body<U>, by: Float64Array): void {
    this.count = 0;
    this.pushing = true;
    const motion = this.motion;
    motion[0] = by[0];
    motion[1] = by[1];
    motion[2] = body.shape._x;
    motion[3] = body.shape._y;
    this.follow(body);
    by[0] = motion[2] - body.shape._x;
    by[1] = motion[3] - body.shape._y;
  }

  /**
   * The slide itself: from (motion[2], motion[3]) by (motion[0], motion[1]), along the faces met
   * (the first of them, if any, already in {@link faces}); where it ends goes to motion[2], motion[3].
   */
  private follow(body: Body<U>): void {
    const faces = this.faces;
    const motion = this.motion;
    let dx = motion[0];
    let dy = motion[1];
    let x = motion[2];
    let y = motion[3];
    for (;;) {
      // Take out the part into the face met last; if what is left goes into an earlier one, the
      // two make a corner the body cannot slide out of.
      const count = this.count;
      if (count > 0) {
        const fx = faces[2 * count - 2];
        const fy = faces[2 * count - 1];
        const into = dx * fx + dy * fy;
        if (into < 0) {
          dx -= into * fx;
          dy -= into * fy;
        }
      }
      const slack = 2 ** -40 * (Math.abs(dx) + Math.abs(dy));
      for (let i = 0; i < count - 1; i++) {
        if (dx * faces[2 * i] + dy * faces[2 * i + 1] < -slack) dx = dy = 0;
      }
      if (dx === 0 && dy === 0) break;
      motion[0] = dx;
      motion[1] = dy;
      motion[2] = x;
      motion[3] = y;
      const met = this.sweep(body);
      const f = met ? this.hit.t : 1;
      x += f * dx;
      y += f * dy;
      if (!met || count === MAX_FACES) break;
      dx *= 1 - f;
      dy *= 1 - f;
      faces[2 * count] = this.hit.normal.x;
      faces[2 * count + 1] = this.hit.normal.y;
      this.count = count + 1;
    }
    motion[2] = x;
    motion[3] = y;
  }

  /**
   * Whether `body`, placed where {@link motion} starts, meets a body it collides with along it;
   * if so, `hit` says when (a fraction of the motion) and the face it met. (Numbers in an array
   * and in `hit`, not passed or returned: V8 boxes a double that crosses a call it does not inline.)
   */
  private sweep(body: Body<U>): boolean {
    const shape = body.shape;
    const filter = this.pushing ? STATIC_ONLY : undefined;
    // Bodies put back, pushed or slid earlier in this separate() are re-filed first: the index
    // would look for them where the step left them. (None of them is static: a push need not.)
    if (!this.pushing) this.broad.sync();
    // (A push's first sweep starts where the body is: moving the shape there and back would only
    // recompute it twice.)
    const away = this.motion[2] !== shape._x || this.motion[3] !== shape._y;
    if (away) shape._swapPlace(this.motion, 2);
    try {
      this.body = body;
      return this.queries.sweep(shape, this.motion, filter, body, this.hit, null, this.stops) !== null;
    } finally {
      this.body = null;
      if (away) shape._swapPlace(this.motion, 2);
    }
  }

  /**
   * Whether a body the slide meets stops it: one the body collides with (filter bits pass, not a
   * sensor), that does not lie beyond the line of the face the slide follows, met along the
   * motion, or touched at its start (to within rounding) with the motion going into it by more
   * than rounding: then at 0, `hit.normal` its face. A body it overlaps more deeply at the start is
   * left to the push that follows.
   */
  private readonly stops = (other: Body<U>, hit: SweepHit): boolean => {
    const body = this.body as Body<U>;
    if (other.isSensor || !body.canCollideWith(other)) return false;
    const shape = body.shape;
    const dx = this.motion[0];
    const dy = this.motion[1];
    roundingIn(shape.bounds, other.shape.bounds, this.motion);
    const rounding = vec[0];
    // Wholly beyond the line of the face the slide follows (to within rounding), the other cannot
    // be entered sliding along it: the body it touched is such a one, and so is the next tile of
    // a floor, whose side its lowest point, a rounding below the tiles' tops, would otherwise meet
    // at every seam. Measured on the boxes (the other's highest corner along the normal, the
    // body's lowest): exact for the axis-aligned faces of tiles, on the safe side for the others.
    if (this.count > 0) {
      const fx = this.faces[2 * this.count - 2];
      const fy = this.faces[2 * this.count - 1];
      const o = other.shape.bounds;
      const b = shape.bounds;
      const otherTop = Math.max(fx * o.minX, fx * o.maxX) + Math.max(fy * o.minY, fy * o.maxY);
      const bodyLow = Math.min(fx * b.minX, fx * b.maxX) + Math.min(fy * b.minY, fy * b.maxY);
      if (otherTop <= bodyLow + rounding) return false;
    }
    if (hit.t * (Math.abs(dx) + Math.abs(dy)) > rounding) return true;
    const touch = this.touch;
    try {
      // Out of the other at the start: the overlap's normal turned round (it points from the body
      // to the other), or, touching or a rounding apart, the face the sweep met.
      let nx = hit.normal.x;
      let ny = hit.normal.y;
      if (collideUnchecked(shape, other.shape, touch)) {
        if (touch.depth > rounding && !this.pushing) return false;
        nx = -touch.normalX;
        ny = -touch.normalY;
      }
      if (!(-(nx * dx + ny * dy) > rounding)) return false;
      hit.t = 0;
      hit.normal.x = nx;
      hit.normal.y = ny;
      return true;
    } finally {
      touch.a = touch.b = null; // (a contact kept here must not keep the shapes alive)
    }
  };
}
