/**
 * Separation: pushing the bodies of the last step's contacts apart ({@link World.separate}).
 * @internal
 * @module
 */
import type { Contact } from '../geometry/contact.js';
import { collideUnchecked } from '../geometry/sat.js';
import type { ContactBook } from './contacts.js';
import type { World } from './World.js';

/**
 * Pushes the dynamic, non-sensor bodies of `book`'s current contacts out of what they hit, each
 * pair along its minimum translation vector recomputed now (into `mtv`), so earlier pushes
 * count; a continuous body that met the other body during the step goes back to where it touched
 * it instead. Pairs with a body no longer in `world` are skipped. Returns the pairs pushed apart.
 * @internal
 */
export function separateContacts<U>(book: ContactBook<U>, world: World<U>, mtv: Contact): number {
  let pushed = 0;
  const current = book.current;
  for (let i = 0; i < book.count; i++) {
    const c = current[i];
    const a = c.bodyA;
    const b = c.bodyB;
    if (a === null || b === null || c.isSensor || a.isSensor || b.isSensor) continue;
    if (a._world !== world || b._world !== world) continue;
    const mover = c._mover;
    if (mover !== null && c.timeOfImpact < 1 && mover.x === c._endX && mover.y === c._endY) {
      // A continuous body that met the other body during the step goes back to where it first
      // touched it, on the side it came from: pushing it out the shortest way could push it
      // through a thin wall. (Unless it was moved since the step, say respawned by a listener:
      // then it is where its owner wants it, and is pushed out like any other body if at all.)
      const back = 1 - c.timeOfImpact;
      mover.teleport(mover.x - c._moveX * back, mover.y - c._moveY * back);
      c._mover = null;
      pushed++;
      continue;
    }
    if (!collideUnchecked(a.shape, b.shape, mtv)) continue;
    const dx = mtv.normalX * mtv.depth;
    const dy = mtv.normalY * mtv.depth;
    if (a.isStatic) b.shape.setPosition(b.shape.x + dx, b.shape.y + dy);
    else if (b.isStatic) a.shape.setPosition(a.shape.x - dx, a.shape.y - dy);
    else {
      a.shape.setPosition(a.shape.x - dx / 2, a.shape.y - dy / 2);
      b.shape.setPosition(b.shape.x + dx / 2, b.shape.y + dy / 2);
    }
    pushed++;
  }
  return pushed;
}
