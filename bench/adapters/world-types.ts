import type { ContactSink } from '../contacts.js';
import type { ShapeScene } from '../world-scene.js';

/**
 * One collision world driven the way its users drive it. `create` builds it with every shape at its
 * starting pose (not timed). `frame` is the timed work: copy every shape's pose from `pose` into
 * the library's bodies, bring the world up to date, and write every colliding pair once (lower id
 * first, normal from it to the other, depth) into the sink. A shape's id is its index in the scene.
 */
export interface WorldContestant {
  frame(pose: Float64Array, sink: ContactSink): void;
}

export interface WorldContestantFactory {
  readonly name: string;
  readonly kind: 'peer' | 'quadcollide';
  /** short note for the report: how the library is driven */
  readonly notes: string;
  create(scene: ShapeScene): WorldContestant;
}
