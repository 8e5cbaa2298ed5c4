/**
 * The quadtree against brute force on random scenes built by random operation sequences.
 * Every query and pair method must give exactly the brute-force answer (order aside), and
 * validate() must pass after every sequence.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Quadtree, type Rect } from '../src/index.js';
import { boundsArb, boxArb, type Op, opsArb, optionsArb } from './arbitraries.js';
import { bruteCircle, brutePairs, bruteQuery, expectExactPairs, type Item, ids, pairKey } from './oracle.js';

const RUNS = Number(process.env.QC_RUNS ?? 200);

interface Built {
  tree: Quadtree<Item>;
  live: Item[];
}

function build(
  bounds: Rect,
  options: object,
  ops: readonly Op[],
  validateEachStep = false,
  sparse?: { fillers: Rect[]; kept: Rect[] },
): Built {
  const tree = new Quadtree<Item>(bounds, options);
  let live: Item[] = [];
  const gone: Item[] = []; // removed or cleared: candidates for re-insertion
  let nextId = 0;
  if (sparse !== undefined) {
    // Many items inserted first and removed before the operations, after a few kept ones: the
    // tree then holds far fewer items than ids it handed out (the sparse refresh and layout).
    const fillers = sparse.fillers.map((box) => ({ ...box, id: -1 }));
    tree.insert(fillers);
    for (const box of sparse.kept) {
      const it = { ...box, id: nextId++ };
      tree.insert(it);
      live.push(it);
    }
    for (const it of fillers) tree.remove(it);
    if (validateEachStep) tree.validate();
  }
  for (const op of ops) {
    switch (op.kind) {
      case 'insert': {
        const batch: Item[] = [];
        for (let c = 0; c < op.copies; c++) batch.push({ ...op.box, id: nextId++ });
        if (batch.length === 1) tree.insert(batch[0]);
        else tree.insert(batch);
        live.push(...batch);
        break;
      }
      case 'remove': {
        if (live.length === 0) {
          expect(tree.remove({ x: 0, y: 0, width: 1, height: 1, id: -1 })).toBe(false);
          break;
        }
        const [removed] = live.splice(op.pick % live.length, 1);
        expect(tree.remove(removed)).toBe(true);
        expect(tree.remove(removed)).toBe(false);
        expect(tree.has(removed)).toBe(false);
        gone.push(removed);
        break;
      }
      case 'move': {
        if (live.length === 0) break;
        const it = live[op.pick % live.length];
        Object.assign(it, op.box);
        tree.update(it);
        break;
      }
      case 'refresh': {
        op.boxes.forEach((box, k) => {
          if (k < live.length) Object.assign(live[(k * 7) % live.length], box);
        });
        tree.refresh();
        break;
      }
      case 'clear':
        tree.clear();
        for (const it of live) expect(tree.has(it)).toBe(false);
        gone.push(...live);
        live = [];
        break;
      case 'reinsert': {
        if (gone.length === 0) break;
        const [back] = gone.splice(op.pick % gone.length, 1);
        expect(() => tree.update(back)).toThrow(/not in this tree/);
        Object.assign(back, op.box);
        tree.insert(back);
        live.push(back);
        break;
      }
      case 'pairs':
        expectExactPairs(tree, live);
        break;
    }
    if (validateEachStep) tree.validate();
  }
  return { tree, live };
}

const sceneArb = boundsArb.chain((bounds) =>
  fc.record({
    bounds: fc.constant(bounds),
    options: optionsArb,
    ops: opsArb(bounds),
    areas: fc.array(boxArb(bounds), { minLength: 1, maxLength: 6 }),
    radii: fc.array(fc.oneof(fc.constant(0), fc.double({ min: 0, max: bounds.width, noNaN: true })), {
      minLength: 1,
      maxLength: 6,
    }),
  }),
);

describe('Quadtree vs brute force (fast-check)', () => {
  it('stays valid after every operation and keeps size', () => {
    fc.assert(
      fc.property(sceneArb, ({ bounds, options, ops }) => {
        const { tree, live } = build(bounds, options, ops, true);
        expect(tree.size).toBe(live.length);
        expect(ids(tree.all())).toEqual(ids(live));
        for (const it of live) expect(tree.has(it)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it('a tree with most of its ids removed (sparse refresh and layout) stays exact and valid', () => {
    const sparseArb = sceneArb.chain((scene) =>
      fc.record({
        scene: fc.constant(scene),
        fillers: fc.array(boxArb(scene.bounds), { minLength: 250, maxLength: 500 }),
        kept: fc.array(boxArb(scene.bounds), { minLength: 1, maxLength: 12 }),
      }),
    );
    fc.assert(
      fc.property(sparseArb, ({ scene, fillers, kept }) => {
        const { tree, live } = build(scene.bounds, scene.options, scene.ops, true, { fillers, kept });
        expect(tree.size).toBe(live.length);
        for (const it of live) Object.assign(it, { x: it.x + 1, y: it.y - 1 });
        tree.refresh();
        tree.validate();
        expectExactPairs(tree, live);
        for (const area of scene.areas) expect(ids(tree.query(area))).toEqual(bruteQuery(live, area));
      }),
      { numRuns: RUNS >> 1 },
    );
  });

  it('query(area) returns exactly the overlapping items', () => {
    fc.assert(
      fc.property(sceneArb, ({ bounds, options, ops, areas }) => {
        const { tree, live } = build(bounds, options, ops);
        for (const area of areas) {
          const got = tree.query(area);
          expect(ids(got)).toEqual(bruteQuery(live, area));
          expect(new Set(got).size).toBe(got.length);
          const visited: Item[] = [];
          tree.forEachInRect(area, (it) => {
            visited.push(it);
          });
          expect(visited).toEqual(got);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('queryPoint(x, y) returns exactly the items whose interior holds the point', () => {
    fc.assert(
      fc.property(sceneArb, ({ bounds, options, ops, areas }) => {
        const { tree, live } = build(bounds, options, ops);
        // Points at the areas' corners, plus at item corners and centres (edges are the hard part).
        const points = areas.map((a) => [a.x, a.y] as const);
        for (const it of live.slice(0, 5))
          points.push([it.x, it.y], [it.x + it.width / 2, it.y + it.height / 2]);
        for (const [x, y] of points) {
          const got = tree.queryPoint(x, y);
          expect(ids(got)).toEqual(bruteQuery(live, { x, y, width: 0, height: 0 }));
          const visited: Item[] = [];
          tree.forEachAtPoint(x, y, (it) => {
            visited.push(it);
          });
          expect(visited).toEqual(got);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('queryCircle(x, y, r) returns exactly the items whose box meets the open disc', () => {
    fc.assert(
      fc.property(sceneArb, ({ bounds, options, ops, areas, radii }) => {
        const { tree, live } = build(bounds, options, ops);
        areas.forEach((a, k) => {
          const r = radii[k % radii.length];
          const got = tree.queryCircle(a.x, a.y, r);
          expect(ids(got)).toEqual(bruteCircle(live, a.x, a.y, r));
          const visited: Item[] = [];
          tree.forEachInCircle(a.x, a.y, r, (it) => {
            visited.push(it);
          });
          expect(visited).toEqual(got);
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('retrieve(area) is a duplicate-free superset of the overlaps', () => {
    fc.assert(
      fc.property(sceneArb, ({ bounds, options, ops, areas }) => {
        const { tree, live } = build(bounds, options, ops);
        for (const area of areas) {
          const got = tree.retrieve(area);
          expect(new Set(got).size).toBe(got.length);
          const gotIds = new Set(got.map((it) => it.id));
          for (const id of bruteQuery(live, area)) expect(gotIds.has(id)).toBe(true);
          for (const it of got) expect(tree.has(it)).toBe(true);
          const visited: Item[] = [];
          tree.forEachCandidate(area, (it) => {
            visited.push(it);
          });
          expect(visited).toEqual(got);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('forEachPair / pairs report every colliding pair exactly once', () => {
    fc.assert(
      fc.property(sceneArb, ({ bounds, options, ops }) => {
        const { tree, live } = build(bounds, options, ops);
        const seen: string[] = [];
        tree.forEachPair((a, b) => {
          expect(a).not.toBe(b);
          seen.push(pairKey(a, b));
        });
        const expected = brutePairs(live);
        expect([...seen].sort()).toEqual(expected); // same multiset: no pair missing, none twice
        expect(tree.pairs().map(([a, b]) => pairKey(a, b))).toEqual(seen);
        expect(tree.lastChecks).toBeLessThanOrEqual((live.length * (live.length - 1)) / 2);
      }),
      { numRuns: RUNS },
    );
  });

  it('forEachPair is exact when many large boxes cross the same leaves', () => {
    // Crowds of boxes 5–60% of the world wide over a few small ones: leaves receive many
    // handed-down entries, the case where the pair walk sorts them into groups.
    const world: Rect = { x: 0, y: 0, width: 1000, height: 1000 };
    const crowdedBox = fc.oneof(
      fc.record({
        x: fc.integer({ min: -100, max: 1000 }),
        y: fc.integer({ min: -100, max: 1000 }),
        width: fc.integer({ min: 50, max: 600 }),
        height: fc.integer({ min: 50, max: 600 }),
      }),
      fc.record({
        x: fc.integer({ min: 0, max: 1000 }),
        y: fc.integer({ min: 0, max: 1000 }),
        width: fc.integer({ min: 0, max: 20 }),
        height: fc.integer({ min: 0, max: 20 }),
      }),
    );
    fc.assert(
      fc.property(
        fc.array(crowdedBox, { minLength: 40, maxLength: 150 }),
        fc.integer({ min: 1, max: 6 }),
        (boxes, maxObjects) => {
          const tree = new Quadtree<Item>(world, { maxObjects });
          const items = boxes.map((box, id) => ({ ...box, id }));
          tree.insert(items);
          expectExactPairs(tree, items);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('is deterministic: the same operations give the same results in the same order', () => {
    fc.assert(
      fc.property(sceneArb, ({ bounds, options, ops, areas }) => {
        const run = () => {
          const { tree } = build(
            bounds,
            options,
            ops.map((op) => structuredClone(op)),
          );
          return {
            pairs: tree.pairs().map(([a, b]) => `${a.id}:${b.id}`),
            query: areas.map((a) => tree.query(a).map((it) => it.id)),
            all: tree.all().map((it) => it.id),
          };
        };
        expect(run()).toEqual(run());
      }),
      { numRuns: RUNS },
    );
  });
});
