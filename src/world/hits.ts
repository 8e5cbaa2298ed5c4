/**
 * The narrow phase of one step: the candidate pairs that collide, with their contact data, in
 * typed arrays, for the contact book to record afterwards.
 * @module
 */
import { resize } from '../core/resize.js';
import { Contact } from '../geometry/contact.js';
import { collideRecords } from '../geometry/sat.js';
import type { Body } from './Body.js';
import type { Side } from './broadphase.js';

/** aInB, bInA and "either body is a sensor", as bits of {@link HitList.flags}. */
export const A_IN_B = 1;
export const B_IN_A = 2;
export const SENSOR = 4;

/**
 * Why a list, instead of recording each contact as its pair is tested: recording reads the pair's
 * contact, where the book keeps it and the contact's numbers, each from its own place in memory,
 * while the narrow phase reads the two shapes' records. In one loop those reads compete for the
 * cache; in two loops each runs on its own (a frame at 10,000 shapes in 0.95× the time, before the
 * book's lookups followed its list: see ContactBook.record).
 *
 * Hit h is the pair of bodies ids[2h] < ids[2h + 1] (body ids), at proxies refs[2h] and refs[2h + 1]
 * (see {@link proxyRef}), with normal (from the lower id's body to the other) and depth at
 * numbers[3h …] and the flags at flags[h].
 */
export class HitList {
  count = 0;
  ids = new Int32Array(256);
  refs = new Int32Array(256);
  numbers = new Float64Array(384);
  flags = new Uint8Array(128);
  /** The narrow phase's answer for the pair being tested. */
  private readonly found = new Contact();

  reset(): void {
    this.count = 0;
  }

  /**
   * Tests proxy p of side sa against proxy q of side sb (filters and tight bounds already passed)
   * and lists the pair when their shapes collide.
   */
  test<U>(sa: Side<U>, p: number, sb: Side<U>, q: number): void {
    const ia = sa.bodyId(p);
    const ib = sb.bodyId(q);
    const found = this.found;
    const aIsLo = ia < ib;
    const hit = aIsLo
      ? collideRecords(sa.geo, sa.geoAt[p], sb.geo, sb.geoAt[q], found)
      : collideRecords(sb.geo, sb.geoAt[q], sa.geo, sa.geoAt[p], found);
    if (!hit) return;
    const h = this.count;
    if (h === this.flags.length) this.grow();
    const ra = proxyRef(sa, p);
    const rb = proxyRef(sb, q);
    this.ids[2 * h] = aIsLo ? ia : ib;
    this.ids[2 * h + 1] = aIsLo ? ib : ia;
    this.refs[2 * h] = aIsLo ? ra : rb;
    this.refs[2 * h + 1] = aIsLo ? rb : ra;
    this.numbers[3 * h] = found.normalX;
    this.numbers[3 * h + 1] = found.normalY;
    this.numbers[3 * h + 2] = found.depth;
    this.flags[h] =
      (found.aInB ? A_IN_B : 0) |
      (found.bInA ? B_IN_A : 0) |
      ((sa.sensor(p) | sb.sensor(q)) !== 0 ? SENSOR : 0);
    this.count = h + 1;
  }

  /** Copies entry `from` over entry `to` (to drop entries: see StepPipeline.dropBeyondFirstHits). */
  moveEntry(from: number, to: number): void {
    this.ids[2 * to] = this.ids[2 * from];
    this.ids[2 * to + 1] = this.ids[2 * from + 1];
    this.refs[2 * to] = this.refs[2 * from];
    this.refs[2 * to + 1] = this.refs[2 * from + 1];
    this.numbers[3 * to] = this.numbers[3 * from];
    this.numbers[3 * to + 1] = this.numbers[3 * from + 1];
    this.numbers[3 * to + 2] = this.numbers[3 * from + 2];
    this.flags[to] = this.flags[from];
  }

  private grow(): void {
    const room = 2 * this.flags.length;
    this.ids = resize(Int32Array, this.ids, 2 * room, true);
    this.refs = resize(Int32Array, this.refs, 2 * room, true);
    this.numbers = resize(Float64Array, this.numbers, 3 * room, true);
    this.flags = resize(Uint8Array, this.flags, room, true);
  }
}

/** Proxy id p of side `side` as one int: 2p on the dynamic side, 2p + 1 on the static side. */
export function proxyRef<U>(side: Side<U>, p: number): number {
  return 2 * p + (side.isStatic ? 1 : 0);
}

/** The side of a proxy ref (see {@link proxyRef}); its proxy is `ref >> 1`. */
export function sideOfRef<U>(ref: number, dynamic: Side<U>, statics: Side<U>): Side<U> {
  return (ref & 1) === 0 ? dynamic : statics;
}

/** The body of a proxy ref (see {@link proxyRef}). */
export function bodyOfRef<U>(ref: number, dynamic: Side<U>, statics: Side<U>): Body<U> {
  return sideOfRef(ref, dynamic, statics).bodies[ref >> 1] as Body<U>;
}
