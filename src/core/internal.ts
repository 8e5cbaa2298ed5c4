import { refuseChange } from '../shared/validate.js';
import { copyBox } from './arrays.js';
import {
  moveAllChecked as moveAllStaged,
  moveListedChecked as moveListedStaged,
  readdCleared as readdClearedIds,
} from './batch.js';
import { isSparse, layOutForSearches, layOutRuns, layOutRunsFrom, liveIdsAscending } from './layout.js';
import { checkNearest, type NearestWalkVisitor, runNearest } from './nearest.js';
import { forEachPairWithin as walkWithin } from './pairs.js';
import type { QuadIndex } from './QuadIndex.js';
import { checkRay, type RayWalkVisitor, runRay } from './ray.js';
import { runSearch, Search, searchArgs } from './search.js';
import type { TreeStore } from './store.js';
import { checkSweep, runSweep, type SweepWalkVisitor, sweepEntered } from './sweep.js';
import type { IdPairVisitor, IdVisitor } from './types.js';

/**
 * What the object Quadtree and the World ask of a {@link QuadIndex} beyond its public API, as
 * functions over the index so that none of it shows on the public class:
 * - boxes read from the caller's staging array, already checked by the caller (no double crosses
 *   a call boundary, so nothing is boxed on the heap on the per-item and per-body paths);
 * - the input lock, held while a change reads the caller's objects;
 * - what a sparse index (far fewer ids live than handed out) needs to be walked in time that
 *   follows its live boxes.
 * Not exported from the package.
 * @internal
 */

/** The index's tree. (TypeScript lets a module reach a private field by its quoted name.) */
function treeOf(index: QuadIndex): TreeStore {
  // biome-ignore lint/complexity/useLiteralKeys: the quoted name is what reaches a private field
  return index['tree'];
}

/**
 * Throws, naming `owner.method`, while the index refuses changes (see {@link TreeArrays.locked}):
 * the one check behind every changing method of QuadIndex, Quadtree and the functions below.
 */
export function assertMutable(index: QuadIndex, owner: string, method: string): void {
  const tree = treeOf(index);
  if (tree.locked) refuseChange(owner, method, tree.busy > 0);
}

/** {@link QuadIndex.move} with the box at src[o … o + 3]. Returns true when the box changed node. */
export function moveFrom(index: QuadIndex, id: number, src: Float64Array, o: number): boolean {
  assertMutable(index, 'QuadIndex', 'move');
  const tree = treeOf(index);
  copyBox(src, o, tree.boxes, tree.slotOf[id] << 2);
  return tree.reclassify(id);
}

/** {@link QuadIndex.add} with the box at src[o … o + 3]. */
export function addFrom(index: QuadIndex, src: Float64Array, o: number): number {
  assertMutable(index, 'QuadIndex', 'add');
  return treeOf(index).addFrom(src, o);
}

/**
 * Right after {@link QuadIndex.clear} removed exactly ids 0 … m − 1, with nothing added since:
 * adds them back, in order, with the boxes at src[4h …], for the cost of a moveAll instead of m
 * adds. Returns false, changing nothing, when that is not the case.
 */
export function readdCleared(index: QuadIndex, src: Float64Array, m: number): boolean {
  assertMutable(index, 'QuadIndex', 'add');
  return readdClearedIds(treeOf(index), src, m);
}

/** How many ids the last clear() removed while {@link readdCleared} can still bring them back (0 if none). */
export function clearedCount(index: QuadIndex): number {
  return treeOf(index).clearedCount();
}

/** {@link QuadIndex.moveAll} from boxes the caller has checked already: no second validation pass. */
export function moveAllChecked(index: QuadIndex, staged: Float64Array): number {
  assertMutable(index, 'QuadIndex', 'moveAll');
  return moveAllStaged(treeOf(index), staged);
}

/**
 * {@link moveAllChecked} when only the ids in ids[0 … count − 1] have new (checked) boxes in
 * `staged`, every other live id's box there being the one it was filed with: only those are
 * re-filed, then the slots are laid out from `staged`.
 */
export function moveListedChecked(
  index: QuadIndex,
  staged: Float64Array,
  ids: Int32Array,
  count: number,
): number {
  assertMutable(index, 'QuadIndex', 'moveAll');
  return moveListedStaged(treeOf(index), staged, ids, count);
}

/**
 * Lays the slots out in walk order from src, where every live id h's box must be at
 * src[4h … 4h + 3] (the object Quadtree's staging after an array insert into an empty tree).
 * Streaming from src in id order costs a third of what the next walk would spend chasing the
 * permutation from creation order through the slots (3.7 of 5 ms saved at 100,000 boxes).
 */
export function layOutFrom(index: QuadIndex, src: Float64Array): void {
  assertMutable(index, 'QuadIndex', 'add');
  layOutRunsFrom(treeOf(index), src);
}

/** {@link QuadIndex.forEachInBox} (or `forEachCandidate`) with the box at src[o … o + 3]. */
export function forEachInBoxFrom(
  index: QuadIndex,
  src: Float64Array,
  o: number,
  visit: IdVisitor,
  candidatesOnly = false,
): number {
  copyBox(src, o, searchArgs, 0);
  return runSearch(treeOf(index), candidatesOnly ? Search.Candidates : Search.Box, null, visit);
}

/** {@link QuadIndex.raycast} with a visitor of the walk itself (see RayWalkVisitor). */
export function raycastWalk(
  index: QuadIndex,
  x: number,
  y: number,
  dirX: number,
  dirY: number,
  maxT: number,
  visit: RayWalkVisitor,
): void {
  checkRay(x, y, dirX, dirY, maxT);
  runRay(treeOf(index), x, y, dirX, dirY, maxT, visit);
}

/** {@link QuadIndex.forEachSweepHit} with a visitor of the walk itself (see SweepWalkVisitor). */
export function forEachSweepHitWalk(
  index: QuadIndex,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
  dx: number,
  dy: number,
  visit: SweepWalkVisitor,
  skipId: number,
): void {
  checkSweep(minX, minY, maxX, maxY, dx, dy);
  runSweep(treeOf(index), minX, minY, maxX, maxY, dx, dy, visit, skipId);
}

/** {@link QuadIndex.forEachNearest} with a visitor of the walk itself (see NearestWalkVisitor). */
export function forEachNearestWalk(
  index: QuadIndex,
  x: number,
  y: number,
  maxDistance: number,
  visit: NearestWalkVisitor,
): void {
  checkNearest(x, y, maxDistance);
  runNearest(treeOf(index), x, y, maxDistance, visit);
}

/**
 * {@link forEachSweepHitWalk} with the moving box and its motion at src[o … o + 5] (minX, minY,
 * maxX, maxY, dx, dy; checked by the caller) and no id skipped: the World's sweeps, which pass no
 * number as an argument (see Scratch.walk).
 */
export function forEachSweepHitFrom(
  index: QuadIndex,
  src: Float64Array,
  o: number,
  visit: SweepWalkVisitor,
): void {
  const tree = treeOf(index);
  layOutForSearches(tree);
  const ctx = tree.enter();
  for (let k = 0; k < 6; k++) ctx.walk[k] = src[o + k]; // (not set(subarray): a view per call)
  sweepEntered(tree, ctx, -1, visit);
}

/**
 * Refuses changes until {@link endInput}: the object Quadtree holds this while it reads a change's
 * input from the caller's objects, so that a getter cannot change the index between the reading
 * and the commit. (A pair of calls, not a callback: no closure per change.)
 */
export function beginInput(index: QuadIndex): void {
  treeOf(index).readingInput++;
}

/** Ends {@link beginInput}. */
export function endInput(index: QuadIndex): void {
  treeOf(index).readingInput--;
}

/**
 * Lifts the refusal of {@link beginInput} for a commit that is no change to the caller (the object
 * Quadtree filing items it kept back); returns what {@link resumeInput} puts back.
 */
export function pauseInput(index: QuadIndex): number {
  const tree = treeOf(index);
  const reading = tree.readingInput;
  tree.readingInput = 0;
  return reading;
}

/** Ends {@link pauseInput}. */
export function resumeInput(index: QuadIndex, reading: number): void {
  treeOf(index).readingInput = reading;
}

/**
 * Refuses changes until {@link endRead}, as a traversal does: for a read that appends to the
 * caller's array, which may run code as it grows. (A pair of calls, as {@link beginInput}.)
 */
export function beginRead(index: QuadIndex): void {
  treeOf(index).busy++;
}

/** Ends {@link beginRead}. */
export function endRead(index: QuadIndex): void {
  treeOf(index).busy--;
}

/** One past the highest id handed out since the index was last emptied: an upper bound of every live id. */
export function idSpan(index: QuadIndex): number {
  return treeOf(index).itemHighWater;
}

/** True when far fewer ids are live than were handed out (see {@link liveIds}). */
export function isSparseIndex(index: QuadIndex): boolean {
  return isSparse(treeOf(index));
}

/**
 * Every live id in ascending order, in the first `index.size` entries of the returned array, which
 * is valid until the index next changes. In time that follows the live boxes, not the ids handed
 * out (for the object Quadtree's refresh of a sparse tree).
 */
export function liveIds(index: QuadIndex): Int32Array {
  return liveIdsAscending(treeOf(index));
}

/**
 * {@link QuadIndex.forEachPair} on boxes inside the filed ones: live id h's box is read from
 * src[stride·h … stride·h + 3] and must lie inside the box h was last filed with; `work` receives
 * them in slot order (at least 4·size doubles). Reports exactly the pairs whose given boxes overlap
 * strictly. Returns the number of box tests.
 */
export function forEachPairWithin(
  index: QuadIndex,
  src: Float64Array,
  stride: number,
  work: Float64Array,
  visit: IdPairVisitor,
): number {
  const tree = treeOf(index);
  const ctx = tree.enter();
  try {
    if (tree.runsStale) layOutRuns(tree);
    if (isSparse(tree)) copyBySlot(tree, src, stride, work);
    else copyById(tree, src, stride, work);
    return walkWithin(tree, ctx, work, visit);
  } finally {
    tree.busy--;
  }
}

/*
 * The copies below are each the last thing their function does: V8 compiles a long loop while it
 * runs, and keeps re-entering that code, which deoptimizes on every call at code after the loop
 * it had not yet seen run (see core/layout.ts).
 */

/** forEachPairWithin's boxes of a sparse index: laid out, the live ids hold the first `count` slots. */
function copyBySlot(tree: TreeStore, src: Float64Array, stride: number, work: Float64Array): void {
  const slotIds = tree.slotIds;
  for (let s = 0, end = tree.count; s < end; s++) copyBox(src, stride * slotIds[s], work, s << 2);
}

/**
 * forEachPairWithin's boxes, in id order: src is read in order, and only the writes land in
 * random places. (Read in slot order, src missed the cache on most boxes: a World frame at 10,000
 * shapes took 1.05-1.10 times as long.)
 */
function copyById(tree: TreeStore, src: Float64Array, stride: number, work: Float64Array): void {
  const slotOf = tree.slotOf;
  const itemNode = tree.itemNode;
  for (let h = 0, end = tree.itemHighWater; h < end; h++) {
    if (itemNode[h] >= 0) copyBox(src, stride * h, work, slotOf[h] << 2);
  }
}
