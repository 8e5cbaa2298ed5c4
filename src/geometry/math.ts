import type { ConvexShape } from './convex.js';

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
 * Results of {@link unit} and {@link project}, read right after the call: module-level `let`
 * doubles would be boxed on every write, typed-array slots are not. Nothing here calls user code.
 * @internal
 */
export const vec = new Float64Array(2);

/**
 * The unit vector of a non-zero (dx, dy), into vec[0], vec[1]. Dividing by the larger component
 * first keeps tiny (even subnormal) vectors accurate, where dx / hypot(dx, dy) would lose all
 * precision. @internal
 */
export function unit(dx: number, dy: number): void {
  const m = Math.max(Math.abs(dx), Math.abs(dy));
  const ux = dx / m;
  const uy = dy / m;
  const len = length(ux, uy);
  vec[0] = ux / len;
  vec[1] = uy / len;
}

/** The interval [vec[0], vec[1]] of a convex shape's world vertices projected on (nx, ny). @internal */
export function project(shape: ConvexShape, nx: number, ny: number): void {
  const v = shape._world;
  let min = nx * v[0] + ny * v[1];
  let max = min;
  for (let i = 1; i < shape._count; i++) {
    const p = nx * v[2 * i] + ny * v[2 * i + 1];
    if (p < min) min = p;
    else if (p > max) max = p;
  }
  vec[0] = min;
  vec[1] = max;
}
