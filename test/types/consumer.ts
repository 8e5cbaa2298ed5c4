/*
 * Type-level checks of the public API, as a consumer with every strict flag on compiles them
 * against the published declarations: scripts/check-package.mjs installs the packed tarball in a
 * fresh project and compiles this file there (strict, exactOptionalPropertyTypes,
 * noUncheckedIndexedAccess, skipLibCheck off). Compiled, not run: every line either compiles or is
 * marked as an expected error, and tsc fails when a marked line compiles. (Not part of the
 * repository's own typecheck: inside the repository the classes' private members are typed, which
 * a consumer never sees.)
 */
import {
  Body,
  type BodyContact,
  type BodyFilter,
  Box,
  Circle,
  QuadIndex,
  Quadtree,
  type Rect,
  World,
} from 'quadcollide';

const bounds: Rect = { x: 0, y: 0, width: 800, height: 600 };

// Body<U> and World<U> are covariant in U: a body with user data goes into an untyped world, a
// typed body into a helper written for any body, a helper listener onto a typed world.
const world = new World({ bounds });
world.add(new Body(new Circle(100, 100, 10), { userData: { name: 'hero', hp: 3 } }));
const typed = new World<string>({ bounds });
const hero = typed.add(new Body(new Circle(1, 1, 1), { userData: 'hero' }));
function describeBody(b: Body): string {
  return `${b.id} at ${b.x},${b.y}`;
}
describeBody(hero);
world.queryRect({ x: 0, y: 0, width: 10, height: 10 }, [], { exclude: hero });
const pairsSeen: number[] = [];
function logContact(c: BodyContact): void {
  pairsSeen.push(c.bodyA.id, c.bodyB.id);
}
typed.on('collisionStart', logContact);
const anyWorld: World = typed;
const anyFilter: BodyFilter = { predicate: (b: Body<string>) => b.userData === 'hero' } as BodyFilter<string>;
// ...but not across unrelated user data types.
// @ts-expect-error a Body<string> is not a Body<number>
const wrong: Body<number> = hero;

// A body's shape is the union of the shape kinds: its kind narrows it.
const ball = world.add(new Body(new Circle(0, 0, 5)));
const ballShape = ball.shape;
const radius: number = ballShape.kind === 'circle' ? ballShape.radius : 0;
// @ts-expect-error not every shape has a radius
const unnarrowed: number = ball.shape.radius;

// Visitors may return anything (only `false` stops a walk), so expression-bodied arrows compile.
interface Sprite {
  x: number;
  y: number;
  width: number;
  height: number;
}
const tree = new Quadtree<Sprite>(bounds);
const visible: Sprite[] = [];
tree.forEachInRect({ x: 0, y: 0, width: 320, height: 240 }, (s) => visible.push(s));
const hits: [Sprite, Sprite][] = [];
tree.forEachPair((a, b) => hits.push([a, b]));
tree.forEachNearest(0, 0, (s) => visible.push(s));
const index = new QuadIndex(bounds);
const ids = new Set<number>();
index.forEachInBox(0, 0, 100, 100, (id) => ids.add(id));
index.forEachPair((a, b) => ids.add(a + b));

// Optional options take an explicit undefined (the default), as the run-time checks do.
const tuned: number | undefined = undefined;
const flag: boolean | undefined = undefined;
new Quadtree<Sprite>(bounds, { maxObjects: tuned, maxLevels: tuned, minNodeSize: tuned });
new QuadIndex(bounds, { maxObjects: tuned });
new World({ bounds, margin: tuned, maxObjects: tuned });
new Body(new Box(0, 0, 1, 1), {
  isStatic: flag,
  isSensor: flag,
  category: tuned,
  mask: tuned,
  continuous: flag,
});
world.queryRect(bounds, [], {
  mask: tuned,
  includeSensors: flag,
  includeStatic: flag,
  includeDynamic: flag,
  exclude: undefined,
  predicate: undefined,
});

export { anyFilter, anyWorld, radius, unnarrowed, wrong };
