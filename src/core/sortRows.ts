/*
 * The sorts the index needs without allocating: box numbers by a coordinate, and plain ints.
 */

/**
 * Sorts order[from … from + n − 1], numbers of boxes in `boxes` (box r at 4r … 4r + 3), by the
 * boxes' minimum on `axis` (0: x, 1: y). Heapsort: no allocation, no recursion, n log n whatever
 * the input, after one pass that returns if they are in order already (a row of tiles added from
 * left to right, whose ids, and so slots, ascend along the row: 16,000 of them took 1.7 ms to
 * heapsort). (The pair walk sorts a leaf's handed-down rows with it, the searches long internal
 * runs: see pairs.ts, sweepHanded, and longRuns.ts.)
 */
export function sortRows(
  boxes: Float64Array,
  order: Int32Array,
  from: number,
  n: number,
  axis: number,
): void {
  let k = 1;
  while (k < n && !(boxes[(order[from + k] << 2) | axis] < boxes[(order[from + k - 1] << 2) | axis])) k++;
  if (k >= n) return;
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

/**
 * Sorts a[0 … n − 1] ascending: insertion for a few (a search's hits near a row, mostly), else
 * heapsort. No allocation, no recursion.
 */
export function sortInts(a: Int32Array, n: number): void {
  if (n <= 16) {
    for (let i = 1; i < n; i++) {
      const v = a[i];
      let j = i;
      for (; j > 0 && a[j - 1] > v; j--) a[j] = a[j - 1];
      a[j] = v;
    }
    return;
  }
  for (let start = (n >> 1) - 1; start >= 0; start--) siftInt(a, start, n);
  for (let end = n - 1; end > 0; end--) {
    const top = a[0];
    a[0] = a[end];
    a[end] = top;
    siftInt(a, 0, end);
  }
}

function siftInt(a: Int32Array, root: number, n: number): void {
  const v = a[root];
  let i = root;
  for (;;) {
    let child = 2 * i + 1;
    if (child >= n) break;
    if (child + 1 < n && a[child] < a[child + 1]) child++;
    if (!(v < a[child])) break;
    a[i] = a[child];
    i = child;
  }
  a[i] = v;
}
