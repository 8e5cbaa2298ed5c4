import type { TreeArrays } from './arrays.js';
import type { Scratch } from './scratch.js';
import { sortInts, sortRows } from './sortRows.js';
import type { IdVisitor } from './types.js';

/*
 * Searches, rays, sweeps and nearest searches through the long runs of internal nodes. An internal
 * node holds the boxes that cross its midlines, and a walk that reaches them tested them all: a row of tiles
 * along the root's midline (a floor at y = 0 in a world centred on the origin) made every query
 * near the floor test every tile, 55 µs a query at 16,000 tiles for two hits. A long run searched
 * often enough gets a sorted view instead, in which a search tests only the boxes near its area:
 *   group 0, the boxes that cross the node's vertical midline, sorted by their minimum y (a column
 *            of boxes spreads along y), and
 *   group 1, the others, which cross the horizontal midline only, sorted by their minimum x.
 * Within a group, a box can overlap the area only if its minimum lies between the area's minimum
 * less the group's largest extent on that axis and the area's maximum: two binary searches. (The
 * grouping only makes the ranges short; any grouping would be exact.)
 */

/** From this many boxes on, an internal node's run may get a sorted view. */
export const LONG_RUN = 128;

/**
 * Linear scans of a long run, in one layout, before a search sorts it: a sort costs a few scans,
 * and an index moved every frame and searched once between moves would pay for it every frame.
 */
const SCANS_BEFORE_SORT = 4;

/** {@link LongRuns.scans} of a node whose run is sorted. */
const SORTED = -1;

/** Sorted views of the long runs of one layout (see above), made as searches need them. */
export class LongRuns {
  /**
   * For each node n with a sorted view: positions runStart[n] … runStart[n] + nodeCount[n] − 1
   * hold its run's slots, group 0 by minimum y, then group 1 by minimum x.
   */
  order = new Int32Array(0);
  /** Per node: the layout (TreeArrays.layouts) its scans and view belong to. */
  stamp = new Int32Array(0);
  /** Per node: linear scans of its run in that layout, or {@link SORTED}. */
  scans = new Int32Array(0);
  /** Per node with a sorted view: the size of group 0. */
  split = new Int32Array(0);
  /** Per node with a sorted view: group 0's largest height, then group 1's largest width. */
  extent = new Float64Array(0);
  /**
   * Per node with a sorted view, where each group lies across its sort axis: group 0's least
   * minimum x and greatest maximum x, then group 1's least minimum y and greatest maximum y.
   */
  band = new Float64Array(0);
  /**
   * Per node: the order of its last sorted view, as offsets into its run (position k held slot
   * runStart[n] + kept[n][k]), so that the view can be checked and taken over after the next
   * layout (see {@link viewOf}). A layout puts a run's ids back in ascending order, so a run whose
   * boxes did not change (the tiles of a floor, while other things move) lays out the same.
   */
  kept: (Int32Array | undefined)[] = [];
  /** What {@link groupRange} found: positions from … to − 1 of {@link order}. */
  from = 0;
  to = 0;

  /**
   * Room for every slot and node of `tree`. New arrays hold no view: a tree can grow its storage
   * without a new layout (`reserve`), and a view whose order was dropped must be made again.
   */
  fit(tree: TreeArrays): void {
    if (this.order.length < tree.itemCapacity || this.stamp.length < tree.nodeCapacity) {
      // (Stamps start at 0, a layout no node's counters belong to: see TreeArrays.layouts.)
      this.order = new Int32Array(tree.itemCapacity);
      this.stamp = new Int32Array(tree.nodeCapacity);
      this.scans = new Int32Array(tree.nodeCapacity);
      this.split = new Int32Array(tree.nodeCapacity);
      this.extent = new Float64Array(2 * tree.nodeCapacity);
      this.band = new Float64Array(4 * tree.nodeCapacity);
    }
  }

  byteLength(): number {
    let kept = 0;
    for (const order of this.kept) kept += order === undefined ? 0 : order.byteLength;
    return (
      kept +
      this.order.byteLength +
      this.stamp.byteLength +
      this.scans.byteLength +
      this.split.byteLength +
      this.extent.byteLength +
      this.band.byteLength
    );
  }
}

/**
 * Searches internal node n's run (at least {@link LONG_RUN} boxes, laid out) through its sorted
 * view, reporting the boxes that overlap the area minX … maxY strictly (with `disc`, that meet the
 * disc of the circle search under way: see search.ts, inDisc) in slot order, as the linear scan
 * would. Returns the number of box tests; ~tests when the visitor stopped; −1 when the caller is
 * to scan the run itself (no view yet, or an area that reaches over an eighth of it: the scan,
 * which reports in slot order as it goes, then costs about what testing and sorting those would).
 */
export function searchLongRun(
  tree: TreeArrays,
  ctx: Scratch,
  n: number,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
  inDisc: ((disc: Float64Array, boxes: Float64Array, o: number) => boolean) | null,
  out: number[] | null,
  visit: IdVisitor | null,
): number {
  const runs = viewOf(tree, n);
  if (runs === null) return -1;
  if (inDisc !== null) {
    // A disc's bounding box is rounded (x ± r): its edges, widened, only bound the ranges; the
    // disc test decides, as in the linear scan.
    minX = lowBound(minX, 0);
    minY = lowBound(minY, 0);
    maxX = -lowBound(-maxX, 0);
    maxY = -lowBound(-maxY, 0);
  }
  const boxes = tree.boxes;
  const order = runs.order;
  groupRange(tree, runs, n, 0, minX, minY, maxX, maxY);
  const from0 = runs.from;
  const to0 = runs.to;
  groupRange(tree, runs, n, 1, minX, minY, maxX, maxY);
  const from1 = runs.from;
  const to1 = runs.to;
  const tests = to0 - from0 + (to1 - from1);
  if (8 * tests > tree.nodeCount[n]) return -1;
  if (tests > ctx.pairRoom) ctx.growPairs(tests);
  const hits = ctx.hits;
  let found = 0;
  for (let k = from0; k < to1; k++) {
    if (k === to0) k = from1;
    if (k === to1) break;
    const r = order[k];
    const r4 = r << 2;
    if (inDisc !== null) {
      if (!inDisc(ctx.walk, boxes, r4)) continue;
    } else if (!(boxes[r4] < maxX && minX < boxes[r4 | 2] && boxes[r4 | 1] < maxY && minY < boxes[r4 | 3])) {
      continue;
    }
    hits[found++] = r;
  }
  // Reported in slot order, as the scan reports them.
  sortInts(hits, found);
  const slotIds = tree.slotIds;
  for (let k = 0; k < found; k++) {
    if (out !== null) out.push(slotIds[hits[k]]);
    else if ((visit as IdVisitor)(slotIds[hits[k]]) === false) return ~tests;
  }
  return tests;
}

/**
 * For a walk over node n's sorted view (see {@link viewOf}) that wants the boxes of its group g
 * (0: crossing the vertical midline, 1: the others; see TreeArrays.reachGroup) that can meet the
 * closed area minX … maxY: the positions of the view's `order` holding them, and maybe a few
 * more, into runs.from … runs.to − 1. The bounds may be infinite.
 */
export function groupRange(
  tree: TreeArrays,
  runs: LongRuns,
  n: number,
  g: number,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
): void {
  groupSpan(tree, runs, n, g);
  const from = runs.from;
  const to = runs.to;
  // Group 0 by minimum y, group 1 by minimum x; a box that starts after the area's maximum on
  // that axis misses it (boxes starting right at it are kept: walks that count touching).
  const axis = 1 - g;
  let low = lowBound(g === 0 ? minY : minX, runs.extent[2 * n + g]);
  let high = g === 0 ? maxY : maxX;
  // A NaN bound (an area or extent at ±1e308 whose arithmetic overflowed) is no bound: as a high
  // end it would find nothing. Never fewer boxes than the scan.
  if (Number.isNaN(low)) low = Number.NEGATIVE_INFINITY;
  if (Number.isNaN(high)) high = Number.POSITIVE_INFINITY;
  const boxes = tree.boxes;
  runs.from = firstAtLeast(boxes, runs.order, from, to, axis, low);
  runs.to = firstAtLeast(boxes, runs.order, runs.from, to, axis, high, true);
}

/**
 * Positions from … to − 1 of node n's view's `order` that hold its group g (all of it), into
 * runs.from and runs.to.
 */
export function groupSpan(tree: TreeArrays, runs: LongRuns, n: number, g: number): void {
  const start = tree.runStart[n];
  const middle = start + runs.split[n];
  runs.from = g === 0 ? start : middle;
  runs.to = g === 0 ? middle : start + tree.nodeCount[n];
}

/**
 * The extent on one axis of a walk's path from p moving by d·t for t in [t0, t1] (a ray's segment,
 * or a sweep's motion, 0 … 1), widened by the rounding of p + d·t, into out[axis] (the minimum)
 * and out[axis + 2]: an area for {@link groupRange}. The whole axis when an end lies at infinity
 * (an unlimited ray, or an entry time that overflowed for a tiny direction): ±∞ less or plus the
 * slack could come out NaN.
 */
export function areaAlong(
  p: number,
  d: number,
  t0: number,
  t1: number,
  out: Float64Array,
  axis: number,
): void {
  // (d·t0 and d·t1 from p itself, the slack from all three: the ends round like the walks' own
  // arithmetic, far from the origin too; a t at infinity only along a moving axis.)
  const a = d === 0 ? 0 : d * t0;
  const b = d === 0 ? 0 : d * t1;
  const slack = (Math.abs(p) + Math.abs(a) + Math.abs(b)) * 2 ** -40 + Number.MIN_VALUE;
  if (slack === Number.POSITIVE_INFINITY) {
    out[axis] = Number.NEGATIVE_INFINITY;
    out[axis + 2] = Number.POSITIVE_INFINITY;
  } else {
    out[axis] = Math.min(p + a, p + b) - slack;
    out[axis + 2] = Math.max(p + a, p + b) + slack;
  }
}

/**
 * The smallest minimum a box of extent at most `extent` can have and still end after `min`: less
 * than min − extent by a margin for the rounding of the subtractions (the extents are differences
 * of floats). A lower bound only lets a few more boxes be tested.
 */
export function lowBound(min: number, extent: number): number {
  return min - extent - (Math.abs(min) + extent) * 2 ** -40 - Number.MIN_VALUE;
}

/**
 * The first position k in from … to − 1 whose box (slot order[k]) has its minimum on `axis` at or
 * above `key` (above it, with `past`), or `to` (the positions are sorted by that minimum).
 */
export function firstAtLeast(
  boxes: Float64Array,
  order: Int32Array,
  from: number,
  to: number,
  axis: number,
  key: number,
  past = false,
): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const min = boxes[(order[mid] << 2) | axis];
    if (min < key || (past && min === key)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Node n's sorted view in the current layout (at least {@link LONG_RUN} boxes, laid out), made once
 * n's run has been scanned {@link SCANS_BEFORE_SORT} times in it; null until then (the scan is
 * counted). A node that had a view in an earlier layout gets it back at its first search in this
 * one, checked in one pass over the run (see {@link keptView}), or sorted again at once if its
 * boxes changed: an index where anything moves is laid out every frame, and a floor in it that
 * searches come to was sorted again every frame after four scans (2 ms a frame for 100 small
 * queries beside a 16,000-tile floor; 0.1 ms with the check).
 */
export function viewOf(tree: TreeArrays, n: number): LongRuns | null {
  let runs = tree.longRuns;
  if (runs === null) {
    runs = new LongRuns();
    tree.longRuns = runs;
  }
  runs.fit(tree);
  if (runs.stamp[n] !== tree.layouts) {
    runs.stamp[n] = tree.layouts;
    runs.scans[n] = 0;
    const kept = runs.kept[n];
    if (kept !== undefined) {
      if (kept.length === tree.nodeCount[n] && keptView(tree, runs, n, kept)) {
        runs.scans[n] = SORTED;
        return runs;
      }
      runs.scans[n] = SCANS_BEFORE_SORT; // (a run searched that often before: sorted now)
    }
  }
  if (runs.scans[n] === SORTED) return runs;
  if (++runs.scans[n] <= SCANS_BEFORE_SORT) return null;
  sortRun(tree, runs, n);
  runs.scans[n] = SORTED;
  return runs;
}

/**
 * Node n's view from the order its last one had (`kept`, offsets into a run as long as its run
 * now), if that order is still a sorted view of the run: every box in the group it was in, the
 * minima in order. Writes the order, the group's extents and bands as {@link sortRun} does, and
 * returns whether it holds (if not, the caller sorts: what was written is then overwritten).
 */
function keptView(tree: TreeArrays, runs: LongRuns, n: number, kept: Int32Array): boolean {
  const boxes = tree.boxes;
  const order = runs.order;
  const start = tree.runStart[n];
  const count = kept.length;
  const split = runs.split[n];
  clearMeasures(runs, n);
  // The node's vertical midline, widened by the rounding of the cells: a box clear of it on one
  // side is in its group by a float comparison; only boxes at the line cost a boxGroup.
  const line =
    tree.originX + (tree.nodeX0[n] + (1 << (tree.maxDepth - tree.nodeLevel[n] - 1))) * tree.cellWidth;
  const before = line - tree.slackX;
  const after = line + tree.slackX;
  let last = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < count; k++) {
    const r = start + kept[k];
    const r4 = r << 2;
    const g = k < split ? 0 : 1;
    if (k === split) last = Number.NEGATIVE_INFINITY;
    const min = boxes[r4 | (1 - g)];
    if (min < last) return false;
    const minX = boxes[r4];
    const maxX = boxes[r4 | 2];
    const group = minX < before && maxX > after ? 0 : maxX < before || minX > after ? 1 : -1;
    if ((group < 0 ? tree.boxGroup(n, boxes, r4) : group) !== g) return false;
    last = min;
    order[start + k] = r;
    measureBox(runs, n, g, boxes, r4);
  }
  return true;
}

/** Makes internal node n's sorted view (see above) from its laid-out run, and keeps its order. */
function sortRun(tree: TreeArrays, runs: LongRuns, n: number): void {
  const boxes = tree.boxes;
  const order = runs.order;
  const start = tree.runStart[n];
  const end = start + tree.nodeCount[n];
  // Group 0 fills from the front, group 1 from the back (the groups of TreeArrays.boxGroup).
  let front = start;
  let back = end;
  clearMeasures(runs, n);
  for (let r = start; r < end; r++) {
    const r4 = r << 2;
    const g = tree.boxGroup(n, boxes, r4);
    if (g === 0) order[front++] = r;
    else order[--back] = r;
    measureBox(runs, n, g, boxes, r4);
  }
  runs.split[n] = front - start;
  // Group 1 back in slot order (it filled from the end): a row whose slots ascend along it is
  // then sorted already, which sortRows sees in one pass.
  for (let i = front, j = end - 1; i < j; i++, j--) {
    const r = order[i];
    order[i] = order[j];
    order[j] = r;
  }
  sortRows(boxes, order, start, front - start, 1);
  sortRows(boxes, order, front, end - front, 0);
  let kept = runs.kept[n];
  if (kept === undefined || kept.length !== end - start) {
    kept = new Int32Array(end - start);
    runs.kept[n] = kept;
  }
  for (let k = 0; k < kept.length; k++) kept[k] = order[start + k] - start;
}

/** Node n's extents at 0 and its bands empty, for {@link measureBox} to widen. */
function clearMeasures(runs: LongRuns, n: number): void {
  runs.extent[2 * n] = runs.extent[2 * n + 1] = 0;
  const b = 4 * n;
  runs.band[b] = runs.band[b + 2] = Number.POSITIVE_INFINITY;
  runs.band[b + 1] = runs.band[b + 3] = Number.NEGATIVE_INFINITY;
}

/**
 * Widens node n's group g by the box at boxes[r4 …]: its extent along the group's sort axis (the
 * height for group 0, the width for group 1) and its band across it.
 */
function measureBox(runs: LongRuns, n: number, g: number, boxes: Float64Array, r4: number): void {
  const band = runs.band;
  const b = 4 * n + 2 * g;
  const e = 2 * n + g;
  const along = 1 - g; // (group 0 is sorted by y, and lies across x)
  runs.extent[e] = Math.max(runs.extent[e], boxes[r4 | (along + 2)] - boxes[r4 | along]);
  band[b] = Math.min(band[b], boxes[r4 | g]);
  band[b + 1] = Math.max(band[b + 1], boxes[r4 | (g + 2)]);
}
