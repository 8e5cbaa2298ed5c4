/**
 * All-or-nothing mutations and never-stale queries: a throw injected at every read of every input
 * of every mutating method leaves the structure exactly as it was, and still working; plus the
 * regression cases that once lost or corrupted state.
 */
import { describe, expect, it } from 'vitest';
import { Body, Box, Circle, overlaps, Polygon, QuadIndex, Quadtree, type Rect, World } from '../src/index.js';
import { shiftyBounds } from './fixtures.js';
import { brutePairs, type Item, mulberry32, pairKey } from './oracle.js';

const BOUNDS = { x: 0, y: 0, width: 200, height: 200 };
const SEED = 7;

/** Thrown by the injected faults, so a test can tell them from real errors. */
class Injected extends Error {}

/** An unordered pair of ids as one string. */
const pairId = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/**
 * Fails each typed-array allocation a change makes, in turn, the way V8 does when memory runs out
 * (a RangeError from the constructor). `setup()` builds a fresh structure and returns the change,
 * a check that the structure is as before (after the change threw), and a check that it is as the
 * change makes it (after a change that went through: a failed split is given up, not thrown).
 * Returns how many allocations were failed; the loop ends at the first k past the change's last.
 */
function failEachAllocation(
  setup: () => { change: () => unknown; unchanged: () => void; changed: () => void },
): number {
  const g = globalThis as unknown as Record<string, unknown>;
  const native = { Float64Array, Int32Array, Uint16Array, Uint8Array };
  let budget = -1;
  const failing = (Base: new (...args: never[]) => object) =>
    class extends Base {
      // biome-ignore lint/suspicious/noExplicitAny: forwards whatever the typed array takes
      constructor(...args: any[]) {
        if (budget >= 0 && budget-- === 0) throw new RangeError('Array buffer allocation failed');
        super(...(args as never[]));
      }
    };
  for (let k = 0; ; k++) {
    const { change, unchanged, changed } = setup();
    budget = k;
    for (const [name, Base] of Object.entries(native)) g[name] = failing(Base);
    let threw = false;
    try {
      change();
    } catch (error) {
      if (!(error instanceof RangeError) || error.message !== 'Array buffer allocation failed') throw error;
      threw = true;
    } finally {
      Object.assign(g, native);
    }
    const reached = budget < 0;
    budget = -1;
    if (!reached) return k;
    if (threw) unchanged();
    else changed();
  }
}

/**
 * Items whose x, y, width and height are getters that count every read across all items, and
 * throw at read number `trap` (counting from 0) once armed.
 */
class Trap {
  reads = 0;
  trap = -1;

  item(id: number, box: Rect): Item {
    const values = { ...box };
    const read = (key: keyof Rect) => () => {
      if (this.trap >= 0 && this.reads++ === this.trap) throw new Injected(`read ${this.trap}`);
      return values[key];
    };
    const item = { id } as Item;
    for (const key of ['x', 'y', 'width', 'height'] as const) {
      Object.defineProperty(item, key, {
        get: read(key),
        set: (v: number) => {
          values[key] = v;
        },
        enumerable: true,
      });
    }
    return item;
  }

  arm(at: number): void {
    this.reads = 0;
    this.trap = at;
  }

  disarm(): void {
    this.trap = -1;
  }
}

function scene(trap: Trap, count: number, seed: number): Item[] {
  const rand = mulberry32(seed);
  return Array.from({ length: count }, (_, id) =>
    trap.item(id, { x: rand() * 180, y: rand() * 180, width: 4 + rand() * 20, height: 4 + rand() * 20 }),
  );
}

function snapshot(tree: Quadtree<Item>, all: readonly Item[]) {
  return {
    size: tree.size,
    has: all.map((it) => tree.has(it)),
    pairs: tree
      .pairs()
      .map(([a, b]) => pairKey(a, b))
      .sort(),
    query: tree
      .query({ x: 40, y: 40, width: 90, height: 70 })
      .map((it) => it.id)
      .sort((a, b) => a - b),
    stats: tree.stats(), // (all of it, the bytes held too: a failed change keeps even its storage as it was)
  };
}

/**
 * Runs `mutate` with a fault at read 0, 1, 2, … until a run completes without reaching the fault.
 * After each faulted run the tree must equal its snapshot, pass validate(), and still work.
 */
function everyFault(
  name: string,
  setup: (trap: Trap) => { tree: Quadtree<Item>; all: Item[]; live: Item[] },
  mutate: (tree: Quadtree<Item>, all: Item[]) => void,
): number {
  for (let at = 0; ; at++) {
    const trap = new Trap();
    const { tree, all, live } = setup(trap);
    const before = snapshot(tree, all);
    trap.arm(at);
    let threw = false;
    try {
      mutate(tree, all);
    } catch (error) {
      if (!(error instanceof Injected)) throw error;
      threw = true;
    }
    trap.disarm();
    if (!threw) return at; // every read before completion has been faulted once
    expect(snapshot(tree, all), `${name}, fault at read ${at}`).toEqual(before);
    // Put back what `mutate` changed on the items themselves, so validate() compares like with like.
    const originals = scene(new Trap(), all.length, SEED);
    all.forEach((it, k) => {
      Object.assign(it, originals[k]);
    });
    tree.validate();
    // Still works: move everything, and the pairs are exact.
    for (const it of live) it.x += 3;
    tree.refresh();
    expect(
      tree
        .pairs()
        .map(([a, b]) => pairKey(a, b))
        .sort(),
    ).toEqual(brutePairs(live));
  }
}

describe('exception safety: a throw at any read changes nothing', () => {
  const build = (insertFirst: number) => (trap: Trap) => {
    const all = scene(trap, 30, SEED);
    const tree = new Quadtree<Item>(BOUNDS, { maxObjects: 3 });
    const live = all.slice(0, insertFirst);
    tree.insert(live);
    return { tree, all, live };
  };

  it('insert(item), insert(array) with new and present items, update, refresh, remove, clear', () => {
    const reads: Record<string, number> = {};
    reads.insertOne = everyFault('insert(item)', build(20), (tree, all) => tree.insert(all[25]));
    reads.insertArray = everyFault('insert(array)', build(20), (tree, all) => tree.insert(all.slice(10, 30)));
    reads.update = everyFault('update', build(20), (tree, all) => {
      all[3].x = 150;
      tree.update(all[3]);
    });
    reads.refresh = everyFault('refresh', build(20), (tree, all) => {
      for (const it of all.slice(0, 20)) it.y += 25;
      tree.refresh();
    });
    // A tree that handed out far more ids than it holds refreshes through its live ids instead.
    const buildSparse = (trap: Trap) => {
      const fillers = scene(new Trap(), 300, SEED + 1);
      const made = build(0)(trap);
      made.tree.insert(fillers);
      made.tree.insert(made.all.slice(0, 20));
      for (const it of fillers) made.tree.remove(it);
      return { ...made, live: made.all.slice(0, 20) };
    };
    reads.refreshSparse = everyFault('refresh (sparse tree)', buildSparse, (tree, all) => {
      for (const it of all.slice(0, 20)) it.y += 25;
      tree.refresh();
    });
    reads.remove = everyFault('remove', build(20), (tree, all) => void tree.remove(all[4]));
    reads.clear = everyFault('clear', build(20), (tree) => tree.clear());
    // The faults really reached the reads: 4 per box read (refresh: 20 more by the test's own `y += 25`).
    expect(reads).toEqual({
      insertOne: 4,
      insertArray: 80,
      update: 4,
      refresh: 100,
      refreshSparse: 100,
      remove: 0,
      clear: 0,
    });
  });

  it('a getter that throws on its second read (insert, then remove) leaves a consistent tree that never hangs', () => {
    const tree = new Quadtree<Item>(BOUNDS);
    let reads = 0;
    const item = {
      id: 1,
      get x() {
        if (++reads === 2) throw new Injected('second read');
        return 5;
      },
      y: 5,
      width: 5,
      height: 5,
    };
    // One read per field: the first insert succeeds, and the read count says so.
    tree.insert(item);
    expect(reads).toBe(1);
    expect(() => tree.update(item)).toThrow(Injected);
    tree.validate();
    expect(tree.size).toBe(1);
    expect(tree.remove(item)).toBe(true);
    expect(tree.remove(item)).toBe(false);
    expect(tree.query(BOUNDS)).toEqual([]);
    tree.validate();
  });

  it('QuadIndex.moveAll on a plain array reads each entry once, and a throwing entry moves nothing', () => {
    const index = new QuadIndex(BOUNDS);
    for (let k = 0; k < 10; k++) index.add(k * 10, 0, k * 10 + 15, 15);
    const before = index.pairs();
    for (let at = 0; at < 40; at++) {
      let reads = 0;
      const boxes = new Proxy(
        Array.from({ length: 40 }, (_, i) => (i % 4 < 2 ? (i >> 2) * 10 + 50 : (i >> 2) * 10 + 65)),
        {
          get(target, key, receiver) {
            if (typeof key === 'string' && /^\d+$/.test(key) && reads++ === at)
              throw new Injected(`entry ${key}`);
            return Reflect.get(target, key, receiver);
          },
        },
      );
      expect(() => index.moveAll(boxes)).toThrow(Injected);
      expect(index.pairs()).toEqual(before);
      index.validate();
    }
  });

  it('a change that needs more storage and meets a bad box keeps even its storage: stats() as before', () => {
    // Each of these grows a buffer for its input (a copy of a plain array, the staging of an array
    // insert or a refresh) before the bad entry is read. The buffer is kept only once all passed.
    const boxes: number[] = [];
    const index = new QuadIndex(BOUNDS);
    for (let k = 0; k < 1000; k++) {
      const x = (k % 100) * 1.9;
      index.add(x, k % 7, x + 3, (k % 7) + 3);
      boxes.push(x + 1, k % 7, x + 4, (k % 7) + 3);
    }
    const pairsBefore = index.pairs(); // (first: a pass sizes its scratch, which stats() counts)
    const indexBefore = index.stats();
    boxes[4 * 700 + 2] = Number.NaN;
    expect(() => index.moveAll(boxes)).toThrow(/boxes\[2802\]/);
    expect(index.stats()).toEqual(indexBefore);
    expect(index.pairs()).toEqual(pairsBefore);
    boxes[4 * 700 + 2] = boxes[4 * 700] + 3;
    index.moveAll(boxes); // and the same array, mended, moves everything
    expect(index.stats().arrayBytes).toBeGreaterThan(indexBefore.arrayBytes);

    const items = scene(new Trap(), 1000, SEED);
    const tree = new Quadtree<Item>(BOUNDS);
    tree.insert(items[0]);
    let before = tree.stats();
    items[999].width = -1;
    expect(() => tree.insert(items)).toThrow(/items\[999\]\.width/);
    expect(tree.stats()).toEqual(before);
    expect(tree.size).toBe(1);
    // One by one, then a refresh meeting the bad box last.
    for (const it of items.slice(1, 999)) tree.insert(it);
    tree.pairs();
    before = tree.stats();
    items[999].width = 5;
    tree.insert(items[999]);
    tree.pairs();
    before = tree.stats();
    items[999].height = Number.POSITIVE_INFINITY;
    expect(() => tree.refresh()).toThrow(/height/);
    expect(tree.stats()).toEqual(before);
    items[999].height = 5;
    tree.refresh();
    tree.validate();
  });

  it('World.step with a listener that throws at its k-th call: the world stays exact', () => {
    for (let at = 0; at < 6; at++) {
      const world = new World({ bounds: BOUNDS });
      const bodies: Body[] = [];
      for (let k = 0; k < 8; k++) bodies.push(world.add(new Body(new Circle(20 + k * 15, 50, 9))));
      let calls = 0;
      world.on('collisionStart', () => {
        if (calls++ === at) throw new Injected('listener');
      });
      expect(() => world.step()).toThrow(Injected);
      world.validate();
      expect(world.contacts.map((c) => `${c.bodyA.id}-${c.bodyB.id}`)).toEqual([
        '0-1',
        '1-2',
        '2-3',
        '3-4',
        '4-5',
        '5-6',
        '6-7',
      ]);
      world.step();
      expect(world.started).toEqual([]);
      expect(world.stayed.length).toBe(7);
    }
  });
});

describe('a getter that changes the tree while a change reads its input', () => {
  // Such a change once ran in the middle of the outer one: update() then moved a removed item
  // (the root's subtree count went wrong), a nested insert(array) overwrote the outer call's
  // staged boxes, refresh() filed an id whose box it had not read. Now it is refused, the outer
  // call throws that error, and nothing changes.
  const box = (x: number, id: number): Item => ({ x, y: x, width: 5, height: 5, id });
  const cases: Array<[string, (tree: Quadtree<Item>, items: Item[], sneaky: Item) => void]> = [
    ['update', (tree, _items, sneaky) => tree.update(sneaky)],
    ['insert(item)', (tree, _items, sneaky) => tree.insert(sneaky)],
    ['insert(array)', (tree, items, sneaky) => tree.insert([items[0], sneaky])],
    ['refresh', (tree) => void tree.refresh()],
  ];
  const meddles: Array<[string, (tree: Quadtree<Item>, items: Item[]) => void]> = [
    ['removes an item', (tree, items) => void tree.remove(items[1])],
    ['inserts items', (tree) => tree.insert([box(150, 90), box(160, 91)])],
    ['clears the tree', (tree) => tree.clear()],
  ];
  for (const [name, change] of cases) {
    for (const [what, meddle] of meddles) {
      it(`${name}, whose getter ${what}`, () => {
        const tree = new Quadtree<Item>(BOUNDS, { maxObjects: 2 });
        const items = Array.from({ length: 12 }, (_, k) => box(8 + 15 * k, k));
        tree.insert(items);
        const sneaky = items[5];
        let armed = true;
        Object.defineProperty(sneaky, 'x', {
          get() {
            if (armed) {
              armed = false;
              meddle(tree, items);
            }
            return 83;
          },
          configurable: true,
        });
        const before = snapshot(tree, items);
        expect(() => change(tree, items, sneaky)).toThrow(/while another change was reading its input/);
        expect(snapshot(tree, items)).toEqual(before);
        tree.validate();
      });
    }
  }
});

describe('QuadIndex: regressions', () => {
  const filled = (count: number): QuadIndex => {
    const index = new QuadIndex(BOUNDS, { maxObjects: 2 });
    for (let k = 0; k < count; k++) index.add(k * 3, k * 2, k * 3 + 4, k * 2 + 4);
    return index;
  };
  const state = (index: QuadIndex) => ({
    ids: index.ids(),
    boxes: index.ids().map((id) => [...index.getBox(id)]),
    pairs: index.pairs(),
  });

  it('a reserve() the machine cannot hold throws and leaves the index working', () => {
    // The capacity was set before the arrays were made: after the throw, adds wrote past their
    // ends (id 64 not found, validate() failing, then an endless loop or a V8 abort).
    const index = filled(64);
    const before = state(index);
    expect(() => index.reserve(0x3fffffff)).toThrow(RangeError);
    expect(state(index)).toEqual(before);
    index.validate();
    const id = index.add(70, 70, 70.5, 70.5);
    expect(index.has(id)).toBe(true);
    expect(index.queryPoint(70.25, 70.25)).toContain(id);
    for (let k = 0; k < 100; k++) index.add(k, k, k + 1, k + 1);
    index.validate();
  });

  it('a change that cannot allocate throws and changes nothing, or completes exactly (a split is given up)', () => {
    // A split that could not get its nodes threw halfway through moveAll: boxes already re-filed
    // were stored in their old places, and pairs went missing. Every allocation each change
    // makes is failed in turn (see failEachAllocation), at sizes where the item and node arrays
    // must grow.
    const exact = (index: QuadIndex) => ({
      ids: index.ids(),
      boxes: index.ids().map((id) => [...index.getBox(id)]),
      pairs: index
        .pairs()
        .flatMap((id, k, all) => (k % 2 === 0 ? [pairId(id, all[k + 1])] : []))
        .sort(),
    });
    const changes: [string, (index: QuadIndex, box: () => number[]) => unknown][] = [
      ['add', (index, box) => index.add(...(box() as [number, number, number, number]))],
      ['reserve', (index) => index.reserve(1000)],
      ['move', (index) => index.move(5, 1, 1, 2, 2)],
      ['moveAll (array)', (index, box) => index.moveAll(index.ids().flatMap(box))],
      ['moveAll (typed)', (index, box) => index.moveAll(Float64Array.from(index.ids().flatMap(box)))],
      ['remove', (index) => index.remove(3)],
    ];
    let failed = 0;
    for (const [name, change] of changes) {
      for (const count of [63, 64, 100, 128]) {
        const make = () => {
          const random = mulberry32(SEED + count);
          const box = () => {
            const x = random() * 190;
            const y = random() * 190;
            return [x, y, x + random() * 10, y + random() * 10];
          };
          const index = new QuadIndex(BOUNDS, { maxObjects: 4 });
          for (let k = 0; k < count; k++) index.add(...(box() as [number, number, number, number]));
          index.forEachPair(() => {});
          return { index, box };
        };
        const expected = make();
        change(expected.index, expected.box);
        failed += failEachAllocation(() => {
          const { index, box } = make();
          const before = exact(index);
          const stillWorks = () => {
            index.validate();
            for (let k = 0; k < 100; k++) index.add(...(box() as [number, number, number, number]));
            index.validate();
          };
          return {
            change: () => change(index, box),
            unchanged: () => {
              expect(exact(index), `${name} at ${count}`).toEqual(before);
              stillWorks();
            },
            changed: () => {
              expect(exact(index), `${name} at ${count}`).toEqual(exact(expected.index));
              stillWorks();
            },
          };
        });
      }
    }
    expect(failed).toBeGreaterThan(20);
  });

  it('a Quadtree change that cannot allocate throws and changes nothing, or completes exactly', () => {
    type Sprite = Rect & { id: number };
    const exact = (tree: Quadtree<Sprite>) => ({
      items: tree.all().map((s) => s.id),
      pairs: tree
        .pairs()
        .map(([a, b]) => pairId(a.id, b.id))
        .sort(),
    });
    const changes: [string, (tree: Quadtree<Sprite>, sprites: Sprite[], more: Sprite[]) => unknown][] = [
      ['insert(item)', (tree, _, more) => tree.insert(more[0])],
      ['insert(array)', (tree, _, more) => tree.insert(more)],
      ['update', (tree, sprites) => tree.update(Object.assign(sprites[5], { x: 1, y: 1 }))],
      [
        'refresh',
        (tree, sprites) => {
          for (const s of sprites) s.x = 190 - s.x;
          tree.refresh();
        },
      ],
      ['remove', (tree, sprites) => tree.remove(sprites[3])],
    ];
    let failed = 0;
    for (const [name, change] of changes) {
      for (const count of [63, 64, 100, 128]) {
        const make = () => {
          const random = mulberry32(SEED + count);
          const sprite = (id: number): Sprite => ({
            id,
            x: random() * 190,
            y: random() * 190,
            width: random() * 10,
            height: random() * 10,
          });
          const sprites = Array.from({ length: count }, (_, id) => sprite(id));
          const more = Array.from({ length: 40 }, (_, k) => sprite(count + k));
          const tree = new Quadtree<Sprite>(BOUNDS, { maxObjects: 4 });
          tree.insert(sprites);
          tree.forEachPair(() => {});
          return { tree, sprites, more };
        };
        const expected = make();
        change(expected.tree, expected.sprites, expected.more);
        failed += failEachAllocation(() => {
          const { tree, sprites, more } = make();
          const before = exact(tree);
          const stillWorks = () => {
            tree.validate();
            tree.insert(more);
            tree.validate();
          };
          return {
            change: () => change(tree, sprites, more),
            unchanged: () => {
              expect(exact(tree), `${name} at ${count}`).toEqual(before);
              if (name === 'refresh') {
                // The sprites did move: a refresh that goes through now files them where they are.
                tree.refresh();
                expect(exact(tree), `${name} at ${count}`).toEqual(exact(expected.tree));
              }
              stillWorks();
            },
            changed: () => {
              expect(exact(tree), `${name} at ${count}`).toEqual(exact(expected.tree));
              stillWorks();
            },
          };
        });
      }
    }
    expect(failed).toBeGreaterThan(20);
  });

  it('moveAll ignores whatever a plain array holds at ids that are not live, as documented', () => {
    for (const dead of [undefined, null, Number.NaN, 'x']) {
      const index = filled(3);
      index.remove(1);
      const boxes: unknown[] = [10, 10, 11, 11, dead, dead, dead, dead, 20, 20, 21, 21];
      index.moveAll(boxes as number[]);
      expect([...index.getBox(0), ...index.getBox(2)]).toEqual([10, 10, 11, 11, 20, 20, 21, 21]);
    }
    const holes = filled(3);
    holes.remove(1);
    // biome-ignore lint/suspicious/noSparseArray: the holes are the point
    holes.moveAll([10, 10, 11, 11, , , , , 20, 20, 21, 21] as number[]);
    expect([...holes.getBox(2)]).toEqual([20, 20, 21, 21]);
  });

  it("moveAll reads the array's length once, with changes refused meanwhile", () => {
    const index = filled(2);
    const before = state(index);
    let reads = 0;
    const boxes = new Proxy([1, 1, 2, 2, 3, 3, 4, 4], {
      get(target, key, receiver) {
        if (key === 'length') {
          reads++;
          index.add(50, 50, 51, 51);
        }
        return Reflect.get(target, key, receiver);
      },
    });
    expect(() => index.moveAll(boxes)).toThrow(/while another change was reading its input/);
    expect(reads).toBe(1);
    expect(state(index)).toEqual(before);
    index.validate();
  });

  it('raycastFirst and sweep answer from their own walk when out has setters that walk again', () => {
    const index = new QuadIndex(BOUNDS);
    index.add(10, -5, 12, 5);
    index.add(50, 20, 52, 30);
    let again = true;
    const rayOut = {
      _id: -1,
      t: 0,
      set id(value: number) {
        this._id = value;
        if (again) {
          again = false;
          index.raycastFirst(0, 25, 1, 0); // meets the second box, at t = 50
        }
      },
      get id() {
        return this._id;
      },
    };
    expect(index.raycastFirst(0, 0, 1, 0, Number.POSITIVE_INFINITY, rayOut)).toMatchObject({ id: 0, t: 10 });
    again = true;
    const sweepOut = {
      _id: -1,
      t: 0,
      normalX: 0,
      normalY: 0,
      set id(value: number) {
        this._id = value;
        if (again) {
          again = false;
          index.sweep(50, 0, 52, 2, 0, 100); // meets the second box from below
        }
      },
      get id() {
        return this._id;
      },
    };
    expect(index.sweep(0, -1, 2, 1, 20, 0, sweepOut)).toMatchObject({
      id: 0,
      t: 0.4,
      normalX: -1,
      normalY: 0,
    });
  });

  it('nearest keeps maxDistance exactly where squared distances overflow or underflow', () => {
    const index = new QuadIndex(BOUNDS);
    const far = index.add(1e250, 0, 1e250 + 1, 1);
    const tiny = index.add(2e-165, 0, 3e-165, 0);
    const beside = index.add(5e-324, 5, 5e-324, 5);
    expect(index.nearest(0, 0, 5, 1e200)).toEqual([tiny, beside]); // not the box 1e250 away
    expect(index.nearest(0, 0, 5, 1e-166)).toEqual([]);
    expect(index.nearest(0, 5, 5, 0)).toEqual([]); // 5e-324 away is not 0 away
    expect(index.nearest(5e-324, 5, 5, 0)).toEqual([beside]);
    const seen: number[] = [];
    index.forEachNearest(0, 0, (id) => void seen.push(id), 1e200);
    expect(seen).toEqual([tiny, beside]);
    expect(index.nearest(0, 0, 5)).toContain(far);
  });
});

describe('World: regressions', () => {
  it('a body moved inside a collisionStart listener is found at its new place by every query', () => {
    const world = new World({ bounds: { x: 0, y: 0, width: 1000, height: 1000 } });
    const a = world.add(new Body(new Box(10, 10, 20, 20)));
    world.add(new Body(new Box(20, 20, 20, 20)));
    let found: unknown[] = [];
    world.on('collisionStart', (c) => {
      if (c.bodyA !== a) return;
      a.translate(400, 0);
      found = [
        world.queryRect({ x: 405, y: 5, width: 30, height: 30 }).includes(a),
        world.queryPoint(420, 20).includes(a),
        world.raycast(300, 20, 1, 0)?.body === a,
        world.nearest(420, 20, 1)[0] === a,
        world.queryRect({ x: 0, y: 0, width: 35, height: 35 }).includes(a),
      ];
    });
    world.step();
    expect(found).toEqual([true, true, true, true, false]);
    world.validate();
  });

  it('step(); separate(); query: the pushed body is found where separate() put it', () => {
    const world = new World({ bounds: { x: 0, y: 0, width: 500, height: 500 }, margin: 1 });
    world.add(new Body(new Box(0, 100, 500, 40), { isStatic: true }));
    const ball = world.add(new Body(new Circle(100, 110, 20)));
    world.step();
    world.separate();
    expect(ball.y).toBe(80);
    expect(world.queryPoint(100, 62)).toEqual([ball]);
    expect(world.queryRect({ x: 90, y: 60, width: 5, height: 5 })).toEqual([ball]);
    world.validate();
  });

  it('a step that throws (a body overflowed) leaves the world as it was; later steps are exact', () => {
    // (A shape's size is at most 1e150, so it is the margin that takes the box past the largest float.)
    const world = new World({ bounds: BOUNDS, margin: 1e308 });
    const bodies = [0, 1, 2, 3, 4, 5].map((k) =>
      world.add(new Body(new Circle(20 + (k >> 1) * 60 + (k & 1) * 10, 50, 8))),
    );
    world.step();
    const contacts = () => world.contacts.map((c) => `${c.bodyA.id}-${c.bodyB.id}`);
    expect(contacts()).toEqual(['0-1', '2-3', '4-5']);
    bodies[3].shape.setPosition(1.5e308, 1.5e308); // its box, grown by the margin, overflows to Infinity
    const steps = world.steps;
    expect(() => world.step()).toThrow(RangeError);
    expect(world.steps).toBe(steps);
    expect(contacts()).toEqual(['0-1', '2-3', '4-5']);
    bodies[3].setPosition(90, 50);
    for (let i = 0; i < 3; i++) {
      world.step();
      expect(contacts()).toEqual(['0-1', '2-3', '4-5']);
      expect(new Set(world.contacts).size).toBe(3);
    }
    world.validate();
  });

  it('an add() that cannot allocate throws and leaves the world as it was', () => {
    // The broad phase grew its per-proxy arrays after filing the body in the index, one array at a
    // time: a failed allocation left an id in the index that no body owned. 64 bodies fill the
    // per-proxy arrays, so the next add() must grow every one of them.
    const place = (k: number) => new Circle(10 + (k % 16) * 12, 10 + Math.floor(k / 16) * 12, 7);
    const failures = failEachAllocation(() => {
      const world = new World({ bounds: BOUNDS });
      const bodies = Array.from({ length: 64 }, (_, i) => world.add(new Body(place(i))));
      world.step();
      const contacts = () => world.contacts.map((c) => `${c.bodyA.id}-${c.bodyB.id}`);
      const before = contacts();
      const extra = new Body(place(64));
      return {
        change: () => world.add(extra),
        changed: () => {
          expect(extra.world).toBe(world);
          world.validate();
        },
        unchanged: () => {
          expect(extra.world).toBe(null);
          expect(world.size).toBe(64);
          world.validate();
          world.step();
          expect(contacts()).toEqual(before);
          world.add(extra);
          world.step();
          world.validate();
          const all = [...bodies, extra];
          const expected: string[] = [];
          for (let i = 0; i < all.length; i++) {
            for (let j = i + 1; j < all.length; j++) {
              if (overlaps(all[i].shape, all[j].shape)) expected.push(`${all[i].id}-${all[j].id}`);
            }
          }
          expect(contacts().sort()).toEqual(expected.sort());
        },
      };
    });
    expect(failures).toBeGreaterThan(0);
  });

  it('a step() that cannot allocate throws and changes nothing, or completes exactly', () => {
    // Every allocation of a step in which the bodies crowd together (more contacts than the book
    // has room for, leaves that split) is failed in turn.
    let failed = 0;
    for (const count of [40, 64, 100]) {
      const make = () => {
        const random = mulberry32(SEED + count);
        const world = new World({ bounds: BOUNDS, maxObjects: 4 });
        const bodies = Array.from({ length: count }, (_, k) => {
          const x = 10 + random() * 180;
          const y = 10 + random() * 180;
          const shape = k % 2 === 0 ? new Circle(x, y, 3) : new Box(x, y, 5, 5);
          return world.add(new Body(shape));
        });
        world.step();
        // Everyone moves a third of the way to the centre: contacts start, leaves fill up.
        for (const b of bodies) b.setPosition(b.x + (100 - b.x) / 3, b.y + (100 - b.y) / 3);
        return { world, bodies };
      };
      const contacts = (world: World) => world.contacts.map((c) => `${c.bodyA.id}-${c.bodyB.id}`);
      const expected = make();
      expected.world.step();
      failed += failEachAllocation(() => {
        const { world } = make();
        const before = contacts(world);
        const steps = world.steps;
        return {
          change: () => world.step(),
          unchanged: () => {
            expect(world.steps).toBe(steps);
            expect(contacts(world)).toEqual(before);
            world.validate();
            world.step();
            expect(contacts(world)).toEqual(contacts(expected.world));
          },
          changed: () => {
            world.validate();
            expect(contacts(world)).toEqual(contacts(expected.world));
          },
        };
      });
    }
    expect(failed).toBeGreaterThan(0);
  });

  it('remove + re-add keeps contacts ordered by the ids users read', () => {
    const world = new World({ bounds: BOUNDS });
    const c = world.add(new Body(new Circle(50, 50, 10)));
    const b1 = world.add(new Body(new Circle(60, 50, 10)));
    world.add(new Body(new Circle(150, 50, 10)));
    world.step();
    world.remove(c);
    world.add(c);
    world.step();
    for (const list of [world.contacts, world.started, world.stayed, world.ended]) {
      for (const contact of list) expect(contact.bodyA.id).toBeLessThan(contact.bodyB.id);
    }
    expect(world.contacts.map((k) => [k.bodyA, k.bodyB])).toEqual([[c, b1]]);
  });

  it('polygons given more points in one frame keep their neighbours’ geometry: contacts and queries stay exact', () => {
    // The grown records leave the world's shared array; the first one moved back in re-packs the
    // array, which copied the others' grown records into their old, smaller rooms, over their
    // neighbours (and validate() did not notice).
    const ngon = (n: number, r: number) =>
      Array.from({ length: n }, (_, i) => ({
        x: r * Math.cos((2 * Math.PI * i) / n),
        y: r * Math.sin((2 * Math.PI * i) / n),
      }));
    const world = new World({ bounds: { x: 0, y: 0, width: 1000, height: 1000 } });
    const polygons = Array.from({ length: 20 }, (_, i) =>
      world.add(new Body(new Polygon(50 + 45 * i, 100, ngon(3, 10)))),
    );
    const circles = Array.from({ length: 20 }, (_, i) =>
      world.add(new Body(new Circle(50 + 45 * i + 8, 100, 3))),
    );
    world.step();
    for (const p of polygons) (p.shape as Polygon).setPoints(ngon(8, 12));
    world.step();
    world.validate();
    const expected: string[] = [];
    for (const p of polygons) {
      for (const c of circles) {
        if (overlaps(new Polygon(p.x, p.y, ngon(8, 12)), new Circle(c.x, c.y, 3)))
          expected.push(`${p.id}-${c.id}`);
      }
    }
    expect(expected.length).toBeGreaterThan(0);
    expect(world.contacts.map((c) => `${c.bodyA.id}-${c.bodyB.id}`)).toEqual(expected);
    for (const c of circles) expect(world.queryPoint(c.x, c.y)).toContain(c);
  });

  it('a body moved, removed and added to another world is filed by that world only', () => {
    const bounds = { x: 0, y: 0, width: 1000, height: 1000 };
    const a = new World({ bounds });
    const b = new World({ bounds });
    a.add(new Body(new Circle(100, 100, 10)));
    const x = a.add(new Body(new Circle(300, 300, 10)));
    b.add(new Body(new Circle(900, 900, 10)));
    x.translate(1, 0); // on a's list of moved bodies
    a.remove(x);
    b.add(x);
    x.setPosition(600, 600);
    a.step(); // a's list still names x: it must leave x, and x's moved flag, to b
    b.step();
    expect(b.queryPoint(600, 600)).toEqual([x]);
    a.validate();
    b.validate();
  });

  it('a step whose continuous body cannot be swept (its motion overflows) throws and changes nothing', () => {
    const world = new World({ bounds: { x: 0, y: 0, width: 1000, height: 1000 } });
    const a = world.add(new Body(new Circle(100, 100, 10)));
    const b = world.add(new Body(new Circle(300, 300, 10)));
    const bullet = world.add(new Body(new Circle(1.7e308, 0, 1), { continuous: true }));
    world.step();
    b.setPosition(105, 100); // a and b start touching this step
    bullet.setPosition(-1.7e308, 0); // a motion of -3.4e308: -Infinity
    const before = JSON.stringify(world.stats());
    expect(() => world.step()).toThrow(/continuous body 2 moved by/);
    expect(world.steps).toBe(1);
    // (Checked before the moved bodies are re-filed: re-filing them would raise indexMoves.)
    expect(JSON.stringify(world.stats())).toBe(before);
    world.validate();
    bullet.teleport(500, 500);
    world.step();
    expect(world.started.map((c) => [c.bodyA, c.bodyB])).toEqual([[a, b]]);
    world.validate();
  });

  it('separate() leaves a continuous body that a listener respawned where it was put', () => {
    const world = new World({ bounds: { x: 0, y: 0, width: 1000, height: 1000 } });
    const bullet = world.add(new Body(new Circle(0, 50, 2), { continuous: true }));
    world.add(new Body(new Box(100, 0, 2, 100), { isStatic: true }));
    world.step();
    world.on('collisionStart', (c) => {
      if (c.continuous) bullet.teleport(500, 500);
    });
    bullet.setPosition(300, 50);
    world.step();
    expect(world.contacts[0].continuous).toBe(true);
    world.separate();
    expect([bullet.x, bullet.y]).toEqual([500, 500]);
  });

  it('a sensor on a continuous body’s path does not hide the wall behind it', () => {
    for (const zone of [new Box(20, 0, 30, 100), new Box(20, 0, 400, 100)]) {
      const world = new World({ bounds: { x: -100, y: -100, width: 1000, height: 1000 } });
      const bullet = world.add(new Body(new Circle(0, 50, 2), { continuous: true }));
      world.add(new Body(zone, { isStatic: true, isSensor: true }));
      const wall = world.add(new Body(new Box(100, 0, 2, 100), { isStatic: true }));
      world.step();
      bullet.setPosition(300, 50); // crosses the zone (and ends in the larger one) and the wall
      world.step();
      const crossing = world.contacts.filter((c) => c.continuous);
      expect(crossing.map((c) => c.bodyB)).toEqual([wall]);
      world.separate();
      expect(bullet.x).toBe(98); // back where it touched the wall
    }
  });

  it('an options getter that gives the shape to another body makes the constructor throw', () => {
    const shape = new Circle(10, 10, 5);
    let inner: Body | undefined;
    const options = {
      get isSensor() {
        inner = new Body(shape);
        return false;
      },
    };
    expect(() => new Body(shape, options)).toThrow(/already belongs to another Body/);
    expect(inner?.shape).toBe(shape);
  });

  it('queryRect reads each field of its rect once', () => {
    const world = new World({ bounds: BOUNDS });
    world.add(new Body(new Circle(10, 10, 5)));
    // A width of 100 on the first read, -5 after: read twice, the query would check one and use the other.
    const shifty = shiftyBounds();
    expect(world.queryRect(shifty.bounds).length).toBe(1);
    expect(shifty.reads()).toBe(1);
  });
});
