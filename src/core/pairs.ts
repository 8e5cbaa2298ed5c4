import { copyBox, NONE, type TreeArrays } from './arrays.js';
import { layOutRuns } from './layout.js';
import type { Scratch } from './scratch.js';
import { sortRows } from './sortRows.js';
import type { IdPairVisitor } from './types.js';

/**
 * Calls `visit(a, b)` once for every pair of ids whose boxes overlap (strictly); returns the
 * number of box tests made. The caller holds the tree busy.
 *
 * One depth-first walk that tests pairs only in leaves. Boxes stored in an internal node (those
 * crossing its split lines) are handed down to every child block their cell range reaches, so
 * a leaf sees its own boxes plus the crossing boxes that reach it, and pairs are tested locally: a
 * long row of boxes on the root's centre line is never tested all against all (a leaf it reaches
 * in numbers sweeps it, see sweepHanded). A pair of
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
  // Entries: the boxes of the internal nodes on the current path, each copied once when its node
  // is visited (entry e: id ids[e], box entryBoxes[4e …], cell range entryCells[4e …]; a leaf
  // copies its own boxes into a table of its own, see leafPairs). A node's own entries go on top
  // of its ancestors' (at `top`); a later sibling's replace an earlier one's. What a node is
  // handed is a list of entry numbers, list[from … to − 1]: the ancestors' entries whose cell
  // range reaches its block. Handing down a number instead of the entry itself is what keeps a
  // box crossing the root's midlines from being copied again at every level below.
  //
  // Stack entries are (node, from, to, top).
  const stack = ctx.nodes;
  let room = ctx.pairRoom;
  let ids = ctx.ids;
  let entryBoxes = ctx.boxes;
  let entryCells = ctx.cells;
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
    }
    const first = child[n];
    if (first === NONE) {
      // Leaf. An own box lies inside the block, so every overlap involving one belongs here.
      const made = leafPairs(
        ctx,
        list,
        from,
        to,
        entryBoxes,
        entryCells,
        ids,
        boxes,
        slotIds,
        runStart[n],
        count[n],
        nodeX0[n],
        nodeY0[n],
        visit,
      );
      if (made < 0) return checks + ~made;
      checks += made;
      continue;
    }
    // The node's own entries, with their cell ranges to hand them down (computed here: internal
    // nodes hold the few boxes that cross split lines, so this costs less than storing a range
    // for every box).
    let end = top;
    for (let r = runStart[n], runEnd = r + count[n]; r < runEnd; r++) {
      const i4 = r << 2;
      const e4 = end << 2;
      copyBox(boxes, i4, entryBoxes, e4);
      tree.cellRangeOf(boxes, i4, entryCells, e4);
      ids[end++] = slotIds[r];
    }
    const handed = to - from;
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
      const east = Number(entryCells[e4 | 2] >= midX);
      const north = Number(entryCells[e4 | 1] < midY);
      const south = Number(entryCells[e4 | 3] >= midY);
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
  return Number(entryCells[e << 2] < x0) * 2 + Number(entryCells[(e << 2) | 1] < y0);
}

/**
 * A leaf's pairs: its own boxes (slots run … run + own − 1) against each other and against the
 * entries handed down to it (list[from … to − 1]), and the handed-down entries against each other
 * where the pair belongs here. Returns the number of box tests, or ~tests when the visitor stopped.
 *
 * Two handed-down entries have their reference cell in this leaf unless both start left of its
 * block or both start above it; such a pair belongs to another leaf. So the handed-down entries
 * are sorted by where they start relative to the block's corner, 2·(starts left) + (starts above),
 * into four groups: a pair belongs here unless its codes share a bit, which leaves group 0 (starts
 * in neither direction) with everything after it, and group 1 (above only) with group 2 (left
 * only). Only those pairs are tested. (Big boxes handed into many leaves make the skipped pairs
 * the majority: the bench's seed000 scene; among the small boxes of its 10k scenes, a fifth.)
 *
 * The sort costs nothing extra, since the leaf copies its boxes anyway: handed-down (in group
 * order) then own, into one contiguous table. Every test then reads the next four numbers instead
 * of going through an entry number, and each own box is tested against everything before it in
 * one loop. Measured against testing the handed-down pairs through their entry numbers with a
 * side filter (and sorting only from 16 of them on): the pair pass 0.97–0.98× at 10k on the
 * uniform, clustered and mixed scenes, the same on seed000, at 1k and at 100k. The own boxes'
 * rows, most of the tests, go two at a time (see testTwoRows): 0.97–0.98× again at 10k.
 */
function leafPairs(
  ctx: Scratch,
  list: Int32Array,
  from: number,
  to: number,
  entryBoxes: Float64Array,
  entryCells: Int32Array,
  entryIds: Int32Array,
  boxes: Float64Array,
  slotIds: Int32Array,
  run: number,
  own: number,
  x0: number,
  y0: number,
  visit: IdPairVisitor,
): number {
  const handed = to - from;
  if (ctx.sides.length < handed) ctx.growSides(handed);
  const side = ctx.sides;
  // (Both hold pairRoom entries, and handed + own ≤ pairRoom: the handed-down entries are
  // distinct entries of the ancestors, and the walk made room for those plus this node's.)
  const table = ctx.leafBoxes;
  const tableIds = ctx.leafIds;
  const start = ctx.groupStart;
  start[0] = start[1] = start[2] = start[3] = 0;
  for (let k = from; k < to; k++) {
    const code = cornerSide(entryCells, list[k], x0, y0);
    side[k - from] = code;
    start[code]++;
  }
  // Where groups 1 (above only), 2 (left only) and 3 (both) start in the table.
  const aboveStart = start[0];
  const leftStart = aboveStart + start[1];
  const bothStart = leftStart + start[2];
  start[0] = 0;
  start[1] = aboveStart;
  start[2] = leftStart;
  start[3] = bothStart;
  for (let k = from; k < to; k++) {
    const e = list[k];
    const t = start[side[k - from]]++;
    copyBox(entryBoxes, e << 2, table, t << 2);
    tableIds[t] = entryIds[e];
  }
  for (let i = 0; i < own; i++) {
    copyBox(boxes, (run + i) << 2, table, (handed + i) << 2);
    tableIds[handed + i] = slotIds[run + i];
  }
  const rows = handed + own;
  let checks = 0;
  // Many handed-down entries that are partners (a row of boxes along an ancestor's split line,
  // each reaching this leaf): their pairs by a sweep, not all against all (see sweepHanded).
  // `swept` is where the row loops below start: after the handed-down rows when the sweep did
  // their pairs. (The row loops' tests among them: group 0 against every later row, group 1
  // against group 2.)
  let swept = 0;
  if (
    handed >= SWEEP_FROM &&
    aboveStart * handed -
      (aboveStart * (aboveStart + 1)) / 2 +
      (leftStart - aboveStart) * (bothStart - leftStart) >
      SWEEP_TESTS_PER_ROW * handed
  ) {
    const made = sweepHanded(table, tableIds, handed, aboveStart, leftStart, bothStart, side, visit);
    if (made < 0) return made;
    checks = made;
    swept = handed;
  }
  if (rows > WIDE)
    return wideLeafPairs(
      table,
      tableIds,
      handed,
      rows,
      aboveStart,
      leftStart,
      bothStart,
      swept,
      checks,
      visit,
    );
  // Every row's tests are written to the hit buffer, which holds pairRoom entries; a row is
  // shorter than the table, so after a flush there is room for one.
  const room = ctx.pairRoom;
  const found = ctx.hits;
  let hits = 0;
  // Row p's partners: group 0 pairs with everything after it, group 1 with group 2. Groups 2
  // and 3 have no rows of their own.
  for (let p = swept; p < leftStart; p++) {
    const lo = p < aboveStart ? p + 1 : leftStart;
    const hi = p < aboveStart ? handed : bothStart;
    checks += hi - lo;
    if (hits + hi - lo > room) {
      if (reportHits(found, hits, tableIds, visit)) return ~checks;
      hits = 0;
    }
    hits = testRow(table, p, lo, hi, found, hits);
  }
  // An own box pairs with everything before it: two rows at a time share their partners' reads.
  // (Two rows need room for 2p + 1 tests; in a leaf that big, one row at a time.)
  for (let p = handed; p < rows; ) {
    const two = p + 1 < rows && 2 * p + 1 <= room;
    const tests = two ? 2 * p + 1 : p;
    checks += tests;
    if (hits + tests > room) {
      if (reportHits(found, hits, tableIds, visit)) return ~checks;
      hits = 0;
    }
    if (two) {
      hits = testTwoRows(table, p, found, hits);
      p += 2;
    } else {
      hits = testRow(table, p, 0, p, found, hits);
      p++;
    }
  }
  if (reportHits(found, hits, tableIds, visit)) return ~checks;
  return checks;
}

/**
 * From this many handed-down entries on, a leaf may find their pairs by {@link sweepHanded}. Below
 * it the row loops cost less than the sort (a leaf gets a few handed-down entries in the bench's
 * scenes); far above it they cost the square of the count.
 */
const SWEEP_FROM = 64;

/**
 * ... and when the row loops would test more than this many pairs per handed-down entry: only
 * partners are tested there (a leaf reached by many big boxes that all start left of it or above
 * it tests few or none of them against each other), while the sweep also passes over the ones
 * that are not partners.
 */
const SWEEP_TESTS_PER_ROW = 32;

/**
 * The pairs among a leaf's handed-down entries (table rows 0 … handed − 1, in the corner groups
 * leafPairs sorted them into: group g from its start in aboveStart, leftStart, bothStart) that
 * belong to the leaf, as the row loops find them, by sort and sweep: the rows sorted by their
 * minimum on the axis where those minima spread the most, each tested against the rows that
 * start before it ends on that axis. A pair belongs here unless the groups' codes share a bit
 * (see cornerSide). Reports each pair as it is found (lower row's id second, as the row loops
 * do); returns the number of box tests, or ~tests when the visitor stopped. `order` takes the
 * sorted rows.
 *
 * Why: the boxes along a split line stay in the node the line splits, and each reaches the
 * children on its side; those children own nothing and never split, so a row of 2n boxes along
 * the line reaches one leaf n strong. All against all, its pairs cost n²/2 tests for about n
 * overlaps (16,000 boxes on the root's midline: 64M tests, 0.22 s a pass; along the line, a
 * sweep tests each box against its few neighbours).
 */
function sweepHanded(
  table: Float64Array,
  tableIds: Int32Array,
  handed: number,
  aboveStart: number,
  leftStart: number,
  bothStart: number,
  order: Int32Array,
  visit: IdPairVisitor,
): number {
  const axis = spreadAxis(table, handed);
  for (let i = 0; i < handed; i++) order[i] = i;
  sortRows(table, order, 0, handed, axis);
  let checks = 0;
  for (let i = 0; i < handed; i++) {
    const p = order[i];
    const p4 = p << 2;
    const gp = groupOf(p, aboveStart, leftStart, bothStart);
    const end = table[p4 | (axis + 2)];
    for (let j = i + 1; j < handed; j++) {
      const q = order[j];
      const q4 = q << 2;
      // Sorted by minimum: from the first row that starts where p ends, none overlaps it.
      if (!(table[q4 | axis] < end)) break;
      const gq = groupOf(q, aboveStart, leftStart, bothStart);
      if ((gp & gq) !== 0) continue;
      checks++;
      if (
        table[q4] < table[p4 | 2] &&
        table[p4] < table[q4 | 2] &&
        table[q4 | 1] < table[p4 | 3] &&
        table[p4 | 1] < table[q4 | 3] &&
        visit(tableIds[p < q ? q : p], tableIds[p < q ? p : q]) === false
      ) {
        return ~checks;
      }
    }
  }
  return checks;
}

/** The corner group (the code of cornerSide) of handed-down table row r, from the groups' starts. */
function groupOf(r: number, aboveStart: number, leftStart: number, bothStart: number): number {
  return r < aboveStart ? 0 : r < leftStart ? 1 : r < bothStart ? 2 : 3;
}

/** 0 (x) or 1 (y): the axis on which the minima of table rows 0 … n − 1 spread the most. */
function spreadAxis(table: Float64Array, n: number): number {
  let x0 = table[0];
  let x1 = x0;
  let y0 = table[1];
  let y1 = y0;
  for (let r = 1; r < n; r++) {
    const x = table[r << 2];
    const y = table[(r << 2) | 1];
    x0 = Math.min(x0, x);
    x1 = Math.max(x1, x);
    y0 = Math.min(y0, y);
    y1 = Math.max(y1, y);
  }
  return x1 - x0 >= y1 - y0 ? 0 : 1;
}

/**
 * The most rows a leaf's table may have for {@link testRow}'s hits: a hit holds both rows' numbers
 * in 16 bits each.
 */
const WIDE = 0x10000;

/**
 * {@link leafPairs}' tests for a table of more than {@link WIDE} rows: the same pairs, each
 * reported as it is found. (That many boxes in or across one leaf make billions of tests, in this
 * leaf or in the ones their pairs belong to: this path's own speed is not what such a tree costs.)
 */
function wideLeafPairs(
  table: Float64Array,
  tableIds: Int32Array,
  handed: number,
  rows: number,
  aboveStart: number,
  leftStart: number,
  bothStart: number,
  from: number,
  checksSoFar: number,
  visit: IdPairVisitor,
): number {
  let checks = checksSoFar;
  for (let p = from; p < rows; p++) {
    // The same partners as above: group 0 everything after it, group 1 group 2, own rows
    // everything before them.
    const lo = p < aboveStart ? p + 1 : p < leftStart ? leftStart : p < handed ? p : 0;
    const hi = p < aboveStart ? handed : p < leftStart ? bothStart : p;
    const p4 = p << 2;
    for (let q = lo; q < hi; q++) {
      const q4 = q << 2;
      checks++;
      if (
        table[q4] < table[p4 + 2] &&
        table[p4] < table[q4 + 2] &&
        table[q4 + 1] < table[p4 + 3] &&
        table[p4 + 1] < table[q4 + 3] &&
        visit(tableIds[q], tableIds[p]) === false
      ) {
        return ~checks;
      }
    }
  }
  return checks;
}

/**
 * Tests box p of a leaf's table against boxes lo … hi − 1, writing every tested pair to the hit
 * buffer from `hits` on, as (p << 16) | q; only an overlap advances the count, which is returned.
 * The test is branch-free (`Number(a < b) & …`): about one test in eight succeeds, in no pattern a
 * branch predictor can learn, and a chain of `&&` costs a misprediction on most tests (branch-free
 * is 2.4× faster on this loop). Reporting after the tests, in a tight loop, lets the visitor's reads
 * of user data (cache misses at 100k boxes, in spatial rather than memory order) overlap.
 *
 * Every instruction of the loop counts, so: both rows in one int32, one store a test rather than
 * one per row number (a store to a typed array is a few instructions of checks besides); and the
 * partner's numbers at q4 | 1, | 2, | 3, which V8 knows cannot overflow, where q4 + 1 gets an
 * overflow check each. (Together the pair pass at 10k took 0.92–0.94× the time on an Intel Xeon.)
 */
function testRow(
  table: Float64Array,
  p: number,
  lo: number,
  hi: number,
  found: Int32Array,
  hits: number,
): number {
  const p4 = p << 2;
  const row = p << 16;
  const ax0 = table[p4];
  const ay0 = table[p4 + 1];
  const ax1 = table[p4 + 2];
  const ay1 = table[p4 + 3];
  for (let q = lo; q < hi; q++) {
    const q4 = q << 2;
    const hit =
      Number(table[q4] < ax1) &
      Number(ax0 < table[q4 | 2]) &
      Number(table[q4 | 1] < ay1) &
      Number(ay0 < table[q4 | 3]);
    found[hits] = row | q;
    hits += hit;
  }
  return hits;
}

/**
 * {@link testRow} for rows p and p + 1 of a leaf's table against boxes 0 … p − 1, and then
 * against each other: each partner's box is read once for both.
 */
function testTwoRows(table: Float64Array, p: number, found: Int32Array, hits: number): number {
  const p4 = p << 2;
  const ax0 = table[p4];
  const ay0 = table[p4 + 1];
  const ax1 = table[p4 + 2];
  const ay1 = table[p4 + 3];
  const bx0 = table[p4 + 4];
  const by0 = table[p4 + 5];
  const bx1 = table[p4 + 6];
  const by1 = table[p4 + 7];
  const rowA = p << 16;
  const rowB = (p + 1) << 16;
  for (let q = 0; q < p; q++) {
    const q4 = q << 2;
    const x0 = table[q4];
    const y0 = table[q4 | 1];
    const x1 = table[q4 | 2];
    const y1 = table[q4 | 3];
    const hitA = Number(x0 < ax1) & Number(ax0 < x1) & Number(y0 < ay1) & Number(ay0 < y1);
    found[hits] = rowA | q;
    hits += hitA;
    const hitB = Number(x0 < bx1) & Number(bx0 < x1) & Number(y0 < by1) & Number(by0 < y1);
    found[hits] = rowB | q;
    hits += hitB;
  }
  // The pair of the two rows themselves, written out: through testRow (a loop of one) the pair
  // pass measured 1–2.5% slower at 10k.
  const hit = Number(ax0 < bx1) & Number(bx0 < ax1) & Number(ay0 < by1) & Number(by0 < ay1);
  found[hits] = rowB | p;
  return hits + hit;
}

/** Reports buffered hits (see {@link testRow}; the rows' ids in `tableIds`); true when the visitor stopped. */
function reportHits(found: Int32Array, hits: number, tableIds: Int32Array, visit: IdPairVisitor): boolean {
  for (let k = 0; k < hits; k++) {
    const pair = found[k];
    if (visit(tableIds[pair & 0xffff], tableIds[pair >>> 16]) === false) return true;
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
