/**
 * Soak: long random operation sequences on Quadtree, QuadIndex and World, compared with brute
 * force, with validate() along the way. `npm test` runs a short soak with a fixed seed;
 * `npm run test:soak` runs 10^6 operations and 10^5 World steps with a random seed. Any failure
 * names its seed: replay it with SOAK_SEED=<seed> (SOAK_OPS and SOAK_STEPS set the lengths).
 */
import { describe, expect, it } from 'vitest';
import {
  Body,
  Box,
  Circle,
  containsPoint,
  overlaps,
  Polygon,
  QuadIndex,
  Quadtree,
  type Shape,
  World,
} from '../src/index.js';
import { bruteQuery, expectValidWithExactPairs, type Item, ids, mulberry32 } from './oracle.js';

const LONG = process.env.SOAK_LONG === '1';
const OPS = Number(process.env.SOAK_OPS ?? (LONG ? 1_000_000 : 60_000));
const STEPS = Number(process.env.SOAK_STEPS ?? (LONG ? 100_000 : 1_500));
const SEED = Number(process.env.SOAK_SEED ?? (LONG ? Math.floor(Math.random() * 2 ** 31) : 0x5eed));
const CHECK_EVERY = LONG ? 20_000 : 5_000;

/** Runs `body`; a failure is rethrown with the seed that replays it. */
function withSeed(name: string, body: (rand: () => number) => void): void {
  try {
    body(mulberry32(SEED));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${name} failed with SOAK_SEED=${SEED}: ${message}`, { cause: error });
  }
}

describe(`soak (seed ${SEED})`, () => {
  it(`Quadtree: ${OPS.toLocaleString('en')} random operations stay exact and valid`, () => {
    withSeed('Quadtree soak', (rand) => {
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
        } else if (r < 0.9999 && live.length > 0) {
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
          // The clear-and-reinsert loop: some of the cleared items come back.
          const back = live.filter(() => rand() < 0.5);
          live.length = 0;
          where.clear();
          tree.insert(back);
          for (const it of back) {
            where.set(it, live.length);
            live.push(it);
          }
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
    });
  }, 1_800_000);

  it(`QuadIndex: ${OPS.toLocaleString('en')} random operations stay exact and valid`, () => {
    withSeed('QuadIndex soak', (rand) => {
      const index = new QuadIndex({ x: 0, y: 0, width: 1000, height: 1000 }, { maxObjects: 8 });
      const model = new Map<number, [number, number, number, number]>();
      const boxes = new Float64Array(4 * 4096);
      const randomBox = (): [number, number, number, number] => {
        const x = rand() * 1200 - 100;
        const y = rand() * 1200 - 100;
        const big = rand() < 0.03;
        return [x, y, x + (big ? rand() * 500 : rand() * 15), y + (big ? rand() * 500 : rand() * 15)];
      };
      for (let op = 1; op <= OPS; op++) {
        const r = rand();
        const live = model.size;
        if (r < 0.3 && live < 2000) {
          const box = randomBox();
          const id = index.add(...box);
          expect(model.has(id)).toBe(false);
          model.set(id, box);
        } else if (r < 0.42 && live > 0) {
          const id = [...model.keys()][Math.floor(rand() * live)];
          expect(index.remove(id)).toBe(true);
          model.delete(id);
        } else if (r < 0.9995 && live > 0) {
          const id = [...model.keys()][Math.floor(rand() * live)];
          const [x0, y0, x1, y1] = model.get(id) as [number, number, number, number];
          const dx = (rand() - 0.5) * 8;
          const dy = (rand() - 0.5) * 8;
          const box: [number, number, number, number] = [x0 + dx, y0 + dy, x1 + dx, y1 + dy];
          index.move(id, ...box);
          model.set(id, box);
        } else if (rand() < 0.8) {
          for (const [id, box] of model) {
            const dx = (rand() - 0.5) * 30;
            const moved: [number, number, number, number] = [
              box[0] + dx,
              box[1] - dx,
              box[2] + dx,
              box[3] - dx,
            ];
            boxes.set(moved, 4 * id);
            model.set(id, moved);
          }
          index.moveAll(boxes);
        } else {
          index.clear();
          model.clear();
        }
        if (op % CHECK_EVERY === 0) {
          index.validate();
          const flat = index.pairs();
          const got: string[] = [];
          for (let k = 0; k < flat.length; k += 2)
            got.push(`${Math.min(flat[k], flat[k + 1])}:${Math.max(flat[k], flat[k + 1])}`);
          const entries = [...model.entries()];
          const expected: string[] = [];
          for (let i = 0; i < entries.length; i++) {
            for (let j = i + 1; j < entries.length; j++) {
              const [a, p] = entries[i];
              const [b, q] = entries[j];
              if (p[0] < q[2] && q[0] < p[2] && p[1] < q[3] && q[1] < p[3])
                expected.push(`${Math.min(a, b)}:${Math.max(a, b)}`);
            }
          }
          expect(got.sort()).toEqual(expected.sort());
        }
      }
      index.clear();
      index.validate();
    });
  }, 1_800_000);

  it(`World: ${STEPS.toLocaleString('en')} random steps with adds, removes, moves, listeners, separate() and queries`, () => {
    withSeed('World soak', (rand) => {
      const world = new World({ bounds: { x: 0, y: 0, width: 600, height: 400 }, margin: 3 });
      const live: Body[] = [];
      const randomShape = (): Shape => {
        const x = rand() * 640 - 20;
        const y = rand() * 440 - 20;
        const r = rand();
        if (r < 0.4) return new Circle(x, y, 3 + rand() * 12);
        if (r < 0.7) return new Box(x, y, 4 + rand() * 30, 4 + rand() * 30);
        const s = 5 + rand() * 12;
        return new Polygon(x, y, [
          { x: -s, y: -s },
          { x: s, y: -s * 0.5 },
          { x: s * 0.3, y: s },
        ]);
      };
      const add = () => {
        const body = new Body(randomShape(), {
          isStatic: rand() < 0.2,
          isSensor: rand() < 0.1,
          category: rand() < 0.8 ? 1 : 2,
          mask: rand() < 0.9 ? 0xffffffff : 1,
        });
        live.push(world.add(body));
      };
      for (let i = 0; i < 60; i++) add();
      // Listeners move bodies, and query the world, in the middle of event dispatch.
      let listenerMoved = false;
      world.on('collisionStart', (c) => {
        if (rand() < 0.1 && !c.bodyA.isStatic) {
          c.bodyA.translate((rand() - 0.5) * 200, 0);
          listenerMoved = true;
        }
      });
      world.on('collisionEnd', () => {
        if (rand() < 0.05) world.queryCircle(rand() * 600, rand() * 400, 30);
      });
      for (let step = 1; step <= STEPS; step++) {
        for (const body of live) {
          if (body.isStatic) continue;
          if (rand() < 0.9) body.translate((rand() - 0.5) * 6, (rand() - 0.5) * 6);
          if (rand() < 0.1 && body.shape.kind !== 'box') body.angle = rand() * 6.3;
          if (rand() < 0.01) body.setPosition(rand() * 600, rand() * 400);
        }
        const r = rand();
        if (r < 0.05 && live.length < 120) add();
        else if (r < 0.09 && live.length > 10) {
          const [gone] = live.splice(Math.floor(rand() * live.length), 1);
          expect(world.remove(gone)).toBe(true);
          if (rand() < 0.3) live.push(world.add(gone)); // and back again
        }
        listenerMoved = false;
        world.step();
        // Contacts are exactly the overlapping, filter-passing, not-both-static pairs, ordered by id.
        const expected: string[] = [];
        const sorted = [...live].sort((a, b) => a.id - b.id);
        for (let i = 0; i < sorted.length; i++) {
          for (let j = i + 1; j < sorted.length; j++) {
            const a = sorted[i];
            const b = sorted[j];
            if (a.isStatic && b.isStatic) continue;
            if (!a.canCollideWith(b)) continue;
            if (overlaps(a.shape, b.shape)) expected.push(`${a.id}-${b.id}`);
          }
        }
        // (Unless a listener moved a body after the step: then the positions are no longer the
        // ones the step saw, and the next step checks instead.)
        const got = world.contacts.map((c) => `${c.bodyA.id}-${c.bodyB.id}`);
        if (!listenerMoved) expect(got).toEqual(expected);
        if (rand() < 0.2) world.separate();
        if (step % 50 === 0) {
          world.validate();
          // Queries see every body where it is now.
          const qx = rand() * 600;
          const qy = rand() * 400;
          const probe = new Box(qx, qy, 60, 40);
          const area = world
            .queryRect({ x: qx, y: qy, width: 60, height: 40 })
            .map((b) => b.id)
            .sort((a, b) => a - b);
          expect(area).toEqual(
            live
              .filter((b) => overlaps(probe, b.shape))
              .map((b) => b.id)
              .sort((a, b) => a - b),
          );
          const at = world
            .queryPoint(qx, qy)
            .map((b) => b.id)
            .sort((a, b) => a - b);
          expect(at).toEqual(
            live
              .filter((b) => containsPoint(b.shape, qx, qy))
              .map((b) => b.id)
              .sort((a, b) => a - b),
          );
        }
      }
      world.validate();
    });
  }, 1_800_000);
});
