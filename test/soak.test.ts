/**
 * Soak: a long random mix of insert / remove / update / refresh / clear, compared with brute
 * force and validate() every few thousand operations. 10^6 operations by default; set
 * SOAK_OPS to change it.
 */
import { describe, expect, it } from 'vitest';
import { Quadtree } from '../src/index.js';
import { bruteQuery, expectValidWithExactPairs, type Item, ids, mulberry32 } from './oracle.js';

const OPS = Number(process.env.SOAK_OPS ?? 1_000_000);
const CHECK_EVERY = 20_000;

describe('soak', () => {
  it(`${OPS.toLocaleString('en')} random operations stay exact and valid`, () => {
    const rand = mulberry32(0x5eed);
    const bounds = { x: -50, y: -50, width: 1100, height: 700 };
    const tree = new Quadtree<Item>(bounds, { maxObjects: 6, maxLevels: 10 });
    const live: Item[] = [];
    const where = new Map<Item, number>(); // index in live, for O(1) removal
    let nextId = 0;
    const randomBox = (it: { x: number; y: number; width: number; height: number }) => {
      const r = rand();
      // mostly small movers, some on grid lines, some outside the bounds, a few big ones
      it.width = r < 0.05 ? rand() * 400 : r < 0.1 ? 0 : rand() * 12;
      it.height = r < 0.05 ? rand() * 300 : r < 0.1 ? 0 : rand() * 12;
      it.x = r < 0.2 ? Math.round(rand() * 16) * 68.75 - 50 : rand() * 1300 - 150;
      it.y = r < 0.2 ? Math.round(rand() * 16) * 43.75 - 50 : rand() * 900 - 150;
    };
    for (let op = 1; op <= OPS; op++) {
      const r = rand();
      const target = 400 + 300 * Math.sin(op / 50_000); // the population breathes
      if (r < 0.35 && live.length < target) {
        const it = { x: 0, y: 0, width: 0, height: 0, id: nextId++ };
        randomBox(it);
        tree.insert(it);
        where.set(it, live.length);
        live.push(it);
      } else if (r < 0.5 && live.length > 0) {
        const k = Math.floor(rand() * live.length);
        const gone = live[k];
        const last = live.pop() as Item;
        if (last !== gone) {
          live[k] = last;
          where.set(last, k);
        }
        where.delete(gone);
        expect(tree.remove(gone)).toBe(true);
      } else if (r < 0.99995 && live.length > 0) {
        const it = live[Math.floor(rand() * live.length)];
        if (rand() < 0.8) {
          it.x += (rand() - 0.5) * 6;
          it.y += (rand() - 0.5) * 6;
        } else randomBox(it);
        tree.update(it);
      } else if (rand() < 0.5) {
        for (const it of live) {
          it.x += (rand() - 0.5) * 20;
          it.y += (rand() - 0.5) * 20;
        }
        tree.refresh();
      } else {
        tree.clear();
        live.length = 0;
        where.clear();
      }
      if (op % CHECK_EVERY === 0) {
        expectValidWithExactPairs(tree, live);
        const area = { x: rand() * 1000, y: rand() * 600, width: rand() * 300, height: rand() * 300 };
        expect(ids(tree.query(area))).toEqual(bruteQuery(live, area));
      }
    }
    for (const it of [...live]) tree.remove(it);
    tree.validate();
    expect(tree.stats()).toMatchObject({ items: 0, nodes: 1 });
  }, 600_000);
});
