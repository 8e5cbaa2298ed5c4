/**
 * Child process of allocation.test.ts: steady frames of the id API (moveAll + forEachPair) and of
 * the object API (refresh + forEachPair, and clear + insert + forEachPair) at 1,000 boxes, then the
 * JS-heap bytes each frame allocates, printed as JSON. Run with --expose-gc and, for the test's
 * point, --no-turbo-inlining: see allocation.test.ts.
 */
import { QuadIndex, Quadtree, type Rect } from '../../src/index.js';
import { mulberry32 } from '../fixtures.js';
import { bytesAllocatedBy } from '../memory.js';

const N = 1000;
const WARMUP = 3000;
const FRAMES = 500;
const gc = (globalThis as { gc?: () => void }).gc as () => void;

/** Bytes per frame of `frame` once warm: warm-up, collections (which may drop optimized code), warm-up again. */
function perFrame(frame: (f: number) => void): number {
  for (let f = 0; f < WARMUP; f++) frame(f);
  gc();
  for (let f = 0; f < 300; f++) frame(f);
  gc();
  return (
    bytesAllocatedBy(() => {
      for (let f = 0; f < FRAMES; f++) frame(f);
    }) / FRAMES
  );
}

const random = mulberry32(7);
const world = { x: 0, y: 0, width: 500, height: 500 };
const items: Rect[] = Array.from({ length: N }, () => ({
  x: random() * 490,
  y: random() * 490,
  width: 2 + random() * 8,
  height: 2 + random() * 8,
}));
/** Every box moves every frame, by a fraction of a unit, back and forth. */
function moveItems(f: number): void {
  for (let i = 0; i < N; i++) {
    const it = items[i];
    const d = ((i + f) & 3) - 1.5;
    it.x += d;
    it.y -= d * 0.5;
  }
}
let pairs = 0;
const visit = (a: unknown, b: unknown): void => {
  if (a !== b) pairs++;
};

const index = new QuadIndex(world);
const boxes = new Float64Array(4 * N);
for (const it of items) index.add(it.x, it.y, it.x + it.width, it.y + it.height);
const ids = perFrame((f) => {
  moveItems(f);
  for (let i = 0; i < N; i++) {
    const it = items[i];
    boxes[4 * i] = it.x;
    boxes[4 * i + 1] = it.y;
    boxes[4 * i + 2] = it.x + it.width;
    boxes[4 * i + 3] = it.y + it.height;
  }
  index.moveAll(boxes);
  index.forEachPair(visit);
});

const tree = new Quadtree<Rect>(world);
tree.insert(items);
const refresh = perFrame((f) => {
  moveItems(f);
  tree.refresh();
  tree.forEachPair(visit);
});

const rebuilt = new Quadtree<Rect>(world);
const rebuild = perFrame((f) => {
  moveItems(f);
  rebuilt.clear();
  rebuilt.insert(items);
  rebuilt.forEachPair(visit);
});

process.stdout.write(JSON.stringify({ ids, refresh, rebuild, pairs }));
