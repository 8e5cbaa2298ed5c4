import type { PairSink } from '../pairs.js';
import type { Scene } from '../scenes.js';

/**
 * baseline: written here for reference; peer: another npm library; variant: a peer run a second
 * way to measure one cost (shown, but never the "fastest peer"); quadcollide: ours
 */
export type ContestantKind = 'baseline' | 'peer' | 'variant' | 'quadcollide';

/**
 * One way of answering "which boxes overlap?" once per frame. `setup` may build persistent state
 * (it is not timed); `frame` must bring that state up to date with the boxes' current positions
 * (the scene lists which ones moved) and report every strictly overlapping pair exactly once.
 */
export interface Contestant {
  /** narrow-phase box tests performed by the last frame (seed 000's "checks" metric) */
  checks: number;
  setup(scene: Scene): void;
  frame(scene: Scene, sink: PairSink): void;
  /**
   * Bytes the contestant holds for the user's own box data, excluded from its retained memory
   * like the scene's box objects: the id API's Float64Array of boxes, which an ECS or a particle
   * system keeps as its component data anyway.
   */
  userBytes?(): number;
}

export interface ContestantFactory {
  readonly name: string;
  readonly kind: ContestantKind;
  /** largest N worth running: above it a frame takes several seconds */
  readonly maxN: number;
  /** short note for the report: parameters used, what is rebuilt per frame */
  readonly notes: string;
  create(): Contestant;
}
