/**
 * Child process of allocation.test.ts: what the World's nearest, raycast and castShape allocate per
 * call when their walk through the index visits thousands of boxes, printed as JSON. A filter that
 * turns every body away makes each query visit every box within reach: nearest the whole index, the
 * ray and the cast every box along their path. The index's walks are first run with other
 * visitors too, as in a program that also uses a QuadIndex or a Quadtree: V8 then cannot inline
 * the World's visitor into the walk, and a number the walk passed it would be boxed on the heap at
 * every box. Then the index's own circle query and k-nearest through the same 3,600 boxes. Run
 * with --expose-gc and, for the test's point, --no-turbo-inlining: see allocation.test.ts.
 */
import { Body, CastHit, Circle, QuadIndex, Quadtree, RaycastHit, World } from '../../src/index.js';
import { bytesAllocatedBy } from '../memory.js';

const SIDE = 60;
const CALLS = 200;
const gc = (globalThis as { gc?: () => void }).gc as () => void;

const world = new World({ bounds: { x: 0, y: 0, width: 10 * SIDE, height: 10 * SIDE } });
for (let i = 0; i < SIDE; i++) {
  for (let j = 0; j < SIDE; j++) world.add(new Body(new Circle(10 * i + 5, 10 * j + 5, 3)));
}
world.step();

const nobody = { mask: 0 };
const out: Body[] = [];
const ray = new RaycastHit();
const cast = new CastHit();
const probe = new Circle(-20, 301, 2);
let visited = 0;
const counting = {
  predicate: (): boolean => {
    visited++;
    return false;
  },
};

// Other visitors of the same walks, each run often enough to be optimized.
const index = new QuadIndex({ x: 0, y: 0, width: 100, height: 100 });
const tree = new Quadtree<{ x: number; y: number; width: number; height: number }>(index.bounds);
for (let i = 0; i < 50; i++) {
  index.add(2 * i, i, 2 * i + 3, i + 3);
  tree.insert({ x: i, y: 2 * i, width: 3, height: 3 });
}
let sum = 0;
for (let k = 0; k < 3000; k++) {
  index.forEachNearest(50, 50, (id, d) => {
    sum += id + d;
    return sum > 1e9 ? false : undefined;
  });
  index.raycast(0, 0, 1, 1, 200, (id, t) => {
    sum += id + t;
  });
  index.forEachSweepHit(0, 50, 2, 52, 90, 0, (id, t, nx) => {
    sum += id + t + nx;
  });
  tree.forEachNearest(30, 30, (item, d) => {
    sum += item.x + d;
    return sum > 1e9 ? false : undefined;
  });
  tree.raycast(0, 0, 1, 1, 200, (item, t) => {
    sum += item.y + t;
  });
  tree.forEachSweepHit({ x: 0, y: 40, width: 2, height: 2 }, 90, 0, (item, t) => {
    sum += item.x + t;
  });
}

/** Bytes per call of `query`, warm: warm-up, a collection, then the median of five windows. */
function perCall(query: () => void): number {
  for (let k = 0; k < 2000; k++) query();
  gc();
  const windows: number[] = [];
  for (let w = 0; w < 5; w++) {
    windows.push(
      bytesAllocatedBy(() => {
        for (let k = 0; k < CALLS; k++) query();
      }) / CALLS,
    );
  }
  return windows.sort((a, b) => a - b)[2];
}

const nearest = perCall(() => world.nearest(301, 299, 3, Number.POSITIVE_INFINITY, out, nobody));
const raycast = perCall(() => world.raycast(0.5, 301, 1, 0, Number.POSITIVE_INFINITY, nobody, ray));
const castShape = perCall(() => world.castShape(probe, 640, 0, nobody, cast));
// How many bodies each query reaches (the filter's predicate is asked only of those that pass
// the mask, so these use a filter that sees every body and refuses it).
visited = 0;
world.nearest(301, 299, 3, Number.POSITIVE_INFINITY, out, counting);
const nearestVisits = visited;
visited = 0;
world.raycast(0.5, 301, 1, 0, Number.POSITIVE_INFINITY, counting, ray);
const rayVisits = visited;
visited = 0;
world.castShape(probe, 640, 0, counting, cast);
const castVisits = visited;

// The index's own searches through a grid of as many boxes: a circle reaching all of them (its
// visitor takes an id only) and the 3 nearest, appended to an array cut back to its first entry
// each time (cut to none, V8 gives its storage back, and the pushes would allocate it again).
const grid = new QuadIndex({ x: 0, y: 0, width: 10 * SIDE, height: 10 * SIDE });
for (let i = 0; i < SIDE; i++) {
  for (let j = 0; j < SIDE; j++) grid.add(10 * i + 2, 10 * j + 2, 10 * i + 8, 10 * j + 8);
}
let inCircle = 0;
const countId = (): void => {
  inCircle++;
};
const ids: number[] = [-1];
const indexCircle = perCall(() => grid.forEachInCircle(301.5, 299.5, 1000.5, countId));
const indexNearest = perCall(() => {
  ids.length = 1;
  grid.nearest(301.5, 299.5, 3, Number.POSITIVE_INFINITY, ids);
});
inCircle = 0;
grid.forEachInCircle(301.5, 299.5, 1000.5, countId);

process.stdout.write(
  JSON.stringify({
    nearest,
    raycast,
    castShape,
    indexCircle,
    indexNearest,
    inCircle,
    nearestVisits,
    rayVisits,
    castVisits,
    found: out.length,
    sum,
  }),
);
