/*
 * The sorts the index needs: box numbers by a coordinate, and plain ints. No allocation but the
 * growth of one scratch array for merges, kept for the next sort.
 */

/**
 * Sorts order[from … from + n − 1], numbers of boxes in `boxes` (box r at 4r … 4r + 3), by the
 * boxes' minimum on `axis` (0: x, 1: y). No recursion; allocation only to grow one scratch array.
 * Rows that come as a few ascending runs are merged: a row of tiles added from left to right
 * (whose ids, and so slots, ascend along it) in one pass, or as the pair walk's corner groups of
 * it (see pairs.ts, sweepHanded), or with a few boxes that joined the run since (16,000 tiles:
 * 1.7 ms to heapsort). Anything else is heapsorted: n log n whatever the input. (The pair walk
 * sorts a leaf's handed-down rows with it, the searches long internal runs: see longRuns.ts.)
 */
export function sortRows(
  boxes: Float64Array,
  order: Int32Array,
  from: number,
  n: number,
  axis: number,
): void {
  // The ascending runs' starts, up to MAX_RUNS of them.
  let runs = 1;
  runStarts[0] = from;
  for (let k = from + 1; k < from + n; k++) {
    if (boxes[(order[k] << 2) | axis] < boxes[(order[k - 1] << 2) | axis]) {
      if (runs === MAX_RUNS) {
        heapsortRows(boxes, order, from, n, axis);
        return;
      }
      runStarts[runs++] = k;
    }
  }
  runStarts[runs] = from + n;
  // Merge neighbours until one run is left (log runs passes).
  while (runs > 1) {
    let kept = 0;
    for (let i = 0; i < runs; i += 2) {
      if (i + 1 < runs) mergeRuns(boxes, order, runStarts[i], runStarts[i + 1], runStarts[i + 2], axis);
      runStarts[kept++] = runStarts[i];
    }
    runStarts[kept] = from + n;
    runs = kept;
  }
}

/** Beyond this many ascending runs, {@link sortRows} heapsorts. */
const MAX_RUNS = 16;
const runStarts = new Int32Array(MAX_RUNS + 1);
/** Scratch for {@link mergeRuns}: the left run, copied out. */
let mergeBuffer = new Int32Array(64);

/** Merges the ascending runs order[a … b − 1] and order[b … c − 1] into order[a … c − 1]. */
function mergeRuns(
  boxes: Float64Array,
  order: Int32Array,
  a: number,
  b: number,
  c: number,
  axis: number,
): void {
  const left = b - a;
  if (mergeBuffer.length < left) mergeBuffer = new Int32Array(Math.max(left, 2 * mergeBuffer.length));
  const buffer = mergeBuffer;
  for (let i = 0; i < left; i++) buffer[i] = order[a + i];
  let i = 0;
  let j = b;
  let k = a;
  while (i < left && j < c) {
    // The right run's row first only when it is strictly less: the walk never relied on ties' order.
    if (boxes[(order[j] << 2) | axis] < boxes[(buffer[i] << 2) | axis]) order[k++] = order[j++];
    else order[k++] = buffer[i++];
  }
  while (i < left) order[k++] = buffer[i++];
}

/** Heapsort of order[from … from + n − 1] by the boxes' minimum on `axis`. */
function heapsortRows(boxes: Float64Array, order: Int32Array, from: number, n: number, axis: number): void {
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
