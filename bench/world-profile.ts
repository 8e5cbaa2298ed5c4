/**
 * Where a World frame's time goes, on the World benchmark's scene: a diagnostic for optimizing
 * `World.step()`, not part of `npm run bench`.
 *
 *   node --import tsx bench/world-profile.ts [N=10000] [frames=60]
 *
 * Each frame is split into phases timed one after the other on the same world:
 *   move      setPosition (+ angle) on every body (the caller's share of a frame)
 *   sync      re-filing the bodies that left their fat box (what step() does first)
 *   walk      the dynamic index's pair walk with an empty visitor, twice: the first call also
 *             lays out the walk's node-ordered copy after the moves, the second is the walk alone
 *   narrow    collide() on every candidate pair of that walk, into one Contact (no bookkeeping)
 *   tight     the same, skipping pairs whose tight shape bounds do not overlap (what a bounds test
 *             before collide() would save; the margin makes fat boxes overlap far more often)
 *   step      world.step() itself (its sync finds nothing left to do; it walks again and runs
 *             the narrow phase again, plus the contact table, pool, sort and started/stayed split)
 *   read      every contact's ids, normal and depth
 * "step − walk − narrow" is then the World's own bookkeeping. To split step() this reaches into
 * private fields of World (`broad`): it is a measurement tool, and breaks when they are renamed.
 */
import { performance } from 'node:perf_hooks';
import { Contact, collide, type QuadIndex, type Shape } from '../src/index.js';
import { QuadcollideWorld } from './adapters/world-quadcollide.js';
import { ContactSink } from './contacts.js';
import { median } from './stats.js';
import { createShapeScene } from './world-scene.js';

interface Internals {
  broad: { sync(): void; dynamic: { index: QuadIndex; bodies: ({ shape: Shape } | undefined)[] } };
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
function narrowTight(): number {
  let hits = 0;
  let tight = 0;
  for (let k = 0; k < candidates; k++) {
    const a = proxies[candidateA[k]]!.shape;
    const b = proxies[candidateB[k]]!.shape;
    const ba = a.bounds;
    const bb = b.bounds;
    if (!(ba.minX < bb.maxX && bb.minX < ba.maxX && ba.minY < bb.maxY && bb.minY < ba.maxY)) continue;
    tight++;
    if (collide(a, b, contact)) hits++;
  }
  tightPairs = tight;
  return hits;
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
    `walk ${med.walk.toFixed(2)} + narrow ${med.narrow.toFixed(2)} + bookkeeping ≈ ` +
    `${(med.step - med.walk - med.narrow).toFixed(2)} ms; the layout after moves ≈ ` +
    `${(med['walk+layout'] - med.walk).toFixed(2)} ms and the re-filing ${med.sync.toFixed(2)} ms run in a real ` +
    'step() too',
);
