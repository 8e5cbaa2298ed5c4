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
const wall = [
  { x: 0, y: 0 },
  { x: 40, y: 0 },
  { x: 40, y: 2 },
  { x: 0, y: 2 },
];

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
  if (scene === 'continuous') {
    // Fast bodies swept every step, against walls, with the events and separate() a game uses.
    const world = new World({ bounds });
    for (let k = 0; k < 40; k++) world.add(new Body(new Polygon(50 * k, 1000, wall), { isStatic: true }));
    const bodies = boxes
      .slice(0, 2_000)
      .map((b) => world.add(new Body(new Circle(b.x, b.y, 3), { continuous: true })));
    world.on('collisionStart', () => {
      pairs++;
    });
    return () => {
      for (let i = 0; i < bodies.length; i++) bodies[i].setPosition(boxes[i].x, (boxes[i].y * 7) % SIZE);
      world.step();
      world.separate();
    };
  }
  if (scene === 'queries') {
    // What a game asks each frame: the camera's view, a radius, the nearest few, a ray.
    const tree = new Quadtree(bounds);
    tree.insert(boxes);
    const index = new QuadIndex(bounds);
    for (const b of boxes) index.add(b.x, b.y, b.x + b.width, b.y + b.height);
    const seen = [];
    const ids = [];
    const camera = { x: 0, y: 0, width: 640, height: 360 };
    return () => {
      tree.refresh();
      camera.x = (camera.x + 3) % SIZE;
      seen.length = 0;
      tree.query(camera, seen);
      tree.queryCircle(camera.x, 500, 120, seen);
      tree.nearest(camera.x, 900, 8, 300, seen);
      tree.raycast(0, camera.x, 1, 0.3, SIZE, visit);
      ids.length = 0;
      index.query(camera.x, 0, camera.x + 640, 360, ids);
      index.forEachNearest(camera.x, 700, visit, 200);
      pairs += seen.length + ids.length;
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
