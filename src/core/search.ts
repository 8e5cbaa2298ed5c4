import { isValidMinMax, requireFinite, requireMinMax, requireSize } from '../shared/validate.js';
import { NONE, type TreeArrays } from './arrays.js';
import { cellHi, cellLo } from './cells.js';
import { layOutForSearches } from './layout.js';
import { LONG_RUN, searchLongRun } from './longRuns.js';
import type { Scratch } from './scratch.js';
import type { IdVisitor } from './types.js';

/** What a region search reports. */
export enum Search {
  /** Every id in a node the area reaches: a superset of the overlaps, no box tests. */
  Candidates = 0,
  /** Ids whose box overlaps the area strictly. */
  Box = 1,
  /** Ids whose box is nearer than the radius to the centre. */
  Circle = 2,
}

/**
 * Search arguments, passed in a typed array rather than as parameters: doubles passed to a call
 * that is not inlined are boxed on the heap, and queries must not allocate. Box searches fill
 * minX, minY, maxX, maxY; circle searches also centre x, centre y and radius (the box is the
 * disc's bounding box).
 */
export const searchArgs = new Float64Array(7);

// Where search() keeps a circle search's disc for inDisc, in the traversal's own Scratch.walk (not
// in searchArgs, which a search started from a visitor overwrites): centre, squared radius, and the
// radius itself when it is far from 1 (else −1; see search).
const DISC_X = 0;
const DISC_Y = 1;
const DISC_R2 = 2;
const DISC_FAR = 3;

/** Validates a box search's arguments and stores them in {@link searchArgs}. */
export function setBoxSearch(minX: number, minY: number, maxX: number, maxY: number): void {
  if (!isValidMinMax(minX, minY, maxX, maxY)) requireMinMax(minX, minY, maxX, maxY);
  searchArgs[0] = minX;
  searchArgs[1] = minY;
  searchArgs[2] = maxX;
  searchArgs[3] = maxY;
}

/** Validates a point search's arguments and stores them in {@link searchArgs}. */
export function setPointSearch(x: number, y: number): void {
  if (!isValidMinMax(x, y, x, y)) {
    requireFinite(x, 'x');
    requireFinite(y, 'y');
  }
  searchArgs[0] = x;
  searchArgs[1] = y;
  searchArgs[2] = x;
  searchArgs[3] = y;
}

/** Validates a circle search's arguments and stores them in {@link searchArgs}. */
export function setCircleSearch(x: number, y: number, radius: number): void {
  // (typeof first: `x + radius` of a bigint throws, of a string concatenates)
  if (
    typeof x !== 'number' ||
    typeof y !== 'number' ||
    typeof radius !== 'number' ||
    !isValidMinMax(x, y, x + radius, y) ||
    !(radius >= 0)
  ) {
    requireFinite(x, 'x');
    requireFinite(y, 'y');
    requireSize(radius, 'radius');
  }
  searchArgs[0] = x - radius;
  searchArgs[1] = y - radius;
  searchArgs[2] = x + radius;
  searchArgs[3] = y + radius;
  searchArgs[4] = x;
  searchArgs[5] = y;
  searchArgs[6] = radius;
}

/**
 * Runs the search stored in {@link searchArgs} with the tree held busy; returns the number of box
 * tests. Results are appended to `out` or passed to `visit`.
 */
export function runSearch(
  tree: TreeArrays,
  mode: Search,
  out: number[] | null,
  visit: IdVisitor | null,
): number {
  layOutForSearches(tree);
  const ctx = tree.enter();
  try {
    return search(tree, ctx, mode, out, visit);
  } finally {
    tree.busy--;
  }
}

/**
 * Reports the ids matching the search in `searchArgs` to `out` (appended) or to `visit`; returns
 * the number of box tests made. The caller holds the tree busy.
 */
function search(
  tree: TreeArrays,
  ctx: Scratch,
  mode: Search,
  out: number[] | null,
  visit: IdVisitor | null,
): number {
  const args = searchArgs;
  const minX = args[0];
  const minY = args[1];
  const maxX = args[2];
  const maxY = args[3];
  // The disc test compares squares, which under- or overflow for a radius far from 1 (r² is 0 below
  // about 1e-162 and Infinity above 1e154, which would put a box at distance 0 outside a tiny disc
  // and every box outside a huge one): there it compares the distance itself, which Math.hypot
  // computes without either, as nearest() does. (Distances measured in units of the radius
  // instead, 1/radius, rounded, lost boxes a few ulps inside the disc.)
  const radius = args[6];
  const disc = ctx.walk;
  disc[DISC_X] = args[4];
  disc[DISC_Y] = args[5];
  disc[DISC_R2] = radius * radius;
  disc[DISC_FAR] = radius > 0 && (radius < 1e-140 || radius > 1e140) ? radius : -1;
  const grid = tree.gridSize;
  let qlox = cellLo(tree, 0, args, 0);
  let qloy = cellLo(tree, 1, args, 1);
  let qhix: number;
  let qhiy: number;
  if (mode === Search.Circle) {
    // The disc's bounding box loses precision in x ± r; one cell of margin on every side keeps
    // the node pruning conservative for the exact distance test below.
    qhix = Math.min(cellLo(tree, 0, args, 2) + 1, grid - 1);
    qhiy = Math.min(cellLo(tree, 1, args, 3) + 1, grid - 1);
    qlox = Math.max(qlox - 1, 0);
    qloy = Math.max(qloy - 1, 0);
  } else {
    qhix = cellHi(tree, 0, args, 2, qlox);
    qhiy = cellHi(tree, 1, args, 3, qloy);
  }
  let checks = 0;
  const boxes = tree.boxes;
  const slotOf = tree.slotOf;
  const next = tree.itemNext;
  const head = tree.nodeHead;
  const child = tree.nodeChild;
  const total = tree.nodeTotal;
  const level = tree.nodeLevel;
  const nodeX0 = tree.nodeX0;
  const nodeY0 = tree.nodeY0;
  const depth = tree.maxDepth;
  // A visitor cannot change the tree (it is busy), so the layout stays current for the whole search.
  const runs = !tree.runsStale;
  const runStart = tree.runStart;
  const slotIds = tree.slotIds;
  const count = tree.nodeCount;
  // Subtrees inside a box search are reported whole (see below). Not for discs: a block inside
  // the disc's bounding box can still lie outside the disc.
  const wholeBlocks = runs && mode !== Search.Circle;
  const stack = ctx.nodes;
  stack[0] = 0;
  let sp = 1;
  while (sp > 0) {
    const n = stack[--sp];
    if (n < 0) {
      // A subtree inside the area. The cell mapping is monotonic, so every box filed in it
      // starts after the area's minimum and ends before its maximum: each overlaps the area
      // strictly (zero-size boxes too). Its boxes are one contiguous run of slots.
      for (let r = runStart[~n], end = r + total[~n]; r < end; r++) {
        if (out !== null) out.push(slotIds[r]);
        else if ((visit as IdVisitor)(slotIds[r]) === false) return checks;
      }
      continue;
    }
    const first = child[n];
    // An internal node's own boxes cross its midlines; skip them when the area reaches neither
    // of the node's reach boxes.
    if (count[n] > 0 && (first === NONE || tree.reaches(n, qlox, qloy, qhix, qhiy))) {
      // A long run of boxes along the node's midlines, through its sorted view once it has one.
      const made =
        runs && first !== NONE && count[n] >= LONG_RUN && mode !== Search.Candidates
          ? searchLongRun(
              tree,
              ctx,
              n,
              minX,
              minY,
              maxX,
              maxY,
              mode === Search.Circle ? inDisc : null,
              out,
              visit,
            )
          : -1;
      if (made >= 0) checks += made;
      else if (made !== -1) return checks + ~made;
      else if (runs && mode === Search.Box) {
        // The common case, written branch-free: about one box in four matches, in no pattern a
        // branch predictor can learn, so a chain of `&&` mispredicts often. Every box's entry is
        // written to the hit buffer and only a match advances the count; the matches are then
        // reported in order.
        const start = runStart[n];
        const end = start + count[n];
        if (count[n] > ctx.pairRoom) ctx.growPairs(count[n]);
        const hit = ctx.hits;
        let hits = 0;
        for (let r = start; r < end; r++) {
          const r4 = r << 2;
          hit[hits] = r;
          hits +=
            Number(boxes[r4] < maxX) &
            Number(minX < boxes[r4 | 2]) &
            Number(boxes[r4 | 1] < maxY) &
            Number(minY < boxes[r4 | 3]);
        }
        checks += end - start;
        for (let k = 0; k < hits; k++) {
          if (out !== null) out.push(slotIds[hit[k]]);
          else if ((visit as IdVisitor)(slotIds[hit[k]]) === false) return checks;
        }
      } else if (runs) {
        // Candidates and discs over the laid-out slots (box searches take the loop above).
        for (let r = runStart[n], end = r + count[n]; r < end; r++) {
          const r4 = r << 2;
          if (mode === Search.Circle) {
            checks++;
            if (!inDisc(disc, boxes, r4)) continue;
          }
          if (out !== null) out.push(slotIds[r]);
          else if ((visit as IdVisitor)(slotIds[r]) === false) return checks;
        }
      } else {
        for (let i = head[n]; i !== NONE; i = next[i]) {
          if (mode !== Search.Candidates) {
            const i4 = slotOf[i] << 2;
            checks++;
            if (mode === Search.Box) {
              if (!(boxes[i4] < maxX && minX < boxes[i4 + 2] && boxes[i4 + 1] < maxY && minY < boxes[i4 + 3]))
                continue;
            } else if (!inDisc(disc, boxes, i4)) {
              continue;
            }
          }
          if (out !== null) out.push(i);
          else if ((visit as IdVisitor)(i) === false) return checks;
        }
      }
    }
    if (first === NONE) continue;
    const span = 1 << (depth - level[n] - 1);
    for (let c = first + 3; c >= first; c--) {
      const x0 = nodeX0[c];
      const y0 = nodeY0[c];
      // Branch-free: which children an area reaches follows no pattern. The child is written to
      // the stack and kept when it holds boxes the area reaches. One whose block lies in cells
      // strictly inside the area's cell range is pushed as ~c: reported whole, without tests
      // (see above).
      const meets =
        Number(total[c] !== 0) &
        Number(qlox < x0 + span) &
        Number(qhix >= x0) &
        Number(qloy < y0 + span) &
        Number(qhiy >= y0);
      const inside =
        Number(wholeBlocks) &
        Number(qlox < x0) &
        Number(x0 + span <= qhix) &
        Number(qloy < y0) &
        Number(y0 + span <= qhiy);
      stack[sp] = inside !== 0 ? ~c : c;
      sp += meets;
    }
  }
  return checks;
}

/**
 * Whether the box at boxes[o …] is nearer than the radius to the centre of `disc` (see DISC_X):
 * the squared distance against the squared radius, or for a radius far from 1 the distance
 * against the radius (see search). The numbers in arrays and a boolean back: V8 boxes a double
 * passed to or returned from a call it does not inline, and this runs for every box a circle
 * query tests.
 */
function inDisc(disc: Float64Array, boxes: Float64Array, o: number): boolean {
  const x = disc[DISC_X];
  const y = disc[DISC_Y];
  const minX = boxes[o];
  const minY = boxes[o + 1];
  const maxX = boxes[o + 2];
  const maxY = boxes[o + 3];
  const dx = minX > x ? minX - x : x > maxX ? x - maxX : 0;
  const dy = minY > y ? minY - y : y > maxY ? y - maxY : 0;
  const far = disc[DISC_FAR];
  if (far >= 0) return Math.hypot(dx, dy) < far;
  return dx * dx + dy * dy < disc[DISC_R2];
}
