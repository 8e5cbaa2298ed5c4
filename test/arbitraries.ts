/**
 * fast-check generators for quadtree scenes. They deliberately over-produce the degenerate cases
 * the standards list: zero sizes, identical boxes, boxes on split lines (integer and power-of-two
 * coordinates), boxes outside or larger than the root, negative, tiny and huge coordinates.
 */
import fc from 'fast-check';
import type { QuadtreeOptions, Rect } from '../src/index.js';

/** Root bounds: aligned, offset/negative, non-square, tiny and huge scales, far from the origin. */
export const boundsArb: fc.Arbitrary<Rect> = fc.oneof(
  fc.constant({ x: 0, y: 0, width: 256, height: 256 }),
  fc.constant({ x: -128, y: -64, width: 256, height: 128 }),
  fc.constant({ x: 0.1, y: 0.3, width: 1, height: 1 }),
  fc.constant({ x: -1e9, y: -1e9, width: 2e9, height: 2e9 }),
  fc.constant({ x: 0, y: 0, width: 1e-6, height: 1e-6 }),
  // Far from the origin for their size: at 1e15 floats are 0.125 apart, so a 3 × 7 root holds a
  // few dozen distinct coordinates per axis and most boxes share edges and split lines.
  fc.constant({ x: 1e15, y: -1e15, width: 3, height: 7 }),
  fc.record({
    x: fc.double({ min: -500, max: 500, noNaN: true }),
    y: fc.double({ min: -500, max: 500, noNaN: true }),
    width: fc.double({ min: 1, max: 1000, noNaN: true }),
    height: fc.double({ min: 1, max: 1000, noNaN: true }),
  }),
);

export const optionsArb: fc.Arbitrary<QuadtreeOptions> = fc.record(
  {
    // Mostly small, for deep trees from few boxes; sometimes around the default (24), whose leaves
    // hold more boxes than a pair walk's tables start with.
    maxObjects: fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 1, max: 12 }) },
      { weight: 1, arbitrary: fc.constantFrom(16, 24, 32) },
    ),
    maxLevels: fc.oneof(fc.integer({ min: 0, max: 8 }), fc.constantFrom(12, 16)),
    minNodeSize: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 40, noNaN: true })),
  },
  { requiredKeys: [] },
);

/** A coordinate along one axis of `bounds`, biased towards grid lines and edges. */
function coordinate(origin: number, extent: number): fc.Arbitrary<number> {
  return fc.oneof(
    // on the power-of-two split lines of every level, and just off them
    fc
      .tuple(fc.integer({ min: -2, max: 18 }), fc.integer({ min: 0, max: 6 }))
      .map(([k, level]) => origin + (extent * k) / 2 ** Math.min(level, 4)),
    fc.integer({ min: -4, max: 20 }).map((k) => origin + (extent * k) / 16 + extent * 1e-12),
    fc.double({ min: origin - extent * 0.5, max: origin + extent * 1.5, noNaN: true }),
    fc.constantFrom(0, -0, 1e-9, -1e-9, 1e9, -1e9, origin, origin + extent),
  );
}

function size(extent: number): fc.Arbitrary<number> {
  return fc.oneof(
    fc.constant(0),
    fc.double({ min: 0, max: extent * 0.2, noNaN: true }),
    fc.integer({ min: 0, max: 8 }).map((k) => (extent * k) / 16),
    fc.constantFrom(1e-9, extent, extent * 3, 1e9),
  );
}

export function boxArb(bounds: Rect): fc.Arbitrary<Rect> {
  return fc.record({
    x: coordinate(bounds.x, bounds.width),
    y: coordinate(bounds.y, bounds.height),
    width: size(bounds.width),
    height: size(bounds.height),
  });
}

export type Op =
  | { kind: 'insert'; box: Rect; copies: number }
  | { kind: 'remove'; pick: number }
  | { kind: 'move'; pick: number; box: Rect }
  | { kind: 'refresh'; boxes: Rect[] }
  | { kind: 'clear' }
  /** re-insert an item that was removed or cleared earlier, at a new box */
  | { kind: 'reinsert'; pick: number; box: Rect }
  /** all pairs in the middle of the sequence (the pair walk lays the boxes out in walk order, which later steps make stale) */
  | { kind: 'pairs' };

export function opsArb(bounds: Rect, maxOps = 60): fc.Arbitrary<Op[]> {
  const box = boxArb(bounds);
  const op: fc.Arbitrary<Op> = fc.oneof(
    {
      weight: 10,
      arbitrary: fc.record({
        kind: fc.constant('insert' as const),
        box,
        copies: fc.integer({ min: 1, max: 4 }),
      }),
    },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }) },
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), box }) },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('refresh' as const), boxes: fc.array(box, { maxLength: 8 }) }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'clear' as const }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('reinsert' as const), pick: fc.nat(), box }) },
    { weight: 2, arbitrary: fc.constant({ kind: 'pairs' as const }) },
  );
  // size: the default ("small") would rarely build more than ten steps.
  return fc.array(op, { maxLength: maxOps, size: 'max' });
}
