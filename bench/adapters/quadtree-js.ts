import Quadtree from '@timohausmann/quadtree-js';
import type { PairSink } from '../pairs.js';
import { overlaps } from '../pairs.js';
import type { Box, Scene } from '../scenes.js';
import { TIMOHAUSMANN_MAX_OBJECTS, timohausmannLevels } from './tuning.js';
import type { ContestantFactory } from './types.js';

/** The README's game loop: clear, insert everything, retrieve candidates per box, test them. */
class QuadtreeJsContestant {
  checks = 0;
  private tree: Quadtree | undefined;

  setup(scene: Scene): void {
    const levels = timohausmannLevels(scene.boxes.length);
    this.tree = new Quadtree({ ...scene.world }, TIMOHAUSMANN_MAX_OBJECTS, levels);
  }

  frame(scene: Scene, sink: PairSink): void {
    const tree = this.tree!;
    const boxes = scene.boxes;
    tree.clear();
    for (let i = 0; i < boxes.length; i++) tree.insert(boxes[i]);
    let checks = 0;
    for (let i = 0; i < boxes.length; i++) {
      const a = boxes[i];
      const candidates = tree.retrieve<Box>(a);
      for (let k = 0; k < candidates.length; k++) {
        const b = candidates[k];
        if (b.id <= i) continue;
        checks++;
        if (overlaps(a, b)) sink.add(i, b.id);
      }
    }
    this.checks = checks;
  }
}

export const quadtreeJs: ContestantFactory = {
  name: 'quadtree-js',
  kind: 'peer',
  maxN: Number.POSITIVE_INFINITY,
  notes: 'clear + insert all + retrieve per box; maxObjects 10, maxLevels ceil(log4(n/10)) (min 4)',
  create: () => new QuadtreeJsContestant(),
};
