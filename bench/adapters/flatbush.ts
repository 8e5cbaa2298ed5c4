import Flatbush from 'flatbush';
import type { PairSink } from '../pairs.js';
import type { Scene } from '../scenes.js';
import type { ContestantFactory } from './types.js';

/**
 * flatbush is static: a new index is packed every frame, then searched once per box. The search
 * filter applies the strict test and keeps j > i, and returns false so no result array grows.
 */
class FlatbushContestant {
  checks = 0;

  setup(): void {}

  frame(scene: Scene, sink: PairSink): void {
    const boxes = scene.boxes;
    const n = boxes.length;
    const index = new Flatbush(n);
    for (let i = 0; i < n; i++) {
      const b = boxes[i];
      index.add(b.x, b.y, b.x + b.width, b.y + b.height);
    }
    index.finish();
    let checks = 0;
    for (let i = 0; i < n; i++) {
      const b = boxes[i];
      const minX = b.x;
      const minY = b.y;
      const maxX = b.x + b.width;
      const maxY = b.y + b.height;
      index.search(minX, minY, maxX, maxY, (j, x0, y0, x1, y1) => {
        if (j > i) {
          checks++;
          if (x0 < maxX && minX < x1 && y0 < maxY && minY < y1) sink.add(i, j);
        }
        return false;
      });
    }
    this.checks = checks;
  }
}

export const flatbush: ContestantFactory = {
  name: 'flatbush',
  kind: 'peer',
  maxN: Number.POSITIVE_INFINITY,
  notes: 'new Flatbush(n) + add + finish every frame (nodeSize 16), search per box',
  create: () => new FlatbushContestant(),
};
