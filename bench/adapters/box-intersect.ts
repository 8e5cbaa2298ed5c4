import boxIntersect from 'box-intersect';
import type { PairSink } from '../pairs.js';
import type { Scene } from '../scenes.js';
import type { ContestantFactory } from './types.js';

/**
 * box-intersect (Zomorodian–Edelsbrunner streamed segment trees): the npm library made for "all
 * intersecting pairs of a list of boxes". It keeps no index between calls; each frame the box
 * arrays (allocated once, updated in place) are handed to it whole. Its boxes are closed, so the
 * visitor applies the strict test before reporting.
 */
class BoxIntersectContestant {
  checks = 0;
  private boxes: number[][] = [];
  private sink: PairSink | undefined;
  private readonly visit = (i: number, j: number): void => {
    this.checks++;
    const a = this.boxes[i];
    const b = this.boxes[j];
    if (a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]) this.sink!.add(i, j);
  };

  setup(scene: Scene): void {
    this.boxes = scene.boxes.map(() => [0, 0, 0, 0]);
  }

  frame(scene: Scene, sink: PairSink): void {
    const source = scene.boxes;
    const boxes = this.boxes;
    for (let i = 0; i < source.length; i++) {
      const s = source[i];
      const b = boxes[i];
      b[0] = s.x;
      b[1] = s.y;
      b[2] = s.x + s.width;
      b[3] = s.y + s.height;
    }
    this.sink = sink;
    this.checks = 0;
    boxIntersect(boxes, this.visit);
  }
}

export const boxIntersectPeer: ContestantFactory = {
  name: 'box-intersect',
  kind: 'peer',
  maxN: Number.POSITIVE_INFINITY,
  notes: 'boxIntersect(boxes, visit) every frame on box arrays updated in place; strict test in the visitor',
  create: () => new BoxIntersectContestant(),
};
