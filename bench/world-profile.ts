/**
 * Where a World frame's time goes, on the World benchmark's scene: a diagnostic for optimizing
 * `World.step()`, not part of `npm run bench`.
 *
 *   node --import tsx/esm bench/world-profile.ts [N=10000] [frames=60]
 *
 * Each frame is split into phases timed one after the other on the same world:
 *   move      setPosition (+ angle) on every body (the caller's share of a frame)
 *   sync      re-filing the bodies that left their fat box (what step() does first)
 *   walk      the dynamic index's pair walk with an empty visitor, twice: the first call also
 *             lays out the walk's node-ordered copy after the moves, the second is the walk alone
 *   narrow    collide() on every candidate pair of that walk, into one Contact (no bookkeeping)
 *   tight     what the step does with them: the pairs whose tight shape bounds overlap (which is
 *             what the step's walk hands over; the margin makes fat boxes overlap about twice as
 *             often), sorted by lower proxy id, then its narrow phase (HitList.test on the records)
 *   step      world.step() itself (its sync finds nothing left to do; it walks again and runs
 *             the narrow phase again, then records the contacts: lookups, pool, sort, lists)
 *   read      every contact's ids, normal and depth
 * "step − walk − tight" is then the World's own bookkeeping. To split step() this reaches into
 * private fields of World (`broad`): it is a measurement tool, and breaks when they are renamed.
 */
import { performance } from 'node:perf_hooks';
import { idSpan } from '../src/core/internal.js';
import { Contact, collide, type QuadIndex, type Shape } from '../src/index.js';
import { PAIR_DATA, type Side } from '../src/world/broadphase.js';
import { CandidatePairs } from '../src/world/candidates.js';
import { HitList } from '../src/world/hits.js';
import { QuadcollideWorld } from './adapters/world-quadcollide.js';
import { ContactSink } from './contacts.js';
import { median } from './stats.js';
import { createShapeScene } from './world-scene.js';

interface Internals {
  broad: {
    sync(): void;
    dynamic: { index: QuadIndex; bodies: ({ shape: Shape } | undefined)[]; pairData: Float64Array };
  };
}

const n = Number(process.argv[2] ?? 10_000);
const frames = Number(process.argv[3] ?? 60);
const scene = createShapeScene(n);
const contestant = new QuadcollideWorld(scene);
const world = contestant.world;
const broad = (world as unknown as Internals).broad;
const index = broad.dynamic.index;
const proxies = broad.dynamic.bodies;
const sink = new ContactSink();
const contact = new Contact();

let candidates = 0;
let candidateA = new Int32Array(1 << 16);
let candidateB = new Int32Array(1 << 16);
const noVisit = (): void => {};
const collect = (p: number, q: number): void => {
  if (candidates === candidateA.length) {
    const a = new Int32Array(2 * candidates);
    a.set(candidateA);
    candidateA = a;
    const b = new Int32Array(2 * candidates);
    b.set(candidateB);
    candidateB = b;
  }
  candidateA[candidates] = p;
  candidateB[candidates++] = q;
};
let tightPairs = 0;
const hitList = new HitList();
const tightList = new CandidatePairs();
function narrowTight(): number {
  // As the step does it: the pairs whose tight bounds (the broad phase's typed copy) overlap, sorted
  // by their lower proxy id, then the narrow phase on the shapes' records.
  const data = broad.dynamic.pairData;
  tightList.reset();
  for (let k = 0; k < candidates; k++) {
    const p = PAIR_DATA * candidateA[k];
    const q = PAIR_DATA * candidateB[k];
    if (
      data[p] < data[q + 2] &&
      data[q] < data[p + 2] &&
      data[p + 1] < data[q + 3] &&
      data[q + 1] < data[p + 3]
    )
      tightList.add(candidateA[k], candidateB[k]);
  }
  tightPairs = tightList.count;
  const pairs = tightList.inOrder(idSpan(index));
  const side = broad.dynamic as unknown as Side<unknown>;
  hitList.reset();
  for (let k = 0; k < 2 * tightList.count; k += 2) hitList.test(side, pairs[k], side, pairs[k + 1]);
  return hitList.count;
}

function narrow(): number {
  let hits = 0;
  for (let k = 0; k < candidates; k++) {
    if (collide(proxies[candidateA[k]]!.shape, proxies[candidateB[k]]!.shape, contact)) hits++;
  }
  return hits;
}

const phases = ['move', 'sync', 'walk+layout', 'walk', 'narrow', 'tight', 'step', 'read'] as const;
const times: Record<(typeof phases)[number], number[]> = {
  move: [],
  sync: [],
  'walk+layout': [],
  walk: [],
  narrow: [],
  tight: [],
  step: [],
  read: [],
};
function time(phase: (typeof phases)[number], work: () => void, timed: boolean): void {
  const start = performance.now();
  work();
  if (timed) times[phase].push(performance.now() - start);
}

const warmup = 20;
let movesBefore = 0;
let hits = 0;
for (let f = 0; f < warmup + frames; f++) {
  const timed = f >= warmup;
  if (f === warmup) movesBefore = world.stats().indexMoves;
  scene.step();
  sink.reset();
  time('move', () => contestant.move(scene.pose), timed);
  time('sync', () => broad.sync(), timed);
  time('walk+layout', () => index.forEachPair(noVisit), timed);
  candidates = 0;
  time('walk', () => index.forEachPair(collect), timed);
  time('narrow', () => (hits = narrow()), timed);
  time('tight', () => narrowTight(), timed);
  time('step', () => world.step(), timed);
  time('read', () => contestant.read(sink), timed);
}

const med = Object.fromEntries(phases.map((p) => [p, median(times[p])])) as Record<
  (typeof phases)[number],
  number
>;
const frame = med.move + med.step + med.read;
const stats = index.stats();
console.log(
  `World profile, N = ${n}: ${frames} frames after ${warmup} warm-up; ${candidates} candidate pairs ` +
    `(fat boxes overlap), ${tightPairs} of them with overlapping tight bounds, ${hits} contacts, ${((world.stats().indexMoves - movesBefore) / frames).toFixed(0)} ` +
    `bodies re-filed per frame; dynamic index ${stats.nodes} nodes, depth ${stats.depth}`,
);
console.log('median ms per frame:');
for (const p of phases) console.log(`  ${p.padEnd(12)} ${med[p].toFixed(2)}`);
console.log(
  `  frame = move + step + read ≈ ${frame.toFixed(2)} ms; inside step (its sync having nothing left): ` +
    `walk ${med.walk.toFixed(2)} + narrow (tight) ${med.tight.toFixed(2)} + bookkeeping ≈ ` +
    `${(med.step - med.walk - med.tight).toFixed(2)} ms; the layout after moves ≈ ` +
    `${(med['walk+layout'] - med.walk).toFixed(2)} ms and the re-filing ${med.sync.toFixed(2)} ms run in a real ` +
    'step() too',
);
