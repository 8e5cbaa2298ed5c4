/**
 * Index sweeps against brute force: for random scenes, movers and motions, the first hit (id, t,
 * normal) and the ordered list of every hit equal a brute-force pass over all boxes, and the time
 * of impact is the boundary of the strict overlap rule.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QuadIndex, Quadtree, type Rect } from '../src/index.js';
import { boundsArb, boxArb } from './arbitraries.js';
import { bytesAllocatedBy } from './memory.js';
import { mulberry32, overlaps } from './oracle.js';

const RUNS = Number(process.env.QC_RUNS ?? 200);

/** Time of impact by the definition: the open time interval in which the strict rule holds, per axis. */
function bruteToi(a: Rect, dx: number, dy: number, b: Rect): number {
  let enter = Number.NEGATIVE_INFINITY;
  let exit = Number.POSITIVE_INFINITY;
  for (const [aMin, aMax, d, bMin, bMax] of [
    [a.x, a.x + a.width, dx, b.x, b.x + b.width],
    [a.y, a.y + a.height, dy, b.y, b.y + b.height],
  ]) {
    if (d === 0) {
      if (!(aMin < bMax && bMin < aMax)) return Number.POSITIVE_INFINITY;
      continue;
    }
    // aMin + t·d < bMax and bMin < aMax + t·d
    const t1 = (bMax - aMin) / d;
    const t2 = (bMin - aMax) / d;
    enter = Math.max(enter, Math.min(t1, t2));
    exit = Math.min(exit, Math.max(t1, t2));
  }
  return enter < exit && enter < 1 && exit > 0 ? Math.max(enter, 0) : Number.POSITIVE_INFINITY;
}

function moved(a: Rect, dx: number, dy: number, t: number): Rect {
  return { x: a.x + dx * t, y: a.y + dy * t, width: a.width, height: a.height };
}

/** Whether every edge of p on a moving axis differs from the same edge of q. */
function edgesMoved(p: Rect, q: Rect, dx: number, dy: number): boolean {
  const xMoved = dx === 0 || (p.x !== q.x && p.x + p.width !== q.x + q.width);
  const yMoved = dy === 0 || (p.y !== q.y && p.y + p.height !== q.y + q.height);
  return xMoved && yMoved;
}

const sceneArb = boundsArb.chain((bounds) =>
  fc.record({
    bounds: fc.constant(bounds),
    boxes: fc.array(boxArb(bounds), { maxLength: 60 }),
    mover: boxArb(bounds),
    dx: fc.oneof(fc.constant(0), fc.double({ min: -bounds.width, max: bounds.width, noNaN: true })),
    dy: fc.oneof(fc.constant(0), fc.double({ min: -bounds.height, max: bounds.height, noNaN: true })),
    maxObjects: fc.integer({ min: 1, max: 8 }),
  }),
);

/** Sweeps `mover` by (dx, dy) through an index of `boxes` and checks every answer against brute force. */
function checkSweep(
  bounds: Rect,
  boxes: Rect[],
  maxObjects: number,
  mover: Rect,
  dx: number,
  dy: number,
): void {
  const index = new QuadIndex(bounds, { maxObjects });
  for (const b of boxes) index.add(b.x, b.y, b.x + b.width, b.y + b.height);
  const expected = boxes
    .map((b, id) => ({ id, t: bruteToi(mover, dx, dy, b) }))
    .filter((h) => h.t < 1)
    .sort((p, q) => p.t - q.t || p.id - q.id);
  const all: { id: number; t: number }[] = [];
  index.forEachSweepHit(
    mover.x,
    mover.y,
    mover.x + mover.width,
    mover.y + mover.height,
    dx,
    dy,
    (id, t, nx, ny) => {
      all.push({ id, t });
      // The normal is a unit axis (or the diagonal) against the motion, or (0, 0) for a start
      // overlap without motion.
      const len = Math.hypot(nx, ny);
      if (dx !== 0 || dy !== 0) {
        expect(Math.abs(len - 1)).toBeLessThan(1e-12);
        expect(nx * dx + ny * dy).toBeLessThan(0);
      }
    },
  );
  expect(all).toEqual(expected);
  const first = index.sweep(mover.x, mover.y, mover.x + mover.width, mover.y + mover.height, dx, dy);
  if (expected.length === 0) expect(first).toBeNull();
  else expect({ id: first?.id, t: first?.t }).toEqual(expected[0]);
  // t is the boundary of the strict rule: no overlap just before it. (Only checked where
  // "just before" is a different place in floating point: a motion below the coordinates'
  // rounding, 2e-7 at y = -9e8, say, leaves the edges where they are at t.)
  for (const { id, t } of expected) {
    const before = moved(mover, dx, dy, t * (1 - 1e-6));
    if (t > 0 && edgesMoved(before, moved(mover, dx, dy, t), dx, dy)) {
      expect(overlaps(before, boxes[id])).toBe(false);
    }
  }
}

describe('index sweeps vs brute force (fast-check)', () => {
  it('the first hit and every hit in order match the definition of the time of impact', () => {
    fc.assert(
      fc.property(sceneArb, ({ bounds, boxes, mover, dx, dy, maxObjects }) =>
        checkSweep(bounds, boxes, maxObjects, mover, dx, dy),
      ),
      { numRuns: RUNS },
    );
  });

  it('the same with the mover reaching or starting far outside the bounds (up to 1e15 times their size)', () => {
    // The nodes' keys once came from a ray from the mover's min corner into their bounds grown by
    // its size; that rounds at the scale of the corner and the size, and with a mover reaching
    // 1e15 away a node was keyed after a box inside it: hits came out of order and sweep()
    // returned the second box hit.
    fc.assert(
      fc.property(
        sceneArb,
        fc.integer({ min: 0, max: 15 }),
        fc.integer({ min: 0, max: 3 }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        ({ bounds, boxes, mover, dx, dy, maxObjects }, k, how, spread) => {
          const far = Math.max(bounds.width, bounds.height) * 10 ** k;
          // how 0, 1: stretched far to the left or upwards (its far edge stays where it was);
          // 2, 3: moved far away, then swept back across the bounds.
          if (how === 0) {
            checkSweep(
              bounds,
              boxes,
              maxObjects,
              { ...mover, x: mover.x - far, width: mover.width + far },
              dx,
              dy,
            );
          } else if (how === 1) {
            checkSweep(
              bounds,
              boxes,
              maxObjects,
              { ...mover, y: mover.y - far, height: mover.height + far },
              dx,
              dy,
            );
          } else {
            const sx = how === 2 ? 1 : spread;
            const sy = how === 2 ? spread : 1;
            const away = { ...mover, x: mover.x - far * sx, y: mover.y - far * sy };
            checkSweep(bounds, boxes, maxObjects, away, 1.5 * far * sx, 1.5 * far * sy);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('known answers: the nearer of two boxes is hit first, and ties go to the lower id, from 1e15 away', () => {
    const index = new QuadIndex({ x: 0, y: 0, width: 1, height: 1 }, { maxObjects: 1 });
    index.add(0.5, 0, 1, 1);
    index.add(0.45, 0, 1, 1); // entered first
    expect(index.sweep(-1e15, 0, 0.3, 1, 1e14, 0)).toMatchObject({ id: 1, t: (0.45 - 0.3) / 1e14 });
    const ties = new QuadIndex({ x: 0, y: 0, width: 1, height: 1 }, { maxObjects: 1 });
    ties.add(0.5, 0.25, 0.625, 0.4375);
    ties.add(0.5, 0.8125, 0.5, 1); // same left edge, another node
    const order: number[] = [];
    ties.forEachSweepHit(-1e15, 0, 0.3125, 1, 1e14, 0, (id) => void order.push(id));
    expect(order).toEqual([0, 1]);
  });

  it('known answers: boxes of zero height 5e-324 apart meet and part at one instant, a miss', () => {
    // Both entry and exit times underflow to 0; the fallback for an exit that underflowed (an
    // overlap far smaller than the motion) took it for a start inside (fast-check found it).
    const index = new QuadIndex({ x: -128, y: -64, width: 256, height: 128 }, { maxObjects: 1 });
    index.add(-127.999999999744, -5e-324, -127.999999999744 + 1e-9, -5e-324);
    expect(index.sweep(-256, 0, 0, 0, 0, -2)).toBeNull();
    expect(index.sweep(-256, -5e-324, 0, -5e-324, 0, 2)).toBeNull();
    // A start inside that small, and its exit underflowing, is still a hit at 0.
    const inside = new QuadIndex({ x: -128, y: -64, width: 256, height: 128 });
    inside.add(0, 0, 1, 1e-300);
    expect(inside.sweep(0, 0, 1, 1e-300, 0, 1e30)).toMatchObject({ id: 0, t: 0 });
  });

  it('known answers: a fast bullet does not tunnel through a thin wall', () => {
    const index = new QuadIndex({ x: 0, y: 0, width: 200, height: 200 });
    const wall = index.add(30, 0, 32, 200); // 2 px thick
    const target = index.add(100, 90, 110, 100);
    // A 4-px bullet moving 80 px per frame: no frame sees it overlap the wall.
    expect(index.sweep(0, 50, 4, 54, 80, 0)).toEqual({ id: wall, t: 26 / 80, normalX: -1, normalY: 0 });
    expect(index.sweep(0, 92, 4, 96, 200, 0)).toEqual({ id: wall, t: 26 / 200, normalX: -1, normalY: 0 });
    index.remove(wall);
    expect(index.sweep(0, 92, 4, 96, 200, 0)).toEqual({ id: target, t: 96 / 200, normalX: -1, normalY: 0 });
    // Sliding along the target's top edge (touching) is not a hit; a corner hit gets the diagonal.
    expect(index.sweep(0, 86, 4, 90, 200, 0)).toBeNull();
    const corner = index.sweep(90, 80, 100, 90, 20, 20);
    expect(corner?.t).toBe(0);
    expect(index.sweep(80, 70, 90, 80, 20, 20)).toMatchObject({
      id: target,
      t: 0.5,
      normalX: -Math.SQRT1_2,
      normalY: -Math.SQRT1_2,
    });
  });

  it('known answers: a box already overlapping by far less than its motion is hit at t = 0', () => {
    // (1e-300 / 1e30 underflows: the time keeps its sign, see core/sweep.ts, entryOf.)
    const index = new QuadIndex({ x: -100, y: -100, width: 200, height: 200 });
    index.add(0, -10, 10, 0);
    expect(index.query(0, -1e-300, 10, 10)).toEqual([0]);
    expect(index.sweep(0, -1e-300, 10, 10, 0, 1e30)).toMatchObject({ id: 0, t: 0 });
    expect(index.sweep(0, -5e-324, 10, 10, 0, 1e300)).toMatchObject({ id: 0, t: 0 });
    expect(index.sweep(0, 0, 10, 10, 0, 1e30)).toBeNull(); // touching, moving away
  });

  it('Quadtree.sweep reports items and leaves the mover out', () => {
    const tree = new Quadtree<Rect & { name: string }>({ x: 0, y: 0, width: 100, height: 100 });
    const bullet = { name: 'bullet', x: 0, y: 10, width: 2, height: 2 };
    const wall = { name: 'wall', x: 50, y: 0, width: 2, height: 100 };
    tree.insert([bullet, wall]);
    expect(tree.sweep(bullet, 100, 0)).toEqual({ item: wall, t: 48 / 100, normalX: -1, normalY: 0 });
    const hits: string[] = [];
    tree.forEachSweepHit({ x: 0, y: 0, width: 100, height: 100 }, 1, 0, (item) => void hits.push(item.name));
    expect(hits.sort()).toEqual(['bullet', 'wall']);
  });
});

describe('first-hit calls', () => {
  it('sweep(out) and raycastFirst(out) allocate next to nothing once warm', () => {
    // A closure per call keeping the best hit, or a key passed per queued entry, would cost 137 to
    // 357 bytes a call. The smallest of three windows, so that one collection or
    // recompilation in a window does not decide.
    const rand = mulberry32(0x5eed);
    const index = new QuadIndex({ x: 0, y: 0, width: 2000, height: 2000 });
    for (let i = 0; i < 5000; i++) {
      const x = rand() * 1990;
      const y = rand() * 1000;
      index.add(x, y, x + 4 + rand() * 8, y + 4 + rand() * 8);
    }
    const hit = { id: -1, t: 0, normalX: 0, normalY: 0 };
    const ray = { id: -1, t: 0 };
    let found = 0;
    const sweeps = () => {
      for (let k = 0; k < 100; k++) if (index.sweep(10, 10 + k * 5, 20, 20 + k * 5, 1900, 30, hit)) found++;
    };
    const rays = () => {
      for (let k = 0; k < 100; k++) if (index.raycastFirst(0, 10 + k * 5, 1, 0, 1900, ray)) found++;
    };
    for (const calls of [sweeps, rays]) {
      for (let w = 0; w < 300; w++) calls();
      const perCall = Math.min(...[0, 1, 2].map(() => bytesAllocatedBy(() => calls()) / 100));
      expect(perCall).toBeLessThan(48);
    }
    expect(found).toBeGreaterThan(0);
  });
});
