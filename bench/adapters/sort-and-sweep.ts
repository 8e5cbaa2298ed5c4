import type { Scene } from '../scenes.js';
import type { ContestantFactory } from './types.js';

/**
 * Plain sort-and-sweep on x. The order from the previous frame is kept and fixed up with an insertion
 * sort, which is near-linear because boxes move little per frame; then each box is tested against the
 * boxes whose left edge lies before its right edge. A strong baseline at small N.
 */
class SortAndSweep {
  checks = 0;
  private order = new Int32Array(0);
  private keys = new Float64Array(0);
  // box edges copied in sweep order so the inner loop reads contiguous memory
  private minX = new Float64Array(0);
  private maxX = new Float64Array(0);
  private minY = new Float64Array(0);
  private maxY = new Float64Array(0);
  private ids = new Int32Array(0);

  setup(scene: Scene): void {
    const n = scene.boxes.length;
    this.order = Int32Array.from({ length: n }, (_, i) => i);
    this.keys = new Float64Array(n);
    this.minX = new Float64Array(n);
    this.maxX = new Float64Array(n);
    this.minY = new Float64Array(n);
    this.maxY = new Float64Array(n);
    this.ids = new Int32Array(n);
    this.readKeys(scene);
    const keys = this.keys;
    this.order.sort((a, b) => keys[a] - keys[b]);
  }

  frame(scene: Scene, sink: { add(i: number, j: number): void }): void {
    this.readKeys(scene);
    this.insertionSort();
    this.copyEdges(scene);
    this.sweep(sink);
  }

  private readKeys(scene: Scene): void {
    const boxes = scene.boxes;
    for (let i = 0; i < boxes.length; i++) this.keys[i] = boxes[i].x;
  }

  private insertionSort(): void {
    const { order, keys } = this;
    for (let k = 1; k < order.length; k++) {
      const id = order[k];
      const key = keys[id];
      let m = k - 1;
      while (m >= 0 && keys[order[m]] > key) {
        order[m + 1] = order[m];
        m--;
      }
      order[m + 1] = id;
    }
  }

  private copyEdges(scene: Scene): void {
    const boxes = scene.boxes;
    for (let k = 0; k < this.order.length; k++) {
      const box = boxes[this.order[k]];
      this.ids[k] = box.id;
      this.minX[k] = box.x;
      this.maxX[k] = box.x + box.width;
      this.minY[k] = box.y;
      this.maxY[k] = box.y + box.height;
    }
  }

  private sweep(sink: { add(i: number, j: number): void }): void {
    const { minX, maxX, minY, maxY, ids } = this;
    const n = ids.length;
    let checks = 0;
    for (let k = 0; k < n; k++) {
      const right = maxX[k];
      const left = minX[k];
      const top = minY[k];
      const bottom = maxY[k];
      for (let m = k + 1; m < n && minX[m] < right; m++) {
        checks++;
        if (left < maxX[m] && top < maxY[m] && minY[m] < bottom) sink.add(ids[k], ids[m]);
      }
    }
    this.checks = checks;
  }
}

export const sortAndSweep: ContestantFactory = {
  name: 'sort-and-sweep',
  kind: 'baseline',
  maxN: Number.POSITIVE_INFINITY,
  notes: 'x order kept between frames (insertion sort), sweep with strict test',
  create: () => new SortAndSweep(),
};
