/**
 * Why does the camera scene's node count grow while it runs? Measures, on the scene's own seeded
 * objects (demo/src/scenes/camera-world.ts), the running tree's node count against:
 *   - the nodes reachable from the root (forEachNode): equal unless nodes leak;
 *   - a fresh tree built from the same boxes, and the running tree after clear() + insert();
 *   - an upper bound: a fresh tree built with maxObjects = the merge threshold (see `bound` below);
 *   - how spread out the ships are (how many cells of a 64 × 64 grid hold a ship).
 * Run: npx tsx demo/tools/camera-nodes.ts [--steps 36000] [--seed 1]
 */
import { Quadtree } from '../../src/index.js';
import {
  createCameraWorld,
  moveShips,
  type Thing,
  TREE_OPTIONS,
  WH,
  WW,
} from '../src/scenes/camera-world.js';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const STEPS = arg('--steps', 36_000);
const SEED = arg('--seed', 1);
const DT = 1 / 60;

const world = createCameraWorld(SEED);
const { tree, all, ships } = world;

function reachable(t: Quadtree<Thing>): { nodes: number; leaves: number; emptyLeaves: number } {
  let nodes = 0;
  let leaves = 0;
  let emptyLeaves = 0;
  t.forEachNode((n) => {
    nodes++;
    if (n.isLeaf) {
      leaves++;
      if (n.items === 0) emptyLeaves++;
    }
  });
  return { nodes, leaves, emptyLeaves };
}

function shipCells(): number {
  const cells = new Set<number>();
  for (const s of ships) cells.add(Math.floor((s.x / WW) * 64) * 64 + Math.floor((s.y / WH) * 64));
  return cells.size;
}

function freshNodes(maxObjects: number = TREE_OPTIONS.maxObjects): number {
  const fresh = new Quadtree<Thing>({ x: 0, y: 0, width: WW, height: WH }, { ...TREE_OPTIONS, maxObjects });
  fresh.insert(all);
  return fresh.stats().nodes;
}

/**
 * A leaf splits when it holds more than maxObjects (12) items, but a node folds its children back
 * only when its whole subtree holds maxObjects / 2 (6) or fewer (src/core/store.ts, mergeThreshold; the
 * gap stops a node from splitting and merging on every move). So every internal node of the running
 * tree holds at least 7 items, as do all its ancestors, and a fresh build with maxObjects = 6 splits
 * exactly every such node: its node count bounds the running tree's from above, at any moment.
 */
const MERGE_THRESHOLD = TREE_OPTIONS.maxObjects >> 1;
const bound = (): number => freshNodes(MERGE_THRESHOLD);

const header = 'step       time    nodes  reachable  leaves  empty  fresh-build  bound  ship-cells';
console.log(header);
const report = (step: number): void => {
  const s = tree.stats();
  const r = reachable(tree);
  const row = [
    String(step).padEnd(8),
    `${(step * DT).toFixed(0)} s`.padStart(8),
    String(s.nodes).padStart(8),
    String(r.nodes).padStart(10),
    String(r.leaves).padStart(7),
    String(r.emptyLeaves).padStart(6),
    String(freshNodes()).padStart(12),
    String(bound()).padStart(6),
    String(shipCells()).padStart(11),
  ].join(' ');
  console.log(row);
};

const checkpoints = new Set([
  0,
  60,
  300,
  600,
  1200,
  3600,
  7200,
  18_000,
  36_000,
  72_000,
  144_000,
  216_000,
  STEPS,
]);
for (let step = 0; step <= STEPS; step++) {
  if (checkpoints.has(step)) report(step);
  if (step < STEPS) moveShips(world, DT);
}
tree.validate();

// Ships stop: nothing moves, so nothing splits or merges and the count must stay.
const before = tree.stats().nodes;
for (const s of ships) tree.update(s);
console.log(`\nships frozen, every ship re-read once more: ${before} → ${tree.stats().nodes} nodes`);

// The same boxes, re-inserted into the running tree.
tree.clear();
tree.insert(all);
console.log(
  `clear() + insert(all) on the running tree: ${tree.stats().nodes} nodes (fresh build: ${freshNodes()})`,
);
