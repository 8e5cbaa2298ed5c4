/**
 * Where continuous bodies that both moved in a step met each other. Run by the continuous sweeps
 * (continuous.ts) before they sweep each body through the index.
 * @module
 */
import { resize } from '../core/resize.js';
import { Contact } from '../geometry/contact.js';
import { roundingIn, vec } from '../geometry/math.js';
import { collideUnchecked } from '../geometry/sat.js';
import { sweepShapesUnchecked } from '../geometry/sweep.js';
import { SweepHit } from '../geometry/sweepHit.js';
import type { Body } from './Body.js';
import { IndexSort } from './indexSort.js';
import { PairTable } from './pairTable.js';

/** Numbers kept per mover: see Meetings.reach. */
const STRIDE = 10;

/** How a pair stood at the start of its sweep: see Meetings.atStart. */
const LATER = 0;
const APART = 1;
const SHALLOW = 2;
const DEEP = 3;

/**
 * A continuous body is swept through the index against where the other bodies ended the step.
 * For another continuous body that moved too, that place is wrong: two bullets flying head-on
 * each pass where the other one was before the other got there, and neither is met (a third of
 * head-on pairs passed through each other, before this). So every two continuous bodies that moved
 * are swept against each other here with their relative motion, from where both were at the last
 * step: they met at t when the first one, moved by t of its motion, touches the other moved by t of
 * its own. That answer stands for the pair (the index sweeps look past the other body). Two that
 * touched at the start and moved into each other (put back against each other by the last
 * separate(), walking into each other) meet at t = 0 if they went through each other (see
 * crossedFromTouching), as a body that touched a wall does (ContinuousSweeps.acceptCrossing). Two
 * that overlapped at the start by more than rounding are left to the index sweeps, as before.
 *
 * The pairs are found by sort and sweep on the bounds of each body's whole motion: continuous
 * bodies are few as a rule, and this costs O(m log m) in the m that moved, plus the pairs whose
 * motions' bounds overlap.
 */
export class Meetings<U> {
  /**
   * The continuous bodies that moved since the last step, and per mover {@link STRIDE} numbers:
   * the bounds of its whole motion (its reach), its bounds where it was, and its motion.
   */
  private movers: (Body<U> | null)[] = [];
  private moverCount = 0;
  private reach = new Float64Array(8 * STRIDE);
  /** Orders the movers by the left edge of their reach. */
  private readonly byLeft = new IndexSort();
  /**
   * The pairs that met during the step: bodies `first`, `second`; per meeting 5 numbers in `meetData`:
   * t, the unit normal from `second` towards `first`, where they met (world, at t).
   */
  private first: (Body<U> | null)[] = [];
  private second: (Body<U> | null)[] = [];
  private meetData = new Float64Array(40);
  private meetCount = 0;
  /**
   * Pairs of movers that overlapped at the start by more than rounding (left to the index sweeps):
   * by ids (lower, higher), for {@link decided}, which the index sweeps ask of every candidate; and
   * listed, to forget them after the step. (A crowd of continuous bodies has hundreds of them.)
   */
  private readonly overlapped = new PairTable<true>();
  private overlappedA: (Body<U> | null)[] = [];
  private overlappedB: (Body<U> | null)[] = [];
  private overlappedCount = 0;
  /** Per dynamic proxy: 1 + the number of the body's earliest meeting (0: none). */
  private earliest = new Int32Array(64);
  /** The relative motion and the start of a sweep, as sweepShapesUnchecked reads them, and the other body's start. */
  private readonly motion = new Float64Array(4);
  private readonly otherStart = new Float64Array(2);
  /** The rounding allowed in a pair's sweep (see roundingIn). */
  private readonly rounding = new Float64Array(1);
  private readonly hit = new SweepHit();
  /** The pair's overlap where both were (within rounding: they touched), then where both are. */
  private readonly touch = new Contact();
  /**
   * How the pair under way stood at the start, when the sweep met at the start (to within
   * rounding): {@link APART} (touching, or a rounding apart), {@link SHALLOW} (overlapping by no
   * more than rounding; then the overlap's normal, a to b, at 1 and 2) or {@link DEEP}; else
   * {@link LATER} (met during the step, or not at all).
   */
  private readonly atStart = new Float64Array(3);

  /** Finds where the continuous bodies in `swept` that moved since the last step met each other. */
  find(swept: readonly Body<U>[]): void {
    this.moverCount = 0;
    this.collectMovers(swept);
    if (this.moverCount < 2) return;
    this.sortByLeft();
    this.sweepPairs(this.byLeft.sorted);
  }

  /** Forgets the step's meetings (the bodies are not kept alive). */
  clear(): void {
    this.forgetMeetings();
    this.forgetOverlapped();
    this.forgetMovers();
  }

  private forgetMeetings(): void {
    const count = this.meetCount;
    this.meetCount = 0;
    const earliest = this.earliest;
    for (let k = 0; k < count; k++) {
      const a = (this.first[k] as Body<U>)._proxy;
      const b = (this.second[k] as Body<U>)._proxy;
      if (a < earliest.length) earliest[a] = 0;
      if (b < earliest.length) earliest[b] = 0;
      this.first[k] = this.second[k] = null;
    }
  }

  private forgetOverlapped(): void {
    const count = this.overlappedCount;
    this.overlappedCount = 0;
    for (let k = 0; k < count; k++) {
      this.overlapped.delete((this.overlappedA[k] as Body<U>)._id, (this.overlappedB[k] as Body<U>)._id);
      this.overlappedA[k] = this.overlappedB[k] = null;
    }
  }

  private forgetMovers(): void {
    const count = this.moverCount;
    this.moverCount = 0;
    for (let i = 0; i < count; i++) this.movers[i] = null;
  }

  /**
   * Whether the relative sweep decided whether `body` and `other` met (so the index sweep of `body`
   * looks past `other`): both are continuous and moved, and did not overlap at the start.
   */
  decided(body: Body<U>, other: Body<U>): boolean {
    if (!other._continuous || (other.shape._x === other._prevX && other.shape._y === other._prevY)) {
      return false;
    }
    const lo = Math.min(body._id, other._id);
    return this.overlapped.get(lo, body._id + other._id - lo) === undefined;
  }

  /**
   * The body `body` met first among the moving continuous bodies, if it met one strictly before
   * the hit in `hit` (or both at 0; any time, when `hasHit` is false); `hit` then gets that meeting from
   * `body`'s side (normal from the other body towards it). Null otherwise (`hit` untouched).
   * (The time is read from `hit` rather than passed: a number passed to a call V8 does not inline
   * is boxed on the heap.)
   */
  metBefore(body: Body<U>, hasHit: boolean, hit: SweepHit): Body<U> | null {
    if (body._proxy >= this.earliest.length) return null;
    const k = this.earliest[body._proxy] - 1;
    if (k < 0) return null;
    const d = 5 * k;
    const data = this.meetData;
    // At t = 0 the meeting comes first: a body pressed against another that also touched the floor
    // it walks on (a t = 0 crossing, at a seam or off an edge) must go back with the other one, or
    // the other one goes on through it; its slide meets the floor as well (see slide.ts).
    if (hasHit && !(data[d] < hit.t || (data[d] === 0 && hit.t === 0))) return null;
    const sign = this.first[k] === body ? 1 : -1;
    hit.t = data[d];
    hit.normal.x = sign * data[d + 1] + 0;
    hit.normal.y = sign * data[d + 2] + 0;
    hit.point.x = data[d + 3];
    hit.point.y = data[d + 4];
    return sign === 1 ? (this.second[k] as Body<U>) : (this.first[k] as Body<U>);
  }

  /** Lists the continuous bodies that moved, with the bounds of their motion (from moverCount 0). */
  private collectMovers(swept: readonly Body<U>[]): void {
    for (let i = 0; i < swept.length; i++) {
      const body = swept[i];
      const shape = body.shape;
      const dx = shape._x - body._prevX;
      const dy = shape._y - body._prevY;
      if (dx === 0 && dy === 0) continue;
      const o = STRIDE * this.moverCount;
      if (o + STRIDE > this.reach.length)
        this.reach = resize(Float64Array, this.reach, 2 * (o + STRIDE), true);
      const b = shape.bounds;
      const r = this.reach;
      // Swept at its current angle: where it was is its shape now, less the motion.
      r[o + 4] = b.minX - dx;
      r[o + 5] = b.minY - dy;
      r[o + 6] = b.maxX - dx;
      r[o + 7] = b.maxY - dy;
      r[o] = Math.min(b.minX, r[o + 4]);
      r[o + 1] = Math.min(b.minY, r[o + 5]);
      r[o + 2] = Math.max(b.maxX, r[o + 6]);
      r[o + 3] = Math.max(b.maxY, r[o + 7]);
      r[o + 8] = dx;
      r[o + 9] = dy;
      this.movers[this.moverCount++] = body;
    }
  }

  /** Orders the movers by the left edge of their reach, into byLeft.sorted. */
  private sortByLeft(): void {
    this.byLeft.fit(this.moverCount);
    this.leftEdges();
    this.byLeft.sort(this.moverCount);
  }

  private leftEdges(): void {
    const byLeft = this.byLeft;
    for (let i = 0; i < this.moverCount; i++) {
      byLeft.key[i] = this.reach[STRIDE * i];
      byLeft.tie[i] = 0;
    }
  }

  /** Sweeps every two movers whose reaches overlap (closed: touching counts) against each other. */
  private sweepPairs(order: Int32Array): void {
    const reach = this.reach;
    const m = this.moverCount;
    for (let p = 0; p < m; p++) {
      const i = STRIDE * order[p];
      for (let q = p + 1; q < m; q++) {
        const j = STRIDE * order[q];
        if (reach[j] > reach[i + 2]) break;
        if (reach[j + 1] > reach[i + 3] || reach[i + 1] > reach[j + 3]) continue;
        // The bounds of the first one's relative motion must reach the other's bounds where it
        // was, too (with a slack far above the rounding of these sums): most pairs whose reaches
        // overlap passed at different times.
        const relX = reach[i + 8] - reach[j + 8];
        const relY = reach[i + 9] - reach[j + 9];
        const slack =
          2 ** -30 *
          (Math.abs(relX) +
            Math.abs(relY) +
            Math.abs(reach[i + 4]) +
            Math.abs(reach[i + 5]) +
            Math.abs(reach[i + 6]) +
            Math.abs(reach[i + 7]));
        if (
          Math.min(reach[i + 4], reach[i + 4] + relX) - slack > reach[j + 6] ||
          Math.max(reach[i + 6], reach[i + 6] + relX) + slack < reach[j + 4] ||
          Math.min(reach[i + 5], reach[i + 5] + relY) - slack > reach[j + 7] ||
          Math.max(reach[i + 7], reach[i + 7] + relY) + slack < reach[j + 5]
        ) {
          continue;
        }
        // (The lower id moves in the sweep, whichever comes first here: the same answer to the bit
        // whatever the order of the bodies' reaches.)
        const a = this.movers[order[p]] as Body<U>;
        const b = this.movers[order[q]] as Body<U>;
        if (a._id < b._id) this.sweepPair(a, b);
        else this.sweepPair(b, a);
      }
    }
  }

  /** Sweeps `a` against `b` with their relative motion, from where both were, and notes a meeting. */
  private sweepPair(a: Body<U>, b: Body<U>): void {
    if (!a.canCollideWith(b)) return;
    // Sensors do not stop bodies: a body that is not a sensor does not meet one (as in the index sweeps).
    const aMeets = !b.isSensor || a.isSensor;
    const bMeets = !a.isSensor || b.isSensor;
    if (!aMeets && !bMeets) return;
    const sa = a.shape;
    const sb = b.shape;
    const motion = this.motion;
    const bdx = sb._x - b._prevX;
    const bdy = sb._y - b._prevY;
    motion[0] = sa._x - a._prevX - bdx;
    motion[1] = sa._y - a._prevY - bdy;
    if (motion[0] === 0 && motion[1] === 0) return; // (moving together: they meet only if they overlap)
    motion[2] = a._prevX;
    motion[3] = a._prevY;
    const start = this.otherStart;
    start[0] = b._prevX;
    start[1] = b._prevY;
    const hit = this.hit;
    const touch = this.touch;
    const atStart = this.atStart;
    let met: boolean;
    sa._swapPlace(motion, 2);
    sb._swapPlace(start, 0);
    try {
      // (Kept in an array: a number live across the try is boxed on the heap, every pair.)
      roundingIn(sa.bounds, sb.bounds, motion);
      this.rounding[0] = vec[0];
      met = sweepShapesUnchecked(sa, motion, sb, hit);
      atStart[0] = LATER;
      if (met && hit.t * (Math.abs(motion[0]) + Math.abs(motion[1])) <= this.rounding[0]) {
        atStart[0] = APART;
        if (collideUnchecked(sa, sb, touch)) {
          atStart[0] = touch.depth > this.rounding[0] ? DEEP : SHALLOW;
          atStart[1] = touch.normalX;
          atStart[2] = touch.normalY;
        }
      }
    } finally {
      touch.a = touch.b = null; // (a contact kept here must not keep the shapes alive)
      sa._swapPlace(motion, 2);
      sb._swapPlace(start, 0);
      sa._sync();
      sb._sync();
    }
    if (!met) return;
    if (atStart[0] !== LATER) {
      if (atStart[0] === DEEP) {
        // Overlapping at the start: the index sweeps decide, as for any body.
        const k = this.overlappedCount++;
        this.overlappedA[k] = a; // (a has the lower id: see sweepPairs)
        this.overlappedB[k] = b;
        this.overlapped.set(a._id, b._id, true);
        return;
      }
      if (!this.crossedFromTouching(a, b, hit)) return;
      hit.t = 0;
    }
    const k = this.meetCount++;
    if (5 * k + 5 > this.meetData.length)
      this.meetData = resize(Float64Array, this.meetData, 10 * k + 10, true);
    const d = 5 * k;
    const data = this.meetData;
    data[d] = hit.t;
    data[d + 1] = hit.normal.x;
    data[d + 2] = hit.normal.y;
    // The sweep held b where it was; at t it had moved by t of its motion.
    data[d + 3] = hit.point.x + hit.t * bdx;
    data[d + 4] = hit.point.y + hit.t * bdy;
    this.first[k] = a;
    this.second[k] = b;
    if (aMeets) this.noteEarliest(a, k);
    if (bMeets) this.noteEarliest(b, k);
  }

  /**
   * Two movers that touched at the start (to within rounding) and moved into each other: whether
   * they went through each other, which then counts as meeting at t = 0 (separate() puts both back
   * and slides them along the face they touched, as it does a body that touched a wall). They did
   * when they end the step clear of each other (through, or across a corner), or overlapping with
   * the way out for `a` along its motion relative to `b` (past the middle). Otherwise they rest
   * against each other (two walkers pressing): the pair's overlap is pushed out, as for any pair.
   * `hit.normal` gets the face they touched, from `b` towards `a`.
   */
  private crossedFromTouching(a: Body<U>, b: Body<U>, hit: SweepHit): boolean {
    const motion = this.motion;
    const rounding = this.rounding[0];
    // The face: the overlap's normal (a to b) within rounding, or the one the sweep met.
    if (this.atStart[0] === SHALLOW) {
      hit.normal.x = 0 - this.atStart[1];
      hit.normal.y = 0 - this.atStart[2];
    }
    // Moving into each other, by more than rounding (a graze is no crossing).
    if (!(-(hit.normal.x * motion[0] + hit.normal.y * motion[1]) > rounding)) return false;
    const touch = this.touch;
    try {
      if (!collideUnchecked(a.shape, b.shape, touch)) return true;
      return touch.normalX * motion[0] + touch.normalY * motion[1] < 0;
    } finally {
      touch.a = touch.b = null;
    }
  }

  /** Keeps meeting k as `body`'s earliest if it is (ties: the one found first). */
  private noteEarliest(body: Body<U>, k: number): void {
    const proxy = body._proxy;
    if (proxy >= this.earliest.length) this.earliest = resize(Int32Array, this.earliest, 2 * proxy + 2, true);
    const j = this.earliest[proxy] - 1;
    if (j < 0 || this.meetData[5 * k] < this.meetData[5 * j]) this.earliest[proxy] = k + 1;
  }
}
