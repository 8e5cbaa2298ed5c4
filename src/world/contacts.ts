import type { SweepHit } from '../geometry/sweepHit.js';
import type { Body } from './Body.js';
import type { Side } from './broadphase.js';
import { A_IN_B, B_IN_A, bodyOfRef, type HitList, proxyRef, SENSOR, sideOfRef } from './hits.js';
import { PairTable } from './pairTable.js';
import { BodyContact, Impact } from './types.js';

/** {@link ContactBook.listed}: the pair is not in the last step's list. */
const NOT_LISTED = -1;
/** {@link ContactBook.listed}: the list cannot tell; ask the table. */
const ASK_TABLE = -2;

/**
 * The world's contacts from step to step: one pooled {@link BodyContact} per touching pair, kept
 * in a table by the pair's ids, and the lists a step hands out (all, started, stayed, ended), each
 * sorted by (bodyA.id, bodyB.id). A step calls {@link begin}, then {@link record} with the pairs
 * that collide and {@link addCrossing} for continuous bodies, then {@link finish}.
 *
 * Most contacts go on from step to step, and the pairs come to {@link record} in about the order
 * of the list (by the lower id): a contact is found at its place in the last step's list, through
 * {@link keys} and the sides' `contactFrom`, read in order, rather than by a probe of the table at
 * a random place. The table answers for the rest (pairs not in the list, and the continuous sweeps).
 */
export class ContactBook<U> {
  /**
   * The pairs touching after the last step, sorted; `count` of them are valid. The book's own:
   * the world hands out {@link contacts}, a copy, so that a caller who reorders it cannot make
   * the book file one pair's numbers under another.
   */
  current: BodyContact<U>[] = [];
  count = 0;
  /** The list the world hands out as `world.contacts`: {@link current}, copied by each step. */
  readonly contacts: BodyContact<U>[] = [];
  readonly started: BodyContact<U>[] = [];
  readonly stayed: BodyContact<U>[] = [];
  readonly ended: BodyContact<U>[] = [];
  /** The other buffer: the next sorted list, built by finish(). */
  private scratch: BodyContact<U>[] = [];
  /** How many contacts of the step under way are new; they are listed in `started` as they open. */
  private starting = 0;
  /** How many started contacts finish()'s merge listed among the stayed ones (see mergeStayed). */
  private mergedStarted = 0;
  private readonly table = new PairTable<BodyContact<U>>();
  private readonly pool: BodyContact<U>[] = [];
  private poolCount = 0;
  /** Time-of-impact data no contact has now, for the next contact that gets one. */
  private readonly impacts: Impact<U>[] = [];
  private impactCount = 0;
  /**
   * current[k]'s pair, three int32s at 3k: the lower body id, the higher one, and the proxy of the
   * lower one (see proxyRef; −1 when not known). Finding a contact reads these instead of the
   * contacts, and finish() copies them for the contacts found at their place.
   */
  private keys = new Int32Array(192);
  private nextKeys = new Int32Array(192);
  /** Per position k of {@link current}: the step that found current[k] there, through {@link listed}. */
  private seenAt = new Int32Array(64);

  constructor(
    private readonly dynamic: Side<U>,
    private readonly statics: Side<U>,
  ) {}

  /** Number of pairs in the table: equals `count` between steps. */
  get tableSize(): number {
    return this.table.size;
  }

  /** Starts a step: the contacts that ended last step may now be recycled. */
  begin(): void {
    this.starting = 0; // (before the loop, the last thing here: see core/layout.ts)
    const ended = this.ended;
    for (let i = 0; i < ended.length; i++) this.release(ended[i]);
    // The list is not emptied here: finish() overwrites it and sets its length, and no user code
    // runs in between. Setting a JS array's length to 0 drops its storage, and refilling it then
    // allocates; with lists that keep their storage a steady step allocates nothing.
  }

  /**
   * Records the step's colliding pairs (the narrow phase's {@link HitList}): each pair's contact,
   * new or going on, gets the pair's numbers. The bodies are read only when a contact starts.
   */
  record(hits: HitList, frame: number): void {
    const { ids, refs, numbers, flags } = hits;
    const current = this.current;
    for (let h = 0; h < hits.count; h++) {
      const lo = ids[2 * h];
      const hi = ids[2 * h + 1];
      const loRef = refs[2 * h];
      const k = this.listed(this.sideOf(loRef).contactFrom[loRef >> 1], lo, hi);
      let contact: BodyContact<U> | undefined;
      if (k >= 0) {
        contact = current[k];
        this.seenAt[k] = frame;
      } else {
        contact = k === ASK_TABLE ? this.table.get(lo, hi) : undefined;
        if (contact === undefined) {
          contact = this.acquire();
          this.open(contact, this.bodyOf(loRef), this.bodyOf(refs[2 * h + 1]), frame);
        } else contact._loRef = loRef; // (found through the table: its body may have a new proxy)
      }
      const o = 3 * h;
      contact.normalX = numbers[o];
      contact.normalY = numbers[o + 1];
      contact.depth = numbers[o + 2];
      const f = flags[h];
      contact.aInB = (f & A_IN_B) !== 0;
      contact.bInA = (f & B_IN_A) !== 0;
      contact.isSensor = (f & SENSOR) !== 0;
      // Most contacts have no time of impact to clear, and writing the defaults anyway touches more
      // of each contact's cache lines: a step's cost is mostly cache misses.
      if (contact._toi !== null) this.clearImpact(contact);
      contact._seenStep = frame;
    }
  }

  /**
   * Where the pair (lo, hi) is in the last step's list: its position, {@link NOT_LISTED}, or
   * {@link ASK_TABLE}. `from` is where lo's contacts start there (its proxy's `contactFrom`),
   * unless lo has none: then it is left over from an earlier list, or from another body that had
   * the proxy, and it is not the start of lo's run.
   */
  private listed(from: number, lo: number, hi: number): number {
    const keys = this.keys;
    const count = this.count;
    if (!(from >= 0 && from < count && keys[3 * from] === lo && (from === 0 || keys[3 * from - 3] !== lo))) {
      return ASK_TABLE;
    }
    // The run is sorted by the higher id: galloping, then a binary search, finds hi in a few reads
    // even in a long run (a ground or a sensor zone touching thousands of bodies, added before
    // them; read one by one, such a step took time quadratic in its contacts). `below` is a
    // position whose pair sorts before (lo, hi).
    if (keys[3 * from + 1] >= hi) return keys[3 * from + 1] === hi ? from : NOT_LISTED;
    let below = from;
    let step = 1;
    let above = from + 1; // the first position known not to sort before (lo, hi), or a guess
    while (above < count && keys[3 * above] === lo && keys[3 * above + 1] < hi) {
      below = above;
      step *= 2;
      above = from + step;
    }
    if (above > count) above = count;
    // The first position in (below, above] that does not sort before (lo, hi).
    let first = below + 1;
    while (first < above) {
      const mid = (first + above) >>> 1;
      if (keys[3 * mid] === lo && keys[3 * mid + 1] < hi) first = mid + 1;
      else above = mid;
    }
    return first < count && keys[3 * first] === lo && keys[3 * first + 1] === hi ? first : NOT_LISTED;
  }

  /**
   * Continuous `body` met `other` first during this step's motion (from where it was at the last
   * step, `_prevX`/`_prevY`, to where it is), at `hit`: a contact with `continuous: true` when they
   * do not overlap now, or the time of impact added to the pair pass's contact when they do.
   */
  addCrossing(body: Body<U>, other: Body<U>, hit: SweepHit, frame: number, both: boolean): void {
    const lo = body._id < other._id ? body : other;
    const hi = lo === body ? other : body;
    let contact = this.table.get(lo._id, hi._id);
    const seen = contact !== undefined && contact._seenStep === frame;
    // Both bodies continuous, and the other one's sweep met this one already: the pair keeps the
    // earlier impact, all of it (normal, time, point and mover from one sweep, never a mix).
    const earlier = seen ? (contact as BodyContact<U>)._toi : null;
    if (earlier !== null && hit.t >= earlier.t) return;
    if (seen && !(contact as BodyContact<U>).continuous) {
      // It ends the step inside the body it met first: the pair pass has the overlap; add when
      // and where the body entered, so that separate() puts it back on the side it came from
      // instead of pushing it through along the shortest way out.
      this.setImpact(contact as BodyContact<U>, body, hit, both ? other : null);
      return;
    }
    if (contact === undefined) {
      contact = this.acquire();
      this.open(contact, lo, hi, frame);
    }
    contact.a = lo.shape;
    contact.b = hi.shape;
    this.setImpact(contact, body, hit, both ? other : null);
    const toi = contact._toi as Impact<U>; // (just set)
    contact.normalX = toi.normal.x;
    contact.normalY = toi.normal.y;
    contact.depth = 0;
    contact.aInB = false;
    contact.bInA = false;
    contact.continuous = true;
    contact.isSensor = lo.isSensor || hi.isSensor;
    contact._seenStep = frame;
  }

  /** Files `contact` as the new contact of bodies lo and hi (lo._id < hi._id), starting at step `frame`. */
  private open(contact: BodyContact<U>, lo: Body<U>, hi: Body<U>, frame: number): void {
    contact.bodyA = lo;
    contact.bodyB = hi;
    contact.a = lo.shape;
    contact.b = hi.shape;
    contact._lo = lo._id;
    contact._hi = hi._id;
    contact._loRef = proxyRef(lo.isStatic ? this.statics : this.dynamic, lo._proxy);
    contact.startStep = frame;
    this.table.set(lo._id, hi._id, contact);
    // Listed now rather than found in finish(): that would read every contact of the step again.
    this.started[this.starting++] = contact;
  }

  /** The side a proxy ref (see proxyRef) is on. */
  private sideOf(ref: number): Side<U> {
    return sideOfRef(ref, this.dynamic, this.statics);
  }

  /** The body of a proxy ref. */
  private bodyOf(ref: number): Body<U> {
    return bodyOfRef(ref, this.dynamic, this.statics);
  }

  /**
   * Records when and where continuous `body` met the other body this step; `partner` is that
   * other body when it is continuous and met `body` moving too (both then go back, see separate.ts).
   */
  private setImpact(contact: BodyContact<U>, body: Body<U>, hit: SweepHit, partner: Body<U> | null): void {
    let toi = contact._toi;
    if (toi === null) {
      toi = this.impactCount > 0 ? this.impacts[--this.impactCount] : new Impact<U>();
      contact._toi = toi;
    }
    toi.t = hit.t;
    toi.point.x = hit.point.x;
    toi.point.y = hit.point.y;
    // The sweep's normal points from the body hit towards the mover; a contact's from A to B.
    // (+ 0: -0 becomes +0, as in every other contact.)
    const sign = body === contact.bodyA ? -1 : 1;
    toi.normal.x = sign * hit.normal.x + 0;
    toi.normal.y = sign * hit.normal.y + 0;
    // (The motion from the body itself, not passed in: numbers passed to a call V8 does not inline
    // are boxed on the heap, a few for every crossing of every step.)
    toi.mover = body;
    toi.body = body;
    toi.moveX = body.shape._x - body._prevX;
    toi.moveY = body.shape._y - body._prevY;
    toi.endX = body.shape._x;
    toi.endY = body.shape._y;
    toi.partner = partner;
    if (partner !== null) {
      if (partner._meetStep === null) partner._meetStep = new Float64Array(4);
      const step = partner._meetStep;
      step[0] = partner.shape._x - partner._prevX;
      step[1] = partner.shape._y - partner._prevY;
      step[2] = partner.shape._x;
      step[3] = partner.shape._y;
    }
  }

  /** Ends a step: sorts out which contacts started, stayed and ended. */
  finish(frame: number): void {
    const started = this.starting;
    // The contacts that started now, sorted: most contacts persist from step to step, so only the
    // few new ones need sorting.
    this.started.length = started;
    sortContacts(this.started, started);
    const most = this.count + started;
    if (this.nextKeys.length < 3 * most) this.nextKeys = new Int32Array(6 * most);
    // The merge, then the started contacts that sort after every listed one. (Each long loop is
    // the last thing its function does: see core/layout.ts.)
    const listedBefore = this.mergeStayed(frame, started);
    const startedBefore = this.mergedStarted;
    const stayed = listedBefore - startedBefore;
    const n = this.listStarted(startedBefore, started, listedBefore);
    this.ended.length = this.count - stayed;
    this.stayed.length = stayed;
    const previous = this.current;
    const next = this.scratch;
    next.length = n;
    this.scratch = previous;
    this.current = next;
    this.count = n;
    const swap = this.keys;
    this.keys = this.nextKeys;
    this.nextKeys = swap;
    if (this.seenAt.length < n) this.seenAt = new Int32Array(2 * n);
    const handed = this.contacts;
    handed.length = n;
    copyContacts(next, handed, n);
  }

  /**
   * finish()'s merge: last step's contacts, sorted: those not seen now have ended (including pairs
   * of removed bodies), the others stayed, and stay in order. The new list is the stayed ones
   * merged with the started ones in the same pass. A contact that record() found at its place in
   * the list is not read here (its keys are copied): most of them are no longer in the cache by
   * now. Returns how many contacts it listed; how many of them started now is left in
   * {@link mergedStarted} (a return value computed after the loop could not be: see core/layout.ts).
   */
  private mergeStayed(frame: number, started: number): number {
    const stayedList = this.stayed;
    const endedList = this.ended;
    const startedList = this.started;
    const previous = this.current;
    const keys = this.keys;
    const seenAt = this.seenAt;
    let stayed = 0;
    let ended = 0;
    let b = 0;
    let n = 0;
    let runOf = -1; // the lower id of the last pair listed, to mark where each body's run starts
    this.mergedStarted = 0;
    for (let i = 0; i < this.count; i++) {
      const lo = keys[3 * i];
      const hi = keys[3 * i + 1];
      let ref = keys[3 * i + 2];
      const c = previous[i];
      if (seenAt[i] !== frame) {
        // Found through the table, or by a sweep, or ended.
        if (c._seenStep !== frame) {
          this.table.delete(lo, hi);
          endedList[ended++] = c;
          continue;
        }
        ref = c._loRef;
      }
      for (; b < started; b++) {
        const s = startedList[b];
        if (!pairBefore(s._lo, s._hi, lo, hi)) break;
        this.list(n++, s, s._lo, s._hi, s._loRef, s._lo !== runOf);
        runOf = s._lo;
      }
      this.mergedStarted = b;
      this.list(n++, c, lo, hi, ref, lo !== runOf);
      runOf = lo;
      stayedList[stayed++] = c;
    }
    return n;
  }

  /** Lists the started contacts from `b` on, after the `n` listed so far; returns the new count. */
  private listStarted(b: number, started: number, n: number): number {
    const startedList = this.started;
    const keys = this.nextKeys;
    let runOf = n > 0 ? keys[3 * (n - 1)] : -1;
    for (; b < started; b++) {
      const s = startedList[b];
      this.list(n++, s, s._lo, s._hi, s._loRef, s._lo !== runOf);
      runOf = s._lo;
    }
    return n;
  }

  /**
   * Puts contact c of pair (lo, hi), lo's proxy ref `ref`, at position n of the next list; `first`
   * when it starts lo's run there.
   */
  private list(n: number, c: BodyContact<U>, lo: number, hi: number, ref: number, first: boolean): void {
    this.scratch[n] = c;
    const keys = this.nextKeys;
    keys[3 * n] = lo;
    keys[3 * n + 1] = hi;
    keys[3 * n + 2] = ref;
    if (first && ref >= 0) this.sideOf(ref).contactFrom[ref >> 1] = n;
  }

  /** Checks that the list, its keys and the table agree. */
  validate(fail: (message: string) => never): void {
    if (this.table.size !== this.count) fail('contact table does not match the contact list');
    // (world.contacts is not checked: it is the caller's copy, which the caller may reorder.)
    for (let k = 0; k < this.count; k++) {
      const c = this.current[k];
      if (this.keys[3 * k] !== c._lo || this.keys[3 * k + 1] !== c._hi) fail(`contact ${k}'s keys are stale`);
      if (this.table.get(c._lo, c._hi) !== c) fail(`contact ${k} is not in the table`);
      if (k > 0 && !contactBefore(this.current[k - 1], c))
        fail(`contacts ${k - 1} and ${k} are out of order`);
    }
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
    contact._loRef = -1;
    if (contact._toi !== null) this.clearImpact(contact);
    this.pool[this.poolCount++] = contact;
  }

  /**
   * Back to "no time of impact", what a contact found by the pair pass alone reports: its impact
   * data goes back to the book's pool (a step with continuous bodies then allocates none).
   */
  private clearImpact(contact: BodyContact<U>): void {
    const toi = contact._toi as Impact<U>;
    contact._toi = null;
    contact.continuous = false;
    toi.mover = null;
    toi.partner = null;
    toi.body = null;
    this.impacts[this.impactCount++] = toi;
  }
}

function contactBefore<U>(a: BodyContact<U>, b: BodyContact<U>): boolean {
  return pairBefore(a._lo, a._hi, b._lo, b._hi);
}

/** Whether pair (lo1, hi1) sorts before pair (lo2, hi2): by lower id, then higher id. */
function pairBefore(lo1: number, hi1: number, lo2: number, hi2: number): boolean {
  return lo1 < lo2 || (lo1 === lo2 && hi1 < hi2);
}

/** list[0 … n − 1] into `to` (world.contacts, the caller's copy). */
function copyContacts<U>(list: readonly BodyContact<U>[], to: BodyContact<U>[], n: number): void {
  for (let k = 0; k < n; k++) to[k] = list[k];
}

/** In-place heapsort of list[0, n) by (lo, hi) id: O(n log n), no recursion, no allocation. */
function sortContacts<U>(list: BodyContact<U>[], n: number): void {
  heapify(list, n);
  sortHeap(list, n);
}

/** Makes list[0, n) a max-heap. (Each pass is the last thing its function does: see core/layout.ts.) */
function heapify<U>(list: BodyContact<U>[], n: number): void {
  for (let start = (n >> 1) - 1; start >= 0; start--) siftDown(list, start, n);
}

/** Sorts the max-heap list[0, n) in place. */
function sortHeap<U>(list: BodyContact<U>[], n: number): void {
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
