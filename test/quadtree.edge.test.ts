/** Explicit edge cases: each one is a way weaker quadtrees lose, duplicate or misplace items. */
import { describe, expect, it } from 'vitest';
import { QuadIndex, Quadtree, type Rect } from '../src/index.js';
import {
  brutePairs,
  bruteQuery,
  expectValidWithExactPairs,
  type Item,
  ids,
  mulberry32,
  pairKey,
} from './oracle.js';

const BOUNDS = { x: 0, y: 0, width: 256, height: 256 };

let nextId = 0;
function item(x: number, y: number, width: number, height: number): Item {
  return { x, y, width, height, id: nextId++ };
}

/** Checks every query method of the tree against brute force, for the given areas. */
function expectExact(tree: Quadtree<Item>, live: Item[], areas: Rect[] = []): void {
  expectValidWithExactPairs(tree, live);
  const probes = [
    ...areas,
    ...live.map((it) => ({ ...it })),
    { x: -1e12, y: -1e12, width: 2e12, height: 2e12 },
  ];
  for (const area of probes) expect(ids(tree.query(area))).toEqual(bruteQuery(live, area));
}

describe('edge cases', () => {
  it('empty tree answers nothing', () => {
    const tree = new Quadtree<Item>(BOUNDS);
    expectExact(tree, [], [BOUNDS]);
    expect(tree.queryPoint(1, 1)).toEqual([]);
    expect(tree.queryCircle(1, 1, 100)).toEqual([]);
    expect(tree.retrieve(BOUNDS)).toEqual([]);
    expect(tree.stats()).toMatchObject({ items: 0, nodes: 1, leaves: 1, depth: 0, bruteForceChecks: 0 });
  });

  it('a leaf reports its items in the order they were inserted, before and after a pair pass', () => {
    // Fewer items than maxObjects: one leaf. Its list keeps arrival order (stale layout), and the
    // laid-out order is ascending id, which is the same order while no id was reused.
    const tree = new Quadtree<Item>(BOUNDS);
    const items = [item(10, 10, 50, 50), item(20, 20, 50, 50), item(5, 5, 80, 80), item(30, 0, 10, 90)];
    tree.insert(items);
    tree.update(items[1]); // a move that stays in the node keeps the item's place
    expect(tree.query({ x: 0, y: 0, width: 100, height: 100 })).toEqual(items);
    tree.forEachPair(() => {});
    expect(tree.query({ x: 0, y: 0, width: 100, height: 100 })).toEqual(items);
    const index = new QuadIndex(BOUNDS);
    for (const it of items) index.add(it.x, it.y, it.x + it.width, it.y + it.height);
    expect(index.query(0, 0, 100, 100)).toEqual([0, 1, 2, 3]);
  });

  it('one item', () => {
    const tree = new Quadtree<Item>(BOUNDS);
    const a = item(10, 10, 5, 5);
    tree.insert(a);
    expectExact(tree, [a], [{ x: 14, y: 14, width: 1, height: 1 }]);
    expect(tree.queryPoint(12, 12)).toEqual([a]);
    expect(tree.queryPoint(15, 12)).toEqual([]); // on the right edge: touching is not inside
  });

  it('identical boxes all collide with each other, once per pair', () => {
    const tree = new Quadtree<Item>(BOUNDS, { maxObjects: 2, maxLevels: 6 });
    const live = Array.from({ length: 30 }, () => item(100, 100, 8, 8));
    tree.insert(live);
    expectExact(tree, live);
    expect(tree.pairs()).toHaveLength((30 * 29) / 2);
  });

  it('touching boxes do not collide', () => {
    const tree = new Quadtree<Item>(BOUNDS, { maxObjects: 1 });
    const a = item(0, 0, 128, 128);
    const b = item(128, 0, 128, 128); // shares an edge with a, on the root's split line
    const c = item(128, 128, 10, 10); // shares only a corner with a
    tree.insert([a, b, c]);
    expectExact(tree, [a, b, c]);
    expect(tree.pairs().map(([p, q]) => pairKey(p, q))).toEqual([pairKey(b, c)].filter(() => false));
  });

  it('zero-size boxes: collide only with boxes whose interior holds them', () => {
    const tree = new Quadtree<Item>(BOUNDS, { maxObjects: 1 });
    const point = item(64, 64, 0, 0); // on split lines of several levels
    const twin = item(64, 64, 0, 0);
    const around = item(60, 60, 8, 8);
    const edge = item(64, 50, 20, 14); // point lies on its left and bottom edges
    const line = item(10, 64, 100, 0); // zero-height segment through the point
    const live = [point, twin, around, edge, line];
    tree.insert(live);
    expectExact(tree, live);
    const pairs = tree.pairs().map(([p, q]) => pairKey(p, q));
    expect(pairs).toContain(pairKey(point, around));
    expect(pairs).not.toContain(pairKey(point, twin));
    expect(pairs).not.toContain(pairKey(point, edge));
    expect(pairs).toContain(pairKey(line, around));
  });

  it('boxes exactly on the split lines of every level', () => {
    for (let levels = 0; levels <= 8; levels++) {
      const tree = new Quadtree<Item>(BOUNDS, { maxObjects: 1, maxLevels: levels });
      const live: Item[] = [];
      for (let level = 1; level <= 8; level++) {
        const step = 256 / 2 ** level;
        for (let k = 0; k <= 2 ** level; k += Math.max(1, 2 ** level / 8)) {
          const line = k * step;
          live.push(item(line, line, step, step)); // min corner on the line
          live.push(item(line - step, line - step, step, step)); // max corner on the line
          live.push(item(line - step / 2, line, step, step / 2)); // straddles it
          live.push(item(line, line - 1, 0, 2)); // zero width, on it
        }
      }
      tree.insert(live);
      expectExact(tree, live, [
        { x: 128, y: 128, width: 0, height: 0 },
        { x: 64, y: 0, width: 64, height: 256 },
      ]);
    }
  });

  it('grid-aligned tiles stay deep in the tree (max edge on a grid line files in the cell before it)', () => {
    const tree = new Quadtree<Item>(BOUNDS, { maxObjects: 1, maxLevels: 5 });
    const tiles: Item[] = [];
    for (let y = 0; y < 256; y += 8) for (let x = 0; x < 256; x += 8) tiles.push(item(x, y, 8, 8));
    tree.insert(tiles);
    expectExact(tree, tiles, [{ x: 8, y: 8, width: 8, height: 8 }]);
    expect(tree.pairs()).toHaveLength(0);
    // Each 8×8 tile is exactly one deepest cell: every tile must sit in its own level-5 leaf.
    tree.forEachNode((node) => {
      if (node.items > 0) expect(node).toMatchObject({ depth: 5, items: 1, width: 8 });
    });
  });

  it('a grid line reached only through rounding is not trusted', () => {
    // With this origin and scale, 0.4125 and the next float above it both map exactly onto grid
    // line 5; the box ending at the larger one overlaps the box starting at the smaller one.
    const bounds = { x: 0.1, y: 0.1, width: 1, height: 1 };
    const end = 0.41250000000000003;
    const a = item(0.3, 0.3, end - 0.3, 0.05);
    expect(a.x + a.width).toBe(end);
    const b = item(0.4125, 0.3, 0.05, 0.05);
    expect(b.x).toBeLessThan(a.x + a.width);
    const live = [a, b];
    for (let i = 0; i < 40; i++)
      live.push(item(0.1 + (i % 8) * 0.125 + 0.01, 0.1 + Math.floor(i / 8) * 0.125 + 0.01, 0.01, 0.01));
    const tree = new Quadtree<Item>(bounds, { maxObjects: 1, maxLevels: 4 });
    tree.insert(live);
    expectExact(tree, live, [{ x: 0.4125, y: 0.3, width: 0, height: 0.01 }]);
    expect(tree.pairs().map(([p, q]) => pairKey(p, q))).toContain(pairKey(a, b));
  });

  it('boxes outside, around and much larger than the root are never lost', () => {
    const tree = new Quadtree<Item>(BOUNDS, { maxObjects: 1 });
    const live = [
      item(-500, -500, 10, 10),
      item(-500, -500, 10, 10),
      item(1000, 100, 5, 5),
      item(1002, 101, 5, 5),
      item(100, 1e6, 1, 1),
      item(-100, -100, 1000, 1000), // contains the root
      item(250, 250, 100, 100), // straddles the root's corner
      item(-1e9, 10, 2e9, 1), // a long thin bar through everything
      item(5, 5, 1, 1),
    ];
    tree.insert(live);
    expectExact(tree, live, [
      { x: -600, y: -600, width: 200, height: 200 },
      { x: 999, y: 99, width: 3, height: 3 },
    ]);
    expect(ids(tree.queryPoint(-495, -495))).toEqual([live[0].id, live[1].id]);
  });

  it('negative, tiny and huge coordinates', () => {
    for (const bounds of [
      { x: -1000, y: -1000, width: 500, height: 500 },
      { x: 0, y: 0, width: 1e-6, height: 1e-6 },
      { x: -1e9, y: -1e9, width: 2e9, height: 2e9 },
    ]) {
      const rand = mulberry32(7);
      const tree = new Quadtree<Item>(bounds, { maxObjects: 2 });
      const live: Item[] = [];
      for (let i = 0; i < 300; i++) {
        const s = bounds.width * (rand() < 0.1 ? 1e-9 : 0.05) * rand();
        live.push(item(bounds.x + rand() * bounds.width, bounds.y + rand() * bounds.height, s, s));
      }
      tree.insert(live);
      expectExact(tree, live, [{ ...bounds, width: bounds.width / 3 }]);
    }
  });

  it('maxObjects 1 and maxLevels 0', () => {
    const rand = mulberry32(3);
    const live = Array.from({ length: 200 }, () =>
      item(rand() * 256, rand() * 256, rand() * 20, rand() * 20),
    );
    const flat = new Quadtree<Item>(BOUNDS, { maxLevels: 0 });
    flat.insert(live);
    expectExact(flat, live);
    expect(flat.stats()).toMatchObject({ nodes: 1, depth: 0 });
    const fine = new Quadtree<Item>(BOUNDS, { maxObjects: 1 });
    fine.insert(live);
    expectExact(fine, live);
  });

  it('minNodeSize stops splitting at that size', () => {
    const tree = new Quadtree<Item>(BOUNDS, { maxObjects: 1, minNodeSize: 50 });
    expect(tree.maxDepth).toBe(2); // 256 → 128 → 64; 32 would be below 50
    const rand = mulberry32(9);
    const live = Array.from({ length: 300 }, () => item(rand() * 256, rand() * 256, 2, 2));
    tree.insert(live);
    expectExact(tree, live);
    tree.forEachNode((node) => {
      expect(node.width).toBeGreaterThanOrEqual(50);
    });
  });

  it('100,000 coincident boxes: no stack overflow, bounded depth, and removable', () => {
    const tree = new Quadtree<Item>(BOUNDS, { maxObjects: 10, maxLevels: 12 });
    const live = Array.from({ length: 100_000 }, () => item(33.3, 77.7, 0.5, 0.5));
    tree.insert(live);
    const stats = tree.stats();
    expect(stats.items).toBe(100_000);
    expect(stats.depth).toBeLessThanOrEqual(12);
    expect(stats.nodes).toBeLessThan(100);
    tree.validate();
    expect(tree.queryPoint(33.5, 78).length).toBe(100_000);
    for (const it of live) tree.remove(it);
    expect(tree.stats()).toMatchObject({ items: 0, nodes: 1 });
    tree.validate();
  });

  it('removing everything merges nodes back to a lone root', () => {
    const rand = mulberry32(11);
    const tree = new Quadtree<Item>(BOUNDS, { maxObjects: 2 });
    const live = Array.from({ length: 5000 }, () => item(rand() * 256, rand() * 256, rand() * 3, rand() * 3));
    tree.insert(live);
    expect(tree.stats().nodes).toBeGreaterThan(500);
    tree.forEachPair(() => {});
    expect(tree.stats().arrayBytes).toBeGreaterThan(20 * new Quadtree<Item>(BOUNDS).stats().arrayBytes);
    for (let i = live.length - 1; i >= 0; i -= 2) tree.remove(live[i]);
    tree.validate();
    for (let i = live.length - 2; i >= 0; i -= 2) tree.remove(live[i]);
    tree.validate();
    expect(tree.stats()).toMatchObject({ items: 0, nodes: 1, leaves: 1, depth: 0 });
    // ... and the storage shrinks back to that of a new tree.
    expect(tree.stats().arrayBytes).toBe(new Quadtree<Item>(BOUNDS).stats().arrayBytes);
  });

  it('update is O(1) for moves inside the cell and re-files items that leave it', () => {
    const tree = new Quadtree<Item>(BOUNDS, { maxObjects: 1 });
    const a = item(10, 10, 2, 2);
    const b = item(200, 200, 2, 2);
    tree.insert([a, b]);
    a.x = 11;
    tree.update(a);
    expectExact(tree, [a, b]);
    a.x = 199.5;
    a.y = 199.5;
    tree.update(a);
    expectExact(tree, [a, b]);
    expect(tree.pairs().map(([p, q]) => pairKey(p, q))).toEqual([pairKey(a, b)]);
  });

  it('inserting an item twice updates it instead of duplicating it', () => {
    const tree = new Quadtree<Item>(BOUNDS);
    const a = item(10, 10, 2, 2);
    tree.insert(a);
    a.x = 100;
    tree.insert(a);
    tree.insert([a, a]);
    expect(tree.size).toBe(1);
    expect(tree.query({ x: 99, y: 9, width: 4, height: 4 })).toEqual([a]);
    expect(tree.query({ x: 9, y: 9, width: 4, height: 4 })).toEqual([]);
    tree.validate();
  });

  it('clear() empties the tree and keeps it usable', () => {
    const tree = new Quadtree<Item>(BOUNDS, { maxObjects: 1 });
    const live = Array.from({ length: 100 }, (_, i) => item(i * 2, i * 2, 3, 3));
    tree.insert(live);
    tree.clear();
    expectExact(tree, []);
    expect(tree.has(live[0])).toBe(false);
    tree.insert(live);
    expectExact(tree, live);
  });

  it('the clear-and-reinsert loop: cleared items are gone, re-inserting them works, stragglers are forgotten', () => {
    const tree = new Quadtree<Item>(BOUNDS, { maxObjects: 2 });
    const rand = mulberry32(21);
    const all = Array.from({ length: 300 }, () => item(rand() * 250, rand() * 250, 4, 4));
    for (let frame = 0; frame < 20; frame++) {
      tree.clear();
      for (const it of all) expect(tree.has(it)).toBe(false);
      // Each frame re-inserts a different subset, at new positions.
      const present = all.filter((_, i) => (i + frame) % 3 !== 0);
      for (const it of present) {
        it.x = rand() * 250;
        it.y = rand() * 250;
      }
      tree.insert(present);
      expectExact(tree, present);
      const absent = all.find((_, i) => (i + frame) % 3 === 0) as Item;
      expect(tree.has(absent)).toBe(false);
      expect(() => tree.update(absent)).toThrow(/not in this tree/);
    }
    // A cleared item that is removed instead of re-inserted is simply not there.
    tree.clear();
    expect(tree.remove(all[0])).toBe(false);
    tree.validate();
    expect(tree.stats()).toMatchObject({ items: 0, nodes: 1 });
  });

  it('forEachPair stops when the visitor returns false', () => {
    const tree = new Quadtree<Item>(BOUNDS);
    const live = Array.from({ length: 10 }, () => item(5, 5, 5, 5));
    tree.insert(live);
    let calls = 0;
    tree.forEachPair(() => ++calls < 3);
    expect(calls).toBe(3);
    let visits = 0;
    tree.forEachInRect(BOUNDS, () => ++visits < 4);
    expect(visits).toBe(4);
  });

  it('a crowd with more overlaps than the pair walk buffers at once: every pair once, and a stop mid-way', () => {
    const tree = new Quadtree<Item>(BOUNDS, { maxObjects: 4 });
    const rand = mulberry32(7);
    const live = [
      // one deep leaf holding 300 identical boxes ...
      ...Array.from({ length: 300 }, () => item(64.5, 64.5, 1, 1)),
      // ... crossed by 200 big boxes handed down from above (the grouped loops) ...
      ...Array.from({ length: 200 }, () =>
        item(rand() * 60, rand() * 60, 100 + rand() * 50, 100 + rand() * 50),
      ),
      // ... among small ones spread out
      ...Array.from({ length: 200 }, () => item(rand() * 250, rand() * 250, rand() * 6, rand() * 6)),
    ];
    tree.insert(live);
    // A k-nearest search with a large k grows the scratch space the walk shares before any walk ran.
    expect(tree.nearest(64, 64, live.length)).toHaveLength(live.length);
    expectValidWithExactPairs(tree, live);
    let calls = 0;
    tree.forEachPair(() => ++calls < 5000);
    expect(calls).toBe(5000);
  });

  it('the traversals allocate into the caller’s array', () => {
    const tree = new Quadtree<Item>(BOUNDS);
    const a = item(5, 5, 5, 5);
    tree.insert(a);
    const out: Item[] = [];
    expect(tree.query(BOUNDS, out)).toBe(out);
    expect(tree.retrieve(BOUNDS, out)).toBe(out);
    expect(out).toEqual([a, a]);
    // Every array method appends to an out array, nearest included.
    const b = item(50, 50, 5, 5);
    tree.insert(b);
    for (const [method, result] of [
      ['queryPoint', tree.queryPoint(7, 7, out)],
      ['queryCircle', tree.queryCircle(7, 7, 1, out)],
      ['nearest', tree.nearest(100, 100, 2, Number.POSITIVE_INFINITY, out)],
      ['all', tree.all(out)],
    ] as const) {
      expect(result, method).toBe(out);
    }
    expect(out).toEqual([a, a, a, a, b, a, a, b]);
    expect(() => tree.nearest(0, 0, 1, 10, {} as never)).toThrow(/out must be an array/);
  });

  it('stats count checks far below brute force on a spread-out scene', () => {
    const rand = mulberry32(5);
    const tree = new Quadtree<Item>({ x: 0, y: 0, width: 1000, height: 1000 });
    const live = Array.from({ length: 2000 }, () => item(rand() * 1000, rand() * 1000, 5, 5));
    tree.insert(live);
    tree.forEachPair(() => {});
    const stats = tree.stats();
    expect(stats.checks).toBeGreaterThan(0);
    expect(stats.bruteForceChecks).toBe((2000 * 1999) / 2);
    expect(stats.checks).toBeLessThan(stats.bruteForceChecks / 50);
  });

  it('an array insert reserves the storage it needs once, instead of doubling past it', () => {
    const rand = mulberry32(11);
    const boxes = Array.from({ length: 5000 }, () => ({
      x: rand() * 1000,
      y: rand() * 1000,
      width: 4,
      height: 4,
    }));
    // The id core: reserve(n) then n adds holds less than n adds that double their way up.
    const doubling = new QuadIndex({ x: 0, y: 0, width: 1000, height: 1000 });
    const reserved = new QuadIndex({ x: 0, y: 0, width: 1000, height: 1000 });
    reserved.reserve(boxes.length);
    for (const b of boxes) {
      doubling.add(b.x, b.y, b.x + b.width, b.y + b.height);
      reserved.add(b.x, b.y, b.x + b.width, b.y + b.height);
    }
    expect(reserved.stats().nodes).toBe(doubling.stats().nodes);
    expect(reserved.stats().arrayBytes).toBeLessThan(doubling.stats().arrayBytes);
    // The object tree's array insert goes through reserve(): same tree, and growing again after
    // the fitted batch still works and stays exact.
    const oneByOne = new Quadtree<Item>({ x: 0, y: 0, width: 1000, height: 1000 });
    const batched = new Quadtree<Item>({ x: 0, y: 0, width: 1000, height: 1000 });
    const a = boxes.map((b) => ({ ...b, id: nextId++ }));
    const b = boxes.map((b) => ({ ...b, id: nextId++ }));
    for (const it of a) oneByOne.insert(it);
    batched.insert(b);
    expect(batched.stats().nodes).toBe(oneByOne.stats().nodes);
    const more = Array.from({ length: 300 }, () => item(rand() * 1000, rand() * 1000, 4, 4));
    for (const it of more) batched.insert(it);
    expectValidWithExactPairs(batched, [...b, ...more]);
  });

  it('roots of extreme magnitude (a span near the largest float, 1e300 away, 1e-300 wide): exact', () => {
    // The property tests' generators scale boxes and moves far past their root, which overflows
    // at these magnitudes; here boxes stay finite, and both APIs must still match brute force.
    const roots = [
      { x: -1e308, y: -1e308, width: 1.7e308, height: 1.7e308 },
      { x: 1e300, y: -1e300, width: 1e300, height: 3e299 },
      { x: 0, y: 0, width: 1e-300, height: 1e-300 },
    ];
    const rand = mulberry32(0x0e308);
    for (const root of roots) {
      // Snapped to split lines, on the root's edges, outside it, or anywhere; a fifth of the sizes zero.
      const at = (origin: number, extent: number) => {
        const r = rand();
        if (r < 0.3) return origin + extent * (Math.floor(rand() * 33) / 16 - 0.5);
        if (r < 0.4) return origin + extent;
        return origin + extent * (rand() * 2 - 0.5);
      };
      const span = (extent: number) => (rand() < 0.2 ? 0 : extent * rand() * rand() * 0.2);
      const live: Item[] = [];
      while (live.length < 300) {
        const it = item(at(root.x, root.width), at(root.y, root.height), span(root.width), span(root.height));
        if (Number.isFinite(it.x + it.width) && Number.isFinite(it.y + it.height)) live.push(it);
      }
      const tree = new Quadtree<Item>(root, { maxObjects: 4 });
      const index = new QuadIndex(root, { maxObjects: 4 });
      tree.insert(live);
      for (const it of live) index.add(it.x, it.y, it.x + it.width, it.y + it.height);
      const areas = Array.from({ length: 40 }, () => ({
        x: at(root.x, root.width),
        y: at(root.y, root.height),
        width: span(root.width) * 2,
        height: span(root.height) * 2,
      })).filter((a) => Number.isFinite(a.x + a.width) && Number.isFinite(a.y + a.height));
      expectExact(tree, live, areas);
      expect(tree.stats().depth).toBeGreaterThan(2); // the boxes did spread over a real tree
      const pairs: string[] = [];
      index.forEachPair((a, b) => void pairs.push(pairKey(live[Math.min(a, b)], live[Math.max(a, b)])));
      expect(pairs.sort()).toEqual(brutePairs(live));
      for (const a of areas) {
        expect(index.query(a.x, a.y, a.x + a.width, a.y + a.height).sort((p, q) => p - q)).toEqual(
          bruteQuery(live, a).map((id) => live.findIndex((it) => it.id === id)),
        );
      }
    }
  });

  it('circle queries whose radius squared under- or overflows are exact (hypot oracle)', () => {
    // r² is 0 below about 1e-162 and Infinity above 1e154: a tiny disc inside a box found nothing,
    // and a huge one nothing either.
    const rand = mulberry32(0xd15c);
    for (const scale of [1e-200, 1e-170, 1e170, 1e250]) {
      const root = { x: -scale, y: -scale, width: 2 * scale, height: 2 * scale };
      const index = new QuadIndex(root, { maxObjects: 4 });
      const boxes: number[][] = [];
      const items: Item[] = [];
      for (let i = 0; i < 200; i++) {
        const x = (rand() * 3 - 1.5) * scale;
        const y = (rand() * 3 - 1.5) * scale;
        const w = rand() < 0.2 ? 0 : rand() * 0.2 * scale;
        const h = rand() < 0.2 ? 0 : rand() * 0.2 * scale;
        boxes.push([x, y, x + w, y + h]);
        items.push(item(x, y, w, h));
        index.add(x, y, x + w, y + h);
      }
      const tree = new Quadtree<Item>(root, { maxObjects: 4 });
      tree.insert(items);
      for (let q = 0; q < 60; q++) {
        const cx = (rand() * 2 - 1) * scale;
        const cy = (rand() * 2 - 1) * scale;
        const r = q === 0 ? 5e-324 : rand() * 0.5 * scale;
        const expected = boxes
          .map(([x0, y0, x1, y1], id) => {
            const dx = x0 > cx ? x0 - cx : cx > x1 ? cx - x1 : 0;
            const dy = y0 > cy ? y0 - cy : cy > y1 ? cy - y1 : 0;
            return Math.hypot(dx, dy) < r ? id : -1;
          })
          .filter((id) => id >= 0);
        expect(index.queryCircle(cx, cy, r).sort((a, b) => a - b)).toEqual(expected);
        const found = tree.queryCircle(cx, cy, r).map((it) => items.indexOf(it));
        expect(found.sort((a, b) => a - b)).toEqual(expected);
      }
    }
    const index = new QuadIndex({ x: 0, y: 0, width: 100, height: 100 });
    index.add(10, 10, 20, 20);
    expect([index.queryCircle(15, 15, 1e-200), index.queryCircle(15, 15, 5e-324)]).toEqual([[0], [0]]);

    // Boxes a few ulps inside and outside the disc's edge, at those scales and at the ends of the
    // float range (distances once measured in units of 1/radius, rounded, lost boxes just inside).
    const ulpsFrom = (v: number, k: number) => {
      const f = new Float64Array([v]);
      const bits = new BigInt64Array(f.buffer);
      bits[0] += BigInt(k); // (positive v: the next floats up for k > 0, down for k < 0)
      return f[0];
    };
    const discs = [
      { root: { x: 0, y: 0, width: 1, height: 1 }, cx: 5e-308, cy: 0, r: 1e-300 },
      { root: { x: -1e308, y: -1, width: 1.7e308, height: 2 }, cx: -1e308, cy: 0, r: 1.7e308 },
      { root: { x: -1e200, y: -1e200, width: 2e200, height: 2e200 }, cx: 3e199, cy: -2e199, r: 7e199 },
      { root: { x: -1e-200, y: -1e-200, width: 2e-200, height: 2e-200 }, cx: 0, cy: 1e-201, r: 3e-201 },
    ];
    for (const { root, cx, cy, r } of discs) {
      const edge = new QuadIndex(root);
      const boxes: number[][] = [];
      for (let k = -3; k <= 3; k++) {
        // Along x (the nearest corner on the centre's row), then diagonally (dx = dy = r / √2).
        const dx = ulpsFrom(r, k);
        boxes.push([cx + dx, cy, cx + dx + r / 4, cy]);
        const d = ulpsFrom(r / Math.SQRT2, k);
        boxes.push([cx + d, cy + d, cx + d + r / 4, cy + d + r / 4]);
      }
      for (const [x0, y0, x1, y1] of boxes) edge.add(x0, y0, x1, y1);
      const expected = boxes
        .map(([x0, y0], id) => (Math.hypot(x0 - cx, y0 - cy) < r ? id : -1))
        .filter((id) => id >= 0);
      expect(expected.length, 'boxes on both sides of the edge').toBeGreaterThan(2);
      expect(expected.length).toBeLessThan(boxes.length - 2);
      expect(edge.queryCircle(cx, cy, r).sort((a, b) => a - b)).toEqual(expected);
      const tree = new Quadtree<Item>(root);
      const edgeItems = boxes.map(([x0, y0, x1, y1]) => item(x0, y0, x1 - x0, y1 - y0));
      tree.insert(edgeItems);
      const found = tree.queryCircle(cx, cy, r).map((it) => edgeItems.indexOf(it));
      expect(found.sort((a, b) => a - b)).toEqual(expected);
    }
  });

  it('forEachNode reports the tree for drawing', () => {
    const tree = new Quadtree<Item>({ x: 10, y: 20, width: 100, height: 50 }, { maxObjects: 1 });
    tree.insert([item(11, 21, 1, 1), item(100, 60, 1, 1)]);
    const nodes: Array<{ x: number; y: number; width: number; height: number; depth: number }> = [];
    tree.forEachNode((n) => {
      nodes.push({ x: n.x, y: n.y, width: n.width, height: n.height, depth: n.depth });
    });
    expect(nodes[0]).toEqual({ x: 10, y: 20, width: 100, height: 50, depth: 0 });
    expect(nodes[1]).toEqual({ x: 10, y: 20, width: 50, height: 25, depth: 1 });
    expect(nodes.length).toBe(tree.stats().nodes);
  });
});
