/**
 * Input checks. The hot paths test validity with a few comparisons and only call into this file
 * to build the error message, so a rejected call can name the exact field that was wrong.
 */

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  return String(value);
}

/** Throws when `value` is not a finite number. `name` is the field as the user knows it, e.g. `item.x`. */
export function checkFinite(value: unknown, name: string): void {
  if (typeof value !== 'number') {
    throw new TypeError(`${name} must be a finite number, got ${describe(value)} (${typeof value})`);
  }
  if (!Number.isFinite(value)) throw new RangeError(`${name} must be a finite number, got ${value}`);
}

/** Throws when `value` is not a finite number ≥ 0. */
export function checkSize(value: unknown, name: string): void {
  checkFinite(value, name);
  if ((value as number) < 0) throw new RangeError(`${name} must be ≥ 0, got ${value}`);
}

/** Throws a TypeError/RangeError naming the first bad field of `rect`. */
export function checkRect(rect: unknown, name: string): void {
  if (rect === null || typeof rect !== 'object') {
    throw new TypeError(
      `${name} must be an object with numeric x, y, width and height, got ${describe(rect)}`,
    );
  }
  const r = rect as Record<string, unknown>;
  checkFinite(r.x, `${name}.x`);
  checkFinite(r.y, `${name}.y`);
  checkSize(r.width, `${name}.width`);
  checkSize(r.height, `${name}.height`);
}

/** True when x, y, width, height are finite numbers and the sizes are ≥ 0. Cheap enough for hot paths. */
export function isValidBox(x: unknown, y: unknown, width: unknown, height: unknown): boolean {
  return (
    typeof x === 'number' &&
    typeof y === 'number' &&
    typeof width === 'number' &&
    typeof height === 'number' &&
    // v - v is 0 for finite numbers and NaN for NaN and ±Infinity.
    x - x === 0 &&
    y - y === 0 &&
    width - width === 0 &&
    height - height === 0 &&
    width >= 0 &&
    height >= 0
  );
}

/** Throws unless `value` is an integer in [min, max]. */
export function checkInteger(value: unknown, name: string, min: number, max: number): void {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new TypeError(`${name} must be an integer, got ${describe(value)}`);
  }
  if (value < min || value > max) throw new RangeError(`${name} must be from ${min} to ${max}, got ${value}`);
}

/** Throws unless `fn` is a function. */
export function checkFunction(fn: unknown, name: string): void {
  if (typeof fn !== 'function') throw new TypeError(`${name} must be a function, got ${describe(fn)}`);
}
