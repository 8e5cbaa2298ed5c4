/**
 * `query(rect)` throughput: a static uniform scene, 10,000 seeded query rectangles (0.5–3% of the
 * world side), answered by quadcollide (array and visitor forms) and by flatbush / rbush search with
 * the strict test. Every contestant's (query, item) set is checked against flatbush's.
 */
import { performance } from 'node:perf_hooks';
import Flatbush from 'flatbush';
import RBush from 'rbush';
import type { QuadcollideModule } from './contestants.js';
import type { QueryResult } from './model.js';
import { overlaps, PairSink } from './pairs.js';
import { type Box, createScene, mulberry32, type Rect } from './scenes.js';
import { median } from './stats.js';

const QUERY_COUNT = 10_000;
const ROUNDS = 7;

interface QueryContestant {
  name: string;
  /** answers every query, reporting (query, item) hits to the sink */
  run(queries: readonly Rect[], sink: PairSink): void;
}

function makeQueries(world: Rect): Rect[] {
  const random = mulberry32(7);
  return Array.from({ length: QUERY_COUNT }, () => {
    const width = world.width * (0.005 + 0.025 * random());
    const height = world.width * (0.005 + 0.025 * random());
    return { x: random() * (world.width - width), y: random() * (world.height - height), width, height };
  });
}

function quadcollideQuery(
  module: QuadcollideModule,
  boxes: readonly Box[],
  world: Rect,
  n: number,
): QueryContestant {
  const tree = new module.Quadtree<Box>(world);
  tree.insert(boxes);
  const out: Box[] = [];
  return {
    name: 'quadcollide query(rect, out)',
    run(queries, sink) {
      for (let q = 0; q < queries.length; q++) {
        out.length = 0;
        tree.query(queries[q], out);
        for (let k = 0; k < out.length; k++) sink.add(n + q, out[k].id);
      }
    },
  };
}

function quadcollideVisitor(
  module: QuadcollideModule,
  boxes: readonly Box[],
  world: Rect,
  n: number,
): QueryContestant {
  const tree = new module.Quadtree<Box>(world);
  tree.insert(boxes);
  let current = 0;
  let target: PairSink | undefined;
  const visit = (item: Box): void => target!.add(n + current, item.id);
  return {
    name: 'quadcollide forEachInRect',
    run(queries, sink) {
      target = sink;
      for (current = 0; current < queries.length; current++) tree.forEachInRect(queries[current], visit);
    },
  };
}

function flatbushSearch(boxes: readonly Box[], n: number): QueryContestant {
  const index = new Flatbush(boxes.length);
  for (const b of boxes) index.add(b.x, b.y, b.x + b.width, b.y + b.height);
  index.finish();
  return {
    name: 'flatbush search + strict test',
    run(queries, sink) {
      for (let q = 0; q < queries.length; q++) {
        const a = queries[q];
        const maxX = a.x + a.width;
        const maxY = a.y + a.height;
        const found = index.search(
          a.x,
          a.y,
          maxX,
          maxY,
          (_, x0, y0, x1, y1) => x0 < maxX && a.x < x1 && y0 < maxY && a.y < y1,
        );
        for (let k = 0; k < found.length; k++) sink.add(n + q, found[k]);
      }
    },
  };
}

function rbushSearch(boxes: readonly Box[], n: number): QueryContestant {
  const tree = new RBush<{ minX: number; minY: number; maxX: number; maxY: number; box: Box }>();
  tree.load(
    boxes.map((box) => ({
      minX: box.x,
      minY: box.y,
      maxX: box.x + box.width,
      maxY: box.y + box.height,
      box,
    })),
  );
  return {
    name: 'rbush search + strict test',
    run(queries, sink) {
      for (let q = 0; q < queries.length; q++) {
        const a = queries[q];
        const found = tree.search({ minX: a.x, minY: a.y, maxX: a.x + a.width, maxY: a.y + a.height });
        for (let k = 0; k < found.length; k++) {
          if (overlaps(a, found[k].box)) sink.add(n + q, found[k].box.id);
        }
      }
    },
  };
}

/** The id index answering box queries into a reused array, then reporting the ids. */
function idsQuery(module: QuadcollideModule, boxes: readonly Box[], world: Rect, n: number): QueryContestant {
  const index = idIndex(module, boxes, world);
  const out: number[] = [];
  return {
    name: 'quadcollide ids query(…, out)',
    run(queries, sink) {
      for (let q = 0; q < queries.length; q++) {
        const a = queries[q];
        out.length = 0;
        index.query(a.x, a.y, a.x + a.width, a.y + a.height, out);
        for (let k = 0; k < out.length; k++) sink.add(n + q, out[k]);
      }
    },
  };
}

function idsVisitor(
  module: QuadcollideModule,
  boxes: readonly Box[],
  world: Rect,
  n: number,
): QueryContestant {
  const index = idIndex(module, boxes, world);
  let current = 0;
  let target: PairSink | undefined;
  const visit = (id: number): void => target!.add(n + current, id);
  return {
    name: 'quadcollide ids forEachInBox',
    run(queries, sink) {
      target = sink;
      for (current = 0; current < queries.length; current++) {
        const a = queries[current];
        index.forEachInBox(a.x, a.y, a.x + a.width, a.y + a.height, visit);
      }
    },
  };
}

function idIndex(module: QuadcollideModule, boxes: readonly Box[], world: Rect) {
  const index = new module.QuadIndex(world);
  for (const b of boxes) index.add(b.x, b.y, b.x + b.width, b.y + b.height);
  return index;
}

function flatbushIndex(boxes: readonly Box[]): Flatbush {
  const index = new Flatbush(boxes.length);
  for (const b of boxes) index.add(b.x, b.y, b.x + b.width, b.y + b.height);
  index.finish();
  return index;
}

/**
 * Point, circle and nearest queries: the id index against flatbush (its `search` with the exact
 * test in the filter, and `neighbors` for the nearest). A query "rect" here carries the point in
 * x, y and the radius (or k) in width.
 */
function pointCircleNearest(module: QuadcollideModule, boxes: readonly Box[], world: Rect, n: number) {
  const index = idIndex(module, boxes, world);
  const flat = flatbushIndex(boxes);
  const out: number[] = [];
  const dist2 = (i: number, x: number, y: number): number => {
    const b = boxes[i];
    const dx = Math.max(b.x - x, 0, x - (b.x + b.width));
    const dy = Math.max(b.y - y, 0, y - (b.y + b.height));
    return dx * dx + dy * dy;
  };
  const report = (q: number, sink: PairSink) => {
    for (let k = 0; k < out.length; k++) sink.add(n + q, out[k]);
  };
  return {
    point: [
      {
        name: 'flatbush search (point) + strict test',
        run(queries: readonly Rect[], sink: PairSink) {
          for (let q = 0; q < queries.length; q++) {
            const { x, y } = queries[q];
            const found = flat.search(
              x,
              y,
              x,
              y,
              (_, x0, y0, x1, y1) => x0 < x && x < x1 && y0 < y && y < y1,
            );
            for (let k = 0; k < found.length; k++) sink.add(n + q, found[k]);
          }
        },
      },
      {
        name: 'quadcollide ids queryPoint',
        run(queries: readonly Rect[], sink: PairSink) {
          for (let q = 0; q < queries.length; q++) {
            out.length = 0;
            index.queryPoint(queries[q].x, queries[q].y, out);
            report(q, sink);
          }
        },
      },
    ],
    circle: [
      {
        name: 'flatbush search (circle box) + distance test',
        run(queries: readonly Rect[], sink: PairSink) {
          for (let q = 0; q < queries.length; q++) {
            const { x, y, width: r } = queries[q];
            const found = flat.search(x - r, y - r, x + r, y + r, (i) => dist2(i, x, y) < r * r);
            for (let k = 0; k < found.length; k++) sink.add(n + q, found[k]);
          }
        },
      },
      {
        name: 'quadcollide ids queryCircle',
        run(queries: readonly Rect[], sink: PairSink) {
          for (let q = 0; q < queries.length; q++) {
            out.length = 0;
            index.queryCircle(queries[q].x, queries[q].y, queries[q].width, out);
            report(q, sink);
          }
        },
      },
    ],
    nearest: [
      {
        name: 'flatbush neighbors',
        run(queries: readonly Rect[], sink: PairSink) {
          for (let q = 0; q < queries.length; q++) {
            const found = flat.neighbors(queries[q].x, queries[q].y, queries[q].width);
            for (let k = 0; k < found.length; k++) sink.add(n + q, found[k]);
          }
        },
      },
      {
        name: 'quadcollide ids nearest',
        run(queries: readonly Rect[], sink: PairSink) {
          for (let q = 0; q < queries.length; q++) {
            out.length = 0;
            index.nearest(queries[q].x, queries[q].y, queries[q].width, Number.POSITIVE_INFINITY, out);
            report(q, sink);
          }
        },
      },
    ],
  };
}

/** Query rects of the camera's size: 800 × 600 (clipped to the world). */
function cameraQueries(world: Rect): Rect[] {
  const random = mulberry32(11);
  const width = Math.min(800, world.width);
  const height = Math.min(600, world.height);
  return Array.from({ length: QUERY_COUNT / 10 }, () => ({
    x: random() * (world.width - width),
    y: random() * (world.height - height),
    width,
    height,
  }));
}

/** Points (width = radius 2–20 px, or k = 5 for nearest) spread over the world. */
function pointQueries(world: Rect, radius: boolean): Rect[] {
  const random = mulberry32(13);
  return Array.from({ length: QUERY_COUNT }, () => ({
    x: random() * world.width,
    y: random() * world.height,
    width: radius ? 2 + 18 * random() : 5,
    height: 0,
  }));
}

export function runQueryBenchmark(
  module: QuadcollideModule,
  n: number,
  progress: (message: string) => void,
): QueryResult[] {
  const scene = createScene('uniform', n);
  const { boxes, world } = scene;
  const others = pointCircleNearest(module, boxes, world, n);
  const rectContestants = () => [
    flatbushSearch(boxes, n),
    rbushSearch(boxes, n),
    quadcollideQuery(module, boxes, world, n),
    quadcollideVisitor(module, boxes, world, n),
    idsQuery(module, boxes, world, n),
    idsVisitor(module, boxes, world, n),
  ];
  return [
    timeQueries(
      'query(rect), small',
      'rects of 0.5–3% of the world side',
      n,
      makeQueries(world),
      rectContestants(),
      progress,
    ),
    timeQueries(
      'query(rect), camera',
      'camera-sized rects (800 × 600)',
      n,
      cameraQueries(world),
      rectContestants(),
      progress,
    ),
    timeQueries(
      'queryPoint',
      'points (interior rule)',
      n,
      pointQueries(world, false),
      others.point,
      progress,
    ),
    timeQueries(
      'queryCircle',
      'circles of radius 2–20',
      n,
      pointQueries(world, true),
      others.circle,
      progress,
    ),
    timeQueries(
      'nearest, k = 5',
      'the 5 nearest boxes to a point',
      n,
      pointQueries(world, false),
      others.nearest,
      progress,
    ),
  ];
}

/** Runs the contestants interleaved for ROUNDS rounds, checking they all report the same hits. */
function timeQueries(
  kind: string,
  description: string,
  n: number,
  queries: readonly Rect[],
  contestants: readonly QueryContestant[],
  progress: (message: string) => void,
): QueryResult {
  const times = contestants.map((): number[] => []);
  const mismatches: string[] = [];
  const sink = new PairSink();
  let hits = 0;
  for (let round = 0; round < ROUNDS; round++) {
    let expected = '';
    for (let k = 0; k < contestants.length; k++) {
      const index = (k + round) % contestants.length;
      sink.reset();
      const start = performance.now();
      contestants[index].run(queries, sink);
      times[index].push(performance.now() - start);
      const answer = `${sink.count}/${sink.hash()}`;
      if (index === 0) hits = sink.count;
      if (k === 0) expected = answer;
      else if (answer !== expected)
        mismatches.push(`${kind}: ${contestants[index].name}: ${answer}, others ${expected}`);
    }
    progress(`${kind} N=${n}: round ${round + 1}/${ROUNDS}`);
  }
  return {
    kind,
    description,
    n,
    queries: queries.length,
    resultsPerQuery: hits / queries.length,
    rows: contestants.map((c, i) => {
      const ms = median(times[i]);
      return { name: c.name, medianMs: ms, microsPerQuery: (ms * 1000) / queries.length };
    }),
    mismatches: [...new Set(mismatches)],
  };
}
