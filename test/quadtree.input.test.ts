/** Bad input throws a clear error naming the field, and the tree is unchanged afterwards. */
import { describe, expect, it } from 'vitest';
import { QuadIndex, Quadtree, type Rect, World } from '../src/index.js';
import { brutePairs, type Item, pairKey } from './oracle.js';

const BOUNDS = { x: 0, y: 0, width: 100, height: 100 };

function sampleTree(): { tree: Quadtree<Item>; live: Item[] } {
  const tree = new Quadtree<Item>(BOUNDS, { maxObjects: 2 });
  const live: Item[] = [];
  for (let i = 0; i < 40; i++)
    live.push({ x: (i * 37) % 97, y: (i * 53) % 89, width: 16, height: 12, id: i });
  tree.insert(live);
  return { tree, live };
}

function snapshot(tree: Quadtree<Item>) {
  tree.validate();
  return {
    size: tree.size,
    pairs: tree.pairs().map(([a, b]) => pairKey(a, b)),
    all: tree.all().map((it) => it.id),
    stats: { ...tree.stats(), checks: 0 },
  };
}

const badValues: Array<[string, unknown, typeof TypeError | typeof RangeError]> = [
  ['NaN', Number.NaN, RangeError],
  ['Infinity', Number.POSITIVE_INFINITY, RangeError],
  ['-Infinity', Number.NEGATIVE_INFINITY, RangeError],
  ['a string', '5', TypeError],
  ['undefined', undefined, TypeError],
  ['null', null, TypeError],
  ['a bigint', 5n, TypeError],
];

describe('bad input', () => {
  for (const field of ['x', 'y', 'width', 'height'] as const) {
    for (const [label, value, ErrorType] of badValues) {
      it(`insert rejects ${field} = ${label}, naming the field, and changes nothing`, () => {
        const { tree } = sampleTree();
        const before = snapshot(tree);
        const bad = { x: 1, y: 1, width: 1, height: 1, id: 99, [field]: value } as Item;
        expect(() => tree.insert(bad)).toThrow(ErrorType);
        expect(() => tree.insert(bad)).toThrow(`item.${field}`);
        expect(() => tree.insert([{ x: 1, y: 1, width: 1, height: 1, id: 98 }, bad])).toThrow(
          `items[1].${field}`,
        );
        expect(snapshot(tree)).toEqual(before);
        expect(tree.has(bad)).toBe(false);
      });
    }
  }

  for (const field of ['width', 'height'] as const) {
    it(`rejects a negative ${field} with a RangeError`, () => {
      const { tree } = sampleTree();
      const before = snapshot(tree);
      expect(() => tree.insert({ x: 1, y: 1, width: 1, height: 1, id: 5, [field]: -1 })).toThrow(RangeError);
      expect(() => tree.insert({ x: 1, y: 1, width: 1, height: 1, id: 5, [field]: -1 })).toThrow(
        `item.${field} must be ≥ 0`,
      );
      expect(snapshot(tree)).toEqual(before);
    });
  }

  it('a rejected update leaves the item where it was', () => {
    const { tree, live } = sampleTree();
    const before = snapshot(tree);
    const it = live[7];
    const saved = { ...it };
    it.x = Number.NaN;
    expect(() => tree.update(it)).toThrow(/item\.x/);
    it.x = saved.x;
    expect(snapshot(tree)).toEqual(before);
    it.width = -3;
    expect(() => tree.update(it)).toThrow(RangeError);
    it.width = saved.width;
    expect(snapshot(tree)).toEqual(before);
  });

  it('a rejected refresh changes no item at all', () => {
    const { tree, live } = sampleTree();
    const before = snapshot(tree);
    const moved = live.map((it) => ({ ...it }));
    for (const it of live) it.x += 30; // all valid moves ...
    live[20].y = Number.POSITIVE_INFINITY; // ... but one bad item
    expect(() => tree.refresh()).toThrow(/item\.y/);
    for (let i = 0; i < live.length; i++) Object.assign(live[i], moved[i]);
    expect(snapshot(tree)).toEqual(before);
  });

  // refresh() reads every item itself (not through update), so it gets the same bad values: a
  // string, null or boolean once passed its arithmetic check ("5" + 5 is "55") and was stored as a
  // wrong box, and a tiny negative size vanished into a large coordinate (1e10 + -1e-300 === 1e10).
  const refreshBad: Array<[keyof Item, unknown, ErrorConstructor]> = [
    ['x', '5', TypeError],
    ['y', null, TypeError],
    ['width', '3', TypeError],
    ['height', true, TypeError],
    ['x', undefined, TypeError],
    ['y', 5n, TypeError],
    ['width', -1e-300, RangeError],
    ['height', -0.5, RangeError],
  ];
  for (const [field, value, kind] of refreshBad) {
    it(`a refresh with item.${field} = ${String(value)} (${typeof value}) throws ${kind.name} and changes nothing`, () => {
      const { tree, live } = sampleTree();
      const before = snapshot(tree);
      const saved = live.map((it) => ({ ...it }));
      for (const it of live) it.y += 7; // valid moves that must not happen
      live[13].x = 1e10; // large, so that a tiny negative size is absorbed by the sum
      (live[13] as unknown as Record<string, unknown>)[field] = value;
      expect(() => tree.refresh()).toThrow(kind);
      expect(() => tree.refresh()).toThrow(new RegExp(`item\\.${field} must be`));
      for (let i = 0; i < live.length; i++) Object.assign(live[i], saved[i]);
      expect(snapshot(tree)).toEqual(before);
      tree.validate();
    });
  }

  it('update of an item that is not in the tree throws; remove returns false', () => {
    const { tree } = sampleTree();
    const stranger = { x: 1, y: 1, width: 1, height: 1, id: -1 };
    expect(() => tree.update(stranger)).toThrow(/not in this tree/);
    expect(tree.remove(stranger)).toBe(false);
  });

  it('rejects bad bounds and options', () => {
    expect(() => new Quadtree({ x: 0, y: 0, width: 0, height: 10 })).toThrow(RangeError);
    expect(() => new Quadtree({ x: Number.NaN, y: 0, width: 10, height: 10 })).toThrow(/bounds\.x/);
    expect(() => new Quadtree(BOUNDS, { maxObjects: 0 })).toThrow(/options\.maxObjects/);
    expect(() => new Quadtree(BOUNDS, { maxObjects: 2.5 })).toThrow(TypeError);
    expect(() => new Quadtree(BOUNDS, { maxLevels: 17 })).toThrow(/options\.maxLevels must be from 0 to 16/);
    expect(() => new Quadtree(BOUNDS, { minNodeSize: -1 })).toThrow(/options\.minNodeSize/);
  });

  it('rejects bad query arguments', () => {
    const { tree } = sampleTree();
    expect(() => tree.query({ x: 0, y: 0, width: Number.NaN, height: 1 })).toThrow(/area\.width/);
    expect(() => tree.queryPoint(Number.NaN, 0)).toThrow(/\bx\b/);
    expect(() => tree.queryCircle(0, 0, -1)).toThrow(/radius/);
    expect(() => tree.forEachPair(null as never)).toThrow(/visit must be a function/);
    expect(() => tree.raycast(0, 0, 1, 0, -1, () => {})).toThrow(/maxT/);
    // An `out` that is not an array once failed deep inside ("this.outList.push is not a function").
    expect(() => tree.query({ x: 0, y: 0, width: 50, height: 50 }, {} as never)).toThrow(
      /out must be an array/,
    );
    expect(() => tree.retrieve({ x: 0, y: 0, width: 50, height: 50 }, null as never)).toThrow(/out/);
    expect(() => tree.pairs({} as never)).toThrow(/out must be an array/);
    expect(() => tree.queryCircle(0, 0, true as never)).toThrow(/radius must be a finite number/);
  });
});

describe('changing the tree from inside a callback', () => {
  const mutations: Array<[string, (tree: Quadtree<Item>, it: Item) => unknown]> = [
    ['insert', (tree) => tree.insert({ x: 1, y: 1, width: 1, height: 1, id: 1000 })],
    ['remove', (tree, it) => tree.remove(it)],
    ['update', (tree, it) => tree.update(it)],
    ['refresh', (tree) => tree.refresh()],
    ['clear', (tree) => tree.clear()],
  ];
  for (const [name, mutate] of mutations) {
    it(`${name}() inside forEachPair / query visitors throws and corrupts nothing`, () => {
      const { tree, live } = sampleTree();
      const before = snapshot(tree);
      expect(() =>
        tree.forEachPair((a) => {
          mutate(tree, a);
        }),
      ).toThrow(/inside a query, raycast or forEachPair callback/);
      expect(() =>
        tree.forEachInRect(BOUNDS, (a) => {
          mutate(tree, a);
        }),
      ).toThrow(/collect the changes/);
      expect(() => tree.raycast(0, 0, 1, 1, 1000, (a) => void mutate(tree, a))).toThrow(/inside a query/);
      // An `out` array that runs code as it grows (a Proxy) is a callback too.
      const growing = () =>
        new Proxy([] as Item[], {
          set: (target, key, value) => {
            if (key !== 'length') mutate(tree, value as Item);
            return Reflect.set(target, key, value);
          },
        });
      expect(() => tree.all(growing())).toThrow(/inside a query/);
      expect(() => tree.query(BOUNDS, growing())).toThrow(/inside a query/);
      expect(() => tree.retrieve(BOUNDS, growing())).toThrow(/inside a query/);
      expect(() => tree.queryCircle(50, 50, 30, growing())).toThrow(/inside a query/);
      expect(snapshot(tree)).toEqual(before);
      // The tree is usable again afterwards.
      mutate(tree, live[0]);
      tree.validate();
    });
  }

  it('a visitor that throws leaves the tree usable and unchanged', () => {
    const { tree, live } = sampleTree();
    const before = snapshot(tree);
    const boom = () => {
      throw new Error('boom');
    };
    expect(() => tree.forEachPair(boom)).toThrow('boom');
    expect(() => tree.forEachInRect(BOUNDS, boom)).toThrow('boom');
    expect(() => tree.forEachNearest(50, 50, boom)).toThrow('boom');
    expect(() => tree.raycast(0, 0, 1, 1, 500, boom)).toThrow('boom');
    expect(() => tree.forEachNode(boom)).toThrow('boom');
    expect(snapshot(tree)).toEqual(before);
    tree.remove(live[0]); // not "busy" any more
    tree.validate();
  });

  it('queries nested inside visitors work and give exact answers', () => {
    const { tree, live } = sampleTree();
    const nested: string[] = [];
    tree.forEachPair((a, b) => {
      // every pair partner must be found by a query around the first item
      const around = tree.query(a);
      expect(around).toContain(b);
      tree.forEachPair((c, d) => {
        nested.push(pairKey(c, d));
      });
    });
    const expected = brutePairs(live);
    expect(nested.length).toBe(expected.length * expected.length);
    tree.validate();
  });
});

describe('errors that point at the fix', () => {
  it('boxes shaped like other libraries’ get a message naming the fields we need', () => {
    const tree = new Quadtree<Rect>(BOUNDS);
    const ltrb = { left: 1, top: 2, right: 5, bottom: 6 } as unknown as Rect;
    expect(() => tree.insert(ltrb)).toThrow(
      /item needs numeric x, y, width and height \(got left, top, right, bottom\)/,
    );
    const xywh = { x: 1, y: 2, w: 5, h: 6 } as unknown as Rect;
    expect(() => tree.insert(xywh)).toThrow(/got x, y, w, h/);
    expect(() => tree.insert([{ x: 0, y: 0, width: 1, height: 1 }, xywh])).toThrow(/items\[1\]/);
    expect(tree.size).toBe(0);
    // Bounds too, for both indexes.
    for (const Index of [Quadtree, QuadIndex]) {
      expect(() => new Index(ltrb)).toThrow(
        /bounds needs numeric x, y, width and height \(got left, top, right, bottom\)/,
      );
      expect(() => new Index({ minX: 0, minY: 0, maxX: 9, maxY: 9 } as unknown as Rect)).toThrow(
        /got minX, minY/,
      );
    }
    expect(() => new World({ bounds: ltrb })).toThrow(/options.bounds needs numeric x, y, width and height/);
  });

  it('the quadtree-js constructor call gets the options object to write instead', () => {
    const Legacy = Quadtree as unknown as new (...args: unknown[]) => Quadtree<Rect>;
    expect(() => new Legacy(BOUNDS, 10, 4)).toThrow('new Quadtree(bounds, { maxObjects: 10, maxLevels: 4 })');
    expect(() => new Legacy(BOUNDS, 10)).toThrow('new Quadtree(bounds, { maxObjects: 10 })');
    // A third argument after an options object (or none) must not be ignored without a word.
    expect(() => new Legacy(BOUNDS, { maxObjects: 10 }, 4)).toThrow(/reads no third argument/);
    expect(() => new Legacy(BOUNDS, undefined, 4)).toThrow('put { maxLevels: 4 } in options');
    expect(() => new (QuadIndex as unknown as new (...args: unknown[]) => QuadIndex)(BOUNDS, {}, 4)).toThrow(
      /QuadIndex\(bounds, options\) reads no third argument/,
    );
  });

  it('a misspelt option names the closest valid one instead of being ignored', () => {
    expect(() => new Quadtree(BOUNDS, { maxObject: 4 } as object)).toThrow(
      /options.maxObject is not an option; did you mean maxObjects\?/,
    );
    expect(() => new Quadtree(BOUNDS, { maxDepth: 4 } as object)).toThrow(/did you mean maxLevels\?/);
    expect(() => new Quadtree(BOUNDS, { maxLevel: 4 } as object)).toThrow(/did you mean maxLevels\?/);
    expect(() => new Quadtree(BOUNDS, { banana: 1 } as object)).toThrow(
      /options.banana is not an option \(options: maxObjects, maxLevels, minNodeSize\)/,
    );
  });

  it('zero and negative bounds both say "must be > 0"', () => {
    for (const width of [0, -5]) {
      expect(() => new Quadtree({ x: 0, y: 0, width, height: 10 })).toThrow(
        `bounds.width must be > 0, got ${width}`,
      );
      expect(() => new Quadtree({ x: 0, y: 0, width: 10, height: width })).toThrow(
        `bounds.height must be > 0, got ${width}`,
      );
    }
  });

  it('validate() names an item moved without update(), with its stored and current box', () => {
    const tree = new Quadtree<Rect>(BOUNDS);
    const item = { x: 1, y: 2, width: 3, height: 4 };
    tree.insert(item);
    item.x = 50;
    expect(() => tree.validate()).toThrow(
      'an item moved or resized without update(): stored {"x":1,"y":2,"width":3,"height":4}, now {"x":50,"y":2,"width":3,"height":4}',
    );
    tree.update(item);
    tree.validate();
  });
});
