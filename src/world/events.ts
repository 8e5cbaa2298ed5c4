/**
 * The World's event listeners: registration, and the calls after each step.
 * @module
 */
import type { ContactBook } from './contacts.js';
import type { BodyContact, CollisionEventType, ContactListener } from './types.js';

/**
 * The listeners of each event type. Registration is copy-on-write, so a dispatch in progress keeps
 * iterating the array it started with while listeners register and unregister listeners: one
 * registered during a dispatch is first called at the next step (it never sees half of a step's
 * list), and one unregistered is not called again, not even for the rest of this step's contacts
 * (the one-shot listener that calls off() on its first call, the DOM's rule).
 */
export class Listeners<U> {
  private readonly byType: Record<CollisionEventType, ContactListener<U>[]> = {
    collisionStart: [],
    collisionStay: [],
    collisionEnd: [],
  };
  /** True while the listeners of a step are being called. */
  private dispatching = false;
  /** Listeners unregistered during the dispatch under way (made on the first such call). */
  private removedNow: Set<ContactListener<U>> | null = null;

  /** Registers `listener`; throws on an unknown type or a listener that is not a function. */
  add(type: CollisionEventType, listener: ContactListener<U>): void {
    const current = this.listenersOf(type);
    if (typeof listener !== 'function') throw new TypeError('listener must be a function');
    this.byType[type] = current.concat([listener]);
  }

  /** Unregisters `listener`; returns whether it was registered. */
  remove(type: CollisionEventType, listener: ContactListener<U>): boolean {
    const current = this.listenersOf(type);
    const i = current.indexOf(listener);
    if (i < 0) return false;
    this.byType[type] = current.slice(0, i).concat(current.slice(i + 1));
    if (this.dispatching) {
      this.removedNow ??= new Set();
      this.removedNow.add(listener);
    }
    return true;
  }

  /** The listeners of `type`; throws unless it is one of the three event types. */
  private listenersOf(type: CollisionEventType): ContactListener<U>[] {
    // (An own-property test: 'toString' or '__proto__' would find Object.prototype's members.)
    if (typeof type !== 'string' || !Object.hasOwn(this.byType, type)) {
      throw new RangeError(
        `type must be 'collisionStart', 'collisionStay' or 'collisionEnd', got ${typeof type === 'string' ? `'${type}'` : String(type)}`,
      );
    }
    return this.byType[type];
  }

  /**
   * Calls the listeners on the step's contacts: all `collisionStart`, then `collisionStay`, then
   * `collisionEnd`, each list in its (sorted) order. A listener that throws skips the rest.
   */
  dispatch(book: ContactBook<U>): void {
    // (A listener cannot call step(), so these lists do not change while they are dispatched.)
    // The three arrays as the step found them: a listener registered by a `collisionStart`
    // listener for `collisionEnd` waits for the next step too.
    const { collisionStart, collisionStay, collisionEnd } = this.byType;
    this.dispatching = true;
    try {
      this.emit(collisionStart, book.started);
      this.emit(collisionStay, book.stayed);
      this.emit(collisionEnd, book.ended);
    } finally {
      this.dispatching = false;
      this.removedNow = null;
    }
  }

  /**
   * Calls `listeners` (as the step's dispatch found them) on every contact of `list`, skipping one
   * unregistered since the dispatch began, even if it was registered again (the check costs
   * nothing until a listener is unregistered).
   */
  private emit(listeners: readonly ContactListener<U>[], list: readonly BodyContact<U>[]): void {
    if (listeners.length === 0) return;
    const n = list.length;
    for (let i = 0; i < n; i++) {
      for (let k = 0; k < listeners.length; k++) {
        const listener = listeners[k];
        if (this.removedNow?.has(listener)) continue;
        listener(list[i]);
      }
    }
  }
}
