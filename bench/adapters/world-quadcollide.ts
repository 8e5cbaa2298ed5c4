import { Body, Circle, Polygon, World } from '../../src/index.js';
import type { ContactSink } from '../contacts.js';
import type { ShapeScene } from '../world-scene.js';
import type { WorldContestant, WorldContestantFactory } from './world-types.js';

/**
 * quadcollide's `World` with default options (margin 2): every frame each body gets its position
 * (`setPosition`) and, for polygons, its angle; then `step()`, then every contact in
 * `world.contacts` is read. Bodies are added in scene order, so body ids are the scene's ids.
 */
export class QuadcollideWorld implements WorldContestant {
  readonly world: World;
  private readonly bodies: Body[];
  /** 1 for polygons (they turn), 0 for circles */
  private readonly turns: Uint8Array;

  constructor(scene: ShapeScene) {
    this.world = new World({ bounds: scene.world });
    const { pose } = scene;
    this.bodies = scene.shapes.map((spec, i) => {
      const x = pose[3 * i];
      const y = pose[3 * i + 1];
      const shape =
        spec.kind === 'circle'
          ? new Circle(x, y, spec.radius)
          : new Polygon(x, y, spec.points, pose[3 * i + 2]);
      return this.world.add(new Body(shape));
    });
    this.turns = Uint8Array.from(scene.shapes, (s) => (s.kind === 'polygon' ? 1 : 0));
    this.bodies.forEach((body, i) => {
      if (body.id !== i) throw new Error(`World gave body ${i} the id ${body.id}`);
    });
  }

  frame(pose: Float64Array, sink: ContactSink): void {
    this.move(pose);
    this.world.step();
    this.read(sink);
  }

  /** Every body to its pose (the frame's "move all"; its own function for the allocation breakdown). */
  move(pose: Float64Array): void {
    const { bodies, turns } = this;
    for (let i = 0; i < bodies.length; i++) {
      const body = bodies[i];
      body.setPosition(pose[3 * i], pose[3 * i + 1]);
      if (turns[i] === 1) body.angle = pose[3 * i + 2];
    }
  }

  /** Every contact of the last step into the sink. */
  read(sink: ContactSink): void {
    const contacts = this.world.contacts;
    for (let k = 0; k < contacts.length; k++) {
      const c = contacts[k];
      sink.add(c.bodyA.id, c.bodyB.id, c.normalX, c.normalY, c.depth);
    }
  }
}

export const quadcollideWorld: WorldContestantFactory = {
  name: 'quadcollide World',
  kind: 'quadcollide',
  notes:
    '`World` (default margin 2), `Body(Circle | Polygon)`; per frame `setPosition` (+ `angle` for polygons) on every body, `step()`, read `world.contacts`',
  create: (scene) => new QuadcollideWorld(scene),
};
