import { requireInstance } from '../shared/validate.js';
import type { Shape } from './shape.js';

/**
 * The result of a narrow-phase test between shape `a` and shape `b`, filled in place by
 * {@link collide}. Reuse one instance across calls to avoid allocation; call {@link Contact.clone}
 * (or {@link Contact.copyFrom}) to keep a snapshot.
 *
 * Convention: `normal` is a unit vector pointing from `a` towards `b`, and `depth` (> 0) is the
 * minimum translation distance. Moving `b` by `normal × depth` — or `a` by `-normal × depth`, see
 * {@link Contact.overlapX} — leaves the shapes touching but no longer colliding.
 * @example
 * const c = new Contact();
 * if (collide(player, wall, c)) player.translate(-c.overlapX, -c.overlapY);
 */
export class Contact {
  /** First shape of the last successful test. */
  a: Shape | null = null;
  /** Second shape of the last successful test. */
  b: Shape | null = null;
  /** x of the unit normal from `a` to `b`. */
  normalX = 0;
  /** y of the unit normal from `a` to `b`. */
  normalY = 0;
  /** Penetration depth: length of the minimum translation vector (> 0 when colliding). */
  depth = 0;
  /** Whether `a` lies entirely inside `b` (boundaries may touch). */
  aInB = false;
  /** Whether `b` lies entirely inside `a` (boundaries may touch). */
  bInA = false;

  /** x of the minimum translation vector `normal × depth`: subtract it from `a`'s position to separate. */
  get overlapX(): number {
    return this.normalX * this.depth;
  }

  /** y of the minimum translation vector `normal × depth`. */
  get overlapY(): number {
    return this.normalY * this.depth;
  }

  /** Copies every field of `other` into this contact. */
  copyFrom(other: Contact): this {
    requireContact(other);
    copyContact(other, this);
    return this;
  }

  /** A new, independent copy (plain {@link Contact}) that later tests will not overwrite. */
  clone(): Contact {
    return newContact().copyFrom(this);
  }
}

// Outside the class on purpose: a class that names itself in its own body is bundled as
// `var Contact = class _Contact`, and its name (what console.log and stack traces show) reads `_Contact`.
function requireContact(other: unknown): void {
  if (!(other instanceof Contact)) requireInstance(other, Contact, 'a Contact', 'other');
}
function newContact(): Contact {
  return new Contact();
}

/** @internal Every field of `from` into `to`, unchecked: {@link Contact.copyFrom} and the World's contact book. */
export function copyContact(from: Contact, to: Contact): void {
  to.a = from.a;
  to.b = from.b;
  to.normalX = from.normalX;
  to.normalY = from.normalY;
  to.depth = from.depth;
  to.aInB = from.aInB;
  to.bInA = from.bInA;
}
