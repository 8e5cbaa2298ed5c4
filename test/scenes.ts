/** Scenes shared by tests, the simulation and the benchmark. */
import { mulberry32 } from './oracle.js';

export interface SceneBox {
  x: number;
  y: number;
  width: number;
  height: number;
  id: number;
}

/** Lua-style math.random(lo, hi): an integer in [lo, hi]. */
function randomInt(rand: () => number, lo: number, hi: number): number {
  return lo + Math.floor(rand() * (hi - lo + 1));
}

/**
 * Seed 000's scene: 500 rects on a 1200×1200 screen. The i-th rect (1-based) has
 * width ∈ [10, max(i, 15)], height ∈ [15, max(i, 20)], x, y ∈ [1, 1200], all integers, so later
 * rects are larger and many edges share coordinates.
 */
export function seed000Scene(seed: number, count = 500): SceneBox[] {
  const rand = mulberry32(seed);
  const boxes: SceneBox[] = [];
  for (let i = 1; i <= count; i++) {
    boxes.push({
      width: randomInt(rand, 10, i > 10 ? i : 15),
      height: randomInt(rand, 15, i > 15 ? i : 20),
      x: randomInt(rand, 1, 1200),
      y: randomInt(rand, 1, 1200),
      id: i - 1,
    });
  }
  return boxes;
}
