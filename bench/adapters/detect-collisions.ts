import { type Box as Body, System } from 'detect-collisions';
import type { PairSink } from '../pairs.js';
import { overlaps } from '../pairs.js';
import type { Box, Scene } from '../scenes.js';
import type { ContestantFactory } from './types.js';

/**
 * detect-collisions as its users drive it: persistent bodies in a `System`, `setPosition` for the
 * bodies that moved (it re-inserts them into its BVH), then `checkAll`. checkAll reports each pair
 * twice (a→b and b→a) and its SAT test counts touching boxes, so keep a.id < b.id and apply the
 * strict test to the user boxes.
 */
class DetectCollisionsContestant {
  checks = 0;
  private system = new System();
  private bodies: Body<Box>[] = [];
  private sink: PairSink | undefined;

  // created once so checkAll gets the same callback every frame
  private readonly report = (response: { a: Body<Box>; b: Body<Box> }): void => {
    const a = response.a.userData!;
    const b = response.b.userData!;
    if (a.id >= b.id) return;
    this.checks++;
    if (overlaps(a, b)) this.sink!.add(a.id, b.id);
  };

  setup(scene: Scene): void {
    this.bodies = scene.boxes.map(
      (box) =>
        this.system.createBox({ x: box.x, y: box.y }, box.width, box.height, { userData: box }) as Body<Box>,
    );
  }

  frame(scene: Scene, sink: PairSink): void {
    const { moved, movedCount } = scene;
    for (let k = 0; k < movedCount; k++) {
      const body = this.bodies[moved[k]];
      const box = body.userData!;
      body.setPosition(box.x, box.y);
    }
    this.sink = sink;
    this.checks = 0;
    this.system.checkAll(this.report);
  }
}

export const detectCollisions: ContestantFactory = {
  name: 'detect-collisions',
  kind: 'peer',
  maxN: Number.POSITIVE_INFINITY,
  notes: 'persistent bodies, setPosition for moved boxes, checkAll (SAT); v10 = check2d 9.36',
  create: () => new DetectCollisionsContestant(),
};
