/**
 * The integer-id core against brute force: random add / move / moveAll / remove / clear sequences
 * (degenerate boxes included), then every query, the pair set, rays and nearest compared with a
 * model of id → box, and validate() after each sequence.
 */
import { Worker } from 'node:worker_threads';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as internal from '../src/core/internal.js';
import { sortRows } from '../src/core/sortRows.js';
import { QuadIndex, Quadtree, type Rect } from '../src/index.js';
import { boundsArb, boxArb, optionsArb } from './arbitraries.js';
import { mulberry32, shiftyBounds } from './fixtures.js';
import { minMaxMeetsCircle, withinDistance } from './oracle.js';

const RUNS = Number(process.env.QC_RUNS ?? 200);

type IdOp =
  | { kind: 'add'; box: Rect; copies: number }
  | { kind: 'move'; pick: number; box: Rect }
  | { kind: 'moveAll'; boxes: Rect[]; float32: boolean }
  | { kind: 'remove'; pick: number }
  | { kind: 'removeDead'; id: number }
  | { kind: 'clear' }
  | { kind: 'pairs' };

function idOpsArb(bounds: Rect): fc.Arbitrary<IdOp[]> {
  const box = boxArb(bounds);
  const op: fc.Arbitrary<IdOp> = fc.oneof(
    {
      weight: 10,
      arbitrary: fc.record({
        kind: fc.constant('add' as const),
        box,
        copies: fc.integer({ min: 1, max: 4 }),
      }),
    },
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), box }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('moveAll' as const),
        boxes: fc.array(box, { maxLength: 8 }),
        float32: fc.boolean(),
      }),
    },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('removeDead' as const),
        id: fc.integer({ min: -3, max: 200 }),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'clear' as const }) },
    { weight: 2, arbitrary: fc.constant({ kind: 'pairs' as const }) },
  );
  return fc.array(op, { maxLength: 60, size: 'max' });
}

const sceneArb = boundsArb.chain((bounds) =>
  fc.record({
    bounds: fc.constant(bounds),
    options: optionsArb,
    ops: idOpsArb(bounds),
    areas: fc.array(boxArb(bounds), { minLength: 1, maxLength: 4 }),
  }),
);

type Corners = [number, number, number, number];

/** The model: live id → the min/max corners the index should hold. */
class Model {
  readonly boxes = new Map<number, Corners>();

  set(id: number, box: Corners): void {
    this.boxes.set(id, [...box]);
  }

  get(id: number): Corners {
    return this.boxes.get(id) as Corners;
  }

  liveIds(): number[] {
    return [...this.boxes.keys()].sort((a, b) => a - b);
  }

  pairs(): string[] {
    const ids = this.liveIds();
    const out: string[] = [];
    for (let i = 0; i < ids.length; i++) {
      for (let j = i + 1; j < ids.length; j++) {
        if (cornersOverlap(this.get(ids[i]), this.get(ids[j]))) out.push(`${ids[i]}:${ids[j]}`);
      }
    }
    return out.sort();
  }

  query(area: Corners): number[] {
    return this.liveIds().filter((id) => cornersOverlap(this.get(id), area));
  }
}

/** Orders visited argument lists (a ray's (id, t) in any order within a node) by their numbers. */
function byNumbers(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/** The collision rule on min/max corners: interiors overlap, touching does not count. */
function cornersOverlap(a: Corners, b: Corners): boolean {
  return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

/** Squared distance from (x, y) to the closed box. */
function distance2(b: Corners, x: number, y: number): number {
  const dx = Math.max(b[0] - x, 0, x - b[2]);
  const dy = Math.max(b[1] - y, 0, y - b[3]);
  return dx * dx + dy * dy;
}

/**
 * Whether the closed box lies within `limit` of (x, y): compared squared, unless the limit's square
 * overflows or lies below the normal range's precision, where squares cannot tell (then unsquared).
 */
function withinLimit(b: Corners, x: number, y: number, limit: number): boolean {
  return withinDistance(Math.max(b[0] - x, 0, x - b[2]), Math.max(b[1] - y, 0, y - b[3]), limit);
}

/** The corners the index stores for an x/y/width/height box. */
function corners(box: Rect): Corners {
  return [box.x, box.y, box.x + box.width, box.y + box.height];
}

/**
 * The index's pairs are the model's, each once; a visitor that returns false at call
 * 1 + (stop mod pairs) stops the walk there; and the index is valid.
 */
function expectPairsAndStop(index: QuadIndex, model: Model, stop: number): void {
  const expected = model.pairs();
  expect(pairKeys(index)).toEqual(expected);
  const stopAt = 1 + (stop % Math.max(1, expected.length));
  let calls = 0;
  index.forEachPair(() => ++calls < stopAt);
  expect(calls).toBe(Math.min(stopAt, expected.length));
  index.validate();
}

function pairKeys(index: QuadIndex): string[] {
  const flat = index.pairs();
  const out: string[] = [];
  for (let k = 0; k < flat.length; k += 2) {
    const a = flat[k];
    const b = flat[k + 1];
    out.push(a < b ? `${a}:${b}` : `${b}:${a}`);
  }
  return out.sort();
}

/**
 * `query` and `forEachInBox` over `area` both report exactly `expected`; with `withCandidates`,
 * `candidates` is a superset of it without duplicates.
 */
function expectBoxSearches(
  index: QuadIndex,
  area: Corners,
  expected: number[],
  withCandidates: boolean,
): void {
  expect(sorted(index.query(...area))).toEqual(expected);
  const visited: number[] = [];
  index.forEachInBox(...area, (id) => {
    visited.push(id);
  });
  expect(sorted(visited)).toEqual(expected);
  if (!withCandidates) return;
  const candidates = index.candidates(...area);
  expect(new Set(candidates).size).toBe(candidates.length);
  for (const id of expected) expect(candidates).toContain(id);
}

function sorted(ids: number[]): number[] {
  return ids.slice().sort((a, b) => a - b);
}

function build(
  bounds: Rect,
  options: object,
  ops: readonly IdOp[],
  start?: { index: QuadIndex; model: Model },
): { index: QuadIndex; model: Model } {
  const index = start?.index ?? new QuadIndex(bounds, options);
  const model = start?.model ?? new Model();
  for (const op of ops) {
    switch (op.kind) {
      case 'add':
        for (let c = 0; c < op.copies; c++) {
          const id = index.add(...corners(op.box));
          expect(model.boxes.has(id), `id ${id} handed out while live`).toBe(false);
          expect(Number.isInteger(id) && id >= 0).toBe(true);
          model.set(id, corners(op.box));
        }
        break;
      case 'move': {
        const live = model.liveIds();
        if (live.length === 0) {
          expect(() => index.move(0, 0, 0, 1, 1)).toThrow(RangeError);
          break;
        }
        const id = live[op.pick % live.length];
        index.move(id, ...corners(op.box));
        model.set(id, corners(op.box));
        break;
      }
      case 'moveAll': {
        const live = model.liveIds();
        const top = live.length === 0 ? 0 : live[live.length - 1] + 1;
        const array = op.float32 ? new Float32Array(4 * top) : new Float64Array(4 * top);
        for (const id of live) array.set(model.get(id), 4 * id);
        op.boxes.forEach((box, k) => {
          if (live.length > 0) array.set(corners(box), 4 * live[(k * 7) % live.length]);
        });
        index.moveAll(array);
        for (const id of live) {
          const box = Array.from(array.subarray(4 * id, 4 * id + 4)) as Corners;
          model.set(id, box);
          expect(Array.from(index.getBox(id))).toEqual(box);
        }
        break;
      }
      case 'remove': {
        const live = model.liveIds();
        if (live.length === 0) break;
        const id = live[op.pick % live.length];
        expect(index.remove(id)).toBe(true);
        expect(index.remove(id)).toBe(false);
        expect(index.has(id)).toBe(false);
        model.boxes.delete(id);
        break;
      }
      case 'removeDead':
        if (!model.boxes.has(op.id)) {
          expect(index.remove(op.id)).toBe(false);
          expect(index.has(op.id)).toBe(false);
        }
        break;
      case 'clear':
        index.clear();
        model.boxes.clear();
        break;
      case 'pairs':
        expect(pairKeys(index)).toEqual(model.pairs());
        break;
    }
  }
  return { index, model };
}

/**
 * A row of boxes across a split line of a 1,024 world, at the root's midlines or deeper ones, in
 * either direction: boxes of no width or height, copies of one box, boxes touching end to end or
 * starting on the line. With `loose`, some boxes start or end on the line instead of crossing it:
 * they are filed beside it and split the leaves there.
 */
const rowArb = fc.record({
  line: fc.constantFrom(512, 256, 768, 128, 384, 640, 896),
  vertical: fc.boolean(),
  count: fc.integer({ min: 150, max: 600 }),
  seed: fc.nat(),
  loose: fc.boolean(),
});

function addRow(
  {
    line,
    vertical,
    count,
    seed,
    loose,
  }: { line: number; vertical: boolean; count: number; seed: number; loose: boolean },
  add: (box: Corners) => void,
): void {
  const random = mulberry32(seed);
  const size = (): number => {
    const kind = random();
    return kind < 0.15 ? 0 : kind < 0.6 ? Math.floor(random() * 12) : random() * 40;
  };
  let along = random() * 1000 - 30;
  let last: Corners | null = null;
  for (let k = 0; k < count; k++) {
    const kind = random();
    // A copy of the last box, the next box from where the last one ended, or anywhere.
    if (last !== null && kind < 0.1) {
      add(last);
      continue;
    }
    if (kind > 0.3 || last === null) along = random() * 1080 - 30;
    const before = loose && random() < 0.1 ? 0 : size() || 0.5;
    const after = loose && random() < 0.1 ? 0 : size() || 0.5;
    const thick = size();
    const box: Corners = vertical
      ? [line - before, along, line + after, along + thick]
      : [along, line - before, along + thick, line + after];
    add(box);
    last = box;
    along += thick;
  }
}

describe('QuadIndex vs brute force (fast-check)', () => {
  it('every query, the pair set, rays and nearest match the model after random sequences', () => {
    fc.assert(
      fc.property(sceneArb, ({ bounds, options, ops, areas }) => {
        const { index, model } = build(bounds, options, ops);
        index.validate();
        expect(index.size).toBe(model.boxes.size);
        expect(index.ids()).toEqual(model.liveIds());
        expect(pairKeys(index)).toEqual(model.pairs());
        for (const area of areas) {
          expectBoxSearches(index, corners(area), model.query(corners(area)), true);
          // A point: the interior rule.
          const px = area.x;
          const py = area.y;
          expect(sorted(index.queryPoint(px, py))).toEqual(
            model.liveIds().filter((id) => {
              const b = model.get(id);
              return b[0] < px && px < b[2] && b[1] < py && py < b[3];
            }),
          );
          const r = area.width;
          expect(sorted(index.queryCircle(px, py, r))).toEqual(
            model.liveIds().filter((id) => {
              const b = model.get(id);
              return minMaxMeetsCircle(b[0], b[1], b[2], b[3], px, py, r);
            }),
          );
          // Nearest: ordered by box distance, ties by id.
          const byDistance = model
            .liveIds()
            .map((id) => ({ id, d: distance2(model.get(id), px, py) }))
            .sort((a, b) => a.d - b.d || a.id - b.id);
          const k = Math.min(3, byDistance.length);
          const near = index.nearest(px, py, k);
          expect(near).toEqual(byDistance.slice(0, k).map((e) => e.id));
          // Larger k (more than there are boxes, too) and a distance limit; appends to `out`.
          for (const many of [1, 7, 40]) {
            const within = byDistance.filter((e) => withinLimit(model.get(e.id), px, py, r));
            expect(index.nearest(px, py, many, r, [-1])).toEqual([
              -1,
              ...within.slice(0, many).map((e) => e.id),
            ]);
            expect(index.nearest(px, py, many)).toEqual(byDistance.slice(0, many).map((e) => e.id));
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("the walk over boxes inside the filed ones (the World's tight bounds) reports exactly their pairs", () => {
    // Each live box is shrunk towards a random inner box (whole, a side pulled in, degenerate at a
    // corner or edge) and stored in a record of STRIDE numbers, as the World keeps its bounds; the
    // walk must report exactly the pairs of the inner boxes, and leave the index as it was.
    const STRIDE = 6;
    const shrinkArb = fc.array(
      fc.oneof(fc.constantFrom(0, 0.5, 1), fc.double({ min: 0, max: 1, noNaN: true })),
      {
        minLength: 4,
        maxLength: 4,
      },
    );
    const withinArb = sceneArb.chain((scene) =>
      fc.record({
        scene: fc.constant(scene),
        shrink: fc.array(shrinkArb, { minLength: 1, maxLength: 16 }),
        removeMost: fc.boolean(),
      }),
    );
    fc.assert(
      fc.property(withinArb, ({ scene, shrink, removeMost }) => {
        const { index, model } = build(scene.bounds, scene.options, scene.ops);
        if (removeMost) {
          // Most ids removed: the sparse layout's slots.
          const live = model.liveIds();
          for (let k = 0; k < live.length - 1; k++) {
            if (k % 9 === 0) continue;
            index.remove(live[k]);
            model.boxes.delete(live[k]);
          }
        }
        const live = model.liveIds();
        const top = live.length === 0 ? 0 : live[live.length - 1] + 1;
        const records = new Float64Array(STRIDE * top).fill(Number.NaN);
        const inner = new Map<number, Corners>();
        live.forEach((id, k) => {
          const [minX, minY, maxX, maxY] = model.get(id);
          const [f0, f1, f2, f3] = shrink[k % shrink.length];
          const x0 = clamp(minX + f0 * (maxX - minX), minX, maxX);
          const y0 = clamp(minY + f1 * (maxY - minY), minY, maxY);
          const x1 = clamp(maxX - f2 * (maxX - x0), x0, maxX);
          const y1 = clamp(maxY - f3 * (maxY - y0), y0, maxY);
          inner.set(id, [x0, y0, x1, y1]);
          records.set([x0, y0, x1, y1], STRIDE * id);
        });
        const expected: string[] = [];
        for (let i = 0; i < live.length; i++) {
          for (let j = i + 1; j < live.length; j++) {
            const a = inner.get(live[i]) as Corners;
            const b = inner.get(live[j]) as Corners;
            if (cornersOverlap(a, b)) expected.push(`${live[i]}:${live[j]}`);
          }
        }
        const found: string[] = [];
        const work = new Float64Array(4 * Math.max(1, top));
        internal.forEachPairWithin(index, records, STRIDE, work, (a, b) => {
          found.push(a < b ? `${a}:${b}` : `${b}:${a}`);
        });
        expect(found.sort()).toEqual(expected.sort());
        // The index still answers for the boxes it was given.
        index.validate();
        expect(pairKeys(index)).toEqual(model.pairs());
      }),
      { numRuns: RUNS },
    );
  });

  it("moving only listed ids from a full box array (the World's batch) matches the model", () => {
    // Every live id's box is in the array; the listed ones get new boxes there, the others keep
    // the box they were filed with. Then the random operations go on from that index.
    const listedArb = sceneArb.chain((scene) =>
      fc.record({
        scene: fc.constant(scene),
        picks: fc.array(fc.tuple(fc.nat(), boxArb(scene.bounds)), { maxLength: 24 }),
        more: idOpsArb(scene.bounds),
      }),
    );
    fc.assert(
      fc.property(listedArb, ({ scene, picks, more }) => {
        const { index, model } = build(scene.bounds, scene.options, scene.ops);
        const live = model.liveIds();
        const top = live.length === 0 ? 0 : live[live.length - 1] + 1;
        const boxes = new Float64Array(4 * top);
        for (const id of live) boxes.set(model.get(id), 4 * id);
        const listed: number[] = [];
        for (const [pick, box] of picks) {
          if (live.length === 0) break;
          const id = live[pick % live.length];
          if (listed.includes(id)) continue;
          listed.push(id);
          boxes.set(corners(box), 4 * id);
          model.set(id, corners(box));
        }
        internal.moveListedChecked(index, boxes, Int32Array.from(listed), listed.length);
        index.validate();
        for (const id of live) expect(Array.from(index.getBox(id))).toEqual(model.get(id));
        expect(pairKeys(index)).toEqual(model.pairs());
        build(scene.bounds, scene.options, more, { index, model });
        index.validate();
        expect(pairKeys(index)).toEqual(model.pairs());
      }),
      { numRuns: RUNS },
    );
  });

  it('an index with most of its ids removed (laid out the sparse way) matches the model after random sequences', () => {
    // Many adds, then all but a few removed (the ones kept spread over the ids, the highest among
    // them), so that far fewer ids are live than were handed out; then the random operations.
    const sparseArb = sceneArb.chain((scene) =>
      fc.record({
        scene: fc.constant(scene),
        boxes: fc.array(boxArb(scene.bounds), { minLength: 40, maxLength: 300 }),
        keepEvery: fc.integer({ min: 9, max: 40 }),
      }),
    );
    fc.assert(
      fc.property(sparseArb, ({ scene, boxes, keepEvery }) => {
        const index = new QuadIndex(scene.bounds, scene.options);
        const model = new Model();
        for (const box of boxes) model.set(index.add(...corners(box)), corners(box));
        for (let id = 0; id < boxes.length - 1; id++) {
          if (id % keepEvery === 0) continue;
          index.remove(id);
          model.boxes.delete(id);
        }
        expect(pairKeys(index)).toEqual(model.pairs());
        index.validate();
        build(scene.bounds, scene.options, scene.ops, { index, model });
        index.validate();
        expect(index.ids()).toEqual(model.liveIds());
        expect(pairKeys(index)).toEqual(model.pairs());
        index.validate();
        for (const area of scene.areas)
          expectBoxSearches(index, corners(area), model.query(corners(area)), true);
      }),
      { numRuns: RUNS },
    );
  });

  it('large areas over a deep, laid-out tree: subtrees reported whole match brute force', () => {
    // Many small boxes (biased to split lines, zero sizes) make a deep tree; a pair pass lays out
    // the boxes in walk order, so box searches report subtrees inside the area without tests. Areas are
    // large and their edges often sit on the same split lines.
    const sceneWithAreas = boundsArb.chain((bounds) =>
      fc.record({
        bounds: fc.constant(bounds),
        maxObjects: fc.integer({ min: 1, max: 4 }),
        boxes: fc.array(boxArb(bounds), { minLength: 20, maxLength: 300 }),
        areas: fc.array(
          fc.oneof(
            boxArb(bounds),
            fc
              .tuple(
                fc.integer({ min: -1, max: 8 }),
                fc.integer({ min: -1, max: 8 }),
                fc.integer({ min: 0, max: 10 }),
                fc.integer({ min: 0, max: 10 }),
              )
              .map(([i, j, w, h]) => ({
                x: bounds.x + (bounds.width * i) / 8,
                y: bounds.y + (bounds.height * j) / 8,
                width: (bounds.width * w) / 8,
                height: (bounds.height * h) / 8,
              })),
          ),
          { minLength: 1, maxLength: 6 },
        ),
      }),
    );
    fc.assert(
      fc.property(sceneWithAreas, ({ bounds, maxObjects, boxes, areas }) => {
        const index = new QuadIndex(bounds, { maxObjects });
        const model = new Model();
        for (const box of boxes) model.set(index.add(...corners(box)), corners(box));
        expect(pairKeys(index)).toEqual(model.pairs());
        for (const area of areas) {
          const c = corners(area);
          expectBoxSearches(index, c, model.query(c), true);
        }
        index.validate();
      }),
      { numRuns: RUNS },
    );
  });

  it('nearest(k) matches brute force over internal nodes holding few and many boxes, laid out or not', () => {
    // Rows of boxes on the root's midlines and on the quarter lines give internal nodes more own
    // boxes than nearest offers whole (those are queued as two groups), and scattered small
    // boxes give internal nodes a handful (offered whole); the points fall near the rows too.
    const rowBox = fc
      .record({
        line: fc.constantFrom(0.5, 0.5, 0.5, 0.25, 0.75), // the root's midlines most often
        vertical: fc.boolean(),
        at: fc.integer({ min: -5, max: 100 }),
        length: fc.integer({ min: 0, max: 10 }),
        thick: fc.integer({ min: 1, max: 4 }),
      })
      .map(({ line, vertical, at, length, thick }): Corners => {
        const across: [number, number] = [100 * line - thick / 2, 100 * line + thick / 2];
        const along: [number, number] = [at, at + length];
        return vertical
          ? [across[0], along[0], across[1], along[1]]
          : [along[0], across[0], along[1], across[1]];
      });
    const smallBox = fc
      .tuple(
        fc.integer({ min: -10, max: 109 }),
        fc.integer({ min: -10, max: 109 }),
        fc.integer({ min: 0, max: 4 }),
      )
      .map(([x, y, w]): Corners => [x, y, x + w, y + w]);
    const point = fc.oneof(
      fc.tuple(
        fc.double({ min: -20, max: 120, noNaN: true }),
        fc.double({ min: -20, max: 120, noNaN: true }),
      ),
      fc.tuple(fc.constantFrom(25, 50, 75), fc.integer({ min: -5, max: 105 })),
    );
    fc.assert(
      fc.property(
        fc.array(fc.oneof({ weight: 3, arbitrary: rowBox }, { weight: 1, arbitrary: smallBox }), {
          minLength: 1,
          maxLength: 400,
          size: 'max',
        }),
        fc.array(fc.tuple(point, fc.integer({ min: 1, max: 60 })), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 8 }),
        fc.boolean(),
        (boxes, queries, maxObjects, layOut) => {
          const index = new QuadIndex({ x: 0, y: 0, width: 100, height: 100 }, { maxObjects });
          for (const box of boxes) index.add(...box);
          if (layOut) index.forEachPair(() => {});
          for (const [[px, py], k] of queries) {
            const expected = boxes
              .map((box, id) => ({ id, d: distance2(box, px, py) }))
              .sort((a, b) => a.d - b.d || a.id - b.id)
              .slice(0, k)
              .map((e) => e.id);
            expect(index.nearest(px, py, k)).toEqual(expected);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('a node holding more boxes than the search buffers start with is searched whole', () => {
    // One leaf (maxLevels 0) with 1,000 boxes, most of them identical: the box search's hit
    // buffer (256 entries to start with) must grow, and every match be reported once.
    const index = new QuadIndex({ x: 0, y: 0, width: 100, height: 100 }, { maxLevels: 0 });
    const model = new Model();
    for (let i = 0; i < 1000; i++) {
      const box: Corners = i % 3 === 0 ? [i % 97, i % 89, (i % 97) + 2, (i % 89) + 3] : [10, 10, 20, 20];
      model.set(index.add(...box), box);
    }
    // Enough searches lay out the slots the box search reads (no pair pass, which would grow the
    // shared buffers first).
    for (let k = 0; k < 40; k++) index.query(0, 0, 1, 1);
    for (const area of [
      [0, 0, 100, 100],
      [15, 15, 16, 16],
      [20, 20, 30, 30],
      [-5, -5, 10, 10],
      [50, 40, 60, 95],
    ] as Corners[]) {
      expectBoxSearches(index, area, model.query(area), false);
    }
    // A visitor that stops early stops the search.
    let calls = 0;
    index.forEachInBox(0, 0, 100, 100, () => ++calls < 7);
    expect(calls).toBe(7);
  });

  it('leaves holding more boxes than the pair buffers start with: every pair once, stopping early stops', () => {
    // The pair buffers start at 256 entries and a leaf tests its own boxes two rows at a time
    // when they fit, one at a time when they do not: a shallow tree over a few hundred boxes,
    // many of them on the same spots, makes leaves of every size around those limits.
    const corner = fc.integer({ min: -20, max: 120 });
    const boxCorners = fc
      .tuple(corner, corner, fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 30 }))
      .map(([x, y, w, h]): Corners => [x, y, x + w, y + h]);
    fc.assert(
      fc.property(
        fc.array(boxCorners, { minLength: 1, maxLength: 8 }),
        fc.array(fc.nat(), { minLength: 100, maxLength: 700 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 1, max: 400 }),
        fc.nat(),
        (spots, picks, maxLevels, maxObjects, stop) => {
          const index = new QuadIndex({ x: 0, y: 0, width: 100, height: 100 }, { maxLevels, maxObjects });
          const model = new Model();
          for (const pick of picks) {
            const box = spots[pick % spots.length];
            model.set(index.add(...box), box);
          }
          expectPairsAndStop(index, model, stop);
        },
      ),
      { numRuns: Math.max(20, RUNS >> 2) },
    );
  });

  it('a leaf reached by more than 65,536 boxes (too many rows for a hit in one int32): every pair once', () => {
    // A leaf's hits hold its table's two row numbers in 16 bits each, so a leaf with more rows
    // takes another path. Such a leaf without billions of tests: 65,600 flat boxes across the
    // root's vertical midline, two or three to a cell row of the top half, are all handed down to
    // the top-right quadrant, a leaf (its own boxes: the four below), where they start left of it
    // and so are partners only. Left of the midline, a small box in each cell row splits the tree
    // down to leaves of a few rows, so no leaf there holds more than a few of them. Two boxes
    // across the horizontal midline are handed to the quadrant too, starting inside it: they are
    // tested against every box there.
    const side = 65_536; // one unit per cell at the deepest level (16)
    const index = new QuadIndex({ x: 0, y: 0, width: side, height: side }, { maxObjects: 4, maxLevels: 16 });
    const boxes: Corners[] = [];
    const add = (box: Corners): void => {
      expect(index.add(...box)).toBe(boxes.length);
      boxes.push(box);
    };
    const mid = side / 2;
    const flat = 65_600;
    for (let k = 0; k < flat; k++) {
      const y = ((k + 0.5) * mid) / flat;
      add([mid - 0.5, y, mid + 40 + (k % 7), y]);
    }
    for (let row = 0; row < mid; row++) add([mid - 0.9, row + 0.4, mid - 0.8, row + 0.6]);
    // The quadrant's own boxes: each meets the flat boxes of some rows; two meet each other, and
    // one the boxes across the horizontal midline (the last two, which meet each other too).
    add([mid + 10, 100.5, mid + 20, 200.5]);
    add([mid + 30, 5000, mid + 50, 5003.3]);
    add([mid + 15, 150, mid + 35, 5001]);
    add([mid + 12.5, mid - 2, mid + 13.5, mid - 0.5]);
    add([mid + 12, mid - 3, mid + 14, mid + 2]);
    add([mid + 13, mid - 1, mid + 50, mid + 1]);

    // Expected by a sweep over y (the flat boxes have no height: each meets few boxes in y).
    const order = boxes.map((_, id) => id).sort((a, b) => boxes[a][1] - boxes[b][1]);
    const expected: string[] = [];
    for (let i = 0; i < order.length; i++) {
      const a = boxes[order[i]];
      for (let j = i + 1; j < order.length && boxes[order[j]][1] < a[3]; j++) {
        if (cornersOverlap(a, boxes[order[j]])) {
          const [lo, hi] = [order[i], order[j]].sort((p, q) => p - q);
          expected.push(`${lo}:${hi}`);
        }
      }
    }
    expected.sort();
    expect(expected.length).toBeGreaterThan(1000);
    expect(pairKeys(index)).toEqual(expected);
    let calls = 0;
    index.forEachPair(() => ++calls < 7);
    expect(calls).toBe(7);
  }, 60_000);

  it('rows of boxes along split lines (each reaching leaves by the hundred): every pair once, stopping early stops', () => {
    // Boxes across a split line stay in the node it splits and reach every leaf beside the line
    // on their side: leaves reached by many of them find their pairs by a sort and sweep.
    const big = fc.tuple(
      fc.integer({ min: 0, max: 1000 }),
      fc.integer({ min: 0, max: 1000 }),
      fc.integer({ min: 0, max: 600 }),
    );
    fc.assert(
      fc.property(
        fc.array(rowArb, { minLength: 1, maxLength: 3 }),
        fc.array(big, { maxLength: 12 }),
        fc.integer({ min: 1, max: 32 }),
        fc.integer({ min: 1, max: 8 }),
        fc.nat(),
        (rows, bigs, maxObjects, maxLevels, stop) => {
          const index = new QuadIndex({ x: 0, y: 0, width: 1024, height: 1024 }, { maxObjects, maxLevels });
          const model = new Model();
          const add = (box: Corners): void => model.set(index.add(...box), box);
          for (const row of rows) addRow(row, add);
          for (const [x, y, w] of bigs) add([x, y, x + w, y + w / 2]);
          expectPairsAndStop(index, model, stop);
        },
      ),
      { numRuns: Math.max(30, RUNS >> 2) },
    );
  });

  it('searches, nearest, rays and sweeps near rows along split lines, with and without sorted runs: the same exact answers', () => {
    // An internal node's long run of boxes across its midlines gets a sorted view once searched a
    // few times in one layout (see core/longRuns.ts). Each search below runs seven times after a
    // new layout (a moveAll of the same boxes): the first ones scan the runs, the last ones go
    // through the views. Every answer must be the first one, in the same order, and boxes, points,
    // circles, the k nearest (and the nearest visited in order) and first ray hits brute force's; a visitor stopping early sees a prefix. Then every
    // box moves and it all runs again.
    // Anywhere, on a split line, or near one (where a row's boxes are the nearest).
    const lines = [128, 256, 384, 512, 640, 768, 896];
    const coordinate = fc.oneof(
      fc.integer({ min: -40, max: 1080 }),
      fc.constantFrom(...lines),
      fc
        .tuple(fc.constantFrom(...lines), fc.double({ min: -50, max: 50, noNaN: true }))
        .map(([l, d]) => l + d),
    );
    const area = fc.record({
      x: coordinate,
      y: coordinate,
      w: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 1100 })),
      h: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 1100 })),
      // Rays and motions along the axes too (a ray down onto a floor), and unlimited rays.
      angle: fc.oneof(fc.constantFrom(0, 0.5, 1, 1.5), fc.double({ min: 0, max: 2, noNaN: true })),
      limit: fc.oneof(fc.constant(Number.POSITIVE_INFINITY), fc.integer({ min: 0, max: 1500 })),
      stop: fc.nat(),
    });
    fc.assert(
      fc.property(
        fc.array(rowArb, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 1, max: 32 }),
        fc.integer({ min: 1, max: 8 }),
        fc.array(area, { minLength: 1, maxLength: 6 }),
        fc.double({ min: -3, max: 3, noNaN: true }),
        (rows, maxObjects, maxLevels, areas, shift) => {
          const index = new QuadIndex({ x: 0, y: 0, width: 1024, height: 1024 }, { maxObjects, maxLevels });
          const model = new Model();
          const add = (box: Corners): void => model.set(index.add(...box), box);
          for (const row of rows) addRow(row, add);
          const all = new Float64Array(4 * (Math.max(...model.liveIds()) + 1));
          const relayOut = (): void => {
            for (const id of model.liveIds()) all.set(model.get(id), 4 * id);
            index.moveAll(all);
          };
          for (let pass = 0; pass < 2; pass++) {
            for (const { x, y, w, h, angle, limit, stop } of areas) {
              const box: Corners = [x, y, x + w, y + h];
              const r = (w + h) / 4;
              const dx = Math.cos(angle * Math.PI);
              const dy = Math.sin(angle * Math.PI);
              const circle = (id: number): boolean => {
                const b = model.get(id);
                return minMaxMeetsCircle(b[0], b[1], b[2], b[3], x, y, r);
              };
              const visited = (walk: (visit: (...args: number[]) => void) => void): number[][] => {
                const seen: number[][] = [];
                walk((...args) => void seen.push(args));
                return seen;
              };
              const searches: [() => unknown, (visit: (id: number) => boolean) => void, unknown][] = [
                [() => index.query(...box), (visit) => index.forEachInBox(...box, visit), model.query(box)],
                [
                  () => index.queryPoint(x, y),
                  (visit) => index.forEachAtPoint(x, y, visit),
                  model.query([x, y, x, y]),
                ],
                [
                  () => index.queryCircle(x, y, r),
                  (visit) => index.forEachInCircle(x, y, r, visit),
                  model.liveIds().filter(circle),
                ],
              ];
              for (const [search, forEach, expected] of searches) {
                relayOut();
                const first = search() as number[];
                expect(sorted(first)).toEqual(expected);
                for (let k = 0; k < 6; k++) expect(search()).toEqual(first);
                const stopAt = 1 + (stop % Math.max(1, first.length));
                const seen: number[] = [];
                forEach((id) => seen.push(id) < stopAt);
                expect(seen).toEqual(first.slice(0, stopAt));
              }
              // The first ray hit, against brute force (ties by id); every hit, as visited. Also
              // with a direction so small that the entry times overflow to Infinity.
              const firstHit = (ux: number, uy: number): { id: number; t: number } | null => {
                let bestId = -1;
                let bestT = Number.POSITIVE_INFINITY;
                for (const id of model.liveIds()) {
                  const t = slab(x, y, ux, uy, model.get(id));
                  if (t >= 0 && t <= limit && (bestId < 0 || t < bestT || (t === bestT && id < bestId))) {
                    bestT = t;
                    bestId = id;
                  }
                }
                return bestId < 0 ? null : { id: bestId, t: bestT };
              };
              const tiny = 1e-310;
              // The k nearest (ties by id), with and without a distance limit.
              const byDistance = model
                .liveIds()
                .map((id) => ({ id, d: distance2(model.get(id), x, y) }))
                .sort((a, b) => a.d - b.d || a.id - b.id);
              const many = 1 + (stop % 6);
              const walks: [() => unknown, unknown][] = [
                [() => index.nearest(x, y, many), byDistance.slice(0, many).map((e) => e.id)],
                [
                  () => index.nearest(x, y, many, r),
                  byDistance
                    .filter((e) => withinLimit(model.get(e.id), x, y, r))
                    .slice(0, many)
                    .map((e) => e.id),
                ],
                [
                  () => {
                    const seen: number[] = [];
                    index.forEachNearest(x, y, (id) => seen.push(id) < 3 * many);
                    return seen;
                  },
                  byDistance.slice(0, 3 * many).map((e) => e.id),
                ],
                [
                  () => {
                    const seen: number[] = [];
                    index.forEachNearest(x, y, (id) => void seen.push(id), r);
                    return seen;
                  },
                  byDistance.filter((e) => withinLimit(model.get(e.id), x, y, r)).map((e) => e.id),
                ],
                [() => index.raycastFirst(x, y, dx, dy, limit), firstHit(dx, dy)],
                [() => visited((v) => index.raycast(x, y, dx, dy, limit, v)).sort(byNumbers), undefined],
                [() => index.raycastFirst(x, y, dx * tiny, dy * tiny, limit), firstHit(dx * tiny, dy * tiny)],
                [
                  () => visited((v) => index.raycast(x, y, dx * tiny, dy * tiny, limit, v)).sort(byNumbers),
                  undefined,
                ],
                [() => index.sweep(...box, 300 * dx, 300 * dy), undefined],
                [() => visited((v) => index.forEachSweepHit(...box, 300 * dx, 300 * dy, v)), undefined],
              ];
              for (const [walk, expected] of walks) {
                relayOut();
                const first = walk();
                if (expected !== undefined) expect(first).toEqual(expected);
                for (let k = 0; k < 6; k++) expect(walk()).toEqual(first);
              }
            }
            index.validate();
            // Every box moves.
            for (const id of model.liveIds()) {
              const [a, b, c, d] = model.get(id);
              model.set(id, [a + shift, b - shift, c + shift, Math.max(b - shift, d - shift / 2)]);
            }
            relayOut();
          }
        },
      ),
      { numRuns: Math.max(20, RUNS >> 3) },
    );
  });

  it('searches through sorted runs after reserve() grew the storage without a new layout', () => {
    // reserve() reallocates the slot arrays but moves no box, so the layout stays current: the
    // sorted views, sized by the old storage, must be made again rather than read from new arrays.
    const index = new QuadIndex({ x: -(2 ** 19), y: -(2 ** 19), width: 2 ** 20, height: 2 ** 20 });
    for (let i = 0; i < 200; i++) index.add(i * 16 - 1600, -8, i * 16 - 1584, 8);
    index.forEachPair(() => {});
    const ask = () => [
      index.query(-4, -4, 4, 4),
      index.raycastFirst(0, -100, 0, 1),
      index.nearest(0, -100, 1),
    ];
    const expected = [[99, 100], { id: 99, t: 92 }, [99]];
    for (let k = 0; k < 8; k++) expect(ask()).toEqual(expected); // (the views are made on the way)
    index.reserve(100_000);
    for (let k = 0; k < 8; k++) expect(ask()).toEqual(expected);
  });

  it('a ray with so small a direction that its entry times overflow finds a row through its sorted view', () => {
    // Every tile ahead is met at t = Infinity (see raycastFirst): the first is the lowest id. The
    // view's area for such a ray must be the whole axis, not ±Infinity less or plus a slack (NaN).
    const index = new QuadIndex({ x: -(2 ** 19), y: -(2 ** 19), width: 2 ** 20, height: 2 ** 20 });
    for (let i = 0; i < 200; i++) index.add(i * 16 + 100, -8, i * 16 + 116, 8);
    index.forEachPair(() => {});
    for (let k = 0; k < 8; k++) {
      expect(index.raycastFirst(5000, 0, -1e-306, 0)).toEqual({ id: 0, t: Number.POSITIVE_INFINITY });
      let visits = 0;
      index.raycast(5000, 0, -1e-306, 0, Number.POSITIVE_INFINITY, () => void visits++);
      expect(visits).toBe(200);
    }
  });

  it('a row near the largest floats: searches through its sorted view find all of it', () => {
    // Areas and extents near ±1e308, whose range arithmetic can overflow: a bound that comes out
    // NaN must act as no bound, not as an empty range.
    const index = new QuadIndex({ x: -1e308, y: -1e308, width: 1.7e308, height: 1.7e308 });
    for (let i = 0; i < 200; i++) index.add(-1e307 + i * 1e305, -1, -1e307 + (i + 1) * 1e305, 1);
    index.forEachPair(() => {});
    // (Squared distances this far overflow: nearest ranks these by id, before and after the view.)
    const far = index.nearest(1.7e308, 0, 3);
    for (let k = 0; k < 8; k++) {
      expect(index.query(-1.5e308, -0.5, 1.5e308, 0.5)).toHaveLength(200);
      expect(index.queryCircle(0, 0, 1.7e308)).toHaveLength(200);
      expect(index.nearest(1.7e308, 0, 3)).toEqual(far);
      expect(index.nearest(2e153, 0, 2)).toEqual([100, 99]); // (inside 100; 99 ends at 0)
    }
  });

  it('a small search beside a row of 16,000 boxes across the root midline tests a few of them', () => {
    // The row stays in the root: searched often enough, its sorted view finds the few boxes near
    // an area instead of testing all 16,000 for every search.
    const index = new QuadIndex({ x: -131072, y: -131072, width: 262144, height: 262144 });
    const model = new Model();
    for (let k = 0; k < 16000; k++) {
      const box: Corners = [-128000 + 16 * k, -8, -128000 + 16 * k + 16, 8];
      model.set(index.add(...box), box);
    }
    index.forEachPair(() => {}); // (laid out, as after a frame's pair pass)
    const random = mulberry32(3);
    let tests = 0;
    for (let q = 0; q < 200; q++) {
      const x = -128000 + random() * 256000;
      const area: Corners = [x, -20, x + 12, 4];
      const found: number[] = [];
      tests += index.forEachInBox(...area, (id) => {
        found.push(id);
      });
      expect(found.sort((a, b) => a - b)).toEqual(model.query(area));
    }
    // Before the view (the first four searches), 16,000 tests each.
    expect(tests).toBeLessThan(4 * 16000 + 200 * 64);
    // A wider area, over 125 tiles: it tests those, not the row (nor does it fall back to scanning).
    const wide: Corners = [-1000, -4, 1000, 4];
    const found: number[] = [];
    const wideTests = index.forEachInBox(...wide, (id) => {
      found.push(id);
    });
    expect(found).toEqual(model.query(wide)); // (and in slot order: here, the order of the ids)
    expect(wideTests).toBeLessThan(2 * found.length + 10);
  });

  it('a ray along a row of 16,000 boxes, inside it, meets its nearest box first, in an index only rays search', () => {
    // Rays alone lay the index out and get the row's sorted view; through it a ray runs along the
    // row in its own direction and stops at its limit, so a visitor that shortens the segment to
    // each hit is called for the nearest box (and a tie at the same t), not for every box behind
    // it (the view in ascending order called it for the whole row to the left of a ray going left).
    const index = new QuadIndex({ x: -131072, y: -131072, width: 262144, height: 262144 });
    const random = mulberry32(5);
    const order = Array.from({ length: 16000 }, (_, k) => k);
    for (let k = order.length - 1; k > 0; k--) {
      const j = Math.floor(random() * (k + 1));
      [order[k], order[j]] = [order[j], order[k]];
    }
    // A row along the horizontal midline (x from −128,000) and a column along the vertical one.
    const row = new Map<number, number>();
    const column = new Map<number, number>();
    for (const k of order) {
      row.set(index.add(-128000 + 16 * k, -8, -128000 + 16 * k + 16, 8), k);
      column.set(index.add(-8, 16 * k + 8, 8, 16 * k + 24), k);
    }
    // A layout once the searches since the last change have paid for it (1/64 of the boxes), then
    // four scans before the view.
    for (let q = 0; q < 32000 / 64 + 8; q++) index.raycastFirst(-128000 + 40 * q, 0, 0, -1);
    for (let q = 0; q < 60; q++) {
      const x = -128000 + 8 + 16 * Math.floor(random() * 15990) + random() * 7;
      const y = 8 + 16 * 5 + 16 * Math.floor(random() * 15990) + random() * 7;
      for (const [ox, oy, dx, dy, line, nearest] of [
        [x, 1, -1, 0, row, Math.floor((x + 128000) / 16)],
        [x, -2, 1, 0, row, Math.floor((x + 128000) / 16)],
        [3, y, 0, -1, column, Math.floor((y - 8) / 16)],
        [-3, y, 0, 1, column, Math.floor((y - 8) / 16)],
      ] as const) {
        let calls = 0;
        let first = -1;
        index.raycast(ox, oy, dx, dy, Number.POSITIVE_INFINITY, (id, t) => {
          calls++;
          if (t === 0 && first < 0) first = id;
          return t;
        });
        expect(line.get(first)).toBe(nearest);
        expect(calls).toBeLessThanOrEqual(2);
      }
    }
  });

  it('a sorted view outlives a layout that leaves its run as it was, and is made again when a box changed', () => {
    // Anything that moves lays the whole index out again; the row's view is checked and kept
    // (a small search after the layout tests a few boxes, not the 4,200 of the root's run),
    // unless a box of the run moved: then its extents, bands or order are those of the new boxes.
    const index = new QuadIndex({ x: -131072, y: -131072, width: 262144, height: 262144 });
    const model = new Model();
    const row: number[] = [];
    const add = (box: Corners): number => {
      const id = index.add(...box);
      model.set(id, box);
      return id;
    };
    for (let k = 0; k < 4000; k++) row.push(add([-32000 + 16 * k, -8, -32000 + 16 * k + 16, 8]));
    // A column across the vertical midline: the run's other group, sorted by y.
    const column: number[] = [];
    for (let k = 0; k < 200; k++) column.push(add([-8, 100 + 16 * k, 8, 116 + 16 * k]));
    // A box across both midlines (group 0) that crosses to the horizontal one only (group 1) and
    // back, staying in the run.
    const hub = add([-8, -12, 8, 8]);
    const mover = add([100, -300, 108, -292]);
    const random = mulberry32(11);
    const search = (area: Corners): number => {
      const found: number[] = [];
      const tests = index.forEachInBox(...area, (id) => {
        found.push(id);
      });
      expect(found.sort((a, b) => a - b)).toEqual(model.query(area));
      return tests;
    };
    const near = (): number => {
      const x = -32000 + random() * 64000;
      const y = 100 + random() * 3200;
      return random() < 0.5 ? search([x, -20, x + 12, 4]) : search([-20, y, 4, y + 12]);
    };
    const moveTo = (id: number, box: Corners): void => {
      index.move(id, ...box);
      model.set(id, box);
    };
    // A ray's first hit (rays test each group against its own reach box: a box kept in the wrong
    // group is missed).
    const ray = (x: number, y: number, dx: number, dy: number): void => {
      let best: { id: number; t: number } | null = null;
      for (const id of model.liveIds()) {
        const t = slab(x, y, dx, dy, model.get(id));
        if (t >= 0 && (best === null || t < best.t)) best = { id, t };
      }
      expect(index.raycastFirst(x, y, dx, dy)).toEqual(best);
    };
    index.forEachPair(() => {});
    for (let q = 0; q < 6; q++) near(); // (four scans, then the view)
    for (let frame = 0; frame < 50; frame++) {
      const m = model.get(mover);
      moveTo(mover, [m[0] + 3, m[1], m[2] + 3, m[3]]);
      const change = frame % 5;
      const t = row[Math.floor(random() * row.length)];
      const b = model.get(t);
      const c = column[Math.floor(random() * column.length)];
      const cb = model.get(c);
      if (change === 1) {
        // Order kept, bands changed.
        moveTo(t, [b[0], b[1] + 3, b[2], b[3] + 3]);
        moveTo(c, [cb[0] - 5, cb[1], cb[2] - 5, cb[3]]);
      } else if (change === 2) {
        // Order kept, a larger extent: only the group's new extent finds the far end.
        moveTo(t, [b[0], b[1], b[2] + 300, b[3]]);
        moveTo(c, [cb[0], cb[1], cb[2], cb[3] + 300]);
      } else if (change === 3) {
        // Out of order: to another place along the row, and across to the other group.
        const x = -32000 + random() * 64000;
        moveTo(t, [x, -8, x + 16, 8]);
        moveTo(c, [cb[0] + 20, cb[1], cb[2] + 20, cb[3]]);
      } else if (change === 4) {
        // To the other group, in order in both.
        const h = model.get(hub);
        moveTo(hub, h[0] < 0 ? [100, -12, 116, 8] : [-8, -12, 8, 8]);
      }
      index.forEachPair(() => {}); // (a new layout)
      const first = near();
      if (change === 0) expect(first).toBeLessThan(64);
      const tb = model.get(t);
      const ct = model.get(c);
      search([tb[2] - 5, -2, tb[2] - 1, 2]);
      search([ct[0] + 1, ct[3] - 5, ct[0] + 3, ct[3] - 1]);
      search([-40, ct[1] + 1, -20, ct[1] + 3]);
      ray(ct[2] + 50, (ct[1] + ct[3]) / 2, -1, 0);
      ray((tb[0] + tb[2]) / 2, -500, 0, 1);
      ray(model.get(hub)[0] + 8, -500, 0, 1);
      for (let q = 0; q < 3; q++) near();
    }
  });

  it('crowds of boxes across many split lines (leaves handed boxes from every side, swept): every pair once', () => {
    // Hundreds of boxes 30-280 wide in a 1,024 world cross split lines at every level: leaves
    // are handed dozens of them that start inside, above or left of the leaf, in every mix of
    // the corner groups, and the crowded ones sort and sweep them.
    fc.assert(
      fc.property(
        fc.nat(),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 3, max: 8 }),
        fc.nat(),
        (seed, maxObjects, maxLevels, stop) => {
          const random = mulberry32(seed);
          const index = new QuadIndex({ x: 0, y: 0, width: 1024, height: 1024 }, { maxObjects, maxLevels });
          const model = new Model();
          const add = (box: Corners): void => model.set(index.add(...box), box);
          for (let i = 800 + Math.floor(random() * 800); i > 0; i--) {
            const x = random() * 1000;
            const y = random() * 1000;
            add([x, y, x + 30 + random() * 250, y + 30 + random() * 250]);
          }
          for (let i = Math.floor(random() * 300); i > 0; i--) {
            const x = random() * 1020;
            const y = random() * 1020;
            const w = random() * 4;
            add([x, y, x + w, y + (random() < 0.2 ? 0 : w)]);
          }
          expectPairsAndStop(index, model, stop);
        },
      ),
      { numRuns: Math.max(12, RUNS >> 4) },
    );
  });

  it('a row of 4,000 boxes across the root midline is not tested all against all', () => {
    // The row stays in the root and reaches the two leaves on each side of the line 2,000
    // strong: all against all, 2 × 2,000²/2 = 4M tests for about 4,000 overlaps.
    const index = new QuadIndex({ x: 0, y: 0, width: 4096, height: 4096 });
    const model = new Model();
    const random = mulberry32(7);
    for (let k = 0; k < 4000; k++) {
      const y = random() * 4090;
      const box: Corners = [2046 - random() * 3, y, 2050 + random() * 3, y + 1 + random() * 3];
      model.set(index.add(...box), box);
    }
    const expected = model.pairs();
    expect(pairKeys(index)).toEqual(expected);
    const checks = index.forEachPair(() => {});
    expect(checks).toBeLessThan(4 * expected.length + 4000);
  });

  it('moveAll moving every box at once, with removed ids among them, then single moves: all match the model', () => {
    // moveAll re-files the ids one by one while reading every box from the caller's array, so
    // splits and merges happen while some ids still sit where their old box was; then it lays
    // the slots out from that array. Single moves and adds afterwards leave the layout stale, and
    // the next pair pass lays it out again in place. Each step is checked against the model.
    const frame = (bounds: Rect) =>
      fc.array(
        fc.oneof({ weight: 4, arbitrary: boxArb(bounds) }, { weight: 1, arbitrary: fc.constant(null) }),
        {
          minLength: 20,
          maxLength: 120,
        },
      );
    const arb = boundsArb.chain((bounds) =>
      fc.record({
        bounds: fc.constant(bounds),
        options: optionsArb,
        first: fc.array(boxArb(bounds), { minLength: 20, maxLength: 120 }),
        removed: fc.array(fc.nat(), { maxLength: 20 }),
        frames: fc.array(frame(bounds), { minLength: 1, maxLength: 3 }),
        moves: fc.array(fc.tuple(fc.nat(), boxArb(bounds)), { maxLength: 10 }),
        adds: fc.array(boxArb(bounds), { maxLength: 5 }),
        float32: fc.boolean(),
      }),
    );
    fc.assert(
      fc.property(arb, ({ bounds, options, first, removed, frames, moves, adds, float32 }) => {
        const index = new QuadIndex(bounds, options);
        const model = new Model();
        for (const box of first) model.set(index.add(...corners(box)), corners(box));
        for (const pick of removed) {
          const id = pick % first.length;
          if (index.remove(id)) model.boxes.delete(id);
        }
        index.forEachPair(() => {}); // lays the slots out, so moveAll starts from a current layout
        const check = () => {
          index.validate();
          expect(pairKeys(index)).toEqual(model.pairs());
          const area: Corners = [
            bounds.x,
            bounds.y,
            bounds.x + bounds.width / 2,
            bounds.y + bounds.height / 3,
          ];
          expect(sorted(index.query(...area))).toEqual(model.query(area));
          for (const id of model.liveIds()) expect(Array.from(index.getBox(id))).toEqual(model.get(id));
        };
        for (const boxes of frames) {
          const array = float32 ? new Float32Array(4 * first.length) : new Float64Array(4 * first.length);
          for (const id of model.liveIds()) {
            const box = boxes[id % boxes.length];
            array.set(box === null ? model.get(id) : corners(box), 4 * id);
          }
          index.moveAll(array);
          for (const id of model.liveIds())
            model.set(id, Array.from(array.subarray(4 * id, 4 * id + 4)) as Corners);
          index.validate(); // before any walk: moveAll itself leaves the layout current
          check();
        }
        const live = model.liveIds();
        for (const [pick, box] of moves) {
          if (live.length === 0) break;
          const id = live[pick % live.length];
          index.move(id, ...corners(box));
          model.set(id, corners(box));
        }
        for (const box of adds) model.set(index.add(...corners(box)), corners(box));
        check();
      }),
      { numRuns: Math.max(50, RUNS >> 1) },
    );
  });

  it('the default options with hundreds of boxes (leaves of up to 24): pairs and queries match the model', () => {
    // The other sequences use a few dozen boxes, mostly with small maxObjects: here the tree
    // splits at the default threshold, so leaves and the nodes above them hold many boxes each.
    const arb = boundsArb.chain((bounds) =>
      fc.record({
        bounds: fc.constant(bounds),
        first: fc.array(boxArb(bounds), { minLength: 150, maxLength: 500 }),
        frames: fc.array(fc.array(boxArb(bounds), { minLength: 1, maxLength: 60 }), {
          minLength: 1,
          maxLength: 2,
        }),
        areas: fc.array(boxArb(bounds), { minLength: 1, maxLength: 3 }),
      }),
    );
    fc.assert(
      fc.property(arb, ({ bounds, first, frames, areas }) => {
        const index = new QuadIndex(bounds);
        const model = new Model();
        for (const box of first) model.set(index.add(...corners(box)), corners(box));
        for (const boxes of frames) {
          // Every box moves to one of the frame's boxes shifted by its id (so few are identical).
          const array = new Float64Array(4 * first.length);
          for (const id of model.liveIds()) {
            const box = boxes[id % boxes.length];
            const shift = (id % 7) * (bounds.width / 64);
            array.set(corners({ ...box, x: box.x + shift }), 4 * id);
          }
          index.moveAll(array);
          for (const id of model.liveIds())
            model.set(id, Array.from(array.subarray(4 * id, 4 * id + 4)) as Corners);
          index.validate();
          expect(pairKeys(index)).toEqual(model.pairs());
          for (const area of areas)
            expect(sorted(index.query(...corners(area)))).toEqual(model.query(corners(area)));
        }
      }),
      { numRuns: Math.max(20, RUNS >> 3) },
    );
  });

  it('moveAll with one bad box throws naming it and moves nothing', () => {
    fc.assert(
      fc.property(
        boundsArb.chain((bounds) =>
          fc.record({
            bounds: fc.constant(bounds),
            boxes: fc.array(boxArb(bounds), { minLength: 1, maxLength: 30 }),
            bad: fc.nat(),
            field: fc.integer({ min: 0, max: 3 }),
            value: fc.constantFrom(
              Number.NaN,
              Number.POSITIVE_INFINITY,
              Number.NEGATIVE_INFINITY,
              'min > max',
            ),
          }),
        ),
        ({ bounds, boxes, bad, field, value }) => {
          const index = new QuadIndex(bounds);
          for (const b of boxes) index.add(...corners(b));
          const before = {
            pairs: pairKeys(index),
            boxes: index.ids().map((id) => Array.from(index.getBox(id))),
          };
          const array = new Float64Array(4 * boxes.length);
          boxes.forEach((b, id) => {
            array.set(corners({ ...b, x: b.x + 1 }), 4 * id);
          });
          const victim = bad % boxes.length;
          if (value === 'min > max')
            array[4 * victim + (field & 1)] = array[4 * victim + (field & 1) + 2] + 1;
          else array[4 * victim + field] = value as number;
          expect(() => index.moveAll(array)).toThrow(/boxes\[\d+\]/);
          expect({
            pairs: pairKeys(index),
            boxes: index.ids().map((id) => Array.from(index.getBox(id))),
          }).toEqual(before);
          index.validate();
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('raycastFirst finds the nearest box entry, ties by lower id', () => {
    fc.assert(
      fc.property(
        boundsArb.chain((bounds) =>
          fc.record({
            bounds: fc.constant(bounds),
            boxes: fc.array(boxArb(bounds), { maxLength: 40 }),
            origin: boxArb(bounds),
            angle: fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
          }),
        ),
        ({ bounds, boxes, origin, angle }) => {
          const index = new QuadIndex(bounds, { maxObjects: 2 });
          for (const b of boxes) index.add(...corners(b));
          const dx = Math.cos(angle);
          const dy = Math.sin(angle);
          let bestId = -1;
          let bestT = Number.POSITIVE_INFINITY;
          boxes.forEach((b, id) => {
            const t = slab(origin.x, origin.y, dx, dy, corners(b));
            if (t >= 0 && (t < bestT || (t === bestT && id < bestId))) {
              bestT = t;
              bestId = id;
            }
          });
          const hit = index.raycastFirst(origin.x, origin.y, dx, dy);
          if (bestId < 0) expect(hit).toBeNull();
          else expect(hit).toEqual({ id: bestId, t: bestT });
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('QuadIndex input and ids', () => {
  const bounds = { x: 0, y: 0, width: 100, height: 100 };

  it('bad boxes and ids throw naming the argument, and nothing changes', () => {
    const index = new QuadIndex(bounds);
    const a = index.add(10, 10, 20, 20);
    const b = index.add(15, 15, 25, 25);
    const before = pairKeys(index);
    expect(() => index.add(Number.NaN, 0, 1, 1)).toThrow(/minX/);
    expect(() => index.add(0, 0, Number.POSITIVE_INFINITY, 1)).toThrow(RangeError);
    expect(() => index.add(5, 0, 1, 1)).toThrow(/minX must be ≤ maxX/);
    expect(() => index.add(0, 0, 1, '2' as unknown as number)).toThrow(TypeError);
    expect(() => index.move(-1, 0, 0, 1, 1)).toThrow(RangeError);
    expect(() => index.move(0.5, 0, 0, 1, 1)).toThrow(TypeError);
    expect(() => index.move(7, 0, 0, 1, 1)).toThrow(/id 7 is not in this index/);
    expect(() => index.move(a, 0, 0, Number.NaN, 1)).toThrow(/maxX/);
    expect(() => index.moveAll(new Float64Array(4))).toThrow(/length ≥ 8/);
    expect(index.remove(-1)).toBe(false);
    expect(index.remove(1.5)).toBe(false);
    expect(index.has(Number.NaN)).toBe(false);
    expect(index.size).toBe(2);
    expect(pairKeys(index)).toEqual(before);
    expect(Array.from(index.getBox(b))).toEqual([15, 15, 25, 25]);
    index.validate();
  });

  it('ids of removed boxes are reused; after clear() ids start from 0 again in order', () => {
    const index = new QuadIndex(bounds);
    const ids = [0, 1, 2, 3].map((k) => index.add(k, k, k + 1, k + 1));
    expect(ids).toEqual([0, 1, 2, 3]);
    index.remove(1);
    expect(index.add(50, 50, 51, 51)).toBe(1);
    index.clear();
    expect(index.size).toBe(0);
    expect(index.has(0)).toBe(false);
    expect([index.add(1, 1, 2, 2), index.add(3, 3, 4, 4)]).toEqual([0, 1]);
    index.validate();
  });

  it('changes from inside a traversal are refused, and the index stays usable', () => {
    const index = new QuadIndex(bounds);
    index.add(0, 0, 10, 10);
    index.add(5, 5, 15, 15);
    expect(() => index.forEachPair(() => void index.add(1, 1, 2, 2))).toThrow(/inside a query/);
    expect(index.size).toBe(2);
    expect(index.pairs()).toEqual([0, 1]);
    // An `out` array that runs code as it grows is a callback too: for every method that appends
    // to one. (Unheld, ids() kept meeting the ids its own adds handed out, until the array was full.)
    const growing = () =>
      new Proxy([] as number[], {
        set: (target, key, value) => {
          if (key !== 'length') index.add(1, 1, 2, 2);
          return Reflect.set(target, key, value);
        },
      });
    expect(() => index.ids(growing())).toThrow(/inside a query/);
    expect(() => index.query(0, 0, 20, 20, growing())).toThrow(/inside a query/);
    expect(() => index.queryPoint(7, 7, growing())).toThrow(/inside a query/);
    expect(() => index.queryCircle(7, 7, 1, growing())).toThrow(/inside a query/);
    expect(() => index.candidates(0, 0, 20, 20, growing())).toThrow(/inside a query/);
    expect(() => index.nearest(7, 7, 2, undefined, growing())).toThrow(/inside a query/);
    expect(() => index.pairs(growing())).toThrow(/inside a query/);
    expect(index.size).toBe(2);
    expect(index.ids()).toEqual([0, 1]);
    index.validate();
  });

  it('non-number ids, radii and outs get a TypeError naming them, not an internal error', () => {
    const index = new QuadIndex(bounds);
    index.add(10, 10, 20, 20);
    // (`x + radius` of a bigint throws "Cannot mix BigInt", of a string concatenates; `id | 0` of
    // a bigint throws, of a Symbol too.)
    expect(index.has(0n as never)).toBe(false);
    expect(index.remove(Symbol('id') as never)).toBe(false);
    expect(() => index.getBox(0n as never)).toThrow(/id must be an integer/);
    expect(() => index.queryCircle(15, 15, null as never)).toThrow(/radius must be a finite number/);
    expect(() => index.queryCircle(15, 15, { valueOf: () => 50 } as never)).toThrow(TypeError);
    expect(() => index.queryCircle(5n as never, 15, 3)).toThrow(/x must be a finite number/);
    expect(() => index.query(0, 0, 50, 50, null as never)).toThrow(/out must be an array/);
    expect(() => index.query(60, 60, 70, 70, {} as never)).toThrow(/out must be an array/); // no hits either
    expect(() => index.pairs(null as never)).toThrow(/out must be an array/);
    expect(() => index.raycastFirst(0, 15, 1, 0, 100, null as never)).toThrow(/out must be an object/);
    expect(() => index.sweep(0, 0, 5, 5, 50, 50, undefined, 0.5)).toThrow(/skipId must be an integer/);
    expect(() => index.nearest(Number.NaN, 0, 0)).toThrow(/x must be a finite number/); // even for k = 0
    expect(index.size).toBe(1);
    index.validate();
  });

  it('a ray cast from inside another ray’s visitor leaves the outer walk as it was', () => {
    // (The walk keeps its ray in a shared array rather than in arguments: see core/ray.ts.)
    const index = new QuadIndex(bounds);
    for (let k = 0; k < 40; k++)
      index.add((k * 7) % 90, (k * 13) % 90, ((k * 7) % 90) + 6, ((k * 13) % 90) + 6);
    const walk = (inner: boolean) => {
      const hits: number[][] = [];
      index.raycast(0, 3, 1, 0.9, 200, (id, t) => {
        if (inner) index.raycast(99, 0, -1, 1, 50, () => 10); // a different ray, shortened
        hits.push([id, t]);
        return undefined;
      });
      return hits;
    };
    const alone = walk(false);
    expect(alone.length).toBeGreaterThan(3);
    expect(walk(true)).toEqual(alone);
  });

  it('raycastFirst agrees with raycast when the entry time overflows to Infinity', () => {
    // A subnormal direction makes (minY − y) / dirY overflow: raycast visited (0, Infinity) while
    // raycastFirst, whose best started at Infinity with no id, returned null.
    const index = new QuadIndex({ x: 0, y: 0, width: 1e-6, height: 1e-6 });
    index.add(0, 1, 1, 2);
    const visited: number[][] = [];
    index.raycast(0.5, 0, 0, 5e-324, Number.POSITIVE_INFINITY, (id, t) => void visited.push([id, t]));
    expect(visited).toEqual([[0, Number.POSITIVE_INFINITY]]);
    expect(index.raycastFirst(0.5, 0, 0, 5e-324)).toEqual({ id: 0, t: Number.POSITIVE_INFINITY });
  });

  it('a change made by a getter while another change reads its input is refused; nothing changes', () => {
    const index = new QuadIndex(bounds);
    index.add(0, 0, 1, 1);
    const entries = [0, 0, 1, 1];
    Object.defineProperty(entries, 2, {
      get: () => {
        index.add(5, 5, 6, 6);
        return 2;
      },
    });
    expect(() => index.moveAll(entries)).toThrow(/while another change was reading its input/);
    expect(index.size).toBe(1);
    expect(Array.from(index.getBox(0))).toEqual([0, 0, 1, 1]);
    index.validate();
  });

  it('moveAll reads a Proxy over a typed array once per entry (it is not a typed array)', () => {
    const index = new QuadIndex(bounds);
    index.add(0, 0, 1, 1);
    let reads = 0;
    const proxy = new Proxy(new Float64Array([0, 0, 2, 2]), {
      get: (target, key) =>
        key === '2' ? (++reads === 1 ? 2 : Number.NaN) : Reflect.get(target, key, target),
    });
    index.moveAll(proxy as unknown as Float64Array); // once checked and stored as 2, never NaN
    expect(reads).toBe(1);
    expect(Array.from(index.getBox(0))).toEqual([0, 0, 2, 2]);
    index.validate();
  });

  it('moveAll on typed arrays over a SharedArrayBuffer: the same boxes as over private memory', () => {
    const boxes = [0, 0, 4, 4, 3, 3, 9, 9, 20, 20, 21, 21, 8.5, 0, 30, 3.5];
    const over = (memory: SharedArrayBuffer) => [
      new Float64Array(memory),
      new Float32Array(memory, 0, boxes.length),
    ];
    for (const shared of over(new SharedArrayBuffer(8 * boxes.length))) {
      const Type = shared instanceof Float64Array ? Float64Array : Float32Array;
      shared.set(boxes);
      const a = new QuadIndex(bounds);
      const b = new QuadIndex(bounds);
      for (let id = 0; id < 4; id++) {
        a.add(0, 0, 1, 1);
        b.add(0, 0, 1, 1);
      }
      a.moveAll(Type.from(boxes));
      b.moveAll(shared);
      expect(b.pairs()).toEqual(a.pairs());
      for (let id = 0; id < 4; id++) expect(Array.from(b.getBox(id))).toEqual(Array.from(a.getBox(id)));
      shared[9] = Number.NaN; // a bad entry still throws naming it, and nothing moves
      expect(() => b.moveAll(shared)).toThrow('boxes[9]');
      expect(b.pairs()).toEqual(a.pairs());
      b.validate();
    }
  });

  it('moveAll on a SharedArrayBuffer that a worker writes meanwhile never stores a box it did not check', async () => {
    // The worker keeps putting a NaN into a random entry for a moment, then the good value back.
    // Read in place (check, then commit), an entry checked as good can be read as NaN by the
    // commit: that code stored an invalid box within the first two calls. Copied first, each
    // call throws or stores only checked boxes (about a third of the calls get through).
    const n = 1000;
    const boxes = new Float64Array(new SharedArrayBuffer(32 * n));
    for (let i = 0; i < n; i++) {
      const x = (i * 37) % 250;
      const y = (i * 91) % 250;
      boxes.set([x, y, x + 5, y + 5], 4 * i);
    }
    const control = new Int32Array(new SharedArrayBuffer(8)); // [stop, started]
    const worker = new Worker(
      `const { workerData } = require('node:worker_threads');
      const a = new Float64Array(workerData.boxes);
      const control = new Int32Array(workerData.control);
      const good = Float64Array.from(a);
      let spun = 0;
      Atomics.store(control, 1, 1);
      Atomics.notify(control, 1);
      for (let k = 1; Atomics.load(control, 0) === 0; ) {
        k = (k * 1103515245 + 12345) >>> 0;
        const i = k % a.length;
        a[i] = NaN;
        for (let s = 0; s < 200; s++) spun += s;
        a[i] = good[i];
      }`,
      { eval: true, workerData: { boxes: boxes.buffer, control: control.buffer } },
    );
    try {
      Atomics.wait(control, 1, 0, 5000);
      const index = new QuadIndex(bounds);
      for (let i = 0; i < n; i++) index.add(0, 0, 1, 1);
      const box = new Float64Array(4);
      for (let call = 0; call < 1000; call++) {
        try {
          index.moveAll(boxes);
        } catch (error) {
          expect(error).toBeInstanceOf(RangeError);
        }
        for (let id = 0; id < n; id++) {
          index.getBox(id, box);
          if (!(box[0] <= box[2] && box[1] <= box[3])) throw new Error(`call ${call}: id ${id} holds ${box}`);
        }
      }
      index.validate();
    } finally {
      Atomics.store(control, 0, 1);
      await worker.terminate();
    }
  });

  it('constructor bounds and options are each read once; a null option is a bad value, not the default', () => {
    const shifty = shiftyBounds();
    const index = new QuadIndex(shifty.bounds);
    expect(shifty.reads()).toBe(1);
    expect(index.bounds.width).toBe(100);
    expect(index.maxDepth).toBe(12);
    const again = shiftyBounds();
    expect(new Quadtree(again.bounds).bounds.width).toBe(100);
    expect(again.reads()).toBe(1);
    expect(() => new QuadIndex(bounds, { maxObjects: null } as never)).toThrow(/options.maxObjects/);
  });

  it('a quadtree-js style constructor and misspelt options get errors that show the fix', () => {
    expect(() => new (QuadIndex as unknown as new (...args: unknown[]) => QuadIndex)(bounds, 10, 4)).toThrow(
      '{ maxObjects: 10, maxLevels: 4 }',
    );
    expect(() => new QuadIndex(bounds, { maxObject: 4 } as object)).toThrow(/did you mean maxObjects/);
    expect(() => new QuadIndex(bounds, { maxDepth: 4 } as object)).toThrow(/did you mean maxLevels/);
    expect(() => new QuadIndex({ x: 0, y: 0, width: 0, height: 1 })).toThrow(/bounds.width must be > 0/);
    expect(() => new QuadIndex({ x: 0, y: 0, width: -5, height: 1 })).toThrow(/bounds.width must be > 0/);
  });
});

/** Entry parameter of the ray into the closed box, or −1 (the oracle's own slab test). */
function slab(x: number, y: number, dx: number, dy: number, b: Corners): number {
  let t0 = 0;
  let t1 = Number.POSITIVE_INFINITY;
  const axes: [number, number, number, number][] = [
    [x, dx, b[0], b[2]],
    [y, dy, b[1], b[3]],
  ];
  for (const [p, d, lo, hi] of axes) {
    if (d === 0) {
      if (p < lo || p > hi) return -1;
      continue;
    }
    const a = (lo - p) / d;
    const c = (hi - p) / d;
    t0 = Math.max(t0, Math.min(a, c));
    t1 = Math.min(t1, Math.max(a, c));
    if (t0 > t1) return -1;
  }
  return t0;
}

describe('nearest with a limit whose square under- or overflows', () => {
  it('measures such a limit without squares, in nearest(k) and forEachNearest', () => {
    // Below 1e-153 and above about 1e154, limit² cannot decide "within": each box that passes it is
    // measured again, unsquared. Boxes at 0.8 and 2 times the limit from the point: in, then out.
    for (const limit of [1e-160, 1e200]) {
      const index = new QuadIndex({ x: 0, y: 0, width: 4 * limit, height: 4 * limit });
      const near = index.add(0.8 * limit, 0, 0.9 * limit, 0.1 * limit);
      index.add(2 * limit, 0, 2.1 * limit, 0.1 * limit);
      expect(index.nearest(0, 0, 5, limit)).toEqual([near]);
      const seen: number[] = [];
      index.forEachNearest(0, 0, (id) => void seen.push(id), limit);
      expect(seen).toEqual([near]);
    }
  });
});

describe('sortRows (the sort of rows along a row: views and the pair walk)', () => {
  it('sorts any order by the minimum on the axis: a few ascending runs merged, more heapsorted', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 0, maxLength: 300 }),
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 0, max: 1 }),
        fc.nat(5),
        (keys, runs, axis, from) => {
          const n = keys.length;
          const boxes = new Float64Array(4 * n);
          for (let r = 0; r < n; r++) boxes[4 * r + axis] = keys[r];
          // `runs` ascending runs of rows (each sorted), or random order when the property's runs exceed n.
          const rows = Array.from({ length: n }, (_, r) => r);
          const cut = Math.max(1, Math.ceil(n / runs));
          const order = new Int32Array(from + n + 3).fill(-7);
          const arranged: number[] = [];
          for (let start = 0; start < n; start += cut) {
            arranged.push(...rows.slice(start, start + cut).sort((a, b) => keys[a] - keys[b]));
          }
          order.set(arranged, from);
          sortRows(boxes, order, from, n, axis);
          const sortedKeys = Array.from(order.subarray(from, from + n), (r) => keys[r]);
          expect(sortedKeys).toEqual([...keys].sort((a, b) => a - b));
          expect([...order.subarray(from, from + n)].sort((a, b) => a - b)).toEqual(rows);
          expect([...order.subarray(0, from), ...order.subarray(from + n)].every((v) => v === -7)).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });
});
