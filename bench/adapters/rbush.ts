import RBush from 'rbush';
import type { PairSink } from '../pairs.js';
import type { Scene } from '../scenes.js';
import type { ContestantFactory } from './types.js';

interface Entry {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  id: number;
}

/**
 * rbush's fastest path for "everything moved": refresh the entries' boxes, `clear()` and bulk
 * `load()` every frame, then `search` once per box; results include touching boxes and the box
 * itself, so keep j > i and apply the strict test.
 */
class RBushContestant {
  checks = 0;
  private tree = new RBush<Entry>();
  private entries: Entry[] = [];

  setup(scene: Scene): void {
    this.entries = scene.boxes.map((b) => ({ minX: 0, minY: 0, maxX: 0, maxY: 0, id: b.id }));
  }

  frame(scene: Scene, sink: PairSink): void {
    const { entries, tree } = this;
    const boxes = scene.boxes;
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i];
      const b = boxes[i];
      e.minX = b.x;
      e.minY = b.y;
      e.maxX = b.x + b.width;
      e.maxY = b.y + b.height;
    }
    tree.clear();
    tree.load(entries);
    let checks = 0;
    for (let i = 0; i < entries.length; i++) {
      const a = entries[i];
      const found = tree.search(a);
      for (let k = 0; k < found.length; k++) {
        const b = found[k];
        if (b.id <= i) continue;
        checks++;
        if (a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY) sink.add(i, b.id);
      }
    }
    this.checks = checks;
  }
}

export const rbush: ContestantFactory = {
  name: 'rbush',
  kind: 'peer',
  maxN: Number.POSITIVE_INFINITY,
  notes: 'clear + bulk load every frame (maxEntries 9), search per box',
  create: () => new RBushContestant(),
};
