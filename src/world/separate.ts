/**
 * Separation: pushing the bodies of the last step's contacts apart ({@link World.separate}).
 * @module
 */
import type { Contact } from '../geometry/contact.js';
import { roundingIn, vec } from '../geometry/math.js';
import { collideUnchecked } from '../geometry/sat.js';
import type { Body } from './Body.js';
import type { ContactBook } from './contacts.js';
import type { IndexSort } from './indexSort.js';
import type { Slide } from './slide.js';
import type { BodyContact } from './types.js';
import type { World } from './World.js';

/**
 * Pushes the dynamic, non-sensor bodies of `book`'s current contacts out of what they hit, each
 * pair along its minimum translation vector recomputed now (into `mtv`), so earlier pushes
 * count; a continuous body that met the other body during the step goes back to where it touched
 * it instead. The put-backs come first, all of them: a body that crossed a thin wall and also
 * ended inside a floor goes back to the wall before the floor pushes it, or the floor's push (of
 * a body that then counts as moved since the step) would leave it beyond the wall. Pairs with a
 * body no longer in `world` are skipped. Returns the pairs pushed apart.
 * @internal
 */
export function separateContacts<U>(
  book: ContactBook<U>,
  world: World<U>,
  mtv: Contact,
  order: IndexSort,
  slide: Slide<U>,
): number {
  // (Each pass over the contacts is the last thing its function does: see core/layout.ts.)
  return (
    putBack(book, world, slide, false) +
    putBack(book, world, slide, true) +
    pushApart(book, world, mtv, order, slide)
  );
}

/**
 * The put-backs of continuous bodies; returns how many. First (`slides` false) the bodies that met
 * the other body during the step, then those that touched it at the start and slide along it: a
 * slide is swept against the other bodies, which must be where they go back to by then (a walker
 * sliding along the floor meets a body that walked into it there, not where that one ended the
 * step, through the walker).
 */
function putBack<U>(book: ContactBook<U>, world: World<U>, slide: Slide<U>, slides: boolean): number {
  let pushed = 0;
  const current = book.current;
  for (let i = 0; i < book.count; i++) {
    const c = current[i];
    if (!separable(c, world)) continue;
    const toi = c._toi;
    if (toi === null) continue;
    const mover = toi.mover;
    if (mover === null || !(toi.t < 1) || (toi.t === 0) !== slides) continue;
    // A continuous body that met the other body during the step goes back to where it first
    // touched it, on the side it came from: pushing it out the shortest way could push it through
    // a thin wall. (Unless it was moved since the step, say respawned by a listener: then it is
    // where its owner wants it, and is pushed out like any other body if at all.) One that touched
    // it at the start slides along it instead: see slide.ts.
    if (mover.shape._x !== toi.endX || mover.shape._y !== toi.endY) continue;
    // Two continuous bodies that met each other moving: the other one goes back to where they
    // met as well (unless moved since the step), or it would be left where it ended, through the
    // one put back. (First: the mover's slide, if any, is swept against it there.)
    const partner = toi.partner;
    const step = partner?._meetStep as Float64Array; // (set with the partner)
    const both = partner !== null && partner.shape._x === step[2] && partner.shape._y === step[3];
    const back = 1 - toi.t;
    const to = putBackTo;
    if (both) {
      to[0] = partner.shape._x - step[0] * back;
      to[1] = partner.shape._y - step[1] * back;
      partner._teleportTo(to, 0);
    }
    if (slides) {
      slide.run(c, mover, false);
      if (both) slide.run(c, partner, true);
    } else {
      to[0] = mover.shape._x - toi.moveX * back;
      to[1] = mover.shape._y - toi.moveY * back;
      mover._teleportTo(to, 0);
    }
    toi.mover = null;
    toi.partner = null;
    c._putBack = true;
    pushed++;
  }
  return pushed;
}

/** Where putBack puts a body back, as Body._teleportTo takes it. */
const putBackTo = new Float64Array(2);

/**
 * Pushes apart the pairs that still collide (but the put-back ones), largest overlap first (see
 * {@link largestFirst}); returns how many. No push takes a body into a static body (see
 * {@link pushOut}): when one of two moving bodies is held by a wall, the other one takes the rest
 * of the depth; when both are held, they are left overlapping.
 */
function pushApart<U>(
  book: ContactBook<U>,
  world: World<U>,
  mtv: Contact,
  pushOrder: IndexSort,
  slide: Slide<U>,
): number {
  let pushed = 0;
  const current = book.current;
  const order = largestFirst(book, pushOrder);
  for (let k = 0; k < book.count; k++) {
    const c = current[order[k]];
    if (c._putBack) {
      c._putBack = false;
      continue;
    }
    if (!separable(c, world)) continue;
    if (!collideUnchecked(c.bodyA.shape, c.bodyB.shape, mtv)) continue;
    pushPair(c.bodyA, c.bodyB, mtv, slide);
    clearResidue(c.bodyA, c.bodyB, mtv, slide);
    pushed++;
  }
  return pushed;
}

/**
 * Pushes a and b apart by mtv (its normal points from a to b): a static body stays, a moving one
 * against it moves the full depth; two moving bodies take half each, and when one of them is held
 * by a wall the other one takes what is left (then the first what the second could not).
 *
 * The push out of a static body goes the shortest way, unswept, as it did before pushes between
 * moving bodies were swept: a walker sunk into a floor of tiles and pushed out of a wall would
 * meet the corner of the next tile along the floor and slide up it, short of the wall's face.
 * The floor's own push comes in its turn.
 */
function pushPair<U>(a: Body<U>, b: Body<U>, mtv: Contact, slide: Slide<U>): void {
  const by = pushBy;
  const nx = mtv.normalX;
  const ny = mtv.normalY;
  const depth = mtv.depth;
  if (a.isStatic || b.isStatic) {
    const sign = a.isStatic ? 1 : -1;
    by[0] = sign * nx * depth;
    by[1] = sign * ny * depth;
    move(a.isStatic ? b : a, by);
    return;
  }
  by[0] = (-nx * depth) / 2;
  by[1] = (-ny * depth) / 2;
  pushOut(a, by, slide);
  let left = depth + (by[0] * nx + by[1] * ny); // what a's push left of the depth, along the normal
  by[0] = nx * left;
  by[1] = ny * left;
  pushOut(b, by, slide);
  left -= by[0] * nx + by[1] * ny;
  if (!(left > depth * 2 ** -30)) return;
  by[0] = -nx * left;
  by[1] = -ny * left;
  pushOut(a, by, slide);
}

/** How many extra pushes {@link clearResidue} makes at most, each twice as long as the last. */
const RESIDUE_ROUNDS = 8;

/**
 * After a push by the whole depth, the pair can still overlap by a rounding residue: the new
 * position is rounded, and two circles pushed apart along their centre line can end an ulp short
 * of touching (1.8e-15 between circles of radius 14 and 18 near (20, 30)). Pushing by such a
 * residue moves nothing (it is below an ulp of the position), so separate() called again would
 * not remove it either, and the pair would stay a contact, step after step, for as long as the
 * bodies rest there. Pushes the moving body on by the residue, and at least far enough to change
 * its position, until the pair is clear. What a wall holds is a real overlap, not a residue, and
 * is left.
 */
function clearResidue<U>(a: Body<U>, b: Body<U>, mtv: Contact, slide: Slide<U>): void {
  for (let round = 0; round < RESIDUE_ROUNDS && residueLeft(a, b, mtv); round++) {
    const by = pushBy;
    if (!b.isStatic) {
      nudge(b, mtv, 1, round);
      pushOff(b, a, by, slide);
      if (by[0] !== 0 || by[1] !== 0 || a.isStatic) continue;
    }
    nudge(a, mtv, -1, round);
    pushOff(a, b, by, slide);
  }
}

/** Pushes `body` by `by` away from `other`: unswept off a static body, as {@link pushPair} does. */
function pushOff<U>(body: Body<U>, other: Body<U>, by: Float64Array, slide: Slide<U>): void {
  if (other.isStatic) move(body, by);
  else pushOut(body, by, slide);
}

/**
 * Whether a and b still collide (their MTV into `mtv`) by no more than rounding, as roundingIn
 * measures it on their bounds. (Booleans and the contact cross the calls here, not numbers: see
 * {@link pushBy}.)
 */
function residueLeft<U>(a: Body<U>, b: Body<U>, mtv: Contact): boolean {
  if (!collideUnchecked(a.shape, b.shape, mtv)) return false;
  roundingIn(a.shape.bounds, b.shape.bounds, noMotion);
  return mtv.depth <= vec[0];
}

/** A motion of (0, 0), for {@link roundingIn}. */
const noMotion = new Float64Array(2);

/**
 * Writes to {@link pushBy} the push of `body` by mtv's depth along `sign` times its normal, made
 * at least 2^round units in the last place of the body's coordinates, and lengthened until it
 * changes the body's position: a shorter push rounds away, in the position or in the vertices
 * (a shape at the origin moves by less than its vertices can).
 */
function nudge<U>(body: Body<U>, mtv: Contact, sign: number, round: number): void {
  const nx = sign * mtv.normalX;
  const ny = sign * mtv.normalY;
  const x = body.shape._x;
  const y = body.shape._y;
  const p = body.shape.bounds;
  const size = Math.max(Math.abs(p.minX), Math.abs(p.minY), Math.abs(p.maxX), Math.abs(p.maxY));
  let r = Math.max(mtv.depth, 2 ** (round - 52) * size);
  for (let i = 0; i < 64 && x + nx * r === x && y + ny * r === y; i++) r *= 2;
  pushBy[0] = nx * r;
  pushBy[1] = ny * r;
}

/*
 * The order of the pushes: largest overlap first (the area over which the two bodies' bounds
 * overlap), then deepest first, then in contact order. A body walking along a floor of tiles sinks
 * into it under gravity every step, and just past a seam overlaps the next tile's side by less
 * than that: the next tile's own shortest way out is sideways, against the walker's motion. Pushed
 * first (in contact order, whenever the next tile had the lower id), it held a walker slower than
 * its fall per step at the seam for good. The tile it stands on overlaps it along its whole width:
 * it goes first now, and lifts it out of both. Likewise at a small step up in a floor, the floor
 * lifts the walker first and the step then pushes it up onto itself, not back. (Deepest first held
 * walkers at such steps whenever they moved faster than they fell: the step's side was the deeper
 * overlap.) The tiles under a circle overlap its bounds over the same area; the one it sinks
 * deepest into goes first, and lifts it straight up, where the next one's push, over its corner,
 * would push it back a little every step.
 */
/** The indexes of the book's current contacts, largest overlap first, then deepest, then in order. */
function largestFirst<U>(book: ContactBook<U>, pushOrder: IndexSort): Int32Array {
  pushOrder.fit(book.count);
  overlapKeys(book, pushOrder);
  pushOrder.sort(book.count);
  return pushOrder.sorted;
}

/** Each contact's keys for {@link largestFirst}: the area and the depth of its overlap, negated (both keys ascending). */
function overlapKeys<U>(book: ContactBook<U>, pushOrder: IndexSort): void {
  const key = pushOrder.key;
  const tie = pushOrder.tie;
  for (let i = 0; i < book.count; i++) {
    key[i] = 0;
    tie[i] = 0;
    // (Worked out here, not returned by a helper: V8 boxes a double returned from a call it does
    // not inline, one heap number per contact.)
    const c = book.current[i];
    if (c.bodyA === null || c.bodyB === null) continue; // (skipped by separate())
    const a = c.bodyA.shape.bounds;
    const b = c.bodyB.shape.bounds;
    const w = Math.min(a.maxX, b.maxX) - Math.max(a.minX, b.minX);
    const h = Math.min(a.maxY, b.maxY) - Math.max(a.minY, b.minY);
    if (w > 0 && h > 0) key[i] = -(w * h);
    tie[i] = -c.depth;
  }
}

/** Whether separate() moves anything for contact `c`: two bodies of `world`, neither a sensor. */
function separable<U>(c: BodyContact<U>, world: World<U>): boolean {
  const a = c.bodyA;
  const b = c.bodyB;
  if (a === null || b === null || c.isSensor || a.isSensor || b.isSensor) return false;
  return a._world === world && b._world === world;
}

/**
 * The push under way, (by[0], by[1]), and then the move it made (see {@link pushOut}). In an
 * array, not passed as numbers: a number passed to a call V8 does not inline is a heap object,
 * and separate() pushes thousands of bodies in a crowd.
 */
const pushBy = new Float64Array(2);

/**
 * The push of a moving body by another one: by (by[0], by[1]), as far as it goes without entering
 * a static body or going deeper into one it is in, sliding along one it meets (see Slide.push);
 * leaves the move made in `by`. A crowd pressing its front body into a wall would otherwise push it
 * in, and, pressed on step after step, out the far side: static bodies hold. (The push out of a
 * static body is not swept: see {@link pushPair}.)
 */
function pushOut<U>(body: Body<U>, by: Float64Array, slide: Slide<U>): void {
  slide.push(body, by);
  move(body, by);
}

/**
 * Moves `body` by (by[0], by[1]). A continuous body's next sweep starts where it is put, as after
 * teleport(): from where the step left it, inside the other body, the sweep would skip that body
 * (it overlaps it at the start) and a body pressed into a floor step after step would fall through
 * it. (The motion since the step, if any, is kept: the start moves by the push.)
 */
function move<U>(body: Body<U>, by: Float64Array): void {
  const dx = by[0];
  const dy = by[1];
  if (dx === 0 && dy === 0) return;
  const shape = body.shape;
  const x = shape._x + dx;
  const y = shape._y + dy;
  // setPosition, written out (its arguments would be heap numbers): it throws, naming the
  // coordinate, only for a position the push took past the largest number.
  if (!(x - x === 0 && y - y === 0)) shape.setPosition(x, y);
  shape._x = x;
  shape._y = y;
  shape._changed();
  if (body.continuous) {
    body._prevX += dx;
    body._prevY += dy;
  }
}
