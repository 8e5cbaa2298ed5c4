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
