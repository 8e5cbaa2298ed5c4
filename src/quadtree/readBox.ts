/**
 * Reading boxes from the user's objects: each `x`, `y`, `width` and `height` is read once (a getter
 * may change its answer or throw) into a typed array as minX, minY, maxX, maxY, and checked there,
 * so that a mutation can read and check all its input before it changes anything.
 * @module
 */
import type { QuadIndex } from '../core/QuadIndex.js';
import type { Rect } from '../core/types.js';
import { requireRect } from '../shared/validate.js';

/**
 * Reads each of `item`'s x, y, width and height exactly once into out[o … o + 3] as minX, minY,
 * maxX, maxY, and throws naming the field when one is bad or the box overflows. `name` is the
 * argument's name, or its index in an items array. @internal
 */
export function readBox(item: Rect, name: string | number, out: Float64Array, o: number): void {
  if (item === null || typeof item !== 'object') requireRect(item, fieldName(name));
  const x = item.x;
  const y = item.y;
  const width = item.width;
  const height = item.height;
  // Types first: x + width of a string concatenates, of a bigint throws. Then finite (v - v is 0
  // for finite numbers, NaN for NaN and ±Infinity) and sizes ≥ 0. Written out here, not in a
  // helper: numbers passed to a call V8 did not inline are boxed, 64 bytes per item per refresh
  // (see core/cells.ts).
  if (
    !(
      typeof x === 'number' &&
      typeof y === 'number' &&
      typeof width === 'number' &&
      typeof height === 'number' &&
      x - x === 0 &&
      y - y === 0 &&
      width - width === 0 &&
      height - height === 0 &&
      width >= 0 &&
      height >= 0
    )
  )
    rejectBox(item, name, x, y, width, height);
  const maxX = x + width;
  const maxY = y + height;
  if (maxX - maxX !== 0 || maxY - maxY !== 0) rejectBox(item, name, x, y, width, height);
  out[o] = x;
  out[o + 1] = y;
  out[o + 2] = maxX;
  out[o + 3] = maxY;
}

/**
 * Throws the error for a box whose fields, read once by the caller, failed the check: a bad field
 * (named), or a sum that overflows. Built from the values already read, never by reading the item
 * again: a getter may answer differently the second time.
 */
function rejectBox(
  item: object,
  name: string | number,
  x: unknown,
  y: unknown,
  width: unknown,
  height: unknown,
): never {
  const n = fieldName(name);
  requireRect({ ...shapeOf(item), x, y, width, height }, n);
  const maxX = (x as number) + (width as number);
  const axis = maxX - maxX !== 0 ? ['x', 'width', maxX] : ['y', 'height', (y as number) + (height as number)];
  throw new RangeError(
    `${n}.${axis[0]} + ${n}.${axis[1]} overflows to ${axis[2]}; scale your coordinates down`,
  );
}

/**
 * Reads the first `count` elements of an array being inserted, each once, with its box into
 * staged[4i … 4i + 3]; throws naming the first bad one. The elements that repeat `known` from the
 * start (the items a clear removed, inserted again in order) are only compared; once one differs,
 * `items[i]` gets every element i. Returns how many repeated `known` (`count` if
 * all did), so that the clear-and-insert loop keeps no second list of its items. @internal
 */
export function readItems<T extends Rect>(
  list: readonly T[],
  count: number,
  known: readonly (T | undefined)[],
  items: (T | undefined)[],
  staged: Float64Array,
): number {
  let same = count;
  for (let i = 0; i < count; i++) {
    const it = list[i];
    readBox(it, i, staged, i << 2);
    if (same < count) items[i] = it;
    else if (it !== known[i]) {
      same = i;
      for (let j = 0; j < i; j++) items[j] = known[j]; // (so that items fills from the start)
      items[i] = it;
    }
  }
  return same;
}

/**
 * Reads the box of every live id below `end` (`items[id]` is its item) into staged[4·id …], for a
 * refresh; throws naming the first bad one. @internal
 */
export function readLiveBoxes<T extends Rect>(
  items: readonly (T | undefined)[],
  end: number,
  index: QuadIndex,
  staged: Float64Array,
): void {
  for (let id = 0; id < end; id++) {
    const it = items[id];
    if (it === undefined || !index.has(id)) continue;
    readBox(it, 'item', staged, id << 2);
  }
}

/**
 * The name of the argument for an error message: a string as given, or a number as an index into
 * the items array (built only when an error is thrown, so that an array insert makes no string per
 * item).
 */
function fieldName(name: string | number): string {
  return typeof name === 'number' ? `items[${name}]` : name;
}

/** The object's own keys (not values: reading a value could run a getter again), for error hints. */
function shapeOf(item: object): Record<string, true> {
  const keys: Record<string, true> = {};
  for (const key of Object.keys(item)) keys[key] = true;
  return keys;
}
