/**
 * The sweeps of continuous bodies in a step: what each crossed since the last step, and which of
 * the step's pairs that makes it miss (a bullet stopped by a wall does not reach the enemy behind
 * it). Run by the step (stepPipeline.ts) between its pair pass and the contact book's records.
 * @module
 */
import { resize } from '../core/resize.js';
import { Contact } from '../geometry/contact.js';
import { roundingIn, vec } from '../geometry/math.js';
import { collideAt, collideUnchecked } from '../geometry/sat.js';
import type { Shape } from '../geometry/shape.js';
import { sweepShapesUnchecked } from '../geometry/sweep.js';
import { SweepHit } from '../geometry/sweepHit.js';
import type { Body } from './Body.js';
import type { BroadPhase } from './broadphase.js';
import type { ContactBook } from './contacts.js';
import { bodyOfRef, type HitList } from './hits.js';
import { Meetings } from './meetings.js';
import type { WorldQueries } from './queries.js';

/** Faces a continuous body can rest on in one sweep, for {@link ContinuousSweeps.meetsAlongSupports}. */
const MAX_SUPPORTS = 3;

/**
 * Sweeps each continuous body from where it was at the last step to where it is now, and keeps
 * the first body it crossed (a crossing) until the contact book has recorded the step's pairs.
 */
export class ContinuousSweeps<U> {
  /** The continuous body being swept and where it ends the step, for {@link acceptCrossing}. */
  private sweptBody: Body<U> | null = null;
  private readonly sweptTo = new Float64Array(2);
  /** What acceptCrossing takes for rounding, for {@link touchesAtStart}. */
  private rounding = 0;
  /** touchesAtStart's sweep, as sweepFrom takes it. */
  private readonly touchFrom = new Float64Array(4);
  /**
   * The faces the swept body rests on: touched at the start and moved into, ending inside with
   * its way out back out through them (a walker on a floor, under gravity: see acceptCrossing).
   * Unit normals, out of each face towards the body, x and y each; see {@link meetsAlongSupports}.
   */
  private readonly supports = new Float64Array(2 * MAX_SUPPORTS);
  /** The id of the body each support belongs to: with more than MAX_SUPPORTS, the lowest ids stay. */
  private readonly supportIds = new Int32Array(MAX_SUPPORTS);
  private supportCount = 0;
  /** Whether the sweep under way knows its supports already (the second sweep: see sweepContinuous). */
  private supportsKnown = false;
  /**
   * The earliest time of a hit meetsAlongSupports rejected in the sweep under way, before the
   * last change of the supports (rejectedEarly) and since (rejectedLate); see sweepContinuous.
   */
  private rejectedEarly = Number.POSITIVE_INFINITY;
  private rejectedLate = Number.POSITIVE_INFINITY;
  /** meetsAlongSupports' sweep, as sweepFrom takes it, and its answer. */
  private readonly alongFrom = new Float64Array(4);
  private readonly alongHit = new SweepHit();
  /** A swept body's contact with one it touches at the start (see {@link acceptCrossing}). */
  private readonly touchContact = new Contact();
  private readonly sweepHit = new SweepHit();
  /**
   * The crossings this step's sweeps found, kept until the book has recorded the step's pairs
   * (see {@link dropBeyondFirstHits}): the body, what it crossed and the hit (its motion is where
   * it is less where it was, see {@link sweepContinuous}). The hits stay for the next step.
   */
  private crossings = 0;
  private readonly crossingBody: (Body<U> | null)[] = [];
  private readonly crossingOther: (Body<U> | null)[] = [];
  private readonly crossingHit: SweepHit[] = [];
  /** Per crossing: whether it is a meeting of two moving continuous bodies (see Meetings), and whether both go back (see forgetMutualCrossings). */
  private readonly crossingMet: boolean[] = [];
  private readonly crossingBoth: boolean[] = [];
  /** Where the moving continuous bodies met each other this step. */
  private readonly meetings = new Meetings<U>();
  /** Per dynamic proxy: 1 + its crossing's number this step, 0 for none. */
  private crossingOf = new Int32Array(64);
  /** When a body with a crossing met another body along its motion (see beyondFirstHit). */
  private readonly entryHit = new SweepHit();
  /**
   * The motion of the body being swept and its start, or its motion and start for sweepFrom
   * (dx, dy, x, y): numbers passed to the sweeps, large functions V8 does not inline, would be
   * boxed on the heap at every call.
   */
  private readonly motion = new Float64Array(4);

  constructor(
    private readonly broad: BroadPhase<U>,
    private readonly queries: WorldQueries<U>,
  ) {}

  /**
   * Drops from the step's colliding pairs (`hits`) those of a body with a crossing and a body it
   * met only after that crossing along its motion (a bullet stopped by a wall, ending inside an
   * enemy behind it, hits the wall only). Run after {@link sweepAll}, before the book records.
   */
  dropPairsBeyondCrossings(hits: HitList): void {
    if (this.crossings === 0) return;
    this.forgetMutualCrossings();
    hits.count = this.dropBeyondFirstHits(hits);
  }

  /** What each continuous body crossed since the last step (see {@link sweepContinuous}). */
  sweepAll(swept: readonly Body<U>[]): void {
    try {
      this.meetings.find(swept);
      this.sweepEach(swept);
    } finally {
      this.meetings.clear();
    }
  }

  private sweepEach(swept: readonly Body<U>[]): void {
    for (let i = 0; i < swept.length; i++) this.sweepContinuous(swept[i]);
  }

  /**
   * Two continuous bodies that crossed each other: the pair keeps the earlier impact (see
   * ContactBook.addCrossing), so the other body's crossing is not its first hit as reported, and
   * does not drop its pairs either. Unless the two met each other moving (both crossings are
   * their meeting, see Meetings): then it is each one's first hit, and both go back.
   */
  private forgetMutualCrossings(): void {
    for (let k = 0; k < this.crossings; k++) {
      const body = this.crossingBody[k] as Body<U>;
      const other = this.crossingOther[k] as Body<U>;
      if (other.isStatic || other._proxy >= this.crossingOf.length) continue;
      const j = this.crossingOf[other._proxy] - 1;
      if (j < 0 || this.crossingOther[j] !== body) continue;
      if (this.crossingMet[k] && this.crossingMet[j]) {
        this.crossingBoth[k] = true;
        continue;
      }
      const t = this.crossingHit[k].t;
      const u = this.crossingHit[j].t;
      // (The book keeps the first one added when the times tie.)
      if (u < t || (u === t && j < k)) this.crossingOf[body._proxy] = 0;
    }
  }

  /**
   * Drops from the step's colliding pairs those of a body with a crossing and a body it met only
   * after that crossing along its motion; returns how many pairs are left (listed first).
   */
  private dropBeyondFirstHits(hits: HitList): number {
    const refs = hits.refs;
    let kept = 0;
    for (let h = 0; h < hits.count; h++) {
      const a = refs[2 * h];
      const b = refs[2 * h + 1];
      if (this.beyondFirstHit(a, b) || this.beyondFirstHit(b, a)) continue;
      if (kept !== h) hits.moveEntry(h, kept);
      kept++;
    }
    return kept;
  }

  /**
   * Whether the body of proxy ref `ref` crossed a body this step (its first hit) and met the
   * body of `otherRef` only later along its motion, unless it is a sensor.
   */
  private beyondFirstHit(ref: number, otherRef: number): boolean {
    if ((ref & 1) !== 0 || ref >> 1 >= this.crossingOf.length) return false; // (static: never swept)
    const k = this.crossingOf[ref >> 1] - 1;
    if (k < 0) return false;
    const other = bodyOfRef(otherRef, this.broad.dynamic, this.broad.statics);
    if (other === this.crossingOther[k]) return false;
    const body = this.crossingBody[k] as Body<U>;
    // A sensor is never put back (separate() does not move it): it does end inside the body.
    if (body.isSensor) return false;
    const shape = body.shape;
    const entry = this.entryHit;
    const from = this.motion;
    from[0] = shape._x - body._prevX;
    from[1] = shape._y - body._prevY;
    from[2] = body._prevX;
    from[3] = body._prevY;
    // Not met along the motion at all (rounding) or met at the same time: kept.
    if (!sweepFrom(shape, from, other.shape, entry)) return false;
    return entry.t > this.crossingHit[k].t;
  }

  /** Hands the step's crossings to the book, after its pairs, and forgets them. */
  addCrossings(book: ContactBook<U>, frame: number): void {
    for (let k = 0; k < this.crossings; k++) {
      const body = this.crossingBody[k] as Body<U>;
      const other = this.crossingOther[k] as Body<U>;
      const both = this.crossingBoth[k];
      // Two bodies that met each other moving have the same crossing, seen from either side: the
      // lower id's is the one reported (its impactBody), whichever was swept first.
      if (!both || body._id < other._id) book.addCrossing(body, other, this.crossingHit[k], frame, both);
      this.crossingOf[body._proxy] = 0;
      this.crossingMet[k] = this.crossingBoth[k] = false;
      this.crossingBody[k] = null;
      this.crossingOther[k] = null;
    }
    this.crossings = 0;
  }

  /** Keeps a crossing found by a sweep (see {@link crossings}). */
  private keepCrossing(body: Body<U>, other: Body<U>, hit: SweepHit, met: boolean): void {
    const k = this.crossings++;
    if (k === this.crossingHit.length) {
      this.crossingHit.push(new SweepHit());
      this.crossingMet.push(false);
      this.crossingBoth.push(false);
    }
    this.crossingMet[k] = met;
    if (body._proxy >= this.crossingOf.length) {
      this.crossingOf = resize(Int32Array, this.crossingOf, 2 * body._proxy + 2, true);
    }
    this.crossingBody[k] = body;
    this.crossingOther[k] = other;
    this.crossingHit[k].copyFrom(hit);
    this.crossingOf[body._proxy] = k + 1;
  }

  /**
   * Sweeps a continuous body from where it was at the last step to where it is now (a translation,
   * at its current angle) and records the first body it crossed that it does not overlap now as a
   * contact with `continuous: true`. Bodies it overlapped already at the start, or overlaps at the
   * end (found by the pair pass), are not reported here.
   */
  private sweepContinuous(body: Body<U>): void {
    const shape = body.shape;
    const motion = this.motion;
    motion[0] = shape._x - body._prevX;
    motion[1] = shape._y - body._prevY;
    if (motion[0] === 0 && motion[1] === 0) return;
    this.sweptTo[0] = shape._x;
    this.sweptTo[1] = shape._y;
    // Put the shape back where it was for the sweep, without telling the world it moved.
    motion[2] = body._prevX;
    motion[3] = body._prevY;
    shape._swapPlace(motion, 2);
    const hit = this.sweepHit;
    let other: Body<U> | null;
    try {
      this.sweptBody = body;
      this.supportCount = 0;
      other = this.queries.sweep(shape, motion, undefined, body, hit, null, this.acceptCrossing);
      // The candidates come in no set order (a short motion's from a box search), and the faces
      // the body rests on are among them, so some hits were judged before every face was known.
      // Two such judgments can change the answer: the hit taken, if it is not met moving along
      // all the faces, and a hit rejected before the last face was found, no later than the one
      // taken (rare: at most one sweep in a thousand in the hunts). Then the sweep runs again
      // with the faces known from the start, so that the answer is the same in whatever order
      // the index hands the candidates over.
      const taken = other === null ? Number.POSITIVE_INFINITY : hit.t;
      const rejectedTooEarly = this.rejectedEarly < Number.POSITIVE_INFINITY && this.rejectedEarly <= taken;
      if (
        rejectedTooEarly ||
        (other !== null && this.supportCount > 0 && hit.t > 0 && !this.meetsAlongSupports(other))
      ) {
        this.supportsKnown = true;
        other = this.queries.sweep(shape, motion, undefined, body, hit, null, this.acceptCrossing);
      }
    } finally {
      this.sweptBody = null;
      this.supportsKnown = false;
      this.rejectedEarly = this.rejectedLate = Number.POSITIVE_INFINITY;
      // Recomputed now: the sweep recomputed the shape where it was, and its data is also the
      // record the next step's narrow phase reads (see Side.geo), without a sync when the body
      // does not move again before it.
      shape._swapPlace(motion, 2);
      shape._sync();
    }
    // A moving continuous body it met before that (see Meetings) comes first.
    const partner = this.meetings.metBefore(body, other !== null, hit);
    if (partner !== null) this.keepCrossing(body, partner, hit, true);
    else if (other !== null) this.keepCrossing(body, other, hit, false);
  }

  /**
   * Which crossings a continuous body reports: filter bits pass, not overlapping at the start, and
   * not a sensor unless the body is one too: a sensor does not stop a body, so the sweep looks
   * past it for what does (a trigger zone in front of a thin wall would otherwise hide the wall).
   *
   * A body that touches the other at the start and moves into it (t = 0, or within rounding of
   * it) needs more care:
   * - An overlap at the start only as deep as rounding counts as touching. A body put back where
   *   it hit (by separate(), or at the contact's point by hand) lands touching only to within
   *   rounding, often a hair inside; sent on through a thin wall, it must hit that wall again.
   * - Ending the step clear of the other, it went through it or cut through one of its corners:
   *   reported, at t = 0. (Walking off a ledge is such a cut, under gravity: separate() then puts
   *   the walker back at its start and slides it along the face it touched, so it goes on off the
   *   edge; see slide.ts.)
   * - Ending inside it, the pair pass has the overlap. When its shortest way out goes against the
   *   body's motion (back out of a floor it rests on and slides along; up onto a step a walker
   *   walks into under gravity; up, for a box whose corner came to a seam a rounding short of
   *   the next tile, which the sweep entered through its side), that contact is the whole story:
   *   a time of impact would only make separate() undo the step's motion, the sideways part
   *   included. The body rests on that side, and what it meets further on it must meet moving
   *   along it (see meetsAlongSupports). When the way out goes along the motion (through the far
   *   side; or down, under a wall no taller than a walker pressed into it, into the floor), the
   *   crossing is reported, at t = 0, so that separate() puts the body back.
   * A crossing from touching has t = 0 exactly (not a rounding past it, from a gap of rounding
   * size): that is how separate() tells it from a body that met the other during the step.
   */
  private readonly acceptCrossing = (other: Body<U>, hit: SweepHit): boolean => {
    const body = this.sweptBody as Body<U>;
    if (other.isSensor && !body.isSensor) return false;
    if (!body.canCollideWith(other)) return false;
    // (Another continuous body that moved: where they met, if they did, is known already.)
    if (this.meetings.decided(body, other)) return false;
    const shape = body.shape;
    const motion = this.motion;
    roundingIn(shape.bounds, other.shape.bounds, motion);
    const rounding = vec[0];
    // (An entry within rounding of the start is touching at the start too: put back with a gap
    // of rounding size instead of an overlap.)
    if (hit.t * (Math.abs(motion[0]) + Math.abs(motion[1])) > rounding) {
      if (this.supportCount === 0 || this.meetsAlongSupports(other)) return true;
      if (!this.supportsKnown && hit.t < this.rejectedLate) this.rejectedLate = hit.t;
      return false;
    }
    const contact = this.touchContact;
    try {
      this.rounding = rounding;
      if (
        collideUnchecked(shape, other.shape, contact) &&
        !this.touchesAtStart(shape, other.shape, contact, hit)
      )
        return false;
      // Touching at the start and moving into the other (hit.normal: its face, towards the body).
      // Clear of it at the end, it crossed it (through, or a corner). Inside it, the overlap moves
      // the body by −normal: against its motion (not reported: it rests on that side), or not.
      const crossed =
        !collideAt(shape, this.sweptTo, other.shape, contact) ||
        contact.normalX * motion[0] + contact.normalY * motion[1] < 0;
      if (crossed) hit.t = 0;
      else if (!this.supportsKnown) {
        // It rests on that side: what it meets further on it must meet moving along it. Along
        // the face the sweep entered, when the way out leaves through it (to within 60°): the
        // way out of a circle that came past a tile's corner leans over that corner, and the
        // motion along it still dipped into the next tile. Else along the way out: a box whose
        // corner came to a seam a rounding short of the next tile entered it through its side,
        // but rests on its top.
        const alongFace = -(contact.normalX * hit.normal.x + contact.normalY * hit.normal.y) >= 0.5;
        this.noteSupport(
          other._id,
          alongFace ? hit.normal.x : -contact.normalX,
          alongFace ? hit.normal.y : -contact.normalY,
        );
      }
      return crossed;
    } finally {
      contact.a = contact.b = null; // (a contact kept here must not keep the shapes alive)
    }
  };

  /**
   * Notes a face the swept body rests on (see acceptCrossing), of the body with id `id`. The faces
   * are kept in order of id and, past {@link MAX_SUPPORTS}, those of the lowest ids stay: the same
   * faces in the same order whatever order the sweep meets them in. Hits rejected until now were
   * judged without it (see sweepContinuous).
   */
  private noteSupport(id: number, nx: number, ny: number): void {
    const ids = this.supportIds;
    const supports = this.supports;
    // Kept in order of id (meetsAlongSupports takes the motion out of each face in turn).
    let k = this.supportCount;
    if (k === MAX_SUPPORTS) {
      if (ids[k - 1] < id) return;
      k--;
    } else this.supportCount++;
    for (; k > 0 && ids[k - 1] > id; k--) {
      ids[k] = ids[k - 1];
      supports[2 * k] = supports[2 * k - 2];
      supports[2 * k + 1] = supports[2 * k - 1];
    }
    ids[k] = id;
    supports[2 * k] = nx;
    supports[2 * k + 1] = ny;
    if (this.rejectedLate < this.rejectedEarly) this.rejectedEarly = this.rejectedLate;
    this.rejectedLate = Number.POSITIVE_INFINITY;
  }

  /**
   * Whether the swept body meets `other` moving along the faces it rests on: its motion less the
   * part into each of them, from its start lifted off them by the rounding allowed (it rests on
   * them to within rounding, and on the next tile of a floor just as much). Tiles of a floor
   * meet edge to edge, and a walker's motion under gravity takes it a little into the floor every
   * step: swept as it is, it meets the next tile's side, or a circle the next tile's corner, and
   * would be held at every seam (a circle for good, closing in on the seam by ever smaller steps).
   * Moving along the floor, it meets a wall standing on it but not the next tile. At most
   * {@link MAX_SUPPORTS} faces; a motion that goes into one of them after leaving the others (a
   * corner) meets nothing.
   */
  private meetsAlongSupports(other: Body<U>): boolean {
    const shape = (this.sweptBody as Body<U>).shape;
    const supports = this.supports;
    const from = this.alongFrom;
    let dx = this.motion[0];
    let dy = this.motion[1];
    let liftX = 0;
    let liftY = 0;
    for (let i = 0; i < 2 * this.supportCount; i += 2) {
      const into = dx * supports[i] + dy * supports[i + 1];
      if (into < 0) {
        dx -= into * supports[i];
        dy -= into * supports[i + 1];
      }
      liftX += supports[i];
      liftY += supports[i + 1];
    }
    const slack = 2 ** -40 * (Math.abs(this.motion[0]) + Math.abs(this.motion[1]));
    for (let i = 0; i < 2 * this.supportCount; i += 2) {
      if (dx * supports[i] + dy * supports[i + 1] < -slack) return false;
    }
    if (dx === 0 && dy === 0) return false;
    from[0] = dx;
    from[1] = dy;
    roundingIn(shape.bounds, other.shape.bounds, this.motion);
    from[2] = shape._x + vec[0] * liftX;
    from[3] = shape._y + vec[0] * liftY;
    return sweepFrom(shape, from, other.shape, this.alongHit);
  }

  /**
   * Whether the swept shape, moving by this.motion, that overlaps `target` at the start, as
   * `contact` says, only touches it to within {@link rounding} and moves into it; if so, `hit` gets
   * the face it touches and where, from a sweep backed off along the normal by the overlap and the
   * rounding allowed (the sweep of an overlap has neither).
   */
  private touchesAtStart(shape: Shape, target: Shape, contact: Contact, hit: SweepHit): boolean {
    const rounding = this.rounding;
    if (contact.depth > rounding) return false;
    const nx = contact.normalX;
    const ny = contact.normalY;
    const dx = this.motion[0];
    const dy = this.motion[1];
    if (!(nx * dx + ny * dy > 0)) return false; // moving away
    const back = contact.depth + rounding;
    const from = this.touchFrom;
    from[0] = dx + back * nx;
    from[1] = dy + back * ny;
    from[2] = shape._x - back * nx;
    from[3] = shape._y - back * ny;
    if (!sweepFrom(shape, from, target, hit) || hit.t === 0) {
      // (Rounding again: the start's own normal, from the body hit towards the mover.)
      hit.normal.x = 0 - nx;
      hit.normal.y = 0 - ny;
    }
    hit.t = 0;
    return true;
  }
}

/**
 * sweepShapes of `shape` moved by (dx, dy) from (x, y), given as from[0 … 3] = dx, dy, x, y (the
 * motion first, where the sweep reads it), then put back where it was (its data recomputed there,
 * bit for bit as before).
 */
function sweepFrom(shape: Shape, from: Float64Array, target: Shape, out: SweepHit): boolean {
  shape._swapPlace(from, 2);
  try {
    return sweepShapesUnchecked(shape, from, target, out);
  } finally {
    shape._swapPlace(from, 2);
    shape._sync();
  }
}

/**
 * Throws a RangeError naming the body when its sweep cannot run: a motion since the last step
 * that overflows (from near one end of the float range to the other). Run for every continuous
 * body before the step changes anything, so that such a step throws and changes nothing. (Its
 * bounds where it was are finite: a position is, and a shape reaches at most 1e75 from it.)
 */
function checkSweep<U>(body: Body<U>): void {
  const dx = body.shape._x - body._prevX;
  const dy = body.shape._y - body._prevY;
  if (!(dx - dx === 0 && dy - dy === 0)) {
    throw new RangeError(
      `continuous body ${body._id} moved by (${dx}, ${dy}) since the last step, which overflows; teleport() it instead`,
    );
  }
}

/** Checks every continuous body's motion (see checkSweep), before the step changes anything. */
export function checkSweeps<U>(swept: readonly Body<U>[]): void {
  for (let i = 0; i < swept.length; i++) checkSweep(swept[i]);
}

/** Notes where each continuous body is, where its next sweep starts. */
export function notePositions<U>(swept: readonly Body<U>[]): void {
  for (let i = 0; i < swept.length; i++) {
    swept[i]._prevX = swept[i].shape._x;
    swept[i]._prevY = swept[i].shape._y;
  }
}
