import { overlaps } from '../pairs.js';
import type { ContestantFactory } from './types.js';

/** Every pair tested: n(n-1)/2 checks. The reference answer wherever it is affordable. */
export const bruteForce: ContestantFactory = {
  name: 'brute force',
  kind: 'baseline',
  maxN: 10_000,
  notes: 'all n(n-1)/2 pairs tested',
  create() {
    return {
      checks: 0,
      setup() {},
      frame(scene, sink) {
        const boxes = scene.boxes;
        const n = boxes.length;
        for (let i = 0; i < n; i++) {
          const a = boxes[i];
          for (let j = i + 1; j < n; j++) {
            if (overlaps(a, boxes[j])) sink.add(i, j);
          }
        }
        this.checks = (n * (n - 1)) / 2;
      },
    };
  },
};
