import { Quadtree } from '../../src/index.js';
import type { PairSink } from '../pairs.js';
import type { Box, Scene } from '../scenes.js';
import type { Contestant, ContestantFactory } from './types.js';

/** Re-exported so the query and update benchmarks reach the tree through this one loadable module. */
export { Quadtree };

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
