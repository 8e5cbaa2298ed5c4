import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Box,
  Circle,
  Contact,
  collide,
  OrientedBox,
  overlaps,
  Point,
  Polygon,
  pointDistanceSquared,
  raycast,
  Segment,
  type Shape,
  SweepHit,
  sweepShapes,
} from '../src/geometry/index.js';
import { Body, type BodyContact, type BodyFilter, World } from '../src/world/index.js';
import { mulberry32 } from './fixtures.js';

/*
 * World properties against brute force: every pair the world reports equals the narrow test over
 * all pairs of bodies with the same filters; events follow from the difference of consecutive
 * contact sets; queries, raycasts and nearest agree with testing every body.
 */
type Kind = 'circle' | 'box' | 'orientedBox' | 'polygon' | 'segment' | 'point';
interface ShapeSpec {
  kind: Kind;
  x: number;
  y: number;
  a: number;
  b: number;
  angle: number;
  pts: Array<[number, number]>;
}
interface BodySpec {
  shape: ShapeSpec;
  isStatic: boolean;
  isSensor: boolean;
  category: number;
  mask: number;
}

function makeShape(s: ShapeSpec): Shape {
  switch (s.kind) {
    case 'circle':
      return new Circle(s.x, s.y, s.a);
    case 'box':
      return new Box(s.x, s.y, s.a, s.b);
    case 'orientedBox':
      return new OrientedBox(s.x, s.y, s.a, s.b, s.angle);
    case 'polygon': {
      const tri = [
        { x: 0, y: 0 },
        { x: s.a, y: 0 },
        { x: s.pts[0][0], y: s.b },
      ];
      return new Polygon(s.x, s.y, tri, s.angle);
    }
    case 'segment':
      return new Segment(s.x, s.y, s.x + s.a, s.y + s.pts[0][1]);
    case 'point':
      return new Point(s.x, s.y);
  }
}

const coord = fc.integer({ min: -10, max: 70 });
const size = fc.integer({ min: 1, max: 25 });
const angle = fc.oneof(fc.constant(0), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }));
const shapeSpec: fc.Arbitrary<ShapeSpec> = fc.record({
  kind: fc.constantFrom<Kind>('circle', 'box', 'orientedBox', 'polygon', 'segment', 'point'),
  x: coord,
  y: coord,
  a: size,
  b: size,
  angle,
  pts: fc.array(fc.tuple(fc.integer({ min: -10, max: 10 }), fc.integer({ min: 1, max: 20 })), {
    minLength: 1,
    maxLength: 1,
  }),
});
const bodySpec: fc.Arbitrary<BodySpec> = fc.record({
  shape: shapeSpec,
  isStatic: fc.boolean(),
  isSensor: fc.oneof(
    { weight: 4, arbitrary: fc.constant(false) },
    { weight: 1, arbitrary: fc.constant(true) },
  ),
  category: fc.constantFrom(1, 2, 4),
  mask: fc.oneof(fc.constant(0xffffffff), fc.integer({ min: 0, max: 7 })),
});

function makeBody(spec: BodySpec): Body<string> {
  return new Body<string>(makeShape(spec.shape), {
    isStatic: spec.isStatic,
    isSensor: spec.isSensor,
    category: spec.category,
    mask: spec.mask,
    userData: spec.shape.kind,
  });
}

type Op =
  | { op: 'step' }
  | { op: 'move'; i: number; dx: number; dy: number; da: number }
  | { op: 'remove'; i: number }
  | { op: 'moveGone'; i: number; dx: number; dy: number }
  | { op: 'readd'; i: number }
  | { op: 'add'; spec: BodySpec }
  | { op: 'mask'; i: number; mask: number }
  | { op: 'sensor'; i: number }
  | { op: 'scramble' }
  | { op: 'reshape'; i: number; size: number; sides: number; scale: number };

/** How far one operation moves a body on each axis. */
const shift = fc.integer({ min: -6, max: 6 });

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<Op>({ op: 'step' }) },
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant('move' as const),
      i: fc.nat(60),
      dx: shift,
      dy: shift,
      da: fc.oneof(fc.constant(0), fc.double({ min: -1, max: 1, noNaN: true })),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('remove' as const), i: fc.nat(60) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('moveGone' as const),
      i: fc.nat(60),
      dx: shift,
      dy: shift,
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('readd' as const), i: fc.nat(60) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('add' as const), spec: bodySpec }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('mask' as const),
      i: fc.nat(60),
      mask: fc.integer({ min: 0, max: 7 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('sensor' as const), i: fc.nat(60) }) },
  { weight: 1, arbitrary: fc.constant<Op>({ op: 'scramble' }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('reshape' as const),
      i: fc.nat(60),
      size: fc.integer({ min: 1, max: 20 }),
      sides: fc.integer({ min: 3, max: 8 }),
      scale: fc.oneof(
        { weight: 3, arbitrary: fc.constant(1) },
        { weight: 1, arbitrary: fc.constantFrom(0.5, 1.5, 2) },
      ),
    }),
  },
);

/** A regular polygon of `sides` vertices on a circle of radius `r` about the anchor. */
function regularOutline(sides: number, r: number): Array<{ x: number; y: number }> {
  return Array.from({ length: sides }, (_, i) => ({
    x: r * Math.cos((2 * Math.PI * i) / sides),
    y: r * Math.sin((2 * Math.PI * i) / sides),
  }));
}

/**
 * A body's shape changes size or outline: a new scale, radius, box size, polygon outline (a
 * different vertex count lays the shape's cached vertices, normals and lengths out again) or
 * segment endpoints. The world must re-file the body and test the new shape.
 */
function reshape(shape: Shape, op: Extract<Op, { op: 'reshape' }>): void {
  if (op.scale !== 1) shape.scale = op.scale;
  else if (shape instanceof Circle) shape.radius = op.size;
  else if (shape instanceof Box || shape instanceof OrientedBox) shape.setSize(op.size, op.size / 2 + 1);
  else if (shape instanceof Polygon) shape.setPoints(regularOutline(op.sides, op.size));
  else if (shape instanceof Segment)
    shape.setEndpoints(shape.x, shape.y, shape.x + op.size, shape.y - op.size / 2);
}

// Coverage counters: the final test checks that the random scenarios exercised the interesting cases.
const seen = {
  contacts: 0,
  starts: 0,
  ends: 0,
  removedWhileTouching: 0,
  sensorContacts: 0,
  reshaped: 0,
  movedGone: 0,
  readded: 0,
  scrambled: 0,
};

const key = (c: BodyContact<string>) => `${c.bodyA!.id},${c.bodyB!.id}`;

/**
 * Each body's twin: the same shape made from the same spec and given the same changes, but never
 * in a world. A world keeps its bodies' shapes' data in arrays of its own (and moves it when it
 * re-packs them, or when a body leaves); the twins keep theirs apart, so that brute force on them
 * is an oracle independent of that, and any body's shape that differs from its twin was
 * overwritten (or left behind) by the world.
 */
type Twins = Map<Body<string>, Shape>;

function geometryOf(shape: Shape): unknown {
  const b = shape.bounds;
  const extent = [b.minX, b.minY, b.maxX, b.maxY];
  if (shape instanceof Circle) return [extent, shape.x, shape.y, shape.worldRadius];
  return [extent, (shape as Polygon).getVertices()];
}

function bruteForcePairs(
  bodies: Body<string>[],
  twins: Twins,
): Array<{ lo: Body<string>; hi: Body<string>; c: Contact }> {
  const live = bodies.filter((b) => b.world !== null).sort((p, q) => p.id - q.id);
  const result: Array<{ lo: Body<string>; hi: Body<string>; c: Contact }> = [];
  for (let i = 0; i < live.length; i++) {
    for (let j = i + 1; j < live.length; j++) {
      const lo = live[i];
      const hi = live[j];
      if (lo.isStatic && hi.isStatic) continue;
      if (!lo.canCollideWith(hi)) continue;
      const c = new Contact();
      if (collide(twins.get(lo) as Shape, twins.get(hi) as Shape, c)) result.push({ lo, hi, c });
    }
  }
  return result;
}

function runScenario(initial: BodySpec[], ops: Op[], margin: number, fillers = 0): void {
  const world = new World<string>({ bounds: { x: 0, y: 0, width: 100, height: 100 }, margin, maxObjects: 3 });
  // Bodies added first and removed before anything else: the scenario's bodies then hold proxy
  // ids far above their count, as in a world that once held many more.
  const filler: Body<string>[] = [];
  for (let i = 0; i < fillers; i++)
    filler.push(world.add(new Body(new Circle((i * 37) % 100, (i * 53) % 100, 2))));
  const twins: Twins = new Map();
  const addBody = (spec: BodySpec): Body<string> => {
    const body = world.add(makeBody(spec));
    twins.set(body, makeShape(spec.shape));
    return body;
  };
  const bodies: Body<string>[] = initial.map(addBody);
  for (const body of filler) world.remove(body);
  // Event log checked for invariants: every end preceded by a start, no start twice without an end.
  const active = new Set<string>();
  let eventCount = 0;
  let startedTotal = 0;
  world.on('collisionStart', (c) => {
    expect(active.has(key(c))).toBe(false);
    active.add(key(c));
    eventCount++;
  });
  world.on('collisionStay', (c) => {
    expect(active.has(key(c))).toBe(true);
  });
  world.on('collisionEnd', (c) => {
    expect(active.has(key(c))).toBe(true);
    active.delete(key(c));
  });
  let previous = new Map<string, BodyContact<string>>();
  for (const op of [...ops, { op: 'step' } as Op]) {
    const live = bodies.filter((b) => b.world === world);
    switch (op.op) {
      case 'move': {
        if (live.length === 0) break;
        const b = live[op.i % live.length];
        const twin = twins.get(b) as Shape;
        b.translate(op.dx, op.dy);
        twin.translate(op.dx, op.dy);
        if (op.da !== 0 && b.shape.kind !== 'box') {
          b.angle += op.da;
          twin.angle += op.da;
        }
        break;
      }
      case 'moveGone': {
        // A removed body's shape lives on by itself: moving it must not touch the world.
        const gone = bodies.filter((b) => b.world === null);
        if (gone.length === 0) break;
        const b = gone[op.i % gone.length];
        b.shape.translate(op.dx, op.dy);
        (twins.get(b) as Shape).translate(op.dx, op.dy);
        seen.movedGone++;
        break;
      }
      case 'remove':
        if (live.length > 0) {
          const victim = live[op.i % live.length];
          if (world.contacts.some((c) => c.bodyA === victim || c.bodyB === victim))
            seen.removedWhileTouching++;
          expect(world.remove(victim)).toBe(true);
        }
        break;
      case 'readd': {
        // A removed body comes back, with its shape as it was moved meanwhile.
        const gone = bodies.filter((b) => b.world === null);
        if (gone.length === 0) break;
        world.add(gone[op.i % gone.length]);
        seen.readded++;
        break;
      }
      case 'add':
        bodies.push(addBody(op.spec));
        break;
      case 'mask':
        if (live.length > 0) live[op.i % live.length].mask = op.mask;
        break;
      case 'sensor':
        if (live.length > 0) live[op.i % live.length].isSensor = !live[op.i % live.length].isSensor;
        break;
      case 'scramble': {
        // A caller who reorders world.contacts (read-only in its type only) must not change what
        // the next step finds: the world keeps its own list.
        const handed = world.contacts as BodyContact<string>[];
        handed.reverse();
        handed.push(...handed.splice(0, handed.length >> 1));
        seen.scrambled += handed.length;
        break;
      }
      case 'reshape':
        if (live.length > 0) {
          const b = live[op.i % live.length];
          reshape(b.shape, op);
          reshape(twins.get(b) as Shape, op);
          seen.reshaped++;
        }
        break;
      case 'step': {
        world.step();
        world.validate();
        const expected = bruteForcePairs(bodies, twins);
        const got = world.contacts;
        expect(got.map(key)).toEqual(expected.map((e) => `${e.lo.id},${e.hi.id}`));
        for (let i = 0; i < got.length; i++) {
          const c = got[i];
          const e = expected[i];
          expect(c.bodyA).toBe(e.lo);
          expect(c.bodyB).toBe(e.hi);
          expect([c.normalX, c.normalY, c.depth, c.aInB, c.bInA]).toEqual([
            e.c.normalX,
            e.c.normalY,
            e.c.depth,
            e.c.aInB,
            e.c.bInA,
          ]);
          expect(c.isSensor).toBe(e.lo.isSensor || e.hi.isSensor);
        }
        const now = new Map(got.map((c) => [key(c), c]));
        const started = got.filter((c) => !previous.has(key(c))).map(key);
        const stayed = got.filter((c) => previous.has(key(c)));
        const ended = [...previous.keys()].filter((k) => !now.has(k));
        expect(world.started.map(key)).toEqual(started);
        expect(world.stayed.map(key)).toEqual(stayed.map(key));
        expect(world.ended.map(key)).toEqual(ended);
        // A pair that keeps touching keeps the same contact object (pooling, no per-frame allocation).
        for (const c of stayed) expect(c).toBe(previous.get(key(c)));
        expect([...active].sort()).toEqual([...now.keys()].sort());
        previous = now;
        seen.contacts += got.length;
        seen.starts += world.started.length;
        startedTotal += world.started.length;
        seen.ends += world.ended.length;
        seen.sensorContacts += got.filter((c) => c.isSensor).length;
        break;
      }
    }
  }
  // One collisionStart event per started contact, over the whole scenario.
  expect(eventCount).toBe(startedTotal);
  // Every shape, in the world or gone from it, as its twin. Checked only now: reading a shape's
  // bounds brings it up to date, which would hide a stale shape from the steps that follow.
  for (const b of bodies) expect(geometryOf(b.shape)).toEqual(geometryOf(twins.get(b) as Shape));
}

const RUNS = 200;

describe('World.step against brute force', () => {
  it('contacts, order, contact data and events match brute force (fat margin)', () => {
    fc.assert(
      fc.property(
        fc.array(bodySpec, { minLength: 4, maxLength: 30 }),
        fc.array(opArb, { minLength: 10, maxLength: 60 }),
        (initial, ops) => runScenario(initial, ops, 3),
      ),
      { numRuns: RUNS, seed: 1234 },
    );
  });

  it('the same with margin 0 (exact boxes in the index)', () => {
    fc.assert(
      fc.property(
        fc.array(bodySpec, { minLength: 4, maxLength: 30 }),
        fc.array(opArb, { minLength: 10, maxLength: 60 }),
        (initial, ops) => runScenario(initial, ops, 0),
      ),
      { numRuns: RUNS, seed: 4321 },
    );
  });

  it('the same in a world that once held many more bodies (proxy ids sparse: other layout, other batch choice)', () => {
    fc.assert(
      fc.property(
        fc.array(bodySpec, { minLength: 4, maxLength: 30 }),
        fc.array(opArb, { minLength: 10, maxLength: 60 }),
        fc.integer({ min: 250, max: 600 }),
        (initial, ops, fillers) => runScenario(initial, ops, 3, fillers),
      ),
      { numRuns: RUNS >> 1, seed: 2718 },
    );
  });

  it('margin 0: a circle resting on a box rotated by 1e-16 (bounds touching) is no contact', () => {
    // Found by a random-seed run of the property above: collide() said yes with depth 0 where
    // the bounds only touch, and the World, whose index never pairs touching boxes, said no.
    const spec = (shape: ShapeSpec, isSensor = false): BodySpec => ({
      shape,
      isStatic: false,
      isSensor,
      category: 1,
      mask: 0xffffffff,
    });
    const circle = (x: number, y: number, r: number): ShapeSpec => ({
      kind: 'circle',
      x,
      y,
      a: r,
      b: 1,
      angle: 0,
      pts: [[0, 1]],
    });
    const tilted: ShapeSpec = {
      kind: 'orientedBox',
      x: 26,
      y: 9,
      a: 13,
      b: 22,
      angle: -2.018587317500285e-16,
      pts: [[0, 1]],
    };
    runScenario(
      [spec(circle(20, 27, 7)), spec(tilted, true), spec(circle(0, 0, 1)), spec(circle(0, 0, 1))],
      [{ op: 'step' }, { op: 'sensor', i: 0 }, { op: 'step' }, { op: 'move', i: 0, dx: 0, dy: -1, da: 0 }],
      0,
    );
  });

  it('a body removed, moved and added back keeps its shape when the world re-packs its shapes', () => {
    // The world keeps its bodies' shapes' data side by side and moves it all to a larger array as
    // bodies are added; a body that left and came back must move with the others, and be found
    // where it is by the next step even if it did not move since.
    const spec = (kind: Kind, x: number, y: number): BodySpec => ({
      shape: { kind, x, y, a: 12, b: 9, angle: 0.3, pts: [[4, 11]] },
      isStatic: false,
      isSensor: false,
      category: 1,
      mask: 0xffffffff,
    });
    const far: Op[] = Array.from({ length: 150 }, (_, i) => ({
      op: 'add' as const,
      spec: spec(i % 2 === 0 ? 'polygon' : 'circle', 60 + (i % 10) * 4, 60 + Math.floor(i / 10) * 2),
    }));
    runScenario(
      [spec('polygon', 10, 10), spec('orientedBox', 16, 12), spec('circle', 30, 8)],
      [
        { op: 'step' },
        { op: 'remove', i: 0 },
        { op: 'step' },
        { op: 'moveGone', i: 0, dx: 3, dy: 1 },
        { op: 'readd', i: 0 },
        { op: 'step' },
        ...far,
        { op: 'step' },
        { op: 'move', i: 0, dx: 5, dy: -2, da: 0.2 },
        { op: 'step' },
        { op: 'move', i: 0, dx: 4, dy: 0, da: 0 },
      ],
      3,
    );
  });

  it('a body touching hundreds of others (one long run of contacts) matches brute force', () => {
    // The first body added is the lower id of every pair it is in: its contacts form one long run
    // of the sorted list, which the step searches (galloping, then a binary search). A ground or a
    // sensor zone added before the entities is this case.
    const zone = (isStatic: boolean, isSensor: boolean): BodySpec => ({
      shape: { kind: 'box', x: -5, y: -5, a: 80, b: 80, angle: 0, pts: [[0, 1]] },
      isStatic,
      isSensor,
      category: 1,
      mask: 0xffffffff,
    });
    const small = fc.record({
      shape: fc.record({
        kind: fc.constantFrom<Kind>('circle', 'box', 'polygon'),
        x: coord,
        y: coord,
        a: fc.integer({ min: 1, max: 4 }),
        b: fc.integer({ min: 1, max: 4 }),
        angle,
        pts: fc.constant<Array<[number, number]>>([[1, 2]]),
      }),
      isStatic: fc.constant(false),
      isSensor: fc.constant(false),
      category: fc.constant(1),
      mask: fc.constant(0xffffffff),
    });
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.array(small, { minLength: 150, maxLength: 300 }),
        fc.array(opArb, { minLength: 20, maxLength: 60 }),
        (isStatic, isSensor, bodies, ops) => runScenario([zone(isStatic, isSensor), ...bodies], ops, 3),
      ),
      { numRuns: 12, seed: 4242 },
    );
  });

  it('bodies among static tiles in rows across the root midlines (searched through sorted runs) match brute force', () => {
    // Tiles crossing the world's midlines stay in the static index's root, a run of over a
    // hundred: each step searches it once per dynamic body, through its sorted view once it has
    // one (see core/longRuns.ts).
    const tile = (along: number, vertical: boolean): BodySpec => ({
      shape: {
        kind: 'box',
        x: vertical ? 49.4 : along,
        y: vertical ? along : 49.4,
        a: vertical ? 1.2 : 1.5,
        b: vertical ? 1.5 : 1.2,
        angle: 0,
        pts: [[0, 1]],
      },
      isStatic: true,
      isSensor: false,
      category: 1,
      mask: 0xffffffff,
    });
    const tiles: BodySpec[] = [];
    for (let k = 0; k < 80; k++) tiles.push(tile(-10 + 1.5 * k, false), tile(-10 + 1.5 * k, true));
    const small = fc.record({
      shape: fc.record({
        kind: fc.constantFrom<Kind>('circle', 'box', 'polygon'),
        x: coord,
        y: fc.oneof(coord, fc.integer({ min: 44, max: 54 })),
        a: fc.integer({ min: 1, max: 4 }),
        b: fc.integer({ min: 1, max: 4 }),
        angle,
        pts: fc.constant<Array<[number, number]>>([[1, 2]]),
      }),
      isStatic: fc.constant(false),
      isSensor: fc.boolean(),
      category: fc.constant(1),
      mask: fc.constant(0xffffffff),
    });
    fc.assert(
      fc.property(
        fc.array(small, { minLength: 40, maxLength: 120 }),
        fc.array(opArb, { minLength: 20, maxLength: 60 }),
        (bodies, ops) => runScenario([...tiles, ...bodies], ops, 2),
      ),
      { numRuns: 12 },
    );
  });

  it('the scenarios above exercised contacts, events, sensors and removals while touching', () => {
    expect(seen.contacts).toBeGreaterThan(1000);
    expect(seen.starts).toBeGreaterThan(300);
    expect(seen.ends).toBeGreaterThan(100);
    expect(seen.sensorContacts).toBeGreaterThan(50);
    expect(seen.removedWhileTouching).toBeGreaterThan(10);
    expect(seen.reshaped).toBeGreaterThan(100);
    expect(seen.movedGone).toBeGreaterThan(100);
    expect(seen.readded).toBeGreaterThan(100);
    expect(seen.scrambled).toBeGreaterThan(100);
  });
});

const filterArb: fc.Arbitrary<BodyFilter<string> | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.record({
    mask: fc.integer({ min: 0, max: 7 }),
    includeSensors: fc.boolean(),
    includeStatic: fc.boolean(),
    includeDynamic: fc.boolean(),
  }),
);

function passes(body: Body<string>, f: BodyFilter<string> | undefined): boolean {
  if (!f) return true;
  if (f.mask !== undefined && (body.category & f.mask) === 0) return false;
  if (f.includeSensors === false && body.isSensor) return false;
  if (f.includeStatic === false && body.isStatic) return false;
  if (f.includeDynamic === false && !body.isStatic) return false;
  return true;
}

function buildWorld(specs: BodySpec[]): { world: World<string>; bodies: Body<string>[] } {
  const world = new World<string>({ bounds: { x: 0, y: 0, width: 100, height: 100 }, maxObjects: 2 });
  const bodies = specs.map((s) => world.add(makeBody(s)));
  // Move some bodies after insertion so fat boxes and tight boxes differ.
  bodies.forEach((b, i) => {
    if (i % 3 === 0) b.translate(1, -1);
  });
  world.step();
  return { world, bodies };
}

const ids = (list: Body<string>[]) => list.map((b) => b.id).sort((p, q) => p - q);

describe('World queries against brute force', () => {
  it('raycast: an exact tie goes to the lower id even when its box entry rounds past the other hit', () => {
    // Found by a random-seed run of the property below: the ray meets the box (id 5) at the very
    // point where it touches the circle (id 3); the circle's box entry came out one rounding past
    // that distance, so the walk never looked at the lower id.
    const spec = (shape: ShapeSpec, isStatic: boolean): BodySpec => ({
      shape,
      isStatic,
      isSensor: false,
      category: 1,
      mask: 0xffffffff,
    });
    const dot: ShapeSpec = { kind: 'circle', x: 0, y: 0, a: 1, b: 1, angle: 0, pts: [[0, 1]] };
    const { world, bodies } = buildWorld([
      spec(dot, false),
      spec(dot, false),
      spec(dot, false),
      spec({ kind: 'circle', x: 60, y: 27, a: 8, b: 1, angle: 0, pts: [[0, 1]] }, true),
      spec(dot, true),
      spec({ kind: 'orientedBox', x: 63, y: 41, a: 4, b: 19, angle: 0, pts: [[0, 1]] }, true),
      spec(dot, false),
    ]);
    const circleHit = raycast(bodies[3].shape, 40, 40, 7, -2);
    const boxHit = raycast(bodies[5].shape, 40, 40, 7, -2);
    expect(circleHit!.distance).toBe(boxHit!.distance); // the tie the test is about
    const hit = world.raycast(40, 40, 7, -2);
    expect(hit!.body).toBe(bodies[3]);
    // Ending right there is no hit (the geometry's rule); a hair further is.
    expect(raycast(bodies[3].shape, 40, 40, 7, -2, circleHit!.distance)).toBeNull();
    expect(world.raycast(40, 40, 7, -2, circleHit!.distance)).toBeNull();
    expect(world.raycast(40, 40, 7, -2, circleHit!.distance + 1e-9)!.body).toBe(bodies[3]);
  });

  it('raycast returns the brute-force first hit; raycastAll every hit in order', () => {
    fc.assert(
      fc.property(
        fc.array(bodySpec, { minLength: 3, maxLength: 30 }),
        coord,
        coord,
        fc.integer({ min: -10, max: 10 }),
        fc.integer({ min: -10, max: 10 }),
        fc.oneof(fc.constant(Number.POSITIVE_INFINITY), fc.integer({ min: 0, max: 150 })),
        filterArb,
        (specs, ox, oy, dx, dy, maxDistance, filter) => {
          const { world, bodies } = buildWorld(specs);
          let best: { body: Body<string>; d: number; hit: ReturnType<typeof raycast> } | null = null;
          const all: Array<{ body: Body<string>; d: number }> = [];
          for (const body of bodies) {
            if (!passes(body, filter)) continue;
            const hit = raycast(body.shape, ox, oy, dx, dy, maxDistance);
            if (!hit) continue;
            all.push({ body, d: hit.distance });
            if (!best || hit.distance < best.d || (hit.distance === best.d && body.id < best.body.id)) {
              best = { body, d: hit.distance, hit };
            }
          }
          const got = world.raycast(ox, oy, dx, dy, maxDistance, filter);
          if (best === null) {
            expect(got).toBeNull();
          } else {
            expect(got).not.toBeNull();
            expect(got!.body).toBe(best.body);
            expect(got!.distance).toBe(best.d);
            expect([got!.point.x, got!.point.y, got!.normal.x, got!.normal.y]).toEqual([
              best.hit!.point.x,
              best.hit!.point.y,
              best.hit!.normal.x,
              best.hit!.normal.y,
            ]);
          }
          all.sort((p, q) => p.d - q.d || p.body.id - q.body.id);
          const every = world.raycastAll(ox, oy, dx, dy, maxDistance, filter);
          expect(every.map((h) => [h.body!.id, h.distance])).toEqual(all.map((h) => [h.body.id, h.d]));
        },
      ),
      { numRuns: RUNS, seed: 99 },
    );
  });

  it('nearest returns the k brute-force nearest shapes (ties by id)', () => {
    fc.assert(
      fc.property(
        fc.array(bodySpec, { minLength: 3, maxLength: 30 }),
        coord,
        coord,
        fc.integer({ min: 0, max: 8 }),
        fc.oneof(fc.constant(Number.POSITIVE_INFINITY), fc.integer({ min: 0, max: 60 })),
        filterArb,
        (specs, x, y, k, maxDistance, filter) => {
          const { world, bodies } = buildWorld(specs);
          const expected = bodies
            .filter((b) => passes(b, filter))
            .map((b) => ({ b, d: pointDistanceSquared(b.shape, x, y) }))
            .filter((e) => e.d <= maxDistance * maxDistance)
            .sort((p, q) => p.d - q.d || p.b.id - q.b.id)
            .slice(0, k)
            .map((e) => e.b.id);
          expect(world.nearest(x, y, k, maxDistance, [], filter).map((b) => b.id)).toEqual(expected);
        },
      ),
      { numRuns: RUNS, seed: 7 },
    );
  });

  // Far from the origin, or for a short motion or distance, a box's time of impact or distance
  // comes out a rounding of the coordinates from its shape's: more than a margin relative to the
  // motion or to the distance alone. Found by a helper's random search: at 1e12 moving by 10, or at
  // 1,000 moving by 1e-5, about 1% of casts returned a later hit than the first (or the higher id
  // of a tie); at 1e9, 0.01 away, nearest(1) missed the nearest shape.
  const farPlaces = fc.record({
    seed: fc.integer({ min: 1, max: 2 ** 30 }),
    offset: fc.constantFrom(0, 1e3, 1e6, 1e9, 1e12),
    scale: fc.constantFrom(1e-5, 1e-3, 0.01, 1, 10),
  });

  /** Small shapes whose near sides lie at one of two places, `gap` or 2·gap past x: near-ties. */
  function shapesPast(rand: () => number, x: number, y: number, gap: number): Shape[] {
    const shapes: Shape[] = [];
    for (let n = 2 + Math.floor(rand() * 4), k = 0; k < n; k++) {
      const left = x + gap * (1 + Math.floor(rand() * 2));
      const s = 2 + rand() * 5;
      const kind = Math.floor(rand() * 4);
      if (kind === 0) shapes.push(new Box(left, y - s / 2 + rand() - 0.5, s, s));
      else if (kind === 1) shapes.push(new OrientedBox(left + s / 2, y, s, s, 0));
      else if (kind === 2) shapes.push(new Circle(left + s / 2, y, s / 2));
      else
        shapes.push(
          new Polygon(left, y, [
            { x: 0, y: -s },
            { x: s, y: 0 },
            { x: 0, y: s },
          ]),
        );
    }
    return shapes;
  }

  it('castShape and nearest far from the origin, and for short motions and distances, match brute force', () => {
    fc.assert(
      fc.property(farPlaces, ({ seed, offset, scale }) => {
        const rand = mulberry32(seed);
        const world = new World({
          bounds: { x: offset, y: offset, width: 1000, height: 1000 },
          margin: Math.floor(rand() * 3),
        });
        // A cast from (x, y) by (dx, dy), dx of the order of `scale`, at shapes `scale`·0.3 past it.
        const mover =
          rand() < 0.5
            ? new Circle(offset + 490, offset + 500, 2 + rand() * 4)
            : new Box(offset + 480, offset + 496, 5 + rand() * 5, 8);
        const front = mover.bounds.maxX;
        const dx = scale * (0.5 + rand());
        const dy = scale * (rand() - 0.5) * 0.2;
        const cast = shapesPast(rand, front, offset + 500, dx * 0.3).map((shape) =>
          world.add(new Body(shape, { isStatic: rand() < 0.5 })),
        );
        const hit = new SweepHit();
        const hits = cast
          .flatMap((b) => (sweepShapes(mover, dx, dy, b.shape, hit) ? [{ id: b.id, t: hit.t }] : []))
          .sort((p, q) => p.t - q.t || p.id - q.id);
        const got = world.castShape(mover, dx, dy);
        expect(got === null ? null : { id: got.body.id, t: got.t }).toEqual(hits[0] ?? null);
        // Nearest to a point `scale` off the near sides of shapes elsewhere in the same world.
        const px = offset + 200;
        const py = offset + 200;
        const near = shapesPast(rand, px, py, scale).map((shape) =>
          world.add(new Body(shape, { isStatic: rand() < 0.5 })),
        );
        const k = 1 + Math.floor(rand() * 2);
        const expected = [...cast, ...near]
          .map((b) => ({ id: b.id, d: pointDistanceSquared(b.shape, px, py) }))
          .sort((p, q) => p.d - q.d || p.id - q.id)
          .slice(0, k)
          .map((e) => e.id);
        expect(world.nearest(px, py, k).map((b) => b.id)).toEqual(expected);
      }),
      { numRuns: 1000, seed: 11 },
    );
  });

  it('queryRect / queryCircle / queryPoint / queryShape match testing every body', () => {
    fc.assert(
      fc.property(
        fc.array(bodySpec, { minLength: 3, maxLength: 30 }),
        coord,
        coord,
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 40 }),
        shapeSpec,
        filterArb,
        (specs, x, y, w, h, probeSpec, filter) => {
          const { world, bodies } = buildWorld(specs);
          const candidates = bodies.filter((b) => passes(b, filter));
          const rectShape =
            w > 0 && h > 0
              ? new Box(x, y, w, h)
              : w === 0 && h === 0
                ? new Point(x, y)
                : new Segment(x, y, x + w, y + h);
          expect(ids(world.queryRect({ x, y, width: w, height: h }, [], filter))).toEqual(
            ids(candidates.filter((b) => overlaps(rectShape, b.shape))),
          );
          const r = w;
          const disc = r > 0 ? new Circle(x, y, r) : new Point(x, y);
          expect(ids(world.queryCircle(x, y, r, [], filter))).toEqual(
            ids(candidates.filter((b) => overlaps(disc, b.shape))),
          );
          const probe = new Point(x, y);
          expect(ids(world.queryPoint(x, y, [], filter))).toEqual(
            ids(candidates.filter((b) => overlaps(probe, b.shape))),
          );
          const shape = makeShape(probeSpec);
          expect(ids(world.queryShape(shape, [], filter))).toEqual(
            ids(candidates.filter((b) => overlaps(shape, b.shape))),
          );
        },
      ),
      { numRuns: RUNS, seed: 31 },
    );
  });
});
