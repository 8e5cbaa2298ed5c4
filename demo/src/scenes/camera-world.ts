/**
 * The camera scene's world without any drawing: the seeded objects, the tree over them and one step
 * of the ships' motion. Shared by the scene and by demo/tools/camera-nodes.ts, which measures the
 * tree's node count over time on exactly these objects.
 */
import { Quadtree } from '../lib.js';
import { clamp, rng } from '../util.js';

export interface Thing {
  x: number;
  y: number;
  width: number;
  height: number;
  /** 0..3 colour, 4 = ship */
  kind: number;
  circle: boolean;
  vx: number;
  vy: number;
}

export const WW = 16000;
export const WH = 10000;
export const STATIC = 40_000;
export const SHIPS = 1500;
/** The tree options the scene uses. */
export const TREE_OPTIONS = { maxObjects: 12, maxLevels: 10 } as const;

export interface CameraWorld {
  tree: Quadtree<Thing>;
  /** static objects first, then the ships */
  all: Thing[];
  ships: Thing[];
}

/** The seeded objects: 70 % of the static ones in 70 gaussian clusters, the rest and the ships uniform. */
export function createCameraWorld(seed: number): CameraWorld {
  const rand = rng(seed * 31337 + 5);
  const tree = new Quadtree<Thing>({ x: 0, y: 0, width: WW, height: WH }, TREE_OPTIONS);
  const all: Thing[] = [];
  const ships: Thing[] = [];
  const clusters = Array.from({ length: 70 }, () => ({
    x: rand() * WW,
    y: rand() * WH,
    s: 150 + rand() * 900,
  }));
  const gauss = (): number => {
    let u = 0;
    for (let i = 0; i < 4; i++) u += rand();
    return (u - 2) * 1.7;
  };
  for (let i = 0; i < STATIC; i++) {
    let x: number;
    let y: number;
    if (rand() < 0.7) {
      const c = clusters[Math.floor(rand() * clusters.length)];
      x = c.x + gauss() * c.s;
      y = c.y + gauss() * c.s;
    } else {
      x = rand() * WW;
      y = rand() * WH;
    }
    const s = 6 + rand() ** 3 * 70;
    const circle = rand() < 0.45;
    const w = circle ? s : s * (0.5 + rand());
    all.push({
      x: clamp(x, 0, WW - w),
      y: clamp(y, 0, WH - s),
      width: w,
      height: s,
      kind: Math.floor(rand() * 4),
      circle,
      vx: 0,
      vy: 0,
    });
  }
  for (let i = 0; i < SHIPS; i++) {
    const a = rand() * Math.PI * 2;
    const sp = 60 + rand() * 240;
    const ship: Thing = {
      x: rand() * WW,
      y: rand() * WH,
      width: 14,
      height: 14,
      kind: 4,
      circle: false,
      vx: Math.cos(a) * sp,
      vy: Math.sin(a) * sp,
    };
    ships.push(ship);
    all.push(ship);
  }
  tree.insert(all);
  return { tree, all, ships };
}

/** Moves every ship by one step (bouncing off the world's edges) and tells the tree. */
export function moveShips(world: CameraWorld, dt: number): void {
  const tree = world.tree;
  for (const s of world.ships) {
    s.x += s.vx * dt;
    s.y += s.vy * dt;
    if (s.x < 0 || s.x + s.width > WW) s.vx = -s.vx;
    if (s.y < 0 || s.y + s.height > WH) s.vy = -s.vy;
    s.x = clamp(s.x, 0, WW - s.width);
    s.y = clamp(s.y, 0, WH - s.height);
    tree.update(s);
  }
}
