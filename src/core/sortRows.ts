/**
 * Sorts order[from … from + n − 1], numbers of boxes in `boxes` (box r at 4r … 4r + 3), by the
 * boxes' minimum on `axis` (0: x, 1: y). Heapsort: no allocation, no recursion, n log n whatever
 * the input. (The pair walk sorts a leaf's handed-down rows with it, the searches long internal
 * runs: see pairs.ts, sweepHanded, and longRuns.ts.)
 */
export function sortRows(
  boxes: Float64Array,
  order: Int32Array,
  from: number,
  n: number,
  axis: number,
): void {
  for (let start = (n >> 1) - 1; start >= 0; start--) siftRow(boxes, order, from, start, n, axis);
  for (let end = n - 1; end > 0; end--) {
    const top = order[from];
    order[from] = order[from + end];
    order[from + end] = top;
    siftRow(boxes, order, from, 0, end, axis);
  }
}

function siftRow(
  boxes: Float64Array,
  order: Int32Array,
  from: number,
  root: number,
  n: number,
  axis: number,
): void {
  const row = order[from + root];
  const key = boxes[(row << 2) | axis];
  let i = root;
  for (;;) {
    let child = 2 * i + 1;
    if (child >= n) break;
    if (
      child + 1 < n &&
      boxes[(order[from + child] << 2) | axis] < boxes[(order[from + child + 1] << 2) | axis]
    ) {
      child++;
    }
    if (!(key < boxes[(order[from + child] << 2) | axis])) break;
    order[from + i] = order[from + child];
    i = child;
  }
  order[from + i] = row;
}
