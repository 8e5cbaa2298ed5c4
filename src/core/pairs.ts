import { NONE, type TreeArrays } from './arrays.js';
import { layOutRuns } from './layout.js';
import type { Scratch } from './scratch.js';
import type { IdPairVisitor } from './types.js';

/**
 * A leaf sorts its handed-down entries into groups (see walkPairs) from this many on; below it,
 * sorting costs more than the skipped tests save. Measured: from 16 on the walk is as fast as
 * without sorting on the 10k uniform/clustered/mixed scenes (from 8 on it was 4% slower) and 25%
 * faster on the bench's seed000 scene (500 static boxes of widely mixed sizes, many of them big).
 */
const GROUP_MIN = 16;

/**
 * Calls `visit(a, b)` once for every pair of ids whose boxes overlap (strictly); returns the
 * number of box tests made. The caller holds the tree busy.
 *
 * One depth-first walk that tests pairs only in leaves. Boxes stored in an internal node (those
 * crossing its split lines) are handed down to every child block their cell range reaches, so
 * a leaf sees its own boxes plus the crossing boxes that reach it, and pairs are tested locally: a
 * long row of boxes on the root's centre line is never tested all against all. A pair of
 * handed-down boxes can meet in several leaves; it is reported only in the leaf holding the
 * reference cell of the pair (the larger of the two minimum cells on each axis), which lies in
 * exactly one leaf. No set is needed to de-duplicate.
 */
export function forEachPair(tree: TreeArrays, ctx: Scratch, visit: IdPairVisitor): number {
  if (tree.runsStale) layOutRuns(tree);
  return walkPairs(tree, ctx, visit, tree.boxes);
}

/**
 * {@link forEachPair} on other boxes than the filed ones: `slotBoxes` holds, at 4s … 4s + 3 for
 * every live slot s of the laid-out tree, a box inside the one the id in that slot was filed with.
 * The walk is exact for them: each box's cell range lies inside its node's block, which is all it
 * relies on. (The World walks its shapes' tight bounds inside their fat index boxes: half the
 * pairs of fat boxes that overlap are not even candidates then.)
 */
export function forEachPairWithin(
  tree: TreeArrays,
  ctx: Scratch,
  slotBoxes: Float64Array,
  visit: IdPairVisitor,
): number {
  return walkPairs(tree, ctx, visit, slotBoxes);
}

/**
 * The pair walk. (Its own function, with no property access after the loop: V8 compiles a long
 * loop while it runs (on-stack replacement), before the code after it has ever run, and that code
 * would then deoptimize on every call. A deoptimization boxes the walk's doubles on the heap.)
 */
function walkPairs(tree: TreeArrays, ctx: Scratch, visit: IdPairVisitor, boxes: Float64Array): number {
  let checks = 0;
  const runStart = tree.runStart;
  const slotIds = tree.slotIds;
  const child = tree.nodeChild;
  const total = tree.nodeTotal;
  const count = tree.nodeCount;
  const level = tree.nodeLevel;
  const nodeX0 = tree.nodeX0;
  const nodeY0 = tree.nodeY0;
  const depth = tree.maxDepth;
  // Entries: the boxes of the nodes on the current path, each copied once when its node is
  // visited (entry e: id ids[e], box entryBoxes[4e …], and for an internal node's boxes the cell
  // range entryCells[4e …]). A node's own entries go on top of its ancestors' (at `top`); a later
  // sibling's replace an earlier one's. What a node is handed is a list of entry numbers,
  // list[from … to − 1]: the ancestors' entries whose cell range reaches its block. Handing down a
  // number instead of the entry itself is what keeps a box crossing the root's midlines from
  // being copied again at every level below.
  //
  // Stack entries are (node, from, to, top).
  const stack = ctx.nodes;
  let room = ctx.pairRoom;
  let ids = ctx.ids;
  let entryBoxes = ctx.boxes;
  let entryCells = ctx.cells;
  let hitQ = ctx.hitQ;
  let hitP = ctx.hitP;
  let list = ctx.list;
  stack[0] = 0;
  stack[1] = 0;
  stack[2] = 0;
  stack[3] = 0;
  let sp = 4;
  while (sp > 0) {
    sp -= 4;
    const n = stack[sp];
    const from = stack[sp + 1];
    const to = stack[sp + 2];
    const top = stack[sp + 3];
    if (top + count[n] > room) {
      ctx.growPairs(top + count[n]);
      room = ctx.pairRoom;
      ids = ctx.ids;
      entryBoxes = ctx.boxes;
      entryCells = ctx.cells;
      hitQ = ctx.hitQ;
      hitP = ctx.hitP;
    }
    const first = child[n];
    // The node's own entries. Internal nodes also need the cell ranges to hand them down
    // (computed here: internal nodes hold the few boxes that cross split lines, so this costs
    // less than storing a range for every box).
    let end = top;
    for (let r = runStart[n], runEnd = r + count[n]; r < runEnd; r++) {
      const i4 = r << 2;
      const e4 = end << 2;
      entryBoxes[e4] = boxes[i4];
      entryBoxes[e4 + 1] = boxes[i4 + 1];
      entryBoxes[e4 + 2] = boxes[i4 + 2];
      entryBoxes[e4 + 3] = boxes[i4 + 3];
      if (first !== NONE) tree.cellRangeOf(boxes, i4, entryCells, e4);
      ids[end++] = slotIds[r];
    }
    const handed = to - from;
    if (first === NONE) {
      // Leaf. An own box lies inside the block, so every overlap involving one belongs here.
      // Two handed-down boxes have their reference cell here unless both start left of the
      // block or both start above it; such a pair belongs to another leaf, not tested.
      //
      // The tests are written branch-free (`Number(a < b) & …`): about one test in eight
      // succeeds, in no pattern a branch predictor can learn, and a chain of `&&` costs a
      // misprediction on most tests. Branch-free is 2.4× faster on this loop. For the same
      // reason a hit is not reported from inside the loop: every test writes its pair to the
      // hit buffers and only a hit advances the count. The leaf's hits are reported together
      // afterwards, in a tight loop where the visitor's reads of user data (cache misses at 100k
      // boxes, in spatial rather than memory order) overlap instead of stalling the tests one by
      // one. (Not in the grouped loops below: on the seed000 bench scene, where big boxes make
      // them most of the walk and hits are dense, buffering there cost 12%.)
      const x0 = nodeX0[n];
      const y0 = nodeY0[n];
      let hits = 0;
      if (handed >= GROUP_MIN) {
        // Many handed-down entries. Sorting them by (starts left, starts above) into four
        // groups lets the loops visit only the pairs that belong here: those with an entry
        // that starts in neither direction (group 0, paired with everything after it), and
        // left-only with above-only (groups 1 and 2). Big boxes handed into many leaves make
        // the skipped pairs the majority.
        if (ctx.order.length < handed) ctx.growOrder(handed);
        const order = ctx.order;
        const groupEnd = ctx.groupEnd;
        groupEnd[0] = groupEnd[1] = groupEnd[2] = groupEnd[3] = 0;
        for (let k = from; k < to; k++) groupEnd[cornerSide(entryCells, list[k], x0, y0)]++;
        groupEnd[1] += groupEnd[0];
        groupEnd[2] += groupEnd[1];
        groupEnd[3] += groupEnd[2];
        for (let k = to - 1; k >= from; k--) {
          const e = list[k];
          order[--groupEnd[cornerSide(entryCells, e, x0, y0)]] = e;
        }
        // groupEnd[g] now holds where group g starts.
        const aboveOnly = groupEnd[1];
        const leftOnly = groupEnd[2];
        const bothEnd = groupEnd[3];
        for (let i = 0; i < aboveOnly; i++) {
          checks += handed - 1 - i;
          if (pairWith(order[i], order, i + 1, handed, entryBoxes, ids, visit)) return checks;
        }
        for (let i = aboveOnly; i < leftOnly; i++) {
          checks += bothEnd - leftOnly;
          if (pairWith(order[i], order, leftOnly, bothEnd, entryBoxes, ids, visit)) return checks;
        }
      } else {
        // Each entry's side of the leaf's corner, 2·(starts left) + (starts above), once: two
        // entries' pair belongs here unless their codes share a bit.
        if (ctx.order.length < handed) ctx.growOrder(handed);
        const side = ctx.order;
        for (let b = from; b < to; b++) side[b - from] = cornerSide(entryCells, list[b], x0, y0);
        for (let a = from + 1; a < to; a++) {
          const p = list[a];
          const p4 = p << 2;
          const ax0 = entryBoxes[p4];
          const ay0 = entryBoxes[p4 + 1];
          const ax1 = entryBoxes[p4 + 2];
          const ay1 = entryBoxes[p4 + 3];
          const pSide = side[a - from];
          // (No room check: fewer than GROUP_MIN entries make at most 120 hits, and the hit
          // buffers start at 256.)
          for (let b = from; b < a; b++) {
            const q = list[b];
            const q4 = q << 2;
            const here = Number((pSide & side[b - from]) === 0);
            checks += here;
            const hit =
              here &
              Number(entryBoxes[q4] < ax1) &
              Number(ax0 < entryBoxes[q4 + 2]) &
              Number(entryBoxes[q4 + 1] < ay1) &
              Number(ay0 < entryBoxes[q4 + 3]);
            hitQ[hits] = q;
            hitP[hits] = p;
            hits += hit;
          }
        }
      }
      // Each own entry against everything handed down and the own entries before it. (After a
      // flush there is room: the handed-down entries are distinct and numbered below `top`, so
      // handed + p − top ≤ p < end ≤ room.) Two inner loops with the same test: the handed-down
      // entries come through the list, the own ones are numbered top … end − 1. Appending the own
      // numbers to the list for one loop measured 4% slower on the clustered scene.
      for (let p = top; p < end; p++) {
        const p4 = p << 2;
        const ax0 = entryBoxes[p4];
        const ay0 = entryBoxes[p4 + 1];
        const ax1 = entryBoxes[p4 + 2];
        const ay1 = entryBoxes[p4 + 3];
        checks += handed + p - top;
        if (hits + handed + p - top > room) {
          if (reportHits(hitQ, hitP, hits, ids, visit)) return checks;
          hits = 0;
        }
        for (let b = from; b < to; b++) {
          const q = list[b];
          const q4 = q << 2;
          const hit =
            Number(entryBoxes[q4] < ax1) &
            Number(ax0 < entryBoxes[q4 + 2]) &
            Number(entryBoxes[q4 + 1] < ay1) &
            Number(ay0 < entryBoxes[q4 + 3]);
          hitQ[hits] = q;
          hitP[hits] = p;
          hits += hit;
        }
        for (let q = top; q < p; q++) {
          const q4 = q << 2;
          const hit =
            Number(entryBoxes[q4] < ax1) &
            Number(ax0 < entryBoxes[q4 + 2]) &
            Number(entryBoxes[q4 + 1] < ay1) &
            Number(ay0 < entryBoxes[q4 + 3]);
          hitQ[hits] = q;
          hitP[hits] = p;
          hits += hit;
        }
      }
      if (reportHits(hitQ, hitP, hits, ids, visit)) return checks;
      continue;
    }
    // Hand each child the entries (ancestors' and this node's) whose cell range reaches its
    // block, in one pass: an entry reaches the left children when it starts left of the
    // midline, the right ones when it ends right of it, likewise vertically. Child q's list
    // gets the region of `entries` slots at to + (3 − q)·entries: children are visited 0..3
    // (Z order), so each one's lists and its subtree's only ever overwrite regions of children
    // already done.
    const entries = handed + end - top;
    if (to + 4 * entries > list.length) list = ctx.growList(to + 4 * entries);
    const half = 1 << (depth - level[n] - 1);
    const midX = nodeX0[n] + half;
    const midY = nodeY0[n] + half;
    let top0 = to + 3 * entries;
    let top1 = to + 2 * entries;
    let top2 = to + entries;
    let top3 = to;
    for (let k = from; k < to + end - top; k++) {
      // The handed-down entries, then the node's own (entries top … end − 1).
      const e = k < to ? list[k] : top + k - to;
      const e4 = e << 2;
      // Branch-free, like the tests: which children a straddler reaches follows no pattern. The
      // entry is written to all four lists and kept where it reaches. (Every write stays in its
      // list's region: before the c-th entry a list holds at most c of the `entries`.)
      const west = Number(entryCells[e4] < midX);
      const east = Number(entryCells[e4 + 2] >= midX);
      const north = Number(entryCells[e4 + 1] < midY);
      const south = Number(entryCells[e4 + 3] >= midY);
      list[top0] = e;
      top0 += west & north;
      list[top1] = e;
      top1 += east & north;
      list[top2] = e;
      top2 += west & south;
      list[top3] = e;
      top3 += east & south;
    }
    // Push 3..0 so that child 0 is popped first. Fewer than two boxes reaching a child cannot
    // form a pair (an empty child still matters when two handed-down boxes meet in it).
    if (top3 - to + total[first + 3] >= 2) sp = pushEntry(stack, sp, first + 3, to, top3, end);
    if (top2 - (to + entries) + total[first + 2] >= 2) {
      sp = pushEntry(stack, sp, first + 2, to + entries, top2, end);
    }
    if (top1 - (to + 2 * entries) + total[first + 1] >= 2) {
      sp = pushEntry(stack, sp, first + 1, to + 2 * entries, top1, end);
    }
    if (top0 - (to + 3 * entries) + total[first] >= 2) {
      sp = pushEntry(stack, sp, first, to + 3 * entries, top0, end);
    }
  }
  return checks;
}

/**
 * Where entry e starts relative to the corner (x0, y0) of a leaf's block: 2·(starts left of it) +
 * (starts above it). A pair of handed-down entries belongs to the leaf unless their codes share a
 * bit (both start left, or both above).
 */
function cornerSide(entryCells: Int32Array, e: number, x0: number, y0: number): number {
  return Number(entryCells[e << 2] < x0) * 2 + Number(entryCells[(e << 2) + 1] < y0);
}

/** Tests entry p against the entries order[from … to − 1]; reports overlaps. True when the visitor stopped. */
function pairWith(
  p: number,
  order: Int32Array,
  from: number,
  to: number,
  entryBoxes: Float64Array,
  ids: Int32Array,
  visit: IdPairVisitor,
): boolean {
  const p4 = p << 2;
  const ax0 = entryBoxes[p4];
  const ay0 = entryBoxes[p4 + 1];
  const ax1 = entryBoxes[p4 + 2];
  const ay1 = entryBoxes[p4 + 3];
  for (let j = from; j < to; j++) {
    const q4 = order[j] << 2;
    const hit =
      Number(entryBoxes[q4] < ax1) &
      Number(ax0 < entryBoxes[q4 + 2]) &
      Number(entryBoxes[q4 + 1] < ay1) &
      Number(ay0 < entryBoxes[q4 + 3]);
    if (hit !== 0 && visit(ids[order[j]], ids[p]) === false) return true;
  }
  return false;
}

/** Reports a leaf's buffered hits (segment entries hitQ[k], hitP[k]); true when the visitor stopped. */
function reportHits(
  hitQ: Int32Array,
  hitP: Int32Array,
  hits: number,
  ids: Int32Array,
  visit: IdPairVisitor,
): boolean {
  for (let k = 0; k < hits; k++) {
    if (visit(ids[hitQ[k]], ids[hitP[k]]) === false) return true;
  }
  return false;
}

/** Pushes a pair-walk stack entry (node, list from, list to, entry top); returns the new stack size. */
function pushEntry(
  stack: Int32Array,
  sp: number,
  node: number,
  from: number,
  to: number,
  top: number,
): number {
  stack[sp] = node;
  stack[sp + 1] = from;
  stack[sp + 2] = to;
  stack[sp + 3] = top;
  return sp + 4;
}
