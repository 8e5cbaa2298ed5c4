import { QuadIndex, Quadtree } from '../../src/index.js';
import type { PairSink } from '../pairs.js';
import type { Box, Scene } from '../scenes.js';
import type { Contestant, ContestantFactory } from './types.js';

/** Re-exported so the query and update benchmarks reach the tree through this one loadable module. */
export { QuadIndex, Quadtree };

/** Shared by both modes: the pair visitor is created once, so a frame allocates nothing here. */
abstract class QuadcollideContestant implements Contestant {
  checks = 0;
  protected tree: Quadtree<Box> | undefined;
  private sink: PairSink | undefined;
  private readonly visit = (a: Box, b: Box): void => {
    this.sink!.add(a.id, b.id);
  };

  setup(scene: Scene): void {
    this.tree = new Quadtree<Box>(scene.world);
  }

  frame(scene: Scene, sink: PairSink): void {
    const tree = this.tree!;
    this.bringUpToDate(tree, scene);
    this.sink = sink;
    tree.forEachPair(this.visit);
    this.checks = tree.lastChecks;
  }

  protected abstract bringUpToDate(tree: Quadtree<Box>, scene: Scene): void;
}

/** The simplest use: throw the tree away every frame (`clear` keeps its memory for reuse). */
class Rebuild extends QuadcollideContestant {
  protected bringUpToDate(tree: Quadtree<Box>, scene: Scene): void {
    tree.clear();
    tree.insert(scene.boxes);
  }
}

/** Items stay in the tree; only moved ones are re-placed (`refresh` when everything moved). */
class Persistent extends QuadcollideContestant {
  override setup(scene: Scene): void {
    super.setup(scene);
    this.tree!.insert(scene.boxes);
  }

  protected bringUpToDate(tree: Quadtree<Box>, scene: Scene): void {
    const { moved, movedCount, boxes } = scene;
    if (movedCount === boxes.length) {
      tree.refresh();
      return;
    }
    for (let k = 0; k < movedCount; k++) tree.update(boxes[moved[k]]);
  }
}

export const quadcollideRebuild: ContestantFactory = {
  name: 'quadcollide (rebuild)',
  kind: 'quadcollide',
  maxN: Number.POSITIVE_INFINITY,
  notes: 'clear + insert(all) + forEachPair every frame; default options',
  create: () => new Rebuild(),
};

export const quadcollidePersistent: ContestantFactory = {
  name: 'quadcollide (update)',
  kind: 'quadcollide',
  maxN: Number.POSITIVE_INFINITY,
  notes: 'insert once; update(moved) or refresh() when all moved; forEachPair; default options',
  create: () => new Persistent(),
};

/**
 * The integer-id core as an ECS or particle system uses it: boxes live in one Float64Array
 * (4 numbers per id), `moveAll` takes it whole once a frame, and pairs come back as ids. Ids are
 * the boxes' indices (added in order). The copy from the scene's objects into the array is part
 * of the timed frame, as it would be for a game that keeps objects.
 */
class Ids implements Contestant {
  checks = 0;
  private index: QuadIndex | undefined;
  private boxes = new Float64Array(0);
  private sink: PairSink | undefined;
  private readonly visit = (a: number, b: number): void => {
    this.sink!.add(a, b);
  };

  setup(scene: Scene): void {
    const index = new QuadIndex(scene.world);
    index.reserve(scene.boxes.length);
    for (const b of scene.boxes) index.add(b.x, b.y, b.x + b.width, b.y + b.height);
    this.index = index;
    this.boxes = new Float64Array(4 * scene.boxes.length);
  }

  /** The boxes array is the user's data (an ECS's position components), not the index's. */
  userBytes(): number {
    return this.boxes.byteLength;
  }

  frame(scene: Scene, sink: PairSink): void {
    const { moved, movedCount, boxes: source } = scene;
    const boxes = this.boxes;
    for (let k = 0; k < movedCount; k++) {
      const id = moved[k];
      const s = source[id];
      const o = id << 2;
      boxes[o] = s.x;
      boxes[o + 1] = s.y;
      boxes[o + 2] = s.x + s.width;
      boxes[o + 3] = s.y + s.height;
    }
    const index = this.index!;
    if (movedCount === source.length) index.moveAll(boxes);
    else
      for (let k = 0; k < movedCount; k++) {
        const o = moved[k] << 2;
        index.move(moved[k], boxes[o], boxes[o + 1], boxes[o + 2], boxes[o + 3]);
      }
    this.sink = sink;
    this.checks = index.forEachPair(this.visit);
  }
}

export const quadcollideIds: ContestantFactory = {
  name: 'quadcollide ids',
  kind: 'quadcollide',
  maxN: Number.POSITIVE_INFINITY,
  notes:
    'QuadIndex: add once; moveAll(Float64Array) when all moved, else move(id) per moved box; forEachPair(ids)',
  create: () => new Ids(),
};
