/**
 * Input checks for every layer, with one message style: the error names the argument as the
 * caller knows it (`item.x`, `boxes[12]`, `options.maxLevels`) and the value it got. NaN and
 * ±Infinity throw a `RangeError`; a value of the wrong type throws a `TypeError`.
 *
 * Hot paths test validity with a few comparisons and only call the `require*` functions to build
 * the message once they know the input is bad. A call with one box's numbers uses
 * {@link isValidMinMax}; a loop over many boxes (moveAll, a refresh) writes the comparisons out,
 * since numbers passed to a helper V8 did not inline are boxed, an allocation per box (see
 * core/cells.ts).
 * @module
 */

/** Renders a bad argument for an error message. @internal */
export function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'function') return 'a function';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    return keys.length === 0 ? '{}' : `{ ${keys.slice(0, 6).join(', ')}${keys.length > 6 ? ', …' : ''} }`;
  }
  return String(value);
}

/** Throws unless `value` is a finite number. @internal */
export function requireFinite(value: unknown, name: string): asserts value is number {
  if (typeof value !== 'number') {
    throw new TypeError(`${name} must be a finite number, got ${describe(value)} (${typeof value})`);
  }
  if (!Number.isFinite(value)) throw new RangeError(`${name} must be a finite number, got ${value}`);
}

/** Throws unless `value` is an array (a query's `out`, appended to). @internal */
export function requireArray(value: unknown, name: string): asserts value is unknown[] {
  if (!Array.isArray(value)) throw new TypeError(`${name} must be an array, got ${describe(value)}`);
}

/** Throws unless `value` is a non-null object (a result object to fill in). @internal */
export function requireObject(value: unknown, name: string): asserts value is object {
  if (value === null || typeof value !== 'object') {
    throw new TypeError(`${name} must be an object, got ${describe(value)}`);
  }
}

/** Throws unless `value` is a boolean. @internal */
export function requireBoolean(value: unknown, name: string): asserts value is boolean {
  if (typeof value !== 'boolean')
    throw new TypeError(`${name} must be true or false, got ${describe(value)}`);
}

/** Throws unless `value` is a finite number ≥ 0 (a size). @internal */
export function requireSize(value: unknown, name: string): asserts value is number {
  requireFinite(value, name);
  if (value < 0) throw new RangeError(`${name} must be ≥ 0, got ${value}`);
}

/** Throws unless `value` is a finite number > 0. @internal */
export function requirePositive(value: unknown, name: string): asserts value is number {
  requireFinite(value, name);
  if (!(value > 0)) throw new RangeError(`${name} must be > 0, got ${value}`);
}

/** Throws unless `value` is a number ≥ 0; `Infinity` is allowed (an unbounded ray or search). @internal */
export function requireNonNegativeOrInfinity(value: unknown, name: string): asserts value is number {
  if (typeof value !== 'number') {
    throw new TypeError(`${name} must be a number ≥ 0 (Infinity allowed), got ${describe(value)}`);
  }
  if (Number.isNaN(value) || value < 0) {
    throw new RangeError(`${name} must be a number ≥ 0 (Infinity allowed), got ${value}`);
  }
}

/** Throws unless `value` is an integer in [min, max]. @internal */
export function requireInteger(
  value: unknown,
  name: string,
  min: number,
  max: number,
): asserts value is number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new TypeError(`${name} must be an integer, got ${describe(value)}`);
  }
  if (value < min || value > max) throw new RangeError(`${name} must be from ${min} to ${max}, got ${value}`);
}

/** Throws unless `fn` is a function. @internal */
export function requireFunction(fn: unknown, name: string): void {
  if (typeof fn !== 'function') throw new TypeError(`${name} must be a function, got ${describe(fn)}`);
}

/** Field names people use for boxes in other libraries, and what we call them. */
const BOX_FIELD_HINTS = ['left', 'top', 'right', 'bottom', 'w', 'h', 'minX', 'minY', 'maxX', 'maxY'];

/**
 * Throws a TypeError/RangeError naming the first bad field of a `{x, y, width, height}` box. An
 * object shaped like another library's box (`{left, top, right, bottom}`, `{x, y, w, h}`) gets a
 * message that says which fields are expected. @internal
 */
export function requireRect(rect: unknown, name: string): void {
  if (rect === null || typeof rect !== 'object') {
    throw new TypeError(
      `${name} must be an object with numeric x, y, width and height, got ${describe(rect)}`,
    );
  }
  const r = rect as Record<string, unknown>;
  if (r.width === undefined || r.height === undefined || r.x === undefined || r.y === undefined) {
    const found = BOX_FIELD_HINTS.filter((key) => key in r);
    if (found.length > 0) {
      const keys = Object.keys(r).filter((key) => r[key] !== undefined);
      throw new TypeError(
        `${name} needs numeric x, y, width and height (got ${keys.join(', ')}); ` +
          'convert other box shapes, e.g. { x: left, y: top, width: right - left, height: bottom - top }',
      );
    }
  }
  requireFinite(r.x, `${name}.x`);
  requireFinite(r.y, `${name}.y`);
  requireSize(r.width, `${name}.width`);
  requireSize(r.height, `${name}.height`);
}

/** True when minX … maxY are finite numbers with min ≤ max on both axes. @internal */
export function isValidMinMax(minX: number, minY: number, maxX: number, maxY: number): boolean {
  return (
    typeof minX === 'number' &&
    typeof minY === 'number' &&
    typeof maxX === 'number' &&
    typeof maxY === 'number' &&
    minX - minX === 0 &&
    minY - minY === 0 &&
    maxX - maxX === 0 &&
    maxY - maxY === 0 &&
    minX <= maxX &&
    minY <= maxY
  );
}

const MIN_MAX_NAMES = ['minX', 'minY', 'maxX', 'maxY'] as const;

/**
 * Throws a TypeError/RangeError naming the first bad value of a min/max box; `names` are the four
 * argument names (`minX` … `maxY` unless given, e.g. `boxes[8]` … `boxes[11]`). @internal
 */
export function requireMinMax(
  minX: unknown,
  minY: unknown,
  maxX: unknown,
  maxY: unknown,
  names: readonly [string, string, string, string] = MIN_MAX_NAMES,
): void {
  requireFinite(minX, names[0]);
  requireFinite(minY, names[1]);
  requireFinite(maxX, names[2]);
  requireFinite(maxY, names[3]);
  if (minX > maxX) throw new RangeError(`${names[0]} must be ≤ ${names[2]}, got ${minX} > ${maxX}`);
  if (minY > maxY) throw new RangeError(`${names[1]} must be ≤ ${names[3]}, got ${minY} > ${maxY}`);
}

/**
 * Throws unless `options` is an object whose keys are all in `known`; a misspelt key names the
 * closest valid one (`maxObject` → `maxObjects`, `maxDepth` → `maxLevels`). `aliases` maps names
 * from other libraries to ours. @internal
 */
export function requireKnownOptions(
  options: unknown,
  name: string,
  known: readonly string[],
  aliases: Readonly<Record<string, string>> = NO_ALIASES,
  words: { one: string; many: string } = OPTION_WORDS,
): void {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`${name} must be an object, got ${describe(options)}`);
  }
  // (for-in over own keys, not Object.keys: no array allocated, as a query's filter is checked
  // on every call)
  for (const key in options) {
    if (!Object.hasOwn(options, key) || known.includes(key)) continue;
    const suggestion = aliases[key] ?? closest(key, known);
    throw new TypeError(
      `${name}.${key} is not ${words.one}${suggestion ? `; did you mean ${suggestion}?` : ''} (${words.many}: ${known.join(', ')})`,
    );
  }
}

const OPTION_WORDS = { one: 'an option', many: 'options' };
const NO_ALIASES: Readonly<Record<string, string>> = {};

/** Throws unless `value` is an unsigned 32-bit integer (collision category and mask bits). @internal */
export function requireBits(value: unknown, name: string): asserts value is number {
  requireFinite(value, name);
  if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) {
    throw new RangeError(`${name} must be an integer from 0 to 0xFFFFFFFF, got ${value}`);
  }
}

/**
 * Throws unless `value` is an instance of `type`, or undefined when `optional` (a result object
 * the call fills in). `what` names the type in the message, e.g. "a Contact": a class's own
 * `name` does not survive a minifier. Callers test `instanceof` against the class themselves
 * first and call this only to throw: there V8 reduces the test to a few map checks, while here,
 * against a parameter, it takes the generic path, measured at half the time of a collide() call.
 * @internal
 */
export function requireInstance(
  value: unknown,
  // biome-ignore lint/complexity/noBannedTypes: any class, protected constructors (Shape) included
  type: Function,
  what: string,
  name: string,
  optional = false,
): void {
  if (value instanceof type || (optional && value === undefined)) return;
  const copy = namesLike(value, type.name)
    ? ` (a ${type.name} of another copy of quadcollide? Its ES module and CommonJS builds have separate classes: load it one way only)`
    : '';
  throw new TypeError(
    `${name} must be ${what}${optional ? ' (or omitted)' : ''}, got ${describe(value)}${copy}`,
  );
}

/**
 * Whether `value`'s class, or one it extends, is named `name`: an instance of another copy of
 * the class (a bundler may prefix the name with `_`).
 */
function namesLike(value: unknown, name: string): boolean {
  if (value === null || typeof value !== 'object' || name === '') return false;
  const plain = name.replace(/^_/, '');
  for (
    let p = Object.getPrototypeOf(value);
    p !== null && p !== Object.prototype;
    p = Object.getPrototypeOf(p)
  ) {
    const ctor = Object.hasOwn(p, 'constructor') ? p.constructor : undefined;
    if (typeof ctor === 'function' && ctor.name.replace(/^_/, '') === plain) return true;
  }
  return false;
}

/** The entry of `words` within edit distance 3 of `word` (case-insensitive), or undefined. */
function closest(word: string, words: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 4;
  for (const candidate of words) {
    const d = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length];
}

/**
 * Throws the error for a change made while the tree is busy: from a traversal's callback
 * (`inTraversal`), or from code run while another change reads its input (a getter). @internal
 */
export function refuseChange(owner: string, method: string, inTraversal: boolean): never {
  throw new Error(
    inTraversal
      ? `${owner}.${method}() was called from inside a query, raycast or forEachPair callback; ` +
          'collect the changes and apply them after the traversal returns'
      : `${owner}.${method}() was called while another change was reading its input (from a getter ` +
          'of an item or box it reads); change the tree after that call returns',
  );
}

/**
 * The largest a shape may be: a radius, size or local coordinate, after scaling. The narrow phase
 * multiplies up to four lengths (a circle against an edge compares cross² with r²·|edge|²), which
 * overflows to Infinity past about 1e77: a box and a circle of that size sinking into it were
 * reported apart. (Positions only have to be finite.)
 */
export const MAX_SIZE = 1e75;

/** Throws a RangeError naming `name` unless `size` (a shape's reach after scaling) is at most {@link MAX_SIZE}. @internal */
export function requireFits(size: number, name: string): void {
  if (!(size <= MAX_SIZE)) {
    throw new RangeError(
      `${name} would make the shape reach ${size} from its anchor; shapes must stay within ${MAX_SIZE}`,
    );
  }
}
