import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Box, Circle, Contact, collide, OrientedBox, Polygon, type Shape } from '../src/geometry/index.js';
import { Body, World } from '../src/world/index.js';
import { mulberry32 } from './fixtures.js';

const RUNS = Number(process.env.QC_RUNS ?? 120);
const mtv = new Contact();

/** How deep `body` is in `other` (0 when they do not overlap). */
function depthIn(body: Body, other: Body): number {
  return collide(body.shape, other.shape, mtv) ? mtv.depth : 0;
}

/** The deepest `body` is in any of `statics`. */
function deepestIn(body: Body, statics: readonly Body[]): number {
  let deepest = 0;
  for (const s of statics) deepest = Math.max(deepest, depthIn(body, s));
  return deepest;
}

/** A shape of about `size` centred on (x, y): a box, a circle or a convex polygon. */
function shapeAt(rand: () => number, x: number, y: number, size: number): Shape {
  const kind = rand();
  if (kind < 0.35) return new Box(x - size / 2, y - size / 2, size, size);
  if (kind < 0.7) return new Circle(x, y, size / 2);
  const n = 5 + Math.floor(rand() * 4);
  const points = [];
  for (let i = 0; i < n; i++) {
    const a = (i / n) * 2 * Math.PI + rand() * 0.3;
    points.push({ x: (Math.cos(a) * size) / 2, y: (Math.sin(a) * size) / 2 });
  }
  return new Polygon(x, y, points);
}

describe('separate() never pushes a moving body into a static one', () => {
  it('a body pressed against a wall by another stays at the wall; the other takes the whole depth', () => {
    const world = new World({ bounds: { x: 0, y: 0, width: 200, height: 200 } });
    const wall = world.add(new Body(new Box(100, 0, 10, 200), { isStatic: true }));
    const front = world.add(new Body(new Box(90, 50, 10, 10)));
    const back = world.add(new Body(new Box(84, 50, 10, 10)));
    world.step();
    expect(world.separate()).toBe(1);
    // Half each would have put the front one 3 px into the wall.
    expect(front.x).toBe(90);
    expect(back.x).toBe(80);
    expect(collide(front.shape, wall.shape)).toBe(false);
    expect(collide(front.shape, back.shape)).toBe(false);
  });

  it('two bodies squeezed between two walls stay out of both, overlapping each other', () => {
    const world = new World({ bounds: { x: 0, y: 0, width: 200, height: 200 } });
    const left = world.add(new Body(new Box(80, 0, 10, 200), { isStatic: true }));
    const right = world.add(new Body(new Box(106, 0, 10, 200), { isStatic: true }));
    const a = world.add(new Body(new Box(90, 50, 10, 10)));
    const b = world.add(new Body(new Box(96, 50, 10, 10)));
    world.step();
    world.separate();
    expect([a.x, b.x]).toEqual([90, 96]);
    expect(collide(a.shape, left.shape) || collide(b.shape, right.shape)).toBe(false);
    expect(collide(a.shape, b.shape)).toBe(true);
  });

  it("a body pressed into a floor it rests on still slides along it, out of the other body's way", () => {
    const world = new World({ bounds: { x: 0, y: 0, width: 200, height: 200 } });
    world.add(new Body(new Box(0, 100, 200, 20), { isStatic: true }));
    const low = world.add(new Body(new Circle(50, 95, 5)));
    // Overlaps the low one from above and to the left: their push goes into the floor for `low`.
    const high = world.add(new Body(new Circle(44, 89, 5)));
    world.step();
    world.separate();
    expect(low.y).toBe(95);
    expect(low.x).toBeGreaterThan(50);
    expect(collide(low.shape, high.shape)).toBe(false);
  });

  it('ten circles walking into a 16-px wall: none gets into it or through it, continuous or not', () => {
    for (let seed = 0; seed < 20; seed++) {
      const world = new World({ bounds: { x: -200, y: -200, width: 800, height: 600 } });
      const wall = world.add(new Body(new Box(200, 0, 16, 200), { isStatic: true }));
      const bodies = Array.from({ length: 10 }, (_, i) =>
        world.add(
          new Body(new Circle(150 - (i % 5) * 12 - seed * 0.37, 80 + Math.floor(i / 5) * 12 + (i % 3), 5), {
            continuous: seed % 2 === 0,
          }),
        ),
      );
      for (let step = 0; step < 200; step++) {
        for (const b of bodies) b.translate(2, 0);
        world.step();
        world.separate();
        for (const b of bodies) {
          expect(depthIn(b, wall)).toBeLessThan(1e-9);
          expect(b.shape.bounds.maxX).toBeLessThan(200 + 1e-9);
        }
      }
    }
  });

  it('a body clear of every static body at the start and the end of a step is clear of them after separate() (random rooms)', () => {
    fc.assert(
      fc.property(
        fc.record({
          seed: fc.nat(),
          count: fc.integer({ min: 2, max: 40 }),
          blocks: fc.integer({ min: 0, max: 12 }),
          speed: fc.double({ min: 0.5, max: 25, noNaN: true }),
          gravity: fc.double({ min: 0, max: 2, noNaN: true }),
          continuous: fc.double({ min: 0, max: 1, noNaN: true }),
        }),
        ({ seed, count, blocks, speed, gravity, continuous }) => {
          const rand = mulberry32(seed);
          const world = new World({ bounds: { x: -100, y: -100, width: 800, height: 700 } });
          const statics = [
            new Box(0, 500, 600, 20),
            new Box(-20, 0, 20, 520),
            new Box(600, 0, 20, 520),
            new Box(0, -20, 600, 20),
          ].map((s) => world.add(new Body(s, { isStatic: true })));
          for (let i = 0; i < blocks; i++) {
            const x = 40 + rand() * 520;
            const y = 40 + rand() * 420;
            const shape =
              rand() < 0.5
                ? new OrientedBox(x, y, 5 + rand() * 60, 3 + rand() * 20, rand() * Math.PI)
                : shapeAt(rand, x, y, 6 + rand() * 40);
            statics.push(world.add(new Body(shape, { isStatic: true })));
          }
          const bodies: Body[] = [];
          for (let i = 0; i < count; i++) {
            const shape = shapeAt(rand, 20 + rand() * 560, 20 + rand() * 460, 6 + rand() * 26);
            bodies.push(world.add(new Body(shape, { continuous: rand() < continuous })));
          }
          const vx = bodies.map(() => (rand() - 0.5) * 2 * speed);
          const vy = bodies.map(() => (rand() - 0.5) * 2 * speed);
          for (let step = 0; step < 40; step++) {
            // (A continuous body that starts the step inside a static body, say placed there, and
            // meets another body on its way out is put back where they met, still inside it.)
            const clearAtStart = bodies.map((b) => deepestIn(b, statics) === 0);
            bodies.forEach((b, k) => {
              vy[k] += gravity;
              b.translate(vx[k], vy[k]);
            });
            world.step();
            const clear = bodies.map((b, k) => clearAtStart[k] && deepestIn(b, statics) === 0);
            world.separate();
            bodies.forEach((b, k) => {
              if (clear[k]) expect(deepestIn(b, statics)).toBeLessThan(1e-9);
            });
          }
          world.validate();
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('separate() leaves a pair it pushed apart clear of each other', () => {
  it('an isolated pair, pushed apart, has no contact at the next step: no rounding residue keeps it touching (random pairs)', () => {
    fc.assert(
      fc.property(
        fc.record({
          seed: fc.nat(),
          staticOther: fc.boolean(),
          x: fc.double({ min: -2000, max: 2000, noNaN: true }),
          y: fc.double({ min: -2000, max: 2000, noNaN: true }),
        }),
        ({ seed, staticOther, x, y }) => {
          const rand = mulberry32(seed);
          const world = new World({ bounds: { x: -2100, y: -2100, width: 4200, height: 4200 } });
          const size = 4 + rand() * 40;
          const otherSize = 4 + rand() * 40;
          const a = world.add(new Body(shapeAt(rand, x, y, size)));
          // Closer than either shape's inner radius (a polygon's is over 0.38 of its size): they overlap.
          const near = 0.35 * Math.min(size, otherSize) * rand();
          const angle = rand() * 2 * Math.PI;
          const other = shapeAt(rand, x + near * Math.cos(angle), y + near * Math.sin(angle), otherSize);
          const b = world.add(new Body(other, { isStatic: staticOther }));
          world.step();
          expect(world.contacts.length).toBe(1);
          world.separate();
          expect(collide(a.shape, b.shape, mtv), `still ${mtv.depth} deep`).toBe(false);
          const ended: number[] = [];
          world.on('collisionEnd', (c) => ended.push(c.bodyA.id));
          world.step();
          expect(world.contacts).toEqual([]);
          expect(ended).toEqual([a.id]);
        },
      ),
      { numRuns: 3 * RUNS },
    );
  });

  it('two circles an ulp short of touching after the push: the contact ends, where it stayed for good', () => {
    const world = new World({ bounds: { x: 0, y: 0, width: 100, height: 100 } });
    world.add(new Body(new Circle(17.931622359901667, 34.098631739616394, 14.055212745908648)));
    world.add(
      new Body(new Circle(10.929119773209095, 24.989786157384515, 17.57854366954416), { isStatic: true }),
    );
    let stays = 0;
    world.on('collisionStay', () => stays++);
    for (let i = 0; i < 10; i++) {
      world.step();
      world.separate();
    }
    expect(stays).toBe(0);
    expect(world.contacts).toEqual([]);
  });
});
