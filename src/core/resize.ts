/**
 * Growing and shrinking typed arrays: the one helper behind every per-item, per-node and per-proxy
 * array of the index, its traversal buffers and the World's broad phase.
 * @module
 */

type NumberArray = Float64Array | Int32Array | Uint32Array | Uint16Array | Uint8Array;

/** A new `make` array of `length` elements, holding the start of `old` when `keep`. */
export function resize<A extends NumberArray>(
  make: new (length: number) => A,
  old: A | undefined,
  length: number,
  keep: boolean,
): A {
  const next = new make(length);
  if (keep && old !== undefined) next.set(old.length <= length ? old : old.subarray(0, length));
  return next;
}
