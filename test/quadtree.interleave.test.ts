/**
 * Queries of every kind interleaved on one tree, nested inside each other's visitors, and cut
 * short, on scenes with crowds large enough to make the traversals grow their shared scratch
 * space mid-sequence. Every answer is compared with brute force.
 *
 * Why: the traversals share per-tree scratch buffers (Scratch). A bug in who grows what, or in a
 * visitor starting another traversal, shows up only when one kind of query leaves the buffers in
 * a state another did not expect: the small scenes of the other property tests rarely get there.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Quadtree, type Rect } from '../src/index.js';
import { boundsArb, boxArb, optionsArb } from './arbitraries.js';
import {
  boxDistance2,
  bruteCircle,
  brutePairs,
  bruteQuery,
  expectExactPairs,
  type Item,
  ids,
  overlaps,
  pairKey,
} from './oracle.js';

const RUNS = Number(process.env.QC_RUNS ?? 200);

type Step =
  | { kind: 'pairs' }
  /** forEachPair stopped after `after` pairs */
  | { kind: 'stop'; after: number }
  | { kind: 'nearest'; at: Rect; k: number }
  | { kind: 'query'; area: Rect }
  | { kind: 'circle'; at: Rect }
  /** a pair walk whose visitor runs a query, a k-nearest with a large k and another pair walk */
  | { kind: 'nested'; at: number; area: Rect }
  /** a query whose visitor runs a pair walk */
  | { kind: 'pairsInQuery'; area: Rect }
  /** a circle query whose visitor runs another circle query, a nearest walk and a k-nearest */
  | { kind: 'circleInCircle'; at: Rect; inner: Rect }
  /** moves some items (update), so the pair walk must lay the boxes out again */
  | { kind: 'move'; pick: number; count: number; dx: number; dy: number };

function stepArb(bounds: Rect): fc.Arbitrary<Step> {
  const box = boxArb(bounds);
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant({ kind: 'pairs' as const }) },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('stop' as const), after: fc.integer({ min: 1, max: 3000 }) }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('nearest' as const),
        at: box,
        k: fc.oneof(fc.integer({ min: 0, max: 20 }), fc.constant(100_000)),
      }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('query' as const), area: box }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('circle' as const), at: box }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('nested' as const),
        at: fc.integer({ min: 0, max: 50 }),
        area: box,
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('pairsInQuery' as const), area: box }) },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('circleInCircle' as const), at: box, inner: box }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('move' as const),
        pick: fc.nat(),
        count: fc.integer({ min: 1, max: 40 }),
        dx: fc.double({ min: -0.1, max: 0.1, noNaN: true }),
        dy: fc.double({ min: -0.1, max: 0.1, noNaN: true }),
      }),
    },
  );
}

/** A crowd: `count` copies of a box, each jittered by up to `jitter` of its size (0: identical). */
function crowdArb(bounds: Rect): fc.Arbitrary<{ box: Rect; count: number; jitter: number }> {
  return fc.record({
    box: boxArb(bounds),
    count: fc.oneof(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 100, max: 350 })),
    jitter: fc.constantFrom(0, 0.5, 3),
  });
}

const sceneArb = boundsArb.chain((bounds) =>
  fc.record({
    bounds: fc.constant(bounds),
    options: optionsArb,
    crowds: fc.array(crowdArb(bounds), { minLength: 1, maxLength: 5 }),
    steps: fc.array(stepArb(bounds), { minLength: 1, maxLength: 12 }),
    seed: fc.nat(),
  }),
);

function expectNearest(tree: Quadtree<Item>, live: readonly Item[], x: number, y: number, k: number): void {
  const expected = live.map((it) => boxDistance2(it, x, y)).sort((a, b) => a - b);
  const got = tree.nearest(x, y, k);
  expect(new Set(got).size).toBe(got.length);
  expect(got.map((it) => boxDistance2(it, x, y))).toEqual(expected.slice(0, k));
}

/** Checks a stopped walk: `after` distinct, real overlaps (or all pairs, when there are fewer). */
function expectStoppedWalk(tree: Quadtree<Item>, total: number, after: number): void {
  const seen = new Set<string>();
  tree.forEachPair((a, b) => {
    expect(overlaps(a, b)).toBe(true);
    seen.add(pairKey(a, b));
    return seen.size < after;
  });
  expect(seen.size).toBe(Math.min(after, total));
}

describe('interleaved and nested traversals vs brute force (fast-check)', () => {
  it('every answer stays exact whatever ran before or around it', () => {
    fc.assert(
      fc.property(sceneArb, ({ bounds, options, crowds, steps, seed }) => {
        let state = seed | 1;
        const rand = () => {
          // xorshift32: cheap, deterministic jitter from the fast-check seed
          state ^= state << 13;
          state ^= state >>> 17;
          state ^= state << 5;
          return (state >>> 0) / 2 ** 32;
        };
        const live: Item[] = [];
        for (const { box, count, jitter } of crowds) {
          for (let c = 0; c < count; c++) {
            live.push({
              id: live.length,
              x: box.x + (rand() - 0.5) * jitter * box.width,
              y: box.y + (rand() - 0.5) * jitter * box.height,
              width: box.width,
              height: box.height,
            });
          }
        }
        const tree = new Quadtree<Item>(bounds, options);
        tree.insert(live);
        let total = brutePairs(live).length;
        for (const step of steps) {
          switch (step.kind) {
            case 'pairs':
              expectExactPairs(tree, live);
              break;
            case 'stop':
              expectStoppedWalk(tree, total, step.after);
              break;
            case 'nearest':
              expectNearest(tree, live, step.at.x, step.at.y, step.k);
              break;
            case 'query':
              expect(ids(tree.query(step.area))).toEqual(bruteQuery(live, step.area));
              break;
            case 'circle': {
              const { x, y, width: r } = step.at;
              expect(ids(tree.queryCircle(x, y, r))).toEqual(bruteCircle(live, x, y, r));
              break;
            }
            case 'nested': {
              const outer: string[] = [];
              let k = 0;
              tree.forEachPair((a, b) => {
                outer.push(pairKey(a, b));
                if (k++ === step.at) {
                  expect(ids(tree.query(step.area))).toEqual(bruteQuery(live, step.area));
                  expectNearest(tree, live, a.x, b.y, live.length);
                  expectStoppedWalk(tree, total, 1 + step.at);
                }
              });
              expect(outer.length).toBe(total);
              expect(outer.sort()).toEqual(brutePairs(live));
              break;
            }
            case 'pairsInQuery': {
              let first = true;
              const found: number[] = [];
              tree.forEachInRect(step.area, (it) => {
                found.push(it.id);
                if (first) expectExactPairs(tree, live);
                first = false;
              });
              expect(found.sort((a, b) => a - b)).toEqual(bruteQuery(live, step.area));
              break;
            }
            case 'circleInCircle': {
              // The traversals keep their discs and points per traversal: the inner ones, with
              // other centres and radii, must not change what the outer one measures against.
              const { x, y, width: r } = step.at;
              const inner = step.inner;
              const found: number[] = [];
              tree.forEachInCircle(x, y, r, (it) => {
                if (found.length === 0) {
                  expect(ids(tree.queryCircle(inner.x, inner.y, inner.width))).toEqual(
                    bruteCircle(live, inner.x, inner.y, inner.width),
                  );
                  let last = -1;
                  tree.forEachNearest(inner.x, inner.y, (near, d) => {
                    expect(d).toBe(boxDistance2(near, inner.x, inner.y));
                    expect(d).toBeGreaterThanOrEqual(last);
                    last = d;
                  });
                  expectNearest(tree, live, inner.y, inner.x, 7);
                }
                found.push(it.id);
              });
              expect(found.sort((a, b) => a - b)).toEqual(bruteCircle(live, x, y, r));
              break;
            }
            case 'move': {
              for (let c = 0; c < step.count && live.length > 0; c++) {
                const it = live[(step.pick + c * 7919) % live.length];
                it.x += step.dx * bounds.width;
                it.y += step.dy * bounds.height;
                tree.update(it);
              }
              total = brutePairs(live).length;
              break;
            }
          }
        }
        tree.validate();
      }),
      { numRuns: RUNS },
    );
  });
});
