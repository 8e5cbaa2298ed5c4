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

export function runQueryBenchmark(
  module: QuadcollideModule,
  n: number,
  progress: (message: string) => void,
): QueryResult[] {
  const scene = createScene('uniform', n);
  const queries = makeQueries(scene.world);
  const contestants = [
    flatbushSearch(scene.boxes, n),
    rbushSearch(scene.boxes, n),
    quadcollideQuery(module, scene.boxes, scene.world, n),
    quadcollideVisitor(module, scene.boxes, scene.world, n),
  ];
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
        mismatches.push(`${contestants[index].name}: ${answer}, others ${expected}`);
    }
    progress(`query(rect) N=${n}: round ${round + 1}/${ROUNDS}`);
  }
  return [
    {
      n,
      queries: QUERY_COUNT,
      resultsPerQuery: hits / QUERY_COUNT,
      rows: contestants.map((c, i) => {
        const ms = median(times[i]);
        return { name: c.name, medianMs: ms, microsPerQuery: (ms * 1000) / QUERY_COUNT };
      }),
      mismatches: [...new Set(mismatches)],
    },
  ];
}
