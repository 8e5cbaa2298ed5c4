import { Quadtree, Rectangle } from '@timohausmann/quadtree-ts';
import type { PairSink } from '../pairs.js';
import { overlaps } from '../pairs.js';
import type { Box, Scene } from '../scenes.js';
import { TIMOHAUSMANN_MAX_OBJECTS, timohausmannLevels } from './tuning.js';
import type { ContestantFactory } from './types.js';

/**
 * quadtree-ts wants shapes with a `qtIndex` method, so each box gets a `Rectangle` carrying it as
 * `data`; positions are copied in every frame (as a game syncing its entities would). Then the same
 * loop as quadtree-js: clear, insert all, retrieve per box, strict test.
 */
class QuadtreeTsContestant {
  checks = 0;
  private tree: Quadtree<Rectangle<Box>> | undefined;
  private shapes: Rectangle<Box>[] = [];

  setup(scene: Scene): void {
    this.tree = new Quadtree<Rectangle<Box>>({
      ...scene.world,
      maxObjects: TIMOHAUSMANN_MAX_OBJECTS,
      maxLevels: timohausmannLevels(scene.boxes.length),
    });
    this.shapes = scene.boxes.map((box) => new Rectangle<Box>({ ...box, data: box }));
  }

  frame(scene: Scene, sink: PairSink): void {
    const tree = this.tree!;
    const { shapes } = this;
    const boxes = scene.boxes;
    tree.clear();
    for (let i = 0; i < shapes.length; i++) {
      const shape = shapes[i];
      shape.x = boxes[i].x;
      shape.y = boxes[i].y;
      tree.insert(shape);
    }
    let checks = 0;
    for (let i = 0; i < shapes.length; i++) {
      const a = boxes[i];
      const candidates = tree.retrieve(shapes[i]);
      for (let k = 0; k < candidates.length; k++) {
        const b = candidates[k].data!;
        if (b.id <= i) continue;
        checks++;
        if (overlaps(a, b)) sink.add(i, b.id);
      }
    }
    this.checks = checks;
  }
}

export const quadtreeTs: ContestantFactory = {
  name: 'quadtree-ts',
  kind: 'peer',
  maxN: Number.POSITIVE_INFINITY,
  notes: 'Rectangle per box; clear + insert all + retrieve per box; same tuning as quadtree-js',
  create: () => new QuadtreeTsContestant(),
};
