/**
 * Child process of allocation.test.ts (run with --expose-gc): JS-heap bytes that two usage
 * patterns leave retained after a full collection, printed as JSON.
 *
 * - `moved`: bodies added, moved and removed between two steps of a World, 20,000 times. A removed
 *   body must not stay on the world's list of moved bodies (with its shape) until the next step.
 * - `peak`: a Quadtree that held 200,000 items, then is cleared twice with 100 items in between.
 *   Its item table must shrink back to the items handed out since (the index's typed arrays keep
 *   their capacity, by design, and are outside the JS heap measured here).
 * - `filled`: a Quadtree of 100,000 items filled by one array insert, refreshed and paired, per
 *   item. It holds an array of its items (8 bytes each); its map from items to ids is built only
 *   by a lookup of an item by object, which this use never makes (before: 56 bytes an item).
 *   `filledOneByOne`: the same, filled one insert at a time (the quadtree-js way; before: 48).
 */
import { Body, Circle, Quadtree, type Rect, World } from '../../src/index.js';

const gc = (globalThis as { gc?: () => void }).gc as () => void;

/** Heap in use after enough full collections for the sweeping of the first ones to be done. */
function heapAfterCollection(): number {
  for (let i = 0; i < 6; i++) gc();
  return process.memoryUsage().heapUsed;
}

/** (Its own function for the same reason as {@link insertPeak}.) */
function addMoveRemove(world: World, times: number): void {
  for (let i = 0; i < times; i++) {
    const body = world.add(new Body(new Circle(10, 10, 2)));
    body.setPosition(10 + (i & 7), 10);
    world.remove(body);
  }
}

function movedBodies(): number {
  const world = new World({ bounds: { x: 0, y: 0, width: 100, height: 100 } });
  for (let i = 0; i < 50; i++) world.add(new Body(new Circle(2 * i, 50, 1)));
  world.step();
  const before = heapAfterCollection();
  addMoveRemove(world, 20_000);
  const after = heapAfterCollection();
  world.step();
  return after - before;
}

/**
 * The peak, in a function of its own: a temporary of the measuring function's frame (the array
 * passed to insert) would stay alive until that frame ends, and be measured as retained.
 */
function insertPeak(tree: Quadtree<Rect>): void {
  tree.insert(Array.from({ length: 200_000 }, (_, i) => ({ x: i % 990, y: i % 997, width: 5, height: 5 })));
}

function peakThenFew(): number {
  const tree = new Quadtree<Rect>({ x: 0, y: 0, width: 1000, height: 1000 });
  const few = Array.from({ length: 100 }, (_, i) => ({ x: i * 9, y: 500, width: 5, height: 5 }));
  const before = heapAfterCollection();
  insertPeak(tree);
  tree.clear();
  tree.insert(few);
  tree.clear(); // forgets the 199,900 cleared items not inserted again
  tree.insert(few);
  const after = heapAfterCollection();
  if (tree.size !== few.length) throw new Error('the tree lost items');
  return after - before;
}

function filledAndRefreshed(oneByOne: boolean): number {
  const items = Array.from({ length: 100_000 }, (_, i) => ({ x: i % 990, y: i % 997, width: 5, height: 5 }));
  const before = heapAfterCollection();
  const tree = new Quadtree<Rect>({ x: 0, y: 0, width: 1000, height: 1000 });
  if (oneByOne) for (const it of items) tree.insert(it);
  else tree.insert(items);
  for (const it of items) it.x = 990 - it.x;
  tree.refresh();
  tree.forEachPair(() => {});
  const after = heapAfterCollection();
  if (tree.size !== items.length) throw new Error('the tree lost items');
  return (after - before) / items.length;
}

console.log(
  JSON.stringify({
    moved: movedBodies(),
    peak: peakThenFew(),
    filled: filledAndRefreshed(false),
    filledOneByOne: filledAndRefreshed(true),
  }),
);
