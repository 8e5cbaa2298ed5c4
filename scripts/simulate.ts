/**
 * Terminal simulation: N boxes bouncing in a box world, a persistent quadtree updated every frame,
 * and once a second the figures that matter: colliding pairs, narrow checks made by the tree versus
 * the n·(n−1)/2 of brute force, and milliseconds per frame (update + pair pass).
 *
 *   npm run simulate -- --n 5000 --seconds 5 --seed 1
 */
import { parseArgs } from 'node:util';
import { mulberry32 } from '../bench/scenes.js';
import { Quadtree } from '../src/index.js';

interface Ball {
  x: number;
  y: number;
  width: number;
  height: number;
  vx: number;
  vy: number;
}

const { values } = parseArgs({
  options: {
    n: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '5' },
    seed: { type: 'string', default: '1' },
    width: { type: 'string', default: '1920' },
    height: { type: 'string', default: '1080' },
  },
});
const count = Number(values.n);
const seconds = Number(values.seconds);
const world = { x: 0, y: 0, width: Number(values.width), height: Number(values.height) };
for (const [name, v] of Object.entries({ n: count, seconds, width: world.width, height: world.height })) {
  if (!(v > 0)) throw new RangeError(`--${name} must be a positive number`);
}

// The same seed gives the same run.
const random = mulberry32(Number(values.seed));

// Size so that each box overlaps about two others: n·(2s)²/area ≈ 2.
const side = Math.sqrt((2 * world.width * world.height) / count) / 2;
const balls: Ball[] = [];
for (let i = 0; i < count; i++) {
  const w = side * (0.5 + random());
  const h = side * (0.5 + random());
  balls.push({
    x: random() * (world.width - w),
    y: random() * (world.height - h),
    width: w,
    height: h,
    vx: (random() - 0.5) * side * 0.4,
    vy: (random() - 0.5) * side * 0.4,
  });
}

const tree = new Quadtree<Ball>(world);
tree.insert(balls);
const brute = (count * (count - 1)) / 2;
let pairs = 0;
const countPair = (): void => {
  pairs++;
};

console.log(`quadcollide simulation: ${count} boxes in ${world.width}×${world.height}, ${seconds} s`);
console.log('second  frames  ms/frame  pairs/frame  checks/frame  brute force  checks vs brute');
const end = performance.now() + seconds * 1000;
let second = 1;
let windowStart = performance.now();
let frames = 0;
let frameMs = 0;
let pairSum = 0;
let checkSum = 0;
while (performance.now() < end) {
  const t0 = performance.now();
  for (const b of balls) {
    b.x += b.vx;
    b.y += b.vy;
    if (b.x < 0 || b.x + b.width > world.width) b.vx = -b.vx;
    if (b.y < 0 || b.y + b.height > world.height) b.vy = -b.vy;
    tree.update(b);
  }
  pairs = 0;
  tree.forEachPair(countPair);
  frameMs += performance.now() - t0;
  frames++;
  pairSum += pairs;
  checkSum += tree.lastChecks;
  if (performance.now() - windowStart >= 1000) {
    const checks = checkSum / frames;
    console.log(
      `${String(second).padStart(6)}  ${String(frames).padStart(6)}  ${(frameMs / frames).toFixed(3).padStart(8)}  ` +
        `${(pairSum / frames).toFixed(0).padStart(11)}  ${checks.toFixed(0).padStart(12)}  ${String(brute).padStart(11)}  ` +
        `${((100 * checks) / brute).toFixed(2).padStart(14)}%`,
    );
    second++;
    windowStart = performance.now();
    frames = 0;
    frameMs = 0;
    pairSum = 0;
    checkSum = 0;
  }
}
tree.validate();
const stats = tree.stats();
console.log(`tree: ${stats.nodes} nodes, ${stats.leaves} leaves, depth ${stats.depth}; validate() passed`);
