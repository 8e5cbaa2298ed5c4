/**
 * Child process of allocation.test.ts: what World.step() allocates per body at 1,000 moving,
 * turning shapes (circles, boxes, rotated boxes and polygons) among 60 static walls, some of them
 * sensors and some filtered, printed as JSON. Run with --expose-gc and, for the test's point,
 * --no-turbo-inlining: see allocation.test.ts.
 *
 * The moves themselves are not measured: setPosition and setAngle take numbers, which V8 boxes
 * when it does not inline them. A full collection after the moves keeps their garbage out of the
 * step's figure (a collection during the step would count what it frees).
 */
import { Body, Box, Circle, OrientedBox, Polygon, World } from '../../src/index.js';
import { mulberry32 } from '../fixtures.js';
import { bytesAllocatedBy } from '../memory.js';

const N = 1000;
const SIDE = 400;
const gc = (globalThis as { gc?: () => void }).gc as () => void;
const random = mulberry32(11);
const world = new World({ bounds: { x: 0, y: 0, width: SIDE, height: SIDE } });
for (let i = 0; i < 60; i++) {
  const wall = new Box(random() * SIDE, random() * SIDE, 4 + random() * 40, 4 + random() * 6);
  world.add(new Body(wall, { isStatic: true, isSensor: i % 10 === 0 }));
}
const bodies: Body[] = [];
const pose = new Float64Array(3 * N);
const velocity = new Float64Array(3 * N);
for (let i = 0; i < N; i++) {
  const x = random() * SIDE;
  const y = random() * SIDE;
  const kind = i % 4;
  const shape =
    kind === 0
      ? new Circle(x, y, 2 + random() * 4)
      : kind === 1
        ? new Box(x, y, 3 + random() * 6, 3 + random() * 6)
        : kind === 2
          ? new OrientedBox(x, y, 3 + random() * 5, 2 + random() * 3, random() * 6)
          : new Polygon(x, y, [
              { x: -4, y: -2 },
              { x: 3, y: -3 },
              { x: 5, y: 2 },
              { x: -1, y: 4 },
            ]);
  // Some bodies see only the walls (category 2, mask 1), the rest see everything.
  const filtered = i % 7 === 0;
  bodies.push(world.add(new Body(shape, filtered ? { category: 2, mask: 1 } : {})));
  pose[3 * i] = x;
  pose[3 * i + 1] = y;
  velocity[3 * i] = 2 * random() - 1;
  velocity[3 * i + 1] = 2 * random() - 1;
  velocity[3 * i + 2] = kind >= 2 ? 0.05 * (2 * random() - 1) : 0;
}

/** Every body a step along its velocity (bouncing off the sides), boxes and polygons turning. */
function move(): void {
  for (let i = 0; i < N; i++) {
    for (let axis = 0; axis < 2; axis++) {
      let p = pose[3 * i + axis] + velocity[3 * i + axis];
      if (p < 0 || p > SIDE) {
        velocity[3 * i + axis] = -velocity[3 * i + axis];
        p = p < 0 ? 0 : SIDE;
      }
      pose[3 * i + axis] = p;
    }
    pose[3 * i + 2] += velocity[3 * i + 2];
    const body = bodies[i];
    body.setPosition(pose[3 * i], pose[3 * i + 1]);
    if (velocity[3 * i + 2] !== 0) body.angle = pose[3 * i + 2];
  }
}

for (let f = 0; f < 1500; f++) {
  move();
  world.step();
}
const perFrame: number[] = [];
let contacts = 0;
const FRAMES = 101;
for (let f = 0; f < FRAMES; f++) {
  move();
  gc();
  // (Less what the measurement itself allocates.)
  perFrame.push(bytesAllocatedBy(() => world.step()) - bytesAllocatedBy(() => {}));
  contacts += world.contacts.length;
}
perFrame.sort((a, b) => a - b);
process.stdout.write(
  JSON.stringify({
    perBody: perFrame[FRAMES >> 1] / N,
    worst: perFrame[FRAMES - 1] / N,
    contacts: contacts / FRAMES,
  }),
);
