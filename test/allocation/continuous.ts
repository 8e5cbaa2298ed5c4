/**
 * Child process of allocation.test.ts: what World.step() allocates with continuous bodies, printed
 * as JSON: 100 fast bullets (circles and thin boxes) among 2,000 moving shapes and 200 static
 * walls, each bullet sweeping every step; then what separate() allocates, called after each step.
 * Only step() and separate() are measured, not the moves before them. Run with --expose-gc and,
 * for the test's point, --no-turbo-inlining: see allocation.test.ts.
 */
import { Body, Box, Circle, Polygon, World } from '../../src/index.js';
import { mulberry32 } from '../fixtures.js';
import { bytesAllocatedBy } from '../memory.js';

const SIDE = 1000;
const MOVERS = 2000;
const BULLETS = 100;
const random = mulberry32(7);
const world = new World({ bounds: { x: 0, y: 0, width: SIDE, height: SIDE } });
for (let i = 0; i < 150; i++) {
  world.add(
    new Body(new Box(random() * SIDE, random() * SIDE, 4 + random() * 60, 4 + random() * 8), {
      isStatic: true,
    }),
  );
}
for (let i = 0; i < 50; i++) {
  const wall = new Polygon(
    random() * SIDE,
    random() * SIDE,
    [
      { x: 0, y: 0 },
      { x: 30, y: 5 },
      { x: 10, y: 25 },
    ],
    random() * 6,
  );
  world.add(new Body(wall, { isStatic: true }));
}
const bodies: Body[] = [];
const position = new Float64Array(2 * (MOVERS + BULLETS));
const velocity = new Float64Array(2 * (MOVERS + BULLETS));
let crossings = 0;
world.on('collisionStart', (contact) => {
  if (contact.continuous) crossings++;
});
for (let i = 0; i < MOVERS + BULLETS; i++) {
  const bullet = i >= MOVERS;
  const x = random() * SIDE;
  const y = random() * SIDE;
  const shape =
    i % 3 === 0
      ? new Polygon(x, y, [
          { x: -4, y: -1 },
          { x: 4, y: -1 },
          { x: 4, y: 1 },
          { x: -4, y: 1 },
        ])
      : new Circle(x, y, bullet ? 2 : 3 + random() * 4);
  bodies.push(world.add(new Body(shape, { continuous: bullet })));
  position[2 * i] = x;
  position[2 * i + 1] = y;
  const speed = bullet ? 40 : 1.5;
  velocity[2 * i] = (2 * random() - 1) * speed;
  velocity[2 * i + 1] = (2 * random() - 1) * speed;
}

/** Every body one step along its velocity, bouncing off the sides. */
function move(): void {
  for (let i = 0; i < bodies.length; i++) {
    for (let axis = 0; axis < 2; axis++) {
      let p = position[2 * i + axis] + velocity[2 * i + axis];
      if (p < 0 || p > SIDE) {
        velocity[2 * i + axis] = -velocity[2 * i + axis];
        p = p < 0 ? 0 : SIDE;
      }
      position[2 * i + axis] = p;
    }
    bodies[i].setPosition(position[2 * i], position[2 * i + 1]);
  }
}

const gc = (globalThis as { gc?: () => void }).gc as () => void;
for (let f = 0; f < 2000; f++) {
  move();
  world.step();
}
gc();
crossings = 0;
const windows: number[] = [];
for (let w = 0; w < 5; w++) {
  let bytes = 0;
  for (let f = 0; f < 50; f++) {
    move();
    bytes += bytesAllocatedBy(() => world.step());
  }
  windows.push(bytes / 50);
}
// Then separate() after each step, as a game resolving its contacts does.
for (let f = 0; f < 1000; f++) {
  move();
  world.step();
  world.separate();
}
gc();
const separations: number[] = [];
let pushed = 0;
for (let w = 0; w < 5; w++) {
  let bytes = 0;
  for (let f = 0; f < 50; f++) {
    move();
    world.step();
    bytes += bytesAllocatedBy(() => {
      pushed += world.separate();
    });
  }
  separations.push(bytes / 50);
}
const empty = bytesAllocatedBy(() => {});
const median = (values: number[]): number => values.sort((a, b) => a - b)[2] - empty;
process.stdout.write(
  JSON.stringify({
    step: median(windows),
    crossings,
    contacts: world.contacts.length,
    separate: median(separations),
    pushed: pushed / 250,
  }),
);
