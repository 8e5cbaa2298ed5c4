/**
 * The World's event listeners: registration, and the calls after each step.
 * @internal
 * @module
 */
import type { ContactBook } from './contacts.js';
import type { BodyContact, CollisionEventType, ContactListener } from './types.js';

/**
 * The listeners of each event type. Registration is copy-on-write: a dispatch in progress keeps
 * iterating the arrays it started with, so listeners may register and unregister listeners.
 * @internal
 */
export class Listeners<U> {
  private readonly byType: Record<CollisionEventType, ContactListener<U>[]> = {
    collisionStart: [],
    collisionStay: [],
    collisionEnd: [],
  };

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
    emit(this.byType.collisionStart, book.started);
    emit(this.byType.collisionStay, book.stayed);
    emit(this.byType.collisionEnd, book.ended);
  }
}

function emit<U>(listeners: ContactListener<U>[], list: readonly BodyContact<U>[]): void {
  if (listeners.length === 0) return;
  const n = list.length;
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < listeners.length; k++) listeners[k](list[i]);
  }
}
