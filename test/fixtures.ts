/**
 * Seeded data shared by the tests and the benchmark: one PRNG, so both see the same boxes, and
 * seed 000's scene with the article's own size formula; and a shifty input for the read-once tests.
 */

/** mulberry32: tiny, fast, good enough for placing boxes, and identical on every machine. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;

/** A box of seed 000's scene (velocities zero: the scene is static). */
export interface SeedBox {
  readonly id: number;
  x: number;
  y: number;
  width: number;
  height: number;
  vx: number;
  vy: number;
}

export const SEED000_COUNT = 500;
export const SEED000_WORLD = 1200;

/** Lua-style math.random(lo, hi): an integer in [lo, hi]. */
function randomInt(random: Random, lo: number, hi: number): number {
  return lo + Math.floor(random() * (hi - lo + 1));
}

/**
 * Seed 000's rects with the article's own formula: the i-th rect (1-based) has width ∈ [10, max(i, 15)],
 * height ∈ [15, max(i, 20)] and x, y ∈ [1, 1200], all integers, so later rects are larger and many
 * edges share coordinates. Rects may stick out of the screen, as in the article.
 */
export function seed000Boxes(random: Random, count = SEED000_COUNT): SeedBox[] {
  return Array.from({ length: count }, (_, id) => {
    const i = id + 1;
    const width = randomInt(random, 10, i > 10 ? i : 15);
    const height = randomInt(random, 15, i > 15 ? i : 20);
    const x = randomInt(random, 1, SEED000_WORLD);
    const y = randomInt(random, 1, SEED000_WORLD);
    return { id, x, y, width, height, vx: 0, vy: 0 };
  });
}

/**
 * Bounds whose `width` getter answers 100 on the first read and -5 on every later one: a
 * constructor that reads it twice checks one value and keeps another. `reads()` counts the reads.
 */
export function shiftyBounds(): {
  bounds: { x: number; y: number; width: number; height: number };
  reads: () => number;
} {
  let reads = 0;
  const bounds = {
    x: 0,
    y: 0,
    height: 100,
    get width() {
      return reads++ === 0 ? 100 : -5;
    },
  };
  return { bounds, reads: () => reads };
}
