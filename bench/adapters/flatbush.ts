import Flatbush from 'flatbush';
import type { PairSink } from '../pairs.js';
import type { Box, Scene } from '../scenes.js';
import type { ContestantFactory } from './types.js';

/** All the search loop needs of a sink, so the variant below can pass a relay in its place. */
type PairReceiver = Pick<PairSink, 'add'>;

/**
 * flatbush is static: a new index is packed every frame, then searched once per box. The search
 * filter applies the strict test and keeps j > i, and returns false so no result array grows.
 */
class FlatbushContestant {
  checks = 0;

  setup(): void {}

  frame(scene: Scene, sink: PairReceiver): void {
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

/** Hands each pair on as the ids read from its two box objects instead of the array indices. */
class ReadBoxIds implements PairReceiver {
  boxes: readonly Box[] = [];
  sink: PairSink | undefined;

  add(i: number, j: number): void {
    this.sink!.add(this.boxes[i].id, this.boxes[j].id);
  }
}

/**
 * For comparison only: flatbush answering with the pair's objects, as an object-based index
 * does. flatbush reports array indices, so its adapter never reads a box during the search;
 * quadcollide hands the visitor the two objects, and the adapter reads their ids. At 100k items
 * those reads are cache misses, since pairs come in spatial order and the objects lie in memory
 * in creation order. This variant pays the same reads, to show how much of a frame they are.
 */
class FlatbushObjectPairs extends FlatbushContestant {
  private readonly relay = new ReadBoxIds();

  override frame(scene: Scene, sink: PairSink): void {
    this.relay.boxes = scene.boxes;
    this.relay.sink = sink;
    super.frame(scene, this.relay);
  }
}

export const flatbush: ContestantFactory = {
  name: 'flatbush',
  kind: 'peer',
  maxN: Number.POSITIVE_INFINITY,
  notes: 'new Flatbush(n) + add + finish every frame (nodeSize 16), search per box',
  create: () => new FlatbushContestant(),
};

export const flatbushObjectPairs: ContestantFactory = {
  name: 'flatbush (reads box ids)',
  kind: 'variant',
  maxN: Number.POSITIVE_INFINITY,
  notes: 'as flatbush, but each pair is reported by the ids read from its two box objects',
  create: () => new FlatbushObjectPairs(),
};
