/** raycast and nearest-neighbour walks against brute force. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QuadIndex, Quadtree, type Rect } from '../src/index.js';
import { boundsArb, boxArb, optionsArb } from './arbitraries.js';
import { axisDistances, boxDistance2, type Item, withinDistance } from './oracle.js';

const RUNS = Number(process.env.QC_RUNS ?? 200);

/** Reference: t at which p + t·d (0 ≤ t ≤ maxT) first touches the closed box, or null. */
function segmentEnters(box: Rect, x: number, y: number, dx: number, dy: number, maxT: number): number | null {
  let lo = 0;
  let hi = maxT;
  const axes: Array<[number, number, number, number]> = [
    [x, dx, box.x, box.x + box.width],
    [y, dy, box.y, box.y + box.height],
  ];
  for (const [p, d, min, max] of axes) {
    if (d === 0) {
      if (p < min || p > max) return null;
      continue;
    }
    const a = (min - p) / d;
    const b = (max - p) / d;
    lo = Math.max(lo, Math.min(a, b));
    hi = Math.min(hi, Math.max(a, b));
  }
  return lo <= hi ? lo : null;
}

const sceneArb = boundsArb.chain((bounds) =>
  fc.record({
    bounds: fc.constant(bounds),
    options: optionsArb,
    boxes: fc.array(boxArb(bounds), { maxLength: 80 }),
    origin: boxArb(bounds),
    angle: fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
    axisAligned: fc.constantFrom(false, false, true),
    length: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 4 * bounds.width, noNaN: true })),
  }),
);

describe('raycast', () => {
  it('visits exactly the items whose box the segment touches, and finds the brute-force first hit', () => {
    fc.assert(
      fc.property(sceneArb, ({ bounds, options, boxes, origin, angle, axisAligned, length }) => {
        const tree = new Quadtree<Item>(bounds, options);
        const live = boxes.map((b, id) => ({ ...b, id }));
        tree.insert(live);
        const a = axisAligned ? Math.round(angle / (Math.PI / 2)) * (Math.PI / 2) : angle;
        const dx = axisAligned ? Math.round(Math.cos(a)) : Math.cos(a);
        const dy = axisAligned ? Math.round(Math.sin(a)) : Math.sin(a);
        const expected = new Map<number, number>();
        for (const it of live) {
          const t = segmentEnters(it, origin.x, origin.y, dx, dy, length);
          if (t !== null) expected.set(it.id, t);
        }
        const got = new Map<number, number>();
        tree.raycast(origin.x, origin.y, dx, dy, length, (it, t) => {
          expect(got.has(it.id)).toBe(false);
          got.set(it.id, t);
        });
        expect([...got.keys()].sort((p, q) => p - q)).toEqual([...expected.keys()].sort((p, q) => p - q));
        for (const [id, t] of got) expect(t).toBe(expected.get(id));
        // First-hit use: shrink the segment to each hit; the best must be the brute-force minimum.
        let best = Number.POSITIVE_INFINITY;
        tree.raycast(origin.x, origin.y, dx, dy, length, (_it, t) => {
          if (t < best) best = t;
          return t;
        });
        const bruteBest = expected.size === 0 ? Number.POSITIVE_INFINITY : Math.min(...expected.values());
        expect(best).toBe(bruteBest);
      }),
      { numRuns: RUNS },
    );
  });

  it('a zero-length ray visits the boxes containing its origin', () => {
    const tree = new Quadtree<Item>({ x: 0, y: 0, width: 10, height: 10 });
    const a = { x: 1, y: 1, width: 2, height: 2, id: 1 };
    const b = { x: 5, y: 5, width: 2, height: 2, id: 2 };
    tree.insert([a, b]);
    const seen: number[] = [];
    tree.raycast(2, 2, 0, 0, 100, (it, t) => {
      seen.push(it.id, t);
    });
    expect(seen).toEqual([1, 0]);
  });
});

describe('nearest', () => {
  it('forEachNearest visits every item in nondecreasing box distance; nearest(k) takes the k closest', () => {
    fc.assert(
      fc.property(sceneArb, fc.integer({ min: 0, max: 10 }), ({ bounds, options, boxes, origin }, k) => {
        const tree = new Quadtree<Item>(bounds, options);
        const live = boxes.map((b, id) => ({ ...b, id }));
        tree.insert(live);
        const expected = live.map((it) => boxDistance2(it, origin.x, origin.y)).sort((p, q) => p - q);
        const got: number[] = [];
        const seen = new Set<number>();
        tree.forEachNearest(origin.x, origin.y, (it, d2) => {
          expect(seen.has(it.id)).toBe(false);
          seen.add(it.id);
          expect(d2).toBe(boxDistance2(it, origin.x, origin.y));
          got.push(d2);
        });
        expect(got).toEqual(expected);
        const near = tree.nearest(origin.x, origin.y, k);
        expect(near.map((it) => boxDistance2(it, origin.x, origin.y))).toEqual(expected.slice(0, k));
        const radius = Math.sqrt(expected[Math.floor(expected.length / 2)] ?? 0);
        const within = tree.nearest(origin.x, origin.y, live.length, radius);
        expect(within.length).toBe(
          live.filter((it) => withinDistance(...axisDistances(it, origin.x, origin.y), radius)).length,
        );
      }),
      { numRuns: RUNS },
    );
  });
});

describe('a visitor may start another walk of the same index', () => {
  // The walks hand their numbers to the index's relay in an array, and the index keeps the
  // caller's visitor in a field while the walk runs: a nested walk must not take the outer one's.
  const index = new QuadIndex({ x: 0, y: 0, width: 100, height: 100 });
  for (let i = 0; i < 40; i++) index.add(2.5 * i, (7 * i) % 90, 2.5 * i + 4, ((7 * i) % 90) + 4);
  const rays = (): string[] => {
    const seen: string[] = [];
    index.raycast(0, 1, 1, 0.9, 200, (id, t) => {
      seen.push(`${id}@${t}`);
    });
    return seen;
  };
  const sweeps = (): string[] => {
    const seen: string[] = [];
    index.forEachSweepHit(0, 0, 3, 3, 90, 80, (id, t, nx, ny) => {
      seen.push(`${id}@${t}:${nx},${ny}`);
    });
    return seen;
  };
  const nearest = (): string[] => {
    const seen: string[] = [];
    index.forEachNearest(50, 50, (id, d) => {
      seen.push(`${id}@${d}`);
    });
    return seen;
  };

  it('raycast, forEachSweepHit and forEachNearest, each inside itself and inside the others', () => {
    const alone = { rays: rays(), sweeps: sweeps(), nearest: nearest() };
    expect(alone.rays.length).toBeGreaterThanOrEqual(3);
    expect(alone.sweeps.length).toBeGreaterThan(3);
    expect(alone.nearest.length).toBe(40);
    const walks = { rays, sweeps, nearest };
    for (const [outerName, inner] of Object.entries(walks)) {
      const outer: string[] = [];
      const record = (entry: string): void => {
        outer.push(entry);
        // Every visit starts each kind of walk again, whose answers must be the same.
        for (const [name, walk] of Object.entries(walks)) {
          expect(walk()).toEqual(alone[name as keyof typeof alone]);
        }
      };
      if (outerName === 'rays')
        index.raycast(0, 1, 1, 0.9, 200, (id, t) => record(`${id}@${t}`) as undefined);
      else if (outerName === 'sweeps')
        index.forEachSweepHit(0, 0, 3, 3, 90, 80, (id, t, nx, ny) => record(`${id}@${t}:${nx},${ny}`));
      else index.forEachNearest(50, 50, (id, d) => record(`${id}@${d}`));
      expect(outer).toEqual(alone[outerName as keyof typeof alone]);
      expect(inner()).toEqual(alone[outerName as keyof typeof alone]);
    }
  });

  it('a visitor that throws leaves the next walk its own visitor', () => {
    expect(() =>
      index.raycast(0, 1, 1, 0.9, 200, () => {
        throw new Error('stop');
      }),
    ).toThrow('stop');
    expect(rays()).toHaveLength(3);
  });
});
