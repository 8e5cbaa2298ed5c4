/**
 * Cost of bringing an index up to date when 10% or 100% of the items moved (no pair search): a
 * persistent quadcollide tree (`update` per moved item, or `refresh()`), against rebuilding it and
 * against the peers' own ways (flatbush build, rbush load or remove+insert, detect-collisions
 * setPosition).
 */
import { performance } from 'node:perf_hooks';
import { type Box as Body, System } from 'detect-collisions';
import Flatbush from 'flatbush';
import RBush from 'rbush';
import type { QuadcollideModule } from './contestants.js';
import type { UpdateResult } from './model.js';
import { type Box, createScene, mulberry32, type Scene } from './scenes.js';
import { median } from './stats.js';

const WARMUP_FRAMES = 3;
const TIMED_FRAMES = 10;
const MOVED_SHARES = [0.1, 1];

interface Updater {
  name: string;
  /** only for some shares (rbush remove+insert at 100% is pointless) */
  maxShare: number;
  apply(scene: Scene): void;
  /** problems found after the run (persistent structures are validated) */
  check?(): string | undefined;
}

interface Entry {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

function quadcollideUpdaters(module: QuadcollideModule, scene: Scene): Updater[] {
  const updated = new module.Quadtree<Box>(scene.world);
  updated.insert(scene.boxes);
  const refreshed = new module.Quadtree<Box>(scene.world);
  refreshed.insert(scene.boxes);
  const rebuilt = new module.Quadtree<Box>(scene.world);
  const validate = (tree: InstanceType<QuadcollideModule['Quadtree']>, name: string) => {
    try {
      tree.validate();
      return undefined;
    } catch (error) {
      return `${name}: validate() failed: ${String(error)}`;
    }
  };
  return [
    {
      name: 'quadcollide update(moved)',
      maxShare: 1,
      apply(s) {
        for (let k = 0; k < s.movedCount; k++) updated.update(s.boxes[s.moved[k]]);
      },
      check: () => validate(updated, 'quadcollide update(moved)'),
    },
    {
      name: 'quadcollide refresh()',
      maxShare: 1,
      apply() {
        refreshed.refresh();
      },
      check: () => validate(refreshed, 'quadcollide refresh()'),
    },
    {
      name: 'quadcollide clear + insert(all)',
      maxShare: 1,
      apply(s) {
        rebuilt.clear();
        rebuilt.insert(s.boxes);
      },
    },
  ];
}

function entryOf(box: Box): Entry {
  return { minX: box.x, minY: box.y, maxX: box.x + box.width, maxY: box.y + box.height };
}

function setEntry(entry: Entry, box: Box): void {
  entry.minX = box.x;
  entry.minY = box.y;
  entry.maxX = box.x + box.width;
  entry.maxY = box.y + box.height;
}

function peerUpdaters(scene: Scene): Updater[] {
  const loaded = new RBush<Entry>();
  const loadEntries = scene.boxes.map(entryOf);
  const persistent = new RBush<Entry>();
  const persistentEntries = scene.boxes.map(entryOf);
  persistent.load(persistentEntries);
  const system = new System();
  const bodies = scene.boxes.map((b) => system.createBox({ x: b.x, y: b.y }, b.width, b.height) as Body);
  return [
    {
      name: 'flatbush new + add + finish',
      maxShare: 1,
      apply(s) {
        const index = new Flatbush(s.boxes.length);
        for (const b of s.boxes) index.add(b.x, b.y, b.x + b.width, b.y + b.height);
        index.finish();
      },
    },
    {
      name: 'rbush clear + load',
      maxShare: 1,
      apply(s) {
        for (let i = 0; i < loadEntries.length; i++) setEntry(loadEntries[i], s.boxes[i]);
        loaded.clear();
        loaded.load(loadEntries);
      },
    },
    {
      name: 'rbush remove + insert(moved)',
      maxShare: 0.1,
      apply(s) {
        for (let k = 0; k < s.movedCount; k++) {
          const entry = persistentEntries[s.moved[k]];
          persistent.remove(entry);
          setEntry(entry, s.boxes[s.moved[k]]);
          persistent.insert(entry);
        }
      },
    },
    {
      name: 'detect-collisions setPosition(moved)',
      // ~2 s per frame at 100k when everything moves; the all-pairs table already covers that case
      maxShare: 0.1,
      apply(s) {
        for (let k = 0; k < s.movedCount; k++) {
          const box = s.boxes[s.moved[k]];
          bodies[box.id].setPosition(box.x, box.y);
        }
      },
    },
  ];
}

/** A fresh random subset of the ids each frame (partial Fisher–Yates, seeded). */
function pickMoved(ids: Int32Array, count: number, random: () => number): void {
  for (let k = 0; k < count; k++) {
    const j = k + Math.floor(random() * (ids.length - k));
    const t = ids[k];
    ids[k] = ids[j];
    ids[j] = t;
  }
}

function runShare(
  module: QuadcollideModule,
  n: number,
  share: number,
  progress: (m: string) => void,
): UpdateResult {
  const scene = createScene('uniform', n);
  const updaters = [...quadcollideUpdaters(module, scene), ...peerUpdaters(scene)].filter(
    (u) => share <= u.maxShare,
  );
  const times = updaters.map((): number[] => []);
  const ids = Int32Array.from({ length: n }, (_, i) => i);
  const random = mulberry32(11);
  const movedCount = Math.round(n * share);
  for (let frame = 0; frame < WARMUP_FRAMES + TIMED_FRAMES; frame++) {
    pickMoved(ids, movedCount, random);
    scene.stepSubset(ids, movedCount);
    for (let k = 0; k < updaters.length; k++) {
      const index = (k + frame) % updaters.length;
      const start = performance.now();
      updaters[index].apply(scene);
      if (frame >= WARMUP_FRAMES) times[index].push(performance.now() - start);
    }
    progress(`update N=${n} moved=${share * 100}%: frame ${frame + 1}/${WARMUP_FRAMES + TIMED_FRAMES}`);
  }
  const mismatches = updaters.map((u) => u.check?.()).filter((m): m is string => m !== undefined);
  return {
    n,
    movedShare: share,
    rows: updaters.map((u, i) => ({ name: u.name, medianMs: median(times[i]) })),
    mismatches,
  };
}

export function runUpdateBenchmark(
  module: QuadcollideModule,
  n: number,
  progress: (message: string) => void,
): UpdateResult[] {
  return MOVED_SHARES.map((share) => runShare(module, n, share, progress));
}
