import { Contact, copyContact } from '../geometry/contact.js';
import { collideRecords } from '../geometry/sat.js';
import type { Shape } from '../geometry/shape.js';
import type { SweepHit } from '../geometry/sweepHit.js';
import type { Body } from './Body.js';
import type { Side } from './broadphase.js';
import { PairTable } from './pairTable.js';
import { BodyContact } from './types.js';

/**
 * The world's contacts from step to step: one pooled {@link BodyContact} per touching pair, kept
 * in a table by the pair's ids, and the lists a step hands out (all, started, stayed, ended), each
 * sorted by (bodyA.id, bodyB.id). A step calls {@link begin}, then {@link consider} for every
 * candidate pair and {@link addCrossing} for continuous bodies, then {@link finish}.
 * @internal
 */
export class ContactBook<U> {
  /** The pairs touching after the last step, sorted; `count` of them are valid. */
  current: BodyContact<U>[] = [];
  count = 0;
  readonly started: BodyContact<U>[] = [];
  readonly stayed: BodyContact<U>[] = [];
  readonly ended: BodyContact<U>[] = [];
  /** The other buffer: contacts gathered during a step, then the next sorted list. */
  private scratch: BodyContact<U>[] = [];
  private building = 0;
  /** How many contacts of the step under way are new; they are listed in `started` as they open. */
  private starting = 0;
  private readonly table = new PairTable<BodyContact<U>>();
  private readonly pool: BodyContact<U>[] = [];
  /** The narrow phase's answer for the pair {@link consider} is testing, copied on a collision. */
  private readonly found = new Contact();
  private poolCount = 0;

  /** Number of pairs in the table: equals `count` between steps. */
  get tableSize(): number {
    return this.table.size;
  }

  /** Starts a step: the contacts that ended last step may now be recycled. */
  begin(): void {
    const ended = this.ended;
    for (let i = 0; i < ended.length; i++) this.release(ended[i]);
    // The list is not emptied here: finish() overwrites it and sets its length, and no user code
    // runs in between. Setting a JS array's length to 0 drops its storage, and refilling it then
    // allocates; with lists that keep their storage a steady step allocates nothing.
    this.building = 0;
    this.starting = 0;
  }

  /**
   * A candidate pair from the broad phase, proxy p of side sa and proxy q of side sb (filters and
   * tight bounds already passed, the bounds tested on values copied from the shapes since they
   * last changed): runs the narrow phase and records the contact, new or continuing, when the
   * shapes collide. Everything comes from the sides' arrays, the shapes' records included (see
   * Side.geo); the bodies are read only when a contact starts.
   */
  consider(sa: Side<U>, p: number, sb: Side<U>, q: number, frame: number): void {
    const ia = sa.bodyId(p);
    const ib = sb.bodyId(q);
    const aIsLo = ia < ib;
    // The narrow phase first, on the two shapes' records (see Side.geo), into a contact that stays
    // in the cache: a quarter of the pairs that get here do not collide, and they then cost no
    // table lookup and no pooled contact.
    const found = this.found;
    const hit = aIsLo
      ? collideRecords(sa.geo, sa.geoAt[p], sb.geo, sb.geoAt[q], found)
      : collideRecords(sb.geo, sb.geoAt[q], sa.geo, sa.geoAt[p], found);
    if (!hit) return;
    found.a = (aIsLo ? sa.shapes[p] : sb.shapes[q]) as Shape;
    found.b = (aIsLo ? sb.shapes[q] : sa.shapes[p]) as Shape;
    const lo = aIsLo ? ia : ib;
    const hi = aIsLo ? ib : ia;
    let contact = this.table.get(lo, hi);
    if (contact === undefined) {
      contact = this.acquire();
      const a = sa.bodies[p] as Body<U>;
      const b = sb.bodies[q] as Body<U>;
      this.open(contact, aIsLo ? a : b, aIsLo ? b : a, frame);
    }
    copyContact(found, contact);
    contact.isSensor = (sa.sensor(p) | sb.sensor(q)) !== 0;
    // Most contacts have no time of impact to clear, and writing the defaults anyway touches more
    // of each contact's cache lines: a step's cost is mostly cache misses.
    if (contact._impact) clearImpact(contact);
    contact._seenStep = frame;
    this.scratch[this.building++] = contact;
  }

  /**
   * Continuous `body`, moving by (dx, dy) this step, met `other` first, at `hit`: a contact with
   * `continuous: true` when they do not overlap now, or the time of impact added to the pair
   * pass's contact when they do.
   */
  addCrossing(body: Body<U>, other: Body<U>, dx: number, dy: number, hit: SweepHit, frame: number): void {
    const lo = body._id < other._id ? body : other;
    const hi = lo === body ? other : body;
    let contact = this.table.get(lo._id, hi._id);
    const seen = contact !== undefined && contact._seenStep === frame;
    // Both bodies continuous, and the other one's sweep met this one already: the pair keeps the
    // earlier impact, all of it (normal, time, point and mover from one sweep, never a mix).
    if (seen && (contact as BodyContact<U>)._impact && hit.t >= (contact as BodyContact<U>).timeOfImpact)
      return;
    if (seen && !(contact as BodyContact<U>).continuous) {
      // It ends the step inside the body it met first: the pair pass has the overlap; add when
      // and where the body entered, so that separate() puts it back on the side it came from
      // instead of pushing it through along the shortest way out.
      this.setImpact(contact as BodyContact<U>, body, dx, dy, hit);
      return;
    }
    if (contact === undefined) {
      contact = this.acquire();
      this.open(contact, lo, hi, frame);
    }
    contact.a = lo.shape;
    contact.b = hi.shape;
    this.setImpact(contact, body, dx, dy, hit);
    contact.normalX = contact.impactNormal.x;
    contact.normalY = contact.impactNormal.y;
    contact.depth = 0;
    contact.aInB = false;
    contact.bInA = false;
    contact.continuous = true;
    contact.isSensor = lo.isSensor || hi.isSensor;
    if (seen) return; // (listed already, by the other body's sweep)
    contact._seenStep = frame;
    this.scratch[this.building++] = contact;
  }

  /** Files `contact` as the new contact of bodies lo and hi (lo._id < hi._id), starting at step `frame`. */
  private open(contact: BodyContact<U>, lo: Body<U>, hi: Body<U>, frame: number): void {
    contact.bodyA = lo;
    contact.bodyB = hi;
    contact._lo = lo._id;
    contact._hi = hi._id;
    contact.startStep = frame;
    this.table.set(lo._id, hi._id, contact);
    // Listed now rather than found in finish(): that would read every contact of the step again.
    this.started[this.starting++] = contact;
  }

  /** Records when and where continuous `body`, moving by (dx, dy) this step, met the other body. */
  private setImpact(contact: BodyContact<U>, body: Body<U>, dx: number, dy: number, hit: SweepHit): void {
    contact._impact = true;
    contact.timeOfImpact = hit.t;
    contact.impactPoint.x = hit.point.x;
    contact.impactPoint.y = hit.point.y;
    // The sweep's normal points from the body hit towards the mover; a contact's from A to B.
    // (+ 0: -0 becomes +0, as in every other contact.)
    const sign = body === contact.bodyA ? -1 : 1;
    contact.impactNormal.x = sign * hit.normal.x + 0;
    contact.impactNormal.y = sign * hit.normal.y + 0;
    contact._mover = body;
    contact._moveX = dx;
    contact._moveY = dy;
    contact._endX = body.shape.x;
    contact._endY = body.shape.y;
  }

  /** Ends a step: sorts out which contacts started, stayed and ended. */
  finish(frame: number): void {
    const stayedList = this.stayed;
    const endedList = this.ended;
    const startedList = this.started;
    const started = this.starting;
    // The contacts that started now, sorted: most contacts persist from step to step, so only the
    // few new ones need sorting.
    startedList.length = started;
    sortContacts(startedList, started);
    // Last step's contacts, sorted: those not seen now have ended (including pairs of removed
    // bodies), the others stayed, and stay in order. The new list is the stayed ones merged with
    // the started ones in the same pass, so that each old contact is read once: most of them are
    // no longer in the cache by now.
    const previous = this.current;
    const next = this.scratch;
    let stayed = 0;
    let ended = 0;
    let b = 0;
    let n = 0;
    for (let i = 0; i < this.count; i++) {
      const c = previous[i];
      if (c._seenStep === frame) {
        while (b < started && contactBefore(startedList[b], c)) next[n++] = startedList[b++];
        next[n++] = c;
        stayedList[stayed++] = c;
      } else {
        this.table.delete(c._lo, c._hi);
        endedList[ended++] = c;
      }
    }
    while (b < started) next[n++] = startedList[b++];
    endedList.length = ended;
    stayedList.length = stayed;
    next.length = n;
    // The last pair's shapes are not the book's to keep alive.
    this.found.a = null;
    this.found.b = null;
    this.scratch = previous;
    this.current = next;
    this.count = n;
  }

  private acquire(): BodyContact<U> {
    if (this.poolCount > 0) {
      const c = this.pool[--this.poolCount];
      this.pool[this.poolCount] = undefined as unknown as BodyContact<U>;
      return c;
    }
    return new BodyContact<U>();
  }

  /** Returns a contact to the pool, dropping its references so that it holds on to no body. */
  private release(contact: BodyContact<U>): void {
    const free = contact as { bodyA: Body<U> | null; bodyB: Body<U> | null };
    free.bodyA = null;
    free.bodyB = null;
    contact.a = null;
    contact.b = null;
    contact._lo = -1;
    contact._hi = -1;
    if (contact._impact) clearImpact(contact);
    this.pool[this.poolCount++] = contact;
  }
}

/** Back to "no time of impact": what a contact found by the pair pass alone reports. */
function clearImpact<U>(contact: BodyContact<U>): void {
  contact._impact = false;
  contact.continuous = false;
  contact.timeOfImpact = 1;
  contact.impactPoint.x = contact.impactPoint.y = 0;
  contact.impactNormal.x = contact.impactNormal.y = 0;
  contact._mover = null;
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
