/**
 * The World benchmark's scene: N shapes, half circles and half convex polygons, all moving and the
 * polygons rotating. The harness advances the motion once per frame into one Float64Array (not
 * timed); each contestant copies those numbers into its own bodies inside its timed frame.
 */
import { mulberry32, type Random, type Rect } from './scenes.js';

export interface ShapeSpec {
  readonly kind: 'circle' | 'polygon';
  /** circles: the radius */
  readonly radius: number;
  /** polygons: vertices relative to the centre, counter-clockwise in y-up terms (any winding is accepted by both libraries) */
  readonly points: readonly { x: number; y: number }[];
  /** radius of the smallest disc about the centre holding the shape: keeps it inside the world */
  readonly reach: number;
}

export interface ShapeScene {
  readonly world: Rect;
  readonly shapes: readonly ShapeSpec[];
  /**
   * Current pose of every shape: x, y (centre) and angle at 3·i, 3·i + 1, 3·i + 2. Circles keep
   * angle 0 (a circle has nothing to rotate).
   */
  readonly pose: Float64Array;
  /** Advance every shape one frame (straight line, bouncing off the walls; polygons turn). Allocates nothing. */
  step(): void;
}

const CIRCLE_RADIUS = [3, 8] as const;
/** Polygon size: the diameter of the circle its vertices lie on (like the 4–16 px boxes of bench/scenes.ts). */
const POLYGON_SIZE = [4, 16] as const;
const POLYGON_VERTICES = [3, 6] as const;
const SPEED = [0.5, 2] as const;
/** Turn rate of polygons, radians per frame, either direction. */
const SPIN = [0.01, 0.05] as const;
const OVERLAPS_PER_SHAPE = 2;

function between(random: Random, [min, max]: readonly [number, number]): number {
  return min + (max - min) * random();
}

/**
 * A convex polygon inscribed in a circle of the given diameter: k vertices at increasing angles,
 * each jittered within its 1/k of the turn so no two coincide (points on a circle in angular order
 * always make a convex polygon).
 */
function randomPolygon(random: Random, size: number): ShapeSpec {
  const k = POLYGON_VERTICES[0] + Math.floor(random() * (POLYGON_VERTICES[1] - POLYGON_VERTICES[0] + 1));
  const r = size / 2;
  const points = Array.from({ length: k }, (_, i) => {
    const t = (2 * Math.PI * (i + 0.15 + 0.7 * random())) / k;
    return { x: r * Math.cos(t), y: r * Math.sin(t) };
  });
  return { kind: 'polygon', radius: 0, points, reach: r };
}

function area(shape: ShapeSpec): number {
  if (shape.kind === 'circle') return Math.PI * shape.radius * shape.radius;
  let twice = 0;
  const p = shape.points;
  for (let i = 0; i < p.length; i++) {
    const q = p[(i + 1) % p.length];
    twice += p[i].x * q.y - q.x * p[i].y;
  }
  return Math.abs(twice) / 2;
}

function perimeter(shape: ShapeSpec): number {
  if (shape.kind === 'circle') return 2 * Math.PI * shape.radius;
  let sum = 0;
  const p = shape.points;
  for (let i = 0; i < p.length; i++) {
    const q = p[(i + 1) % p.length];
    sum += Math.hypot(q.x - p[i].x, q.y - p[i].y);
  }
  return sum;
}

/**
 * World side for about two overlaps per shape. Two convex shapes at uniform random positions and
 * orientations overlap with probability (A₁ + A₂ + P₁P₂/2π) / W² (the kinematic formula of
 * integral geometry), so a shape expects (N − 1)(2·E[A] + E[P]²/2π) / W² overlaps; the means are
 * taken over the generated shapes themselves. At least four times the largest reach, so that a
 * handful of shapes (the formula gives 0 for one) still has room to move.
 */
function worldSide(shapes: readonly ShapeSpec[]): number {
  let areaSum = 0;
  let perimeterSum = 0;
  let reach = 0;
  for (const s of shapes) {
    areaSum += area(s);
    perimeterSum += perimeter(s);
    reach = Math.max(reach, s.reach);
  }
  const n = shapes.length;
  const meanA = areaSum / n;
  const meanP = perimeterSum / n;
  const pairArea = 2 * meanA + (meanP * meanP) / (2 * Math.PI);
  return Math.max(Math.round(Math.sqrt(((n - 1) * pairArea) / OVERLAPS_PER_SHAPE)), Math.ceil(4 * reach));
}

/** Same (count, seed) → same shapes and motion on every run and machine. Even ids are circles, odd ids polygons. */
export function createShapeScene(count: number, seed = 7): ShapeScene {
  const random = mulberry32(seed);
  const shapes: ShapeSpec[] = Array.from({ length: count }, (_, id) => {
    if (id % 2 === 0) {
      const radius = between(random, CIRCLE_RADIUS);
      return { kind: 'circle', radius, points: [], reach: radius };
    }
    return randomPolygon(random, between(random, POLYGON_SIZE));
  });
  const side = worldSide(shapes);
  const world: Rect = { x: 0, y: 0, width: side, height: side };
  const pose = new Float64Array(3 * count);
  const velocity = new Float64Array(3 * count); // vx, vy, spin
  for (let i = 0; i < count; i++) {
    const reach = shapes[i].reach;
    pose[3 * i] = reach + (side - 2 * reach) * random();
    pose[3 * i + 1] = reach + (side - 2 * reach) * random();
    const heading = 2 * Math.PI * random();
    const speed = between(random, SPEED);
    velocity[3 * i] = speed * Math.cos(heading);
    velocity[3 * i + 1] = speed * Math.sin(heading);
    if (shapes[i].kind === 'polygon') {
      pose[3 * i + 2] = 2 * Math.PI * random();
      velocity[3 * i + 2] = (random() < 0.5 ? -1 : 1) * between(random, SPIN);
    }
  }
  const reach = Float64Array.from(shapes, (s) => s.reach);
  return {
    world,
    shapes,
    pose,
    step() {
      for (let i = 0; i < count; i++) {
        const o = 3 * i;
        const r = reach[i];
        pose[o] = bounce(pose[o] + velocity[o], r, side - r, velocity, o);
        pose[o + 1] = bounce(pose[o + 1] + velocity[o + 1], r, side - r, velocity, o + 1);
        // wrap the angle so it stays small: both libraries then compute the same sines
        let angle = pose[o + 2] + velocity[o + 2];
        if (angle > Math.PI) angle -= 2 * Math.PI;
        else if (angle < -Math.PI) angle += 2 * Math.PI;
        pose[o + 2] = angle;
      }
    },
  };
}

/** Reflects a coordinate that left [min, max] back inside and reverses that velocity component. */
function bounce(value: number, min: number, max: number, velocity: Float64Array, k: number): number {
  if (value < min) {
    velocity[k] = -velocity[k];
    return Math.min(min + (min - value), max);
  }
  if (value > max) {
    velocity[k] = -velocity[k];
    return Math.max(max - (value - max), min);
  }
  return value;
}
