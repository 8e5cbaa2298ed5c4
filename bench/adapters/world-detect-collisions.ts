import { type Circle, type Polygon, type Response, System } from 'detect-collisions';
import type { ContactSink } from '../contacts.js';
import type { ShapeScene } from '../world-scene.js';
import type { WorldContestant, WorldContestantFactory } from './world-types.js';

type Tagged = { userData: { id: number } };

/**
 * detect-collisions (v10 = check2d 9.36) driven as its README shows: persistent bodies in a
 * `System`; per frame `setPosition` on every body, for polygons with `updateNow = false`
 * followed by `setAngle` (which re-inserts the body once, with both changes), then
 * `checkAll`. It reports every pair twice (a→b and b→a): keep the report with the lower id first.
 * Its `overlapN` points from `a` to `b` and `overlap` is the depth, the same convention as ours.
 */
class DetectCollisionsWorld implements WorldContestant {
  private readonly system = new System();
  private readonly circles: Circle[] = [];
  private readonly circleIds: number[] = [];
  private readonly polygons: Polygon[] = [];
  private readonly polygonIds: number[] = [];
  private sink: ContactSink | undefined;

  // created once so checkAll gets the same callback every frame; returns nothing, so checkAll goes on
  private readonly report = (response: Response): void => {
    const a = (response.a as Tagged).userData.id;
    const b = (response.b as Tagged).userData.id;
    if (a > b) return;
    const n = response.overlapN;
    this.sink!.add(a, b, n.x, n.y, response.overlap);
  };

  constructor(scene: ShapeScene, padding: number) {
    const { pose } = scene;
    scene.shapes.forEach((spec, i) => {
      const position = { x: pose[3 * i], y: pose[3 * i + 1] };
      if (spec.kind === 'circle') {
        this.circles.push(
          this.system.createCircle(position, spec.radius, { userData: { id: i }, padding }) as Circle,
        );
        this.circleIds.push(i);
      } else {
        const polygon = this.system.createPolygon(position, [...spec.points], {
          userData: { id: i },
          padding,
        }) as Polygon;
        polygon.setAngle(pose[3 * i + 2]);
        this.polygons.push(polygon);
        this.polygonIds.push(i);
      }
    });
  }

  frame(pose: Float64Array, sink: ContactSink): void {
    this.move(pose);
    this.sink = sink;
    this.system.checkAll(this.report);
  }

  /** Every body to its pose (its own function, like the quadcollide adapter's). */
  move(pose: Float64Array): void {
    const { circles, circleIds, polygons, polygonIds } = this;
    for (let k = 0; k < circles.length; k++) {
      const o = 3 * circleIds[k];
      circles[k].setPosition(pose[o], pose[o + 1]);
    }
    for (let k = 0; k < polygons.length; k++) {
      const o = 3 * polygonIds[k];
      polygons[k].setPosition(pose[o], pose[o + 1], false);
      polygons[k].setAngle(pose[o + 2]);
    }
  }
}

const HOW =
  '`System`, `createCircle` / `createPolygon`; per frame `setPosition` (+ `setAngle` for polygons) on every body, `checkAll`, keep a.id < b.id';

export const detectCollisionsWorld: WorldContestantFactory = {
  name: 'detect-collisions',
  kind: 'peer',
  notes: `${HOW}; \`padding\` 0 (its default)`,
  create: (scene) => new DetectCollisionsWorld(scene, 0),
};

/**
 * The same with `padding: 2`, the World's default margin: bodies are then re-inserted only when
 * they leave their padded box, as the World's are (at 10k it is ~25% faster than padding 0).
 */
export const detectCollisionsPaddedWorld: WorldContestantFactory = {
  name: 'detect-collisions (padding 2)',
  kind: 'peer',
  notes: `${HOW}; \`padding\` 2, the same fat-box margin as the World's default`,
  create: (scene) => new DetectCollisionsWorld(scene, 2),
};
