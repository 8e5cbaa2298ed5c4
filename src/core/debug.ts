import { FREE, NONE, type TreeArrays } from './arrays.js';
import { homeLevel } from './cells.js';
import type { Scratch } from './scratch.js';
import type { IndexStats, NodeInfo } from './types.js';

/** Visits every node depth-first (parents before children) through one reused {@link NodeInfo}. */
export function forEachNode(
  tree: TreeArrays,
  ctx: Scratch,
  info: NodeInfo,
  visit: (node: NodeInfo) => unknown,
): void {
  const cellW = tree.cellWidth;
  const cellH = tree.cellHeight;
  const stack = ctx.nodes;
  stack[0] = 0;
  let sp = 1;
  while (sp > 0) {
    const n = stack[--sp];
    const span = 1 << (tree.maxDepth - tree.nodeLevel[n]);
    info.x = tree.originX + tree.nodeX0[n] * cellW;
    info.y = tree.originY + tree.nodeY0[n] * cellH;
    info.width = span * cellW;
    info.height = span * cellH;
    info.depth = tree.nodeLevel[n];
    info.items = tree.nodeCount[n];
    info.totalItems = tree.nodeTotal[n];
    info.isLeaf = tree.nodeChild[n] === NONE;
    if (visit(info) === false) return;
    const first = tree.nodeChild[n];
    if (first !== NONE) for (let c = first + 3; c >= first; c--) stack[sp++] = c;
  }
}

/** Counts of boxes and nodes and the tree's depth. O(nodes). */
export function stats(tree: TreeArrays): IndexStats {
  let leaves = 0;
  let depth = 0;
  const stack: number[] = [0];
  while (stack.length > 0) {
    const n = stack.pop() as number;
    if (tree.nodeLevel[n] > depth) depth = tree.nodeLevel[n];
    const first = tree.nodeChild[n];
    if (first === NONE) leaves++;
    else stack.push(first, first + 1, first + 2, first + 3);
  }
  const n = tree.count;
  return {
    items: n,
    nodes: tree.liveNodes,
    leaves,
    depth,
    maxDepth: tree.maxDepth,
    bruteForceChecks: n < 2 ? 0 : (n * (n - 1)) / 2,
    arrayBytes: tree.arrayBytes(),
  };
}

/**
 * Checks every invariant of the storage and throws an Error describing the first one broken.
 * O(boxes + nodes); for tests and debugging.
 */
export function validate(tree: TreeArrays, fail: (message: string) => never): void {
  const depth = tree.maxDepth;
  const seen = new Uint8Array(tree.itemHighWater);
  const range = new Int32Array(4);
  let itemsSeen = 0;
  let nodesSeen = 0;
  const stack: number[] = [0];
  while (stack.length > 0) {
    const n = stack.pop() as number;
    nodesSeen++;
    const level = tree.nodeLevel[n];
    const span = 1 << (depth - level);
    const x0 = tree.nodeX0[n];
    const y0 = tree.nodeY0[n];
    if (level > depth) fail(`node ${n} is at level ${level}, deeper than ${depth}`);
    if (x0 % span !== 0 || y0 % span !== 0) fail(`node ${n} block is not aligned`);
    const first = tree.nodeChild[n];
    const shift = depth - level - 1;
    let listed = 0;
    let prev = NONE;
    for (let i = tree.nodeHead[n]; i !== NONE; i = tree.itemNext[i]) {
      if (i < 0 || i >= tree.itemHighWater) fail(`node ${n} lists an invalid id ${i}`);
      if (seen[i]) fail(`id ${i} is listed twice (or the list has a cycle)`);
      seen[i] = 1;
      itemsSeen++;
      listed++;
      if (prev !== NONE && tree.itemPrev[i] !== prev) fail(`id ${i} has a wrong back link`);
      if (tree.itemNode[i] !== n) fail(`id ${i} is listed in node ${n} but records node ${tree.itemNode[i]}`);
      const i4 = tree.slotOf[i] * 4;
      const b = tree.boxes;
      if (!(b[i4] <= b[i4 + 2] && b[i4 + 1] <= b[i4 + 3])) fail(`id ${i} has an invalid box`);
      tree.cellRangeOf(b, i4, range, 0);
      const lox = range[0];
      const loy = range[1];
      const hix = range[2];
      const hiy = range[3];
      if (lox > hix || loy > hiy) fail(`id ${i} has an empty cell range`);
      if (lox < x0 || hix >= x0 + span || loy < y0 || hiy >= y0 + span)
        fail(`id ${i} lies outside the block of node ${n}`);
      if (first !== NONE && homeLevel(lox, loy, hix, hiy, depth) > level) {
        fail(`id ${i} fits in a child of internal node ${n} but was not pushed down`);
      }
      if (first !== NONE) {
        const r = tree.reachAt(n) + 4 * tree.rangeGroup(n, lox, hix);
        const reach = tree.nodeReach;
        if (lox < reach[r] || loy < reach[r + 1] || hix > reach[r + 2] || hiy > reach[r + 3]) {
          fail(`id ${i} lies outside the reach box of internal node ${n}`);
        }
      }
      prev = i;
    }
    // The back links form a ring: the head's points to the tail (see TreeStore.link).
    const head = tree.nodeHead[n];
    if (head !== NONE && tree.itemPrev[head] !== prev)
      fail(`node ${n}'s first id does not link back to its last`);
    if (listed !== tree.nodeCount[n]) fail(`node ${n} counts ${tree.nodeCount[n]} boxes but lists ${listed}`);
    let total = listed;
    if (first === NONE) {
      if (level < depth && listed > tree.maxObjects && !tree.splitSkipped) {
        fail(`leaf ${n} holds ${listed} boxes (> maxObjects ${tree.maxObjects}) but did not split`);
      }
    } else {
      if ((first - 1) % 4 !== 0 || first <= 0 || first + 3 >= tree.nodeHighWater)
        fail(`node ${n} has a bad child block ${first}`);
      for (let q = 0; q < 4; q++) {
        const c = first + q;
        if (tree.parentOf(c) !== n) fail(`child ${c} does not point back to node ${n}`);
        if (tree.nodeLevel[c] !== level + 1) fail(`child ${c} has level ${tree.nodeLevel[c]}`);
        if (
          tree.nodeX0[c] !== x0 + (q & 1) * (1 << shift) ||
          tree.nodeY0[c] !== y0 + (q >> 1) * (1 << shift)
        ) {
          fail(`child ${c} covers the wrong block`);
        }
        total += tree.nodeTotal[c];
        stack.push(c);
      }
      if (tree.nodeTotal[n] <= tree.mergeThreshold) {
        fail(`node ${n} holds only ${tree.nodeTotal[n]} boxes in its subtree but was not merged`);
      }
    }
    if (total !== tree.nodeTotal[n])
      fail(`node ${n} subtree total is ${tree.nodeTotal[n]}, expected ${total}`);
  }
  if (nodesSeen !== tree.liveNodes) fail(`${nodesSeen} nodes reachable but ${tree.liveNodes} counted live`);
  if (itemsSeen !== tree.count) fail(`${itemsSeen} boxes reachable but size is ${tree.count}`);
  let free = 0;
  for (let h = tree.freeItem; h !== NONE; h = tree.itemNext[h]) {
    if (h < 0 || h >= tree.itemHighWater) fail(`the free id list holds ${h}`);
    if (seen[h]) fail(`free id ${h} is also in the tree`);
    if (tree.itemNode[h] !== NONE) fail(`free id ${h} records node ${tree.itemNode[h]}`);
    if (++free > tree.itemHighWater) fail('the free id list has a cycle');
  }
  if (free + tree.count !== tree.itemHighWater) fail('ids leak: free + used ≠ handed out');
  let freeBlocks = 0;
  for (let b = tree.freeBlock; b !== NONE; b = tree.nodeHead[b]) {
    if (tree.blockParent[(b - 1) >> 2] !== FREE) fail(`free node block ${b} is still in use`);
    if (++freeBlocks * 4 > tree.nodeHighWater) fail('the free node list has a cycle');
  }
  if (1 + 4 * freeBlocks + tree.liveNodes - 1 !== tree.nodeHighWater) fail('node slots leak');
  validateRuns(tree, fail);
}

/**
 * The slots: slotOf and slotIds are inverse permutations of the ids handed out, and when the layout
 * is marked current each live id sits in its node's run, in ascending order.
 */
function validateRuns(tree: TreeArrays, fail: (message: string) => never): void {
  const slots = tree.itemHighWater;
  for (let h = 0; h < slots; h++) {
    const s = tree.slotOf[h];
    if (s < 0 || s >= slots || tree.slotIds[s] !== h) fail(`id ${h} has slot ${s}, which does not hold it`);
  }
  if (tree.runsStale) return;
  for (let h = 0; h < slots; h++) {
    const n = tree.itemNode[h];
    const s = tree.slotOf[h];
    if (n < 0) {
      if (s < tree.count) fail(`free id ${h} sits in slot ${s}, among the live ones`);
    } else if (s < tree.runStart[n] || s >= tree.runStart[n] + tree.nodeCount[n]) {
      fail(`id ${h} is not in node ${n}'s run of slots (no change marked the layout stale)`);
    }
  }
  // Within a run the ids ascend (the pair walk's order depends on it).
  for (let s = 1; s < tree.count; s++) {
    const a = tree.slotIds[s - 1];
    const b = tree.slotIds[s];
    if (tree.itemNode[a] === tree.itemNode[b] && a > b)
      fail(`ids ${a} and ${b} are out of order in their run`);
  }
}
