/**
 * The collision work of one {@link World.step}: candidate pairs from the broad phase, the narrow
 * phase on each (through the contact book), the sweeps of continuous bodies (continuous.ts), and
 * the sorted lists of started / stayed / ended contacts.
 * @module
 */
import * as internal from '../core/internal.js';
import type { Body } from './Body.js';
import type { BodyList } from './bodyList.js';
import { type BroadPhase, PAIR_DATA } from './broadphase.js';
import { CandidatePairs } from './candidates.js';
import type { ContactBook } from './contacts.js';
import { ContinuousSweeps, checkSweeps, notePositions } from './continuous.js';
import { HitList } from './hits.js';
import type { WorldQueries } from './queries.js';

/**
 * Runs the steps' collision work and counts the steps. The world guards a step (no queries or
 * changes while it runs) and calls the listeners afterwards; this brings the broad phase up to
 * date, walks the pairs and fills the {@link ContactBook}. Filtering runs inside the traversal
 * callbacks, on the broad phase's typed arrays, before any narrow-phase test.
 */
export class StepPipeline<U> {
  /** Steps run so far; the one under way while it runs (the contact book stamps contacts with it). */
  steps = 0;

  // The dynamic body whose box is searched in the static index, and its filter bits.
  private owner: Body<U> | null = null;
  private ownerCategory = 0;
  private ownerMask = 0;

  private readonly candidates = new CandidatePairs();
  /** The colliding pairs of the step under way, for the book (see HitList). */
  private readonly hits = new HitList();
  private readonly continuous: ContinuousSweeps<U>;

  constructor(
    private readonly broad: BroadPhase<U>,
    private readonly bodies: BodyList<U>,
    private readonly book: ContactBook<U>,
    queries: WorldQueries<U>,
  ) {
    this.continuous = new ContinuousSweeps(broad, queries);
  }

  /**
   * Runs the collision part of the next step; afterwards the book holds its contact lists. If it
   * throws (an index box or a continuous body's motion that overflowed), nothing has changed.
   */
  run(): void {
    // (No loop here: each pass over the bodies or pairs is the last thing its own method does,
    // see core/layout.ts.)
    // 0. Every continuous body's motion is checked before anything changes (sync re-files, which
    // shows in stats(), and a throw must leave the world exactly as it was).
    const swept = this.bodies.continuous;
    checkSweeps(swept);
    // 1. Index: bodies that moved out of their box. Every new box is checked before any is
    // stored, so a throw here leaves the world untouched.
    this.broad.sync();
    const frame = ++this.steps;
    const book = this.book;
    book.begin();

    // 2. Pairs: dynamic–dynamic in one pass (gathered by the walk, then tested in proxy order: see
    // CandidatePairs), then dynamic–static per dynamic body (static–static pairs are never even
    // enumerated, which matters for tile maps). The narrow phase lists the pairs that collide
    // (see HitList), and the book records them after it.
    const dynamic = this.broad.dynamic;
    const candidates = this.candidates;
    candidates.reset();
    // The walk compares the shapes' tight bounds, not the fat index boxes, which the margin makes
    // overlap about twice as often: only pairs that can collide reach the visitor.
    internal.forEachPairWithin(dynamic.index, dynamic.pairData, PAIR_DATA, dynamic.walkBoxes, this.visitPair);
    const pairs = candidates.inOrder(internal.idSpan(dynamic.index));
    this.hits.reset();
    this.testCandidates(pairs, candidates.count);
    if (this.broad.statics.index.size > 0) {
      this.collideStatics(this.bodies.dynamic);
      this.owner = null;
    }

    // 2b. Continuous bodies: what they crossed since the last step but no longer overlap. Swept
    // before the book records the pairs: a body that crossed something first is not reported
    // inside what it only reached beyond (a bullet stopped by a wall, ending inside an enemy behind
    // it, hits the wall only).
    this.continuous.sweepAll(swept);
    this.continuous.dropPairsBeyondCrossings(this.hits);
    book.record(this.hits, frame);
    this.continuous.addCrossings(book, frame);

    // 3. Which contacts started, stayed and ended, each list sorted.
    book.finish(frame);
    notePositions(swept);
  }

  /** The narrow phase on the candidate pairs pairs[0 … 2·count − 1] (dynamic proxy ids). */
  private testCandidates(pairs: Int32Array, count: number): void {
    const dynamic = this.broad.dynamic;
    const hits = this.hits;
    for (let k = 0, end = 2 * count; k < end; k += 2) hits.test(dynamic, pairs[k], dynamic, pairs[k + 1]);
  }

  /** Dynamic–static pairs: each dynamic body's tight bounds searched in the static index. */
  private collideStatics(list: readonly Body<U>[]): void {
    const statics = this.broad.statics;
    const pairData = this.broad.dynamic.pairData;
    for (let i = 0; i < list.length; i++) {
      const body = list[i];
      this.owner = body;
      this.ownerCategory = body._category;
      this.ownerMask = body._mask;
      // Searched with the body's tight bounds, not its index box: only statics those meet can
      // collide with it, and the margin would add candidates to reject.
      internal.forEachInBoxFrom(statics.index, pairData, PAIR_DATA * body._proxy, this.visitStatic);
    }
  }

  /**
   * Dynamic–dynamic pair (proxy ids) whose tight bounds overlap: filter bits first, from typed
   * arrays; the pairs that pass go to the narrow phase after the walk (see CandidatePairs). (The
   * filters stay here: in the walk a pair's records are often still in the cache from its
   * neighbours' tests. Run after the sort instead, the step measured 4–10% slower.)
   */
  private readonly visitPair = (p: number, q: number): void => {
    const side = this.broad.dynamic;
    if ((side.category(p) & side.mask(q)) === 0 || (side.category(q) & side.mask(p)) === 0) return;
    this.candidates.add(p, q);
  };

  /**
   * Static body (proxy id) whose index box meets the owner's tight bounds: filter bits and tight
   * bounds first (a static body's index box holds its shape's bounds, but may be larger than them
   * when the shape moved or shrank inside it).
   */
  private readonly visitStatic = (id: number): void => {
    const side = this.broad.statics;
    if ((this.ownerCategory & side.mask(id)) === 0 || (side.category(id) & this.ownerMask) === 0) return;
    const owner = this.owner as Body<U>;
    if (!boundsMeet(this.broad.dynamic.pairData, PAIR_DATA * owner._proxy, side.pairData, PAIR_DATA * id))
      return;
    this.hits.test(this.broad.dynamic, owner._proxy, side, id);
  };
}

/**
 * Whether the tight bounds a[i … i + 3] and b[j … j + 3] overlap (strictly). The index pairs fat
 * boxes; shapes collide only where their tight bounds overlap, the narrow phase's own first test,
 * made here on typed arrays before the bodies and shapes are read.
 */
function boundsMeet(a: Float64Array, i: number, b: Float64Array, j: number): boolean {
  return a[i] < b[j + 2] && b[j] < a[i + 2] && a[i + 1] < b[j + 3] && b[j + 1] < a[i + 3];
}
