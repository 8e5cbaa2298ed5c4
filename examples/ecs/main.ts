/**
 * An ECS on typed arrays (the structure-of-arrays layout of bitECS) with QuadIndex as its broad
 * phase. No object exists per entity: each component field is one Float64Array indexed by entity
 * id. Once per frame the collider system writes every box into one array, `index.moveAll` reads it
 * whole, and `index.forEachPair` reports the ids of the touching pairs.
 */
import { QuadIndex } from 'quadcollide';
import { pixelRatio, watchPixelRatio } from '../pixel-ratio.js';

const WIDTH = 960;
const HEIGHT = 560;
/** most entities alive at once; every component array has this many slots */
const CAPACITY = 5000;
const POPULATION = 4000;
/** every CHURN_FRAMES frames this many entities despawn and as many spawn elsewhere */
const CHURN_FRAMES = 30;
const CHURN = 40;

// Components: one typed array per field, indexed by entity id.
const Position = { x: new Float64Array(CAPACITY), y: new Float64Array(CAPACITY) };
const Velocity = { x: new Float64Array(CAPACITY), y: new Float64Array(CAPACITY) };
const Size = { w: new Float64Array(CAPACITY), h: new Float64Array(CAPACITY) };
/** The collider's box in the layout moveAll reads: minX, minY, maxX, maxY at 4·id … 4·id + 3. */
const Bounds = new Float64Array(4 * CAPACITY);
/** 1 while the entity touches another one this frame */
const Touching = new Uint8Array(CAPACITY);
const Alive = new Uint8Array(CAPACITY);

/**
 * The index hands out the entity ids: add() returns the smallest free id, reused after remove(), so
 * ids stay below the peak population and index the component arrays directly. (An ECS with its own
 * id allocator would keep an entity → index id map instead.)
 */
const index = new QuadIndex({ x: 0, y: 0, width: WIDTH, height: HEIGHT }, { maxObjects: 8 });
index.reserve(CAPACITY);
/** one past the highest id ever used: systems loop over 0 … idEnd − 1 and skip the dead */
let idEnd = 0;
let population = 0;

/** mulberry32: seeded, so every run shows the same scene */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(7);

function writeBounds(e: number): void {
  const o = 4 * e;
  Bounds[o] = Position.x[e];
  Bounds[o + 1] = Position.y[e];
  Bounds[o + 2] = Position.x[e] + Size.w[e];
  Bounds[o + 3] = Position.y[e] + Size.h[e];
}

function spawn(): number {
  const w = 2 + random() * random() * 7;
  const h = 2 + random() * random() * 7;
  const x = random() * (WIDTH - w);
  const y = random() * (HEIGHT - h);
  const e = index.add(x, y, x + w, y + h);
  if (e >= CAPACITY) throw new Error(`entity id ${e} does not fit the component arrays (${CAPACITY})`);
  const angle = random() * Math.PI * 2;
  const speed = 20 + random() * 80;
  Position.x[e] = x;
  Position.y[e] = y;
  Velocity.x[e] = Math.cos(angle) * speed;
  Velocity.y[e] = Math.sin(angle) * speed;
  Size.w[e] = w;
  Size.h[e] = h;
  Alive[e] = 1;
  writeBounds(e);
  population++;
  if (e >= idEnd) idEnd = e + 1;
  return e;
}

function despawn(e: number): void {
  index.remove(e);
  Alive[e] = 0;
  Touching[e] = 0;
  population--;
}

// ---- systems ---------------------------------------------------------------------------------

function movementSystem(dt: number): void {
  for (let e = 0; e < idEnd; e++) {
    if (!Alive[e]) continue;
    let x = Position.x[e] + Velocity.x[e] * dt;
    let y = Position.y[e] + Velocity.y[e] * dt;
    if (x < 0 || x + Size.w[e] > WIDTH) {
      Velocity.x[e] = -Velocity.x[e];
      x = Math.min(Math.max(x, 0), WIDTH - Size.w[e]);
    }
    if (y < 0 || y + Size.h[e] > HEIGHT) {
      Velocity.y[e] = -Velocity.y[e];
      y = Math.min(Math.max(y, 0), HEIGHT - Size.h[e]);
    }
    Position.x[e] = x;
    Position.y[e] = y;
  }
}

/** Writes every live collider's box; moveAll ignores the slots of dead ids. */
function colliderSystem(): void {
  for (let e = 0; e < idEnd; e++) if (Alive[e]) writeBounds(e);
}

let pairsThisFrame = 0;
let checksThisFrame = 0;
// Created once: a closure made inside the frame would be garbage every frame.
const onPair = (a: number, b: number): void => {
  Touching[a] = 1;
  Touching[b] = 1;
  pairsThisFrame++;
};

function collisionSystem(): void {
  Touching.fill(0, 0, idEnd);
  pairsThisFrame = 0;
  index.moveAll(Bounds); // one call for every entity
  checksThisFrame = index.forEachPair(onPair);
}

/** Some entities die and others are born: their ids are freed and handed out again. */
function churnSystem(frame: number): void {
  if (frame % CHURN_FRAMES !== 0) return;
  for (let k = 0; k < CHURN; k++) {
    const e = Math.floor(random() * idEnd);
    if (Alive[e]) despawn(e);
  }
  while (population < POPULATION) spawn();
}

const canvas = document.getElementById('canvas') as HTMLCanvasElement;
let dpr = 1;
/** The backing store at the screen's pixel ratio: sharp on a HiDPI screen, and again after the ratio changes. */
function sizeCanvas(): void {
  dpr = pixelRatio(3);
  canvas.width = Math.round(WIDTH * dpr);
  canvas.height = Math.round(HEIGHT * dpr);
}
sizeCanvas();
watchPixelRatio(sizeCanvas);
// The stylesheet's max-width: 100% narrows the canvas in a small window: the height follows the width, and the
// backing store keeps its full size (the browser scales it down, never up).
canvas.style.width = `${WIDTH}px`;
canvas.style.height = 'auto';
canvas.style.aspectRatio = `${WIDTH} / ${HEIGHT}`;
const ctx = canvas.getContext('2d', { alpha: false })!;

function renderSystem(): void {
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = '#0b1020';
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  // one path per colour: two fills for all entities
  for (const touching of [0, 1]) {
    ctx.beginPath();
    for (let e = 0; e < idEnd; e++) {
      if (Alive[e] && Touching[e] === touching) ctx.rect(Position.x[e], Position.y[e], Size.w[e], Size.h[e]);
    }
    ctx.fillStyle = touching ? '#ff5a5a' : '#3f7fd9';
    ctx.fill();
  }
  const text = `${population} entities (ids 0–${idEnd - 1}) · ${pairsThisFrame} touching pairs · ${checksThisFrame} box tests`;
  ctx.font = '14px ui-monospace, monospace';
  ctx.fillStyle = 'rgba(11, 16, 32, 0.85)';
  ctx.fillRect(4, 4, ctx.measureText(text).width + 12, 24);
  ctx.fillStyle = '#e6f7ff';
  ctx.fillText(text, 10, 21);
}

// ---- the loop --------------------------------------------------------------------------------

for (let i = 0; i < POPULATION; i++) spawn();
const hooks: ExampleHooks = { ready: true, frames: 0, hits: 0, pairs: 0, entities: 0, idEnd: 0 };
window.__example = hooks;

let last = performance.now();
function frame(now: number): void {
  const dt = Math.min(now - last, 50) / 1000; // a background tab must not teleport the entities
  last = now;
  churnSystem(hooks.frames);
  movementSystem(dt);
  colliderSystem();
  collisionSystem();
  renderSystem();
  hooks.frames++;
  hooks.hits += pairsThisFrame;
  hooks.pairs = pairsThisFrame;
  hooks.entities = population;
  hooks.idEnd = idEnd;
  requestAnimationFrame(frame);
}
requestAnimationFrame(frame);
