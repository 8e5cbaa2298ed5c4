// One scene of scripts/check-deopts.mjs, run in a child process with --trace-deopt:
//   node --trace-deopt scripts/deopt-scenes.mjs <scene> <frames> [dist entry]
// Drives the built package the way a game does, one call per frame.
import { pathToFileURL } from 'node:url';

const [, , scene, framesArg, entry = 'dist/index.js'] = process.argv;
const { Body, Circle, Polygon, QuadIndex, Quadtree, World } = await import(pathToFileURL(entry).href);

const N = 10_000;
const SIZE = 2_000;
let seed = 1;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const boxes = Array.from({ length: N }, () => ({
  x: random() * SIZE,
  y: random() * SIZE,
  width: 4 + random() * 12,
  height: 4 + random() * 12,
  vx: random() * 2 - 1,
  vy: random() * 2 - 1,
}));
function moveAll() {
  for (const b of boxes) {
    b.x += b.vx;
    b.y += b.vy;
    if (b.x < 0 || b.x > SIZE - 20) b.vx = -b.vx;
    if (b.y < 0 || b.y > SIZE - 20) b.vy = -b.vy;
  }
}
let pairs = 0;
const visit = () => {
  pairs++;
};
const bounds = { x: 0, y: 0, width: SIZE, height: SIZE };

function makeScene() {
  if (scene === 'rebuild' || scene === 'refresh' || scene === 'update') {
    const tree = new Quadtree(bounds);
    tree.insert(boxes);
    if (scene === 'rebuild') {
      return () => {
        tree.clear();
        tree.insert(boxes);
        tree.forEachPair(visit);
      };
    }
    if (scene === 'refresh') {
      return () => {
        tree.refresh();
        tree.forEachPair(visit);
      };
    }
    return () => {
      for (let i = 0; i < N; i += 10) tree.update(boxes[i]);
      tree.forEachPair(visit);
    };
  }
  if (scene === 'moveAll' || scene === 'move') {
    const index = new QuadIndex(bounds);
    for (const b of boxes) index.add(b.x, b.y, b.x + b.width, b.y + b.height);
    const array = new Float64Array(4 * N);
    return () => {
      for (let i = 0; i < N; i++) {
        const b = boxes[i];
        array[4 * i] = b.x;
        array[4 * i + 1] = b.y;
        array[4 * i + 2] = b.x + b.width;
        array[4 * i + 3] = b.y + b.height;
      }
      if (scene === 'moveAll') index.moveAll(array);
      else
        for (let i = 0; i < N; i++)
          index.move(i, array[4 * i], array[4 * i + 1], array[4 * i + 2], array[4 * i + 3]);
      index.forEachPair(visit);
    };
  }
  if (scene === 'world') {
    const world = new World({ bounds });
    const triangle = [
      { x: -4, y: -4 },
      { x: 4, y: -4 },
      { x: 0, y: 5 },
    ];
    const bodies = boxes.map((b, i) =>
      world.add(new Body(i % 2 ? new Circle(b.x, b.y, b.width / 2) : new Polygon(b.x, b.y, triangle))),
    );
    return () => {
      for (let i = 0; i < N; i++) {
        bodies[i].setPosition(boxes[i].x, boxes[i].y);
        if (i % 2 === 0) bodies[i].angle += 0.01;
      }
      world.step();
      pairs += world.contacts.length;
      world.separate();
    };
  }
  throw new Error(`unknown scene ${scene}`);
}

const frame = makeScene();
for (let f = 0; f < Number(framesArg); f++) {
  moveAll();
  frame();
}
console.log(`scene ${scene}: ${pairs} pairs`);
