/**
 * The clear-and-insert-all loop's shortcuts. An array insert into an empty tree lays the boxes
 * out in walk order from its staging buffer right away, instead of leaving that to the next pair
 * pass; and when the array holds exactly the items the last clear() removed, in the same order,
 * the cleared tree comes back and its items move, as in a refresh. Either way the tree must be
 * the one one-by-one inserts into a new tree build: the same nodes, items, ids and answers in the
 * same order, a layout validate() accepts, and a tree that later changes keep valid. Anything
 * else (an item twice, a tree that was not empty, a different array, an add after the clear) must
 * not take a shortcut.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { readdCleared } from '../src/core/internal.js';
import { TreeStore } from '../src/core/store.js';
import { type NodeInfo, QuadIndex, Quadtree, type QuadtreeOptions, type Rect } from '../src/index.js';
import { boundsArb, boxArb, optionsArb } from './arbitraries.js';
import { brutePairs, bruteQuery, type Item, ids, pairKey } from './oracle.js';

const RUNS = Number(process.env.QC_RUNS ?? 200);

/** A random root and options, and the scene `fields` draws for that root. */
function withBounds<F extends Record<string, unknown>>(
  fields: (bounds: Rect) => { [K in keyof F]: fc.Arbitrary<F[K]> },
): fc.Arbitrary<{ bounds: Rect; options: QuadtreeOptions; scene: F }> {
  return boundsArb.chain((bounds) =>
    fc.record({
      bounds: fc.constant(bounds),
      options: optionsArb,
      scene: fc.record(fields(bounds)) as fc.Arbitrary<F>, // (all keys required)
    }),
  );
}

/** Every node as the depth-first node walk shows it. */
function nodes(tree: Quadtree<Item>): NodeInfo[] {
  const out: NodeInfo[] = [];
  tree.forEachNode((node) => {
    out.push({ ...node });
  });
  return out;
}

function pairsOf(tree: Quadtree<Item>): string[] {
  const out: string[] = [];
  tree.forEachPair((a, b) => {
    out.push(pairKey(a, b));
  });
  return out.sort();
}

/** The two trees answer everything alike, in the same order, and are valid. */
function expectSameTree(
  batch: Quadtree<Item>,
  oneByOne: Quadtree<Item>,
  live: readonly Item[],
  areas: Rect[],
): void {
  batch.validate();
  oneByOne.validate();
  expect(nodes(batch)).toEqual(nodes(oneByOne));
  // (Not the byte counts, which depend on how storage grew, nor the last search's test count.)
  const { arrayBytes: _a, checks: _c, ...batchStats } = batch.stats();
  const { arrayBytes: _b, checks: _d, ...oneStats } = oneByOne.stats();
  expect(batchStats).toEqual(oneStats);
  for (const area of areas) {
    const found = batch.query(area).map((it) => it.id);
    expect(found).toEqual(oneByOne.query(area).map((it) => it.id));
    expect([...found].sort((p, q) => p - q)).toEqual(bruteQuery(live, area));
  }
  expect(batch.retrieve(areas[0] ?? batch.bounds).map((it) => it.id)).toEqual(
    oneByOne.retrieve(areas[0] ?? batch.bounds).map((it) => it.id),
  );
  const pairs = pairsOf(batch);
  expect(pairs).toEqual(pairsOf(oneByOne));
  expect(pairs).toEqual(brutePairs(live));
}

const sceneArb = withBounds((bounds) => ({
  boxes: fc.array(boxArb(bounds), { maxLength: 120 }),
  // Positions in the array that repeat an earlier item (inserted twice: its later box wins).
  repeats: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 6 }),
  areas: fc.array(boxArb(bounds), { minLength: 1, maxLength: 4 }),
  moves: fc.array(fc.tuple(fc.nat(), boxArb(bounds)), { maxLength: 12 }),
  removals: fc.array(fc.nat(), { maxLength: 8 }),
}));

describe('array insert into an empty tree', () => {
  it('builds the same tree as one-by-one inserts, and later changes keep it valid', () => {
    fc.assert(
      fc.property(sceneArb, ({ bounds, options, scene: { boxes, repeats, areas, moves, removals } }) => {
        const items: Item[] = boxes.map((box, id) => ({ ...box, id }));
        const list: Item[] = [...items];
        for (const [at, which] of repeats) {
          if (items.length === 0) break;
          // The same object again, later in the array, with a new box by the time it is read.
          list.splice(at % (list.length + 1), 0, items[which % items.length]);
        }
        const batch = new Quadtree<Item>(bounds, options);
        const oneByOne = new Quadtree<Item>(bounds, options);
        batch.insert(list);
        for (const item of list) oneByOne.insert(item);
        expectSameTree(batch, oneByOne, items, areas);

        // Later changes, applied to both trees alike.
        const live = [...items];
        for (const [pick, box] of moves) {
          if (live.length === 0) break;
          const it = live[pick % live.length];
          Object.assign(it, box);
          batch.update(it);
          oneByOne.update(it);
        }
        // Moves leave the slot layout stale: queries now read the nodes' lists, whose order
        // (the order items arrived in) must be the same too.
        for (const area of areas) {
          expect(batch.query(area).map((it) => it.id)).toEqual(oneByOne.query(area).map((it) => it.id));
        }
        for (const pick of removals) {
          if (live.length === 0) break;
          const [gone] = live.splice(pick % live.length, 1);
          expect(batch.remove(gone)).toBe(true);
          expect(oneByOne.remove(gone)).toBe(true);
        }
        batch.refresh();
        oneByOne.refresh();
        expectSameTree(batch, oneByOne, live, areas);
      }),
      { numRuns: RUNS },
    );
  });

  it('after clear(): re-inserted, new and repeated items get the ids one-by-one inserts give them', () => {
    fc.assert(
      fc.property(
        withBounds((bounds) => ({
          first: fc.array(boxArb(bounds), { maxLength: 60 }),
          // Indices into first (kept items, any order, repeats allowed) and new boxes.
          again: fc.array(fc.oneof(fc.nat(), boxArb(bounds)), { maxLength: 80 }),
          // How many of the old items start the new list, in their order (then it goes its own way).
          kept: fc.nat({ max: 70 }),
          areas: fc.array(boxArb(bounds), { minLength: 1, maxLength: 3 }),
        })),
        ({ bounds, options, scene: { first, again, kept, areas } }) => {
          const old: Item[] = first.map((box, id) => ({ ...box, id }));
          let next = old.length;
          const start = old.slice(0, kept);
          const list: Item[] = start.concat(
            again.map((entry) =>
              typeof entry === 'number' && old.length > 0
                ? old[entry % old.length]
                : {
                    ...(typeof entry === 'number' ? { x: 0, y: 0, width: 1, height: 1 } : entry),
                    id: next++,
                  },
            ),
          );
          const batch = new Quadtree<Item>(bounds, options);
          const oneByOne = new Quadtree<Item>(bounds, options);
          batch.insert(old);
          for (const item of old) oneByOne.insert(item);
          batch.clear();
          oneByOne.clear();
          batch.insert(list);
          for (const item of list) oneByOne.insert(item);
          const live = [...new Set(list)];
          expectSameTree(batch, oneByOne, live, areas);
          for (const item of old) expect(batch.has(item)).toBe(oneByOne.has(item));
          // Removing each item, in the same order, empties both trees alike.
          for (const item of live) {
            expect(batch.remove(item)).toBe(true);
            expect(oneByOne.remove(item)).toBe(true);
          }
          expect(batch.size).toBe(0);
          batch.validate();
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('into a tree that is not empty: the same tree as one-by-one inserts', () => {
    fc.assert(
      fc.property(
        withBounds((bounds) => ({
          before: fc.array(boxArb(bounds), { minLength: 1, maxLength: 20 }),
          removed: fc.array(fc.nat(), { maxLength: 5 }),
          boxes: fc.array(boxArb(bounds), { maxLength: 80 }),
          // Items already in the tree, inserted again at these positions of the array.
          again: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 6 }),
          areas: fc.array(boxArb(bounds), { minLength: 1, maxLength: 3 }),
        })),
        ({ bounds, options, scene: { before, removed, boxes, again, areas } }) => {
          const first: Item[] = before.map((box, id) => ({ ...box, id }));
          const items: Item[] = boxes.map((box, k) => ({ ...box, id: first.length + k }));
          const batch = new Quadtree<Item>(bounds, options);
          const oneByOne = new Quadtree<Item>(bounds, options);
          for (const item of first) {
            batch.insert(item);
            oneByOne.insert(item);
          }
          // Removals leave free ids, which the next inserts reuse out of order.
          const live = [...first];
          for (const pick of removed) {
            if (live.length === 1) break;
            const [gone] = live.splice(pick % live.length, 1);
            batch.remove(gone);
            oneByOne.remove(gone);
          }
          const list = [...items];
          for (const [at, which] of again) list.splice(at % (list.length + 1), 0, live[which % live.length]);
          batch.insert(list);
          for (const item of list) oneByOne.insert(item);
          expectSameTree(batch, oneByOne, [...live, ...items], areas);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('a bad item anywhere in the array leaves the empty tree empty', () => {
    const tree = new Quadtree<Item>({ x: 0, y: 0, width: 100, height: 100 });
    const list: Item[] = Array.from({ length: 50 }, (_, id) => ({ x: id, y: id, width: 1, height: 1, id }));
    list[37] = { ...list[37], width: Number.NaN };
    expect(() => tree.insert(list)).toThrow(/width/);
    expect(tree.size).toBe(0);
    tree.validate();
    list[37].width = 1;
    tree.insert(list);
    expect(ids(tree.query({ x: 0, y: 0, width: 100, height: 100 }))).toEqual(list.map((it) => it.id));
  });
});

/** `tree` holds exactly `sofar` (the last of them just inserted), as `read` sees it. */
function expectHolds(tree: Quadtree<Item>, sofar: Item[], read: string, area: Rect): void {
  const last = sofar[sofar.length - 1];
  switch (read) {
    case 'size':
      expect(tree.size).toBe(sofar.length);
      break;
    case 'has':
      expect(tree.has(last)).toBe(true);
      break;
    case 'query':
      expect(ids(tree.query(area))).toEqual(bruteQuery(sofar, area));
      break;
    case 'retrieve': {
      const candidates = ids(tree.retrieve(area));
      for (const id of bruteQuery(sofar, area)) expect(candidates).toContain(id);
      for (const id of candidates) expect(ids(sofar)).toContain(id);
      break;
    }
    case 'pairs':
      expect(pairsOf(tree)).toEqual(brutePairs(sofar));
      break;
    case 'all':
      expect(ids(tree.all())).toEqual(ids(sofar));
      break;
    case 'nearest':
      expect(tree.nearest(area.x, area.y, sofar.length + 1)).toHaveLength(sofar.length);
      break;
    case 'stats':
      expect(tree.stats().items).toBe(sofar.length);
      break;
    case 'forEachNode': {
      let items = 0;
      tree.forEachNode((node) => {
        items += node.items;
      });
      expect(items).toBe(sofar.length);
      break;
    }
    case 'update':
      tree.update(last); // throws if the tree does not know it
      break;
    case 'remove':
      expect(tree.remove(last)).toBe(true);
      tree.insert(last);
      break;
  }
  expect(tree.size).toBe(sofar.length);
  tree.validate();
}

describe('clear() then insert() of the same items (the quadtree-js loop)', () => {
  type Between =
    | 'nothing'
    | 'add and remove one'
    | 'clear twice'
    | 'swap two'
    | 'drop one'
    | 'add one'
    | 'update';
  const frameArb = (bounds: Rect) =>
    fc.record({
      moves: fc.array(fc.tuple(fc.nat(), boxArb(bounds)), { maxLength: 30 }),
      between: fc.constantFrom<Between>(
        'nothing',
        'nothing',
        'nothing',
        'add and remove one',
        'clear twice',
        'swap two',
        'drop one',
        'add one',
        'update',
      ),
      pick: fc.nat(),
      how: fc.constantFrom('array', 'one by one', 'one by one, reading halfway'),
      // What reads the tree halfway through a one-by-one insert (each read must see the items
      // inserted so far, whatever the tree keeps back until the last one).
      read: fc.constantFrom(
        'size',
        'has',
        'query',
        'retrieve',
        'pairs',
        'all',
        'nearest',
        'stats',
        'forEachNode',
        'update',
        'remove',
      ),
      areas: fc.array(boxArb(bounds), { minLength: 1, maxLength: 3 }),
    });

  it('gives every frame the tree one-by-one inserts into a new tree give', () => {
    fc.assert(
      fc.property(
        withBounds((bounds) => ({
          boxes: fc.array(boxArb(bounds), { minLength: 1, maxLength: 100 }),
          frames: fc.array(frameArb(bounds), { minLength: 1, maxLength: 6 }),
        })),
        ({ bounds, options, scene: { boxes, frames } }) => {
          let list: Item[] = boxes.map((box, id) => ({ ...box, id }));
          let next = list.length;
          const tree = new Quadtree<Item>(bounds, options);
          tree.insert(list);
          for (const { moves, between, pick, how, read, areas } of frames) {
            for (const [k, box] of moves) Object.assign(list[k % list.length], box);
            tree.clear();
            if (between === 'add and remove one') {
              const passing: Item = { x: bounds.x, y: bounds.y, width: 1, height: 1, id: -1 };
              tree.insert(passing);
              tree.remove(passing);
            } else if (between === 'clear twice') {
              tree.clear();
            } else if (between === 'swap two' && list.length >= 2) {
              const k = pick % (list.length - 1);
              list = [...list];
              [list[k], list[k + 1]] = [list[k + 1], list[k]];
            } else if (between === 'drop one' && list.length >= 2) {
              list = list.filter((_, k) => k !== pick % list.length);
            } else if (between === 'add one') {
              list = [...list, { ...list[pick % list.length], id: next++ }];
            }
            if (how === 'array') tree.insert(list);
            else {
              const half = list.length >> 1;
              list.forEach((item, k) => {
                tree.insert(item);
                if (how === 'one by one, reading halfway' && k === half) {
                  expectHolds(tree, list.slice(0, k + 1), read, areas[0]);
                }
              });
            }
            const fresh = new Quadtree<Item>(bounds, options);
            for (const item of list) fresh.insert(item);
            expect(tree.size).toBe(list.length);
            expectSameTree(tree, fresh, list, areas);
            if (between === 'update') {
              // A move makes the layout stale: searches read the nodes' lists, whose order must
              // be a fresh tree's too.
              const moved = list[pick % list.length];
              Object.assign(moved, moves[0]?.[1] ?? { x: bounds.x, y: bounds.y });
              tree.update(moved);
              fresh.update(moved);
              tree.validate();
              for (const area of areas) {
                const found = tree.query(area).map((it) => it.id);
                expect(found).toEqual(fresh.query(area).map((it) => it.id));
                expect([...found].sort((p, q) => p - q)).toEqual(bruteQuery(list, area));
              }
              expect(pairsOf(tree)).toEqual(brutePairs(list));
            }
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('takes the shortcut in the plain loop, and only there', () => {
    // The shortcut brings the cleared tree back and moves the boxes: the store files nothing one
    // by one. Any other path files every item through the store's add.
    const addFrom = vi.spyOn(TreeStore.prototype, 'addFrom');
    const add = vi.spyOn(TreeStore.prototype, 'add');
    const filed = () => addFrom.mock.calls.length + add.mock.calls.length;
    try {
      const tree = new Quadtree<Item>({ x: 0, y: 0, width: 100, height: 100 }, { maxObjects: 2 });
      const list: Item[] = Array.from({ length: 40 }, (_, id) => ({
        x: id * 2,
        y: id,
        width: 3,
        height: 3,
        id,
      }));
      tree.insert(list);
      expect(filed()).toBe(40); // (the spies see the first filing: they would see the others)
      for (let frame = 1; frame <= 3; frame++) {
        for (const it of list) it.x = (it.x + 7) % 100;
        tree.clear();
        tree.insert(list);
        expect(filed()).toBe(40);
        tree.validate();
        expect(pairsOf(tree)).toEqual(brutePairs(list));
      }
      for (let frame = 4; frame <= 5; frame++) {
        for (const it of list) it.y = (it.y + 5) % 100;
        tree.clear();
        for (const it of list) tree.insert(it); // the quadtree-js way, one at a time
        expect(filed()).toBe(40);
        tree.validate();
        expect(pairsOf(tree)).toEqual(brutePairs(list));
      }
      tree.clear();
      tree.insert([...list.slice(1), list[0]]); // another order
      expect(filed()).toBe(80);
      tree.validate();
      expect(pairsOf(tree)).toEqual(brutePairs(list));
    } finally {
      addFrom.mockRestore();
      add.mockRestore();
    }
  });

  it('the index brings a cleared tree back only if nothing was added since the clear', () => {
    const index = new QuadIndex({ x: 0, y: 0, width: 64, height: 64 }, { maxObjects: 1 });
    const src = new Float64Array([1, 1, 2, 2, 40, 40, 41, 41, 50, 1, 52, 3]);
    for (let h = 0; h < 3; h++) index.add(src[4 * h], src[4 * h + 1], src[4 * h + 2], src[4 * h + 3]);
    index.clear();
    const id = index.add(5, 5, 6, 6);
    index.remove(id);
    expect(readdCleared(index, src, 3)).toBe(false);
    expect(index.size).toBe(0);
    index.validate();
    for (let h = 0; h < 3; h++) index.add(src[4 * h], src[4 * h + 1], src[4 * h + 2], src[4 * h + 3]);
    index.clear();
    index.clear(); // a second clear keeps what the first left
    expect(readdCleared(index, src, 2)).toBe(false); // not the ids the clear removed
    expect(readdCleared(index, src, 3)).toBe(true);
    index.validate();
    const fresh = new QuadIndex({ x: 0, y: 0, width: 64, height: 64 }, { maxObjects: 1 });
    for (let h = 0; h < 3; h++) fresh.add(src[4 * h], src[4 * h + 1], src[4 * h + 2], src[4 * h + 3]);
    expect(index.query(0, 0, 64, 64)).toEqual(fresh.query(0, 0, 64, 64));
    expect(readdCleared(index, src, 3)).toBe(false); // not empty
  });

  it('a getter that reads the tree while the loop re-inserts an item: the insert still happens', () => {
    // The kept items are filed when something reads the tree; from a getter of the item being
    // read that was refused as a change ("QuadIndex.add() was called while…") and the insert lost.
    const reads: Array<(tree: Quadtree<Rect>) => unknown> = [
      (tree) => tree.query({ x: 0, y: 0, width: 100, height: 100 }),
      (tree) => tree.has(a),
      (tree) => tree.all(),
      (tree) => tree.nearest(0, 0, 1),
      (tree) => tree.stats(),
    ];
    const a: Rect = { x: 10, y: 10, width: 5, height: 5 };
    let read: ((tree: Quadtree<Rect>) => unknown) | null = null;
    let tree = new Quadtree<Rect>({ x: 0, y: 0, width: 100, height: 100 });
    const b = {
      get x() {
        read?.(tree);
        return 20;
      },
      y: 10,
      width: 5,
      height: 5,
    };
    const c: Rect = { x: 12, y: 12, width: 5, height: 5 };
    for (const r of reads) {
      tree = new Quadtree<Rect>({ x: 0, y: 0, width: 100, height: 100 });
      tree.insert([a, b, c]);
      tree.clear();
      tree.insert(a);
      read = r;
      tree.insert(b);
      read = null;
      tree.insert(c);
      expect(tree.all()).toEqual([a, b, c]);
      expect(tree.query({ x: 0, y: 0, width: 100, height: 100 })).toEqual([a, b, c]);
      expect(tree.pairs().length).toBe(1); // a and c
      tree.validate();
    }
    // A change from there is still refused, naming the method called, and the tree is as it was.
    tree = new Quadtree<Rect>({ x: 0, y: 0, width: 100, height: 100 });
    tree.insert([a, b]);
    tree.clear();
    tree.insert(a);
    read = (t) => t.remove(a);
    expect(() => tree.insert(b)).toThrow(/Quadtree.remove\(\) was called while another change/);
    read = null;
    expect(tree.all()).toEqual([a]);
    tree.validate();
  });
});

describe('a query area whose getter inserts an item', () => {
  it('finds it, in the middle of the clear-and-reinsert loop as anywhere else', () => {
    // The loop keeps re-inserted items back until something reads the tree; a query read its area
    // after filing them, so an item its area's getter inserted stayed kept back and was missed.
    const a: Rect = { x: 10, y: 10, width: 5, height: 5 };
    const b: Rect = { x: 60, y: 60, width: 5, height: 5 };
    for (const afterClear of [false, true]) {
      const tree = new Quadtree<Rect>({ x: 0, y: 0, width: 100, height: 100 });
      if (afterClear) {
        tree.insert([a, b]);
        tree.clear();
      }
      let inserted = false;
      const area = {
        get x() {
          if (!inserted) tree.insert(a);
          inserted = true;
          return 0;
        },
        y: 0,
        width: 50,
        height: 50,
      };
      expect(tree.query(area)).toEqual([a]);
      inserted = false;
      tree.remove(a);
      const seen: Rect[] = [];
      tree.forEachInRect(area, (it) => void seen.push(it));
      expect(seen).toEqual([a]);
      tree.validate();
    }
  });
});

describe('a swept box whose getter inserts an item', () => {
  it('meets it, in a new tree, one that holds items, and the clear-and-reinsert loop', () => {
    // A new tree and the loop keep inserted items back until something reads the tree; a sweep
    // that filed them before reading its box missed an item the box's getter inserted.
    const wall: Rect = { x: 50, y: 0, width: 10, height: 100 };
    const other: Rect = { x: 0, y: 90, width: 1, height: 1 };
    for (const before of ['new', 'holding', 'cleared'] as const) {
      const tree = new Quadtree<Rect>({ x: 0, y: 0, width: 100, height: 100 });
      if (before === 'holding') tree.insert(other);
      if (before === 'cleared') {
        tree.insert([wall, other]);
        tree.clear();
      }
      let inserted = false;
      const mover = {
        get x() {
          if (!inserted) tree.insert(wall);
          inserted = true;
          return 0;
        },
        y: 0,
        width: 10,
        height: 10,
      };
      expect(tree.sweep(mover, 100, 0)).toEqual({ item: wall, t: 0.4, normalX: -1, normalY: 0 });
      tree.validate();
    }
  });
});

describe('a tree emptied with remove()', () => {
  it('holds the typed arrays of a new tree, its refreshes’ staging buffer included', () => {
    const tree = new Quadtree<Rect>({ x: 0, y: 0, width: 1000, height: 1000 });
    const items = Array.from({ length: 5000 }, (_, i) => ({
      x: i % 990,
      y: (i * 7) % 990,
      width: 5,
      height: 5,
    }));
    tree.insert(items);
    tree.refresh();
    for (const it of items) tree.remove(it);
    const fresh = new Quadtree<Rect>({ x: 0, y: 0, width: 1000, height: 1000 });
    expect(tree.stats().arrayBytes).toBe(fresh.stats().arrayBytes);
    tree.insert(items[0]);
    tree.refresh();
    expect(tree.all()).toEqual([items[0]]);
  });
});

describe('the staging buffer (32 bytes per item) after a first fill', () => {
  const bounds = { x: 0, y: 0, width: 1000, height: 1000 };
  const items = (): Rect[] =>
    Array.from({ length: 5000 }, (_, i) => ({ x: (i * 13) % 990, y: (i * 7) % 990, width: 5, height: 5 }));

  it('is not kept by a tree filled once, by an array or one item at a time, then changed item by item', () => {
    const list = items();
    const byArray = new Quadtree<Rect>(bounds);
    byArray.insert(list);
    const oneByOne = new Quadtree<Rect>(bounds);
    for (const item of list) oneByOne.insert(item);
    expect(oneByOne.size).toBe(list.length); // (files the kept-back inserts)
    const refreshed = new Quadtree<Rect>(bounds);
    refreshed.insert(list);
    refreshed.refresh();
    const staging = refreshed.stats().arrayBytes - byArray.stats().arrayBytes;
    expect(staging).toBeGreaterThanOrEqual(32 * list.length);
    expect(oneByOne.stats().arrayBytes).toBeLessThanOrEqual(byArray.stats().arrayBytes);
    list[3].x += 400;
    byArray.update(list[3]);
    expect(byArray.stats().arrayBytes).toBeLessThan(refreshed.stats().arrayBytes - 32 * list.length + 1);
    expect(byArray.query({ x: list[3].x, y: list[3].y, width: 1, height: 1 })).toContain(list[3]);
  });

  it('is kept from the first refresh or clear-and-insert on, so that the next ones allocate nothing', () => {
    const list = items();
    const refreshed = new Quadtree<Rect>(bounds);
    refreshed.insert(list);
    refreshed.refresh();
    const afterOne = refreshed.stats().arrayBytes;
    refreshed.refresh();
    expect(refreshed.stats().arrayBytes).toBe(afterOne);
    const rebuilt = new Quadtree<Rect>(bounds);
    rebuilt.insert(list);
    const filled = rebuilt.stats().arrayBytes;
    rebuilt.clear();
    rebuilt.insert(list);
    const again = rebuilt.stats().arrayBytes;
    expect(again).toBeGreaterThanOrEqual(filled + 32 * list.length);
    rebuilt.clear();
    rebuilt.insert(list);
    expect(rebuilt.stats().arrayBytes).toBe(again);
  });
});

describe('a new tree filled one item at a time', () => {
  // The first fill is kept back and filed as one array insert when anything else is called; the
  // tree must behave, after every insert, as if each item had been filed at once.
  it('counts an item inserted twice once, moves it to its last box, and answers like brute force', () => {
    fc.assert(
      fc.property(
        withBounds((bounds) => ({
          boxes: fc.array(boxArb(bounds), { minLength: 1, maxLength: 60 }),
          // Each step: insert item `pick` (an earlier one again when it exists) with box `box`,
          // then maybe read the size, query, or ask has() of another item.
          steps: fc.array(
            fc.record({
              pick: fc.nat(),
              box: boxArb(bounds),
              look: fc.constantFrom('none', 'size', 'query', 'has'),
            }),
            { minLength: 1, maxLength: 80 },
          ),
          area: boxArb(bounds),
        })),
        ({ bounds, options, scene: { boxes, steps, area } }) => {
          const items: Item[] = boxes.map((box, id) => ({ ...box, id }));
          const tree = new Quadtree<Item>(bounds, options);
          const inside = new Set<Item>();
          for (const { pick, box, look } of steps) {
            const it = items[pick % items.length];
            Object.assign(it, box);
            tree.insert(it);
            inside.add(it);
            if (look === 'size') expect(tree.size).toBe(inside.size);
            if (look === 'query') {
              expect(
                tree
                  .query(area)
                  .map((x) => x.id)
                  .sort((p, q) => p - q),
              ).toEqual(bruteQuery([...inside], area));
            }
            if (look === 'has')
              expect(tree.has(items[(pick + 1) % items.length])).toBe(
                inside.has(items[(pick + 1) % items.length]),
              );
          }
          expect(tree.size).toBe(inside.size);
          const live = [...inside];
          expect(pairsOf(tree)).toEqual(brutePairs(live));
          expect(tree.all().length).toBe(live.length);
          tree.validate();
          // Then the quadtree-js loop: clear and insert the same items again, in the same order.
          tree.clear();
          for (const it of live) tree.insert(it);
          expect(tree.size).toBe(live.length);
          expect(pairsOf(tree)).toEqual(brutePairs(live));
          tree.validate();
        },
      ),
      { numRuns: RUNS },
    );
  });
});
