/**
 * How much of a contestant's time in the benchmark is the other contestants' doing: each selected
 * contestant timed alone (its frames back to back, on a scene of its own), then every contestant
 * of the section interleaved in a shuffled order, as `npm run bench` runs them, in one process.
 * A diagnostic, not part of `npm run bench`; it checks no answers (the bench does).
 *
 *   node --import tsx/esm bench/alone.ts pairs [scene=uniform] [N=10000] [names=flatbush,box-intersect,quadcollide ids]
 *   node --import tsx/esm bench/alone.ts world [N=10000]
 *
 * Why it matters: in the bench a frame follows other libraries' frames, which leave the caches
 * full of their data and the GC with their garbage. A contestant that keeps its structure from
 * frame to frame (ours) pays for it; one that builds anew in fresh memory every frame (flatbush,
 * box-intersect) loses little. Probed, it is the garbage more than the data: see bench/README.md,
 * "Reading the tables".
 */
import { performance } from 'node:perf_hooks';
import { detectCollisionsPaddedWorld, detectCollisionsWorld } from './adapters/world-detect-collisions.js';
import { quadcollideWorld } from './adapters/world-quadcollide.js';
import { ContactSink } from './contacts.js';
import { allContestants, loadQuadcollide } from './contestants.js';
import { PairSink } from './pairs.js';
import { createScene, mulberry32, SCENE_NAMES, type SceneName } from './scenes.js';
import { median } from './stats.js';
import { createShapeScene } from './world-scene.js';

const ALONE = { warmup: 60, timed: 100 };
const TOGETHER = { warmup: 20, timed: 40 };

/** A scene as far as this needs it: advanced once a frame. */
interface Stepped {
  step(): void;
}

/** One contestant: a fresh instance on `scene`, returned as its timed frame. */
interface Player<S extends Stepped> {
  name: string;
  start(scene: S): () => void;
}

/**
 * Prints the median ms per frame of each selected player alone, on a scene of its own, and of
 * every player interleaved on one scene (a fresh shuffled order each frame, as in the bench).
 */
function measure<S extends Stepped>(
  newScene: () => S,
  players: readonly Player<S>[],
  selected: readonly Player<S>[],
): void {
  const alone = new Map<Player<S>, number>();
  for (const player of selected) {
    const scene = newScene();
    const frame = player.start(scene);
    const times: number[] = [];
    for (let f = 0; f < ALONE.warmup + ALONE.timed; f++) {
      scene.step();
      const start = performance.now();
      frame();
      if (f >= ALONE.warmup) times.push(performance.now() - start);
    }
    alone.set(player, median(times));
  }
  const scene = newScene();
  const runs = players.map((player) => ({ player, frame: player.start(scene), times: [] as number[] }));
  for (let f = 0; f < TOGETHER.warmup + TOGETHER.timed; f++) {
    scene.step();
    const order = runs.slice();
    const random = mulberry32(0x5eed + f);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const run of order) {
      const start = performance.now();
      run.frame();
      if (f >= TOGETHER.warmup) run.times.push(performance.now() - start);
    }
  }
  console.log('| contestant | alone ms | interleaved ms | interleaved / alone |');
  console.log('| --- | --- | --- | --- |');
  for (const run of runs) {
    const a = alone.get(run.player);
    if (a === undefined) continue;
    const t = median(run.times);
    console.log(`| ${run.player.name} | ${a.toFixed(3)} | ${t.toFixed(3)} | ${(t / a).toFixed(2)} |`);
  }
  console.log(`(interleaved with: ${players.map((p) => p.name).join(', ')})`);
}

async function pairs(args: readonly string[]): Promise<void> {
  const sceneName = (args[0] ?? 'uniform') as SceneName;
  if (!SCENE_NAMES.includes(sceneName))
    throw new Error(`unknown scene ${sceneName}; one of ${SCENE_NAMES.join(', ')}`);
  const n = Number(args[1] ?? 10_000);
  const names = (args[2] ?? 'flatbush,box-intersect,quadcollide ids').split(',');
  // The contestants the bench runs at this N (brute force too, up to 10k: 0.3 s a frame there).
  const factories = allContestants(await loadQuadcollide()).filter((f) => n <= f.maxN);
  const sink = new PairSink();
  const players = factories.map((factory) => ({
    name: factory.name,
    start(scene: ReturnType<typeof createScene>) {
      const contestant = factory.create();
      contestant.setup(scene);
      return () => {
        sink.reset();
        contestant.frame(scene, sink);
      };
    },
  }));
  const selected = players.filter((p) => names.includes(p.name));
  if (selected.length === 0) throw new Error(`no contestant named ${names.join(' or ')}`);
  console.log(`pairs, ${sceneName}, N = ${n}`);
  measure(() => createScene(sceneName, n), players, selected);
}

function world(args: readonly string[]): void {
  const n = Number(args[0] ?? 10_000);
  const sink = new ContactSink();
  const players = [detectCollisionsWorld, detectCollisionsPaddedWorld, quadcollideWorld].map((factory) => ({
    name: factory.name,
    start(scene: ReturnType<typeof createShapeScene>) {
      const contestant = factory.create(scene);
      return () => {
        sink.reset();
        contestant.frame(scene.pose, sink);
      };
    },
  }));
  console.log(`world, N = ${n}`);
  measure(() => createShapeScene(n), players, players);
}

const [section, ...rest] = process.argv.slice(2);
if (section === 'pairs') await pairs(rest);
else if (section === 'world') world(rest);
else throw new Error('usage: node --import tsx/esm bench/alone.ts pairs [scene] [N] [names] | world [N]');
