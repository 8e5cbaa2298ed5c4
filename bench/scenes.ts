/**
 * Seeded scene generators. Every contestant sees the very same `Box` objects, moved once per frame by
 * `Scene.step()` before any contestant runs, so all of them answer the same question.
 */
import { mulberry32, type Random, SEED000_COUNT, SEED000_WORLD, seed000Boxes } from '../test/fixtures.js';

export { mulberry32, type Random, SEED000_COUNT, SEED000_WORLD, seed000Boxes };

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One game object. `id` is its index in `Scene.boxes`; adapters report pairs by id. */
export interface Box extends Rect {
  readonly id: number;
  vx: number;
  vy: number;
}

export type SceneName = 'uniform' | 'clustered' | 'mixed' | 'seed000' | 'snake';

export const SCENE_NAMES: readonly SceneName[] = ['uniform', 'clustered', 'mixed', 'seed000', 'snake'];

export const SCENE_DESCRIPTIONS: Record<SceneName, string> = {
  uniform: 'boxes 4–16 px, uniformly placed, all moving (0.5–2 px/frame) and bouncing off the walls',
  clustered: '80% of the boxes in 6 Gaussian clusters, 20% uniform; all moving slowly (≤ 1 px/frame)',
  mixed: 'uniform small boxes plus 8 large boxes of 10–30% of the world width; all moving',
  seed000:
    "seed 000's static scene: 500 integer rects in 1200×1200 with the article's size formula — nothing moves",
  snake: 'snake and food: static food boxes (4–12 px) plus 8 moving 24×24 snake heads',
};

export interface Scene {
  readonly name: SceneName;
  readonly world: Rect;
  readonly boxes: readonly Box[];
  /** ids of the boxes moved by the last `step()`, valid up to `movedCount` */
  readonly moved: Int32Array;
  movedCount: number;
  /** Move every moving box one frame; fills `moved`. Allocates nothing. */
  step(): void;
  /** Move only the first `count` boxes listed in `ids` one frame (for the update-cost benchmark). */
  stepSubset(ids: Int32Array, count: number): void;
}

function between(random: Random, min: number, max: number): number {
  return min + (max - min) * random();
}

/** Standard normal sample (Box–Muller); one value per call keeps the generator simple. */
function gaussian(random: Random): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

function clamp(value: number, min: number, max: number): number {
  return value < min ? min : Math.min(value, max);
}

/** Small boxes 4–16 px: E[w1 + w2] = 20, so N boxes in area 200·N give ≈ 2 overlaps per box. */
const SMALL_MIN = 4;
const SMALL_MAX = 16;
const AREA_PER_BOX_FOR_TWO_OVERLAPS = 200;

function worldForDensity(count: number, areaPerBox: number): Rect {
  const side = Math.round(Math.sqrt(count * areaPerBox));
  return { x: 0, y: 0, width: side, height: side };
}

function randomVelocity(random: Random, minSpeed: number, maxSpeed: number): { vx: number; vy: number } {
  const angle = between(random, 0, 2 * Math.PI);
  const speed = between(random, minSpeed, maxSpeed);
  return { vx: speed * Math.cos(angle), vy: speed * Math.sin(angle) };
}

function makeBox(id: number, x: number, y: number, width: number, height: number, world: Rect): Box {
  // keep the box inside the world so bouncing never has to repair a start position
  const bx = clamp(x, world.x, world.x + world.width - width);
  const by = clamp(y, world.y, world.y + world.height - height);
  return { id, x: bx, y: by, width, height, vx: 0, vy: 0 };
}

function smallBoxAt(random: Random, id: number, x: number, y: number, world: Rect): Box {
  return makeBox(
    id,
    x,
    y,
    between(random, SMALL_MIN, SMALL_MAX),
    between(random, SMALL_MIN, SMALL_MAX),
    world,
  );
}

function uniformSmallBox(random: Random, id: number, world: Rect): Box {
  return smallBoxAt(random, id, between(random, 0, world.width), between(random, 0, world.height), world);
}

function setVelocity(box: Box, random: Random, minSpeed: number, maxSpeed: number): void {
  const { vx, vy } = randomVelocity(random, minSpeed, maxSpeed);
  box.vx = vx;
  box.vy = vy;
}

/** Builds the `Scene` object around generated boxes; `movingIds` lists the boxes that ever move. */
function assemble(name: SceneName, world: Rect, boxes: Box[], movingIds: readonly number[]): Scene {
  const moving = Int32Array.from(movingIds);
  const moved = new Int32Array(boxes.length);
  const right = world.x + world.width;
  const bottom = world.y + world.height;
  const scene: Scene = {
    name,
    world,
    boxes,
    moved,
    movedCount: 0,
    step() {
      for (let k = 0; k < moving.length; k++) {
        const box = boxes[moving[k]];
        moveAndBounce(box, world.x, world.y, right, bottom);
        moved[k] = box.id;
      }
      scene.movedCount = moving.length;
    },
    stepSubset(ids, count) {
      for (let k = 0; k < count; k++) {
        moveAndBounce(boxes[ids[k]], world.x, world.y, right, bottom);
        moved[k] = ids[k];
      }
      scene.movedCount = count;
    },
  };
  return scene;
}

/** Straight-line motion, reflecting the velocity at the walls (the box stays fully inside). */
function moveAndBounce(box: Box, left: number, top: number, right: number, bottom: number): void {
  let x = box.x + box.vx;
  let y = box.y + box.vy;
  if (x < left) {
    x = left + (left - x);
    box.vx = -box.vx;
  } else if (x + box.width > right) {
    x = right - box.width - (x + box.width - right);
    box.vx = -box.vx;
  }
  if (y < top) {
    y = top + (top - y);
    box.vy = -box.vy;
  } else if (y + box.height > bottom) {
    y = bottom - box.height - (y + box.height - bottom);
    box.vy = -box.vy;
  }
  box.x = clamp(x, left, right - box.width);
  box.y = clamp(y, top, bottom - box.height);
}

function allIds(count: number): number[] {
  return Array.from({ length: count }, (_, i) => i);
}

function uniformScene(count: number, random: Random): Scene {
  const world = worldForDensity(count, AREA_PER_BOX_FOR_TWO_OVERLAPS);
  const boxes = Array.from({ length: count }, (_, id) => uniformSmallBox(random, id, world));
  for (const box of boxes) setVelocity(box, random, 0.5, 2);
  return assemble('uniform', world, boxes, allIds(count));
}

const CLUSTER_COUNT = 6;
const CLUSTERED_SHARE = 0.8;
const OVERLAPS_INSIDE_CLUSTER = 0.8;

/**
 * Gaussian coordinate redrawn until it lies inside [0, size): clamping instead would pile boxes up
 * on the walls and make the scene far denser than intended.
 */
function gaussianInside(random: Random, centre: number, sigma: number, size: number): number {
  for (;;) {
    const value = centre + sigma * gaussian(random);
    if (value >= 0 && value < size) return value;
  }
}

function clusteredScene(count: number, random: Random): Scene {
  const world = worldForDensity(count, AREA_PER_BOX_FOR_TWO_OVERLAPS);
  const perCluster = (count * CLUSTERED_SHARE) / CLUSTER_COUNT;
  // For a 2-D Gaussian the pair density integrates to 1 / (4πσ²); E[(w1+w2)(h1+h2)] = 400 for our sizes.
  // The clusters overlap one another, so the per-cluster target is set low: the whole scene then
  // averages ≈ 2.8 overlaps per box at every N.
  const sigma = Math.sqrt((perCluster * 400) / (4 * Math.PI * OVERLAPS_INSIDE_CLUSTER));
  const centres = Array.from({ length: CLUSTER_COUNT }, () => ({
    x: between(random, 0.15, 0.85) * world.width,
    y: between(random, 0.15, 0.85) * world.height,
  }));
  const boxes = Array.from({ length: count }, (_, id) => {
    if (random() >= CLUSTERED_SHARE) return uniformSmallBox(random, id, world);
    const centre = centres[Math.floor(random() * CLUSTER_COUNT)];
    return smallBoxAt(
      random,
      id,
      gaussianInside(random, centre.x, sigma, world.width),
      gaussianInside(random, centre.y, sigma, world.height),
      world,
    );
  });
  for (const box of boxes) setVelocity(box, random, 0, 1);
  return assemble('clustered', world, boxes, allIds(count));
}

const LARGE_BOX_COUNT = 8;

function mixedScene(count: number, random: Random): Scene {
  const world = worldForDensity(count, AREA_PER_BOX_FOR_TWO_OVERLAPS);
  const boxes = Array.from({ length: count }, (_, id) => {
    if (id >= LARGE_BOX_COUNT) return uniformSmallBox(random, id, world);
    const width = between(random, 0.1, 0.3) * world.width;
    const height = between(random, 0.1, 0.3) * world.width;
    return makeBox(
      id,
      between(random, 0, world.width),
      between(random, 0, world.height),
      width,
      height,
      world,
    );
  });
  for (const box of boxes) setVelocity(box, random, 0.5, 2);
  return assemble('mixed', world, boxes, allIds(count));
}

/** Seed 000's static scene: nothing moves. */
function seed000Scene(random: Random): Scene {
  const world: Rect = { x: 0, y: 0, width: SEED000_WORLD, height: SEED000_WORLD };
  return assemble('seed000', world, seed000Boxes(random), []);
}

const SNAKE_COUNT = 8;
const SNAKE_SIZE = 24;

/** Food is sparser than the uniform scene (≈ 1 overlap per item); only the snake heads move. */
function snakeScene(count: number, random: Random): Scene {
  const world = worldForDensity(count, 2 * AREA_PER_BOX_FOR_TWO_OVERLAPS);
  const boxes = Array.from({ length: count }, (_, id) => {
    if (id >= SNAKE_COUNT) return uniformSmallBox(random, id, world);
    const x = between(random, 0, world.width);
    const y = between(random, 0, world.height);
    const head = makeBox(id, x, y, SNAKE_SIZE, SNAKE_SIZE, world);
    setVelocity(head, random, 3, 3);
    return head;
  });
  return assemble('snake', world, boxes, allIds(Math.min(SNAKE_COUNT, count)));
}

/** Same (name, count, seed) → same boxes, velocities and motion, on every run and machine. */
export function createScene(name: SceneName, count: number, seed = 1): Scene {
  const random = mulberry32(seed);
  switch (name) {
    case 'uniform':
      return uniformScene(count, random);
    case 'clustered':
      return clusteredScene(count, random);
    case 'mixed':
      return mixedScene(count, random);
    case 'seed000':
      return seed000Scene(mulberry32(0));
    case 'snake':
      return snakeScene(count, random);
  }
}
