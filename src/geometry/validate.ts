/**
 * Argument checks shared by the geometry and world layers. Every public entry point validates before it
 * mutates anything, so a throwing call leaves shapes and worlds exactly as they were.
 * @internal
 */

/**
 * Throws unless `value` is a finite number: a `TypeError` for a non-number, a `RangeError` for NaN
 * or ±Infinity (the same split as the quadtree core), naming `name`. @internal
 */
export function requireFinite(value: unknown, name: string): asserts value is number {
  if (typeof value !== 'number') {
    throw new TypeError(`${name} must be a finite number, got ${describe(value)}`);
  }
  if (!Number.isFinite(value)) throw new RangeError(`${name} must be a finite number, got ${value}`);
}

/** Throws unless `value` is a finite number strictly greater than zero. @internal */
export function requirePositive(value: unknown, name: string): asserts value is number {
  requireFinite(value, name);
  if (!(value > 0)) throw new RangeError(`${name} must be greater than 0, got ${value}`);
}

/** Throws unless `value` is a number >= 0; `Infinity` is allowed (an unbounded ray). @internal */
export function requireNonNegativeOrInfinity(value: unknown, name: string): asserts value is number {
  if (typeof value !== 'number') {
    throw new TypeError(`${name} must be a number >= 0 (Infinity allowed), got ${describe(value)}`);
  }
  if (Number.isNaN(value)) throw new RangeError(`${name} must be a number >= 0 (Infinity allowed), got NaN`);
  if (value < 0) throw new RangeError(`${name} must be >= 0, got ${value}`);
}

/** Human-readable rendering of a bad argument for error messages. @internal */
export function describe(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null) return 'null';
  return typeof value;
}
