/**
 * Length of (x, y). `Math.hypot` is a variadic builtin that V8 does not inline and that allocates
 * on every call; a plain square root is used unless the squares would under- or overflow.
 * @internal
 */
export function length(x: number, y: number): number {
  const s = x * x + y * y;
  if (s > 1e-290 && s < 1e290) return Math.sqrt(s);
  return Math.hypot(x, y);
}

/**
 * Results of {@link unitInVec}, {@link roundingIn} and record.ts's `project`, read right after the call: module-level `let`
 * doubles would be boxed on every write, typed-array slots are not. Nothing here calls user code.
 * @internal
 */
export const vec = new Float64Array(2);

/**
 * The unit vector of the non-zero vector in vec[0], vec[1], in place. Dividing by the larger
 * component first keeps tiny (even subnormal) vectors accurate, where dx / hypot(dx, dy) would lose
 * all precision. In the array, not passed and returned: V8 boxes a double passed to (or returned
 * from) a function it does not inline, a heap allocation per call. @internal
 */
export function unitInVec(): void {
  const m = Math.max(Math.abs(vec[0]), Math.abs(vec[1]));
  const ux = vec[0] / m;
  const uy = vec[1] / m;
  // One of ux, uy is ±1, so the square lies in [1, 2]: no overflow or underflow to guard (length()).
  const len = Math.sqrt(ux * ux + uy * uy);
  vec[0] = ux / len;
  vec[1] = uy / len;
}

/**
 * A plain array of `count` zeros, for a shape's vertex data (its outline, and its world-space
 * cache of vertices, edge normals and edge lengths). Plain rather than typed: V8 keeps a typed array over
 * 64 bytes out of the JS heap, as three objects in three places (the view, its buffer and the
 * data), while a plain array of doubles is two objects allocated with the shape. The narrow phase
 * reads this data for every candidate pair, in the broad phase's spatial order rather than the
 * order the shapes were made in, so most of those reads miss the cache: with plain arrays a World
 * step at 10,000 shapes took 10–15% less time. Filled by `push` of a fraction so that V8 stores
 * the elements as unboxed doubles with no holes (PACKED_DOUBLE_ELEMENTS) from the start; writing
 * numbers keeps them so. @internal
 */
export function doubles(count: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(0.5);
  return out.fill(0);
}

/** The largest absolute value in `values` (0 for none): how far local coordinates reach (see Shape._reach). */
export function maxAbs(values: ArrayLike<number>): number {
  let max = 0;
  for (let i = 0; i < values.length; i++) max = Math.max(max, Math.abs(values[i]));
  return max;
}

/**
 * Distances below ROUNDING times the coordinates' size (see {@link roundingIn}) are rounding, not geometry: 2^-44, 256 to 512
 * units in the last place of the largest coordinate. Two shapes placed touching by arithmetic (a
 * body put back where a sweep says it hit, then tested against a turned wall) are off by a few.
 * @internal
 */
export const ROUNDING = 2 ** -44;

/**
 * {@link ROUNDING} times the largest magnitude among two boxes' coordinates and a motion (at
 * motion[0], motion[1]): what the rounding of a test on them comes to. Into vec[0] (see
 * {@link unitInVec} for why). @internal
 */
export function roundingIn(
  a: { readonly minX: number; readonly minY: number; readonly maxX: number; readonly maxY: number },
  b: { readonly minX: number; readonly minY: number; readonly maxX: number; readonly maxY: number },
  motion: Float64Array,
): void {
  const dx = motion[0];
  const dy = motion[1];
  vec[0] =
    ROUNDING *
    Math.max(
      Math.abs(a.minX),
      Math.abs(a.maxX),
      Math.abs(a.minY),
      Math.abs(a.maxY),
      Math.abs(b.minX),
      Math.abs(b.maxX),
      Math.abs(b.minY),
      Math.abs(b.maxY),
      Math.abs(dx),
      Math.abs(dy),
    );
}
