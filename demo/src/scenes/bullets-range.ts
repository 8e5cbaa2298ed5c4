/**
 * The bullets scene's simulation without any drawing: guns firing fast bullets across a World of thin
 * walls and small moving targets, in one of two modes (discrete bullets or `continuous: true` ones),
 * and the counters that show tunnelling. Kept apart from the scene so that it can run headless.
 *
 * Tunnelling is decided by geometry, not by asking the library: a bullet tunnelled through a wall
 * when, during one step, the path of its centre crossed the wall's middle line (so at that moment
 * its centre was inside the wall) and the world reported no contact between the two.
 */
import {
  Body,
  type BodyContact,
  Box,
  Circle,
  OrientedBox,
  type Shape,
  SweepHit,
  sweepShapes,
  World,
} from '../lib.js';
import { rng } from '../util.js';

/** The range, in world units. */
export const RANGE_W = 1600;
export const RANGE_H = 1000;

export type Mode = 'discrete' | 'continuous';

// Collision categories: bullets hit walls and targets, never each other; walls and targets
// ignore each other (the targets' lanes keep clear of the walls anyway).
const WALL = 0b001;
const TARGET = 0b010;
const BULLET = 0b100;

const WALL_COUNT = 10;
const TARGET_COUNT = 8;
const BULLET_RADIUS = 4;
const BULLET_BOX = 7;
const MIN_SPEED = 40;
const MAX_SPEED = 120;
/** Steps after which a bullet that hit nothing and stayed in the range is dropped. */
const MAX_AGE = 240;
/** How many times a bullet bounces off walls before the next wall stops it. */
const RICOCHETS = 1;

export interface Wall {
  readonly kind: 'wall';
  readonly body: Body<Thing>;
  /** the wall's middle line, from end to end (the tunnelling test crosses it) */
  readonly ax: number;
  readonly ay: number;
  readonly bx: number;
  readonly by: number;
  readonly thickness: number;
  /** steps left of the flash after a hit */
  flash: number;
}

export interface Target {
  readonly kind: 'target';
  readonly body: Body<Thing>;
  readonly minY: number;
  readonly maxY: number;
  vy: number;
  flash: number;
  hits: number;
}

export interface Bullet {
  readonly kind: 'bullet';
  body: Body<Thing>;
  vx: number;
  vy: number;
  ricochets: number;
  age: number;
  /** centre at the start of the last step (the trail is drawn from here) */
  fromX: number;
  fromY: number;
  dead: boolean;
  /** it passed through a wall without a contact (counted once per bullet) */
  tunnelled: boolean;
}

export type Thing = Wall | Target | Bullet;

export interface Gun {
  readonly x: number;
  readonly y: number;
  readonly sway: number;
  readonly rate: number;
  readonly phase: number;
  readonly round: 'circle' | 'box';
  angle: number;
  cooldown: number;
}

/** Something to draw for a while: a hit (with the surface normal) or a tunnelling crossing. */
export interface Mark {
  kind: 'impact' | 'overlap' | 'tunnel';
  x: number;
  y: number;
  nx: number;
  ny: number;
  age: number;
}

export interface RangeCounters {
  fired: number;
  /** bullets stopped or bounced by a wall or a target */
  hits: number;
  wallHits: number;
  targetHits: number;
  /** hits found by a continuous sweep (the bullet no longer overlapped what it hit) */
  sweptHits: number;
  /** bullets that crossed a wall at least once without a contact with that wall */
  tunnelled: number;
}

/** Steps a mark stays on screen, fading. */
export const MARK_STEPS = 90;

/** Which side of the line through (ox, oy) along (ux, uy) the point (x, y) is on: the sign of the cross product. */
function side(ox: number, oy: number, ux: number, uy: number, x: number, y: number): number {
  return ux * (y - oy) - uy * (x - ox);
}

/** Proper crossing of segments PQ and AB: the parameter along PQ, or -1 (touching or parallel is no crossing). */
function crossing(px: number, py: number, qx: number, qy: number, w: Wall): number {
  const rx = qx - px;
  const ry = qy - py;
  const sx = w.bx - w.ax;
  const sy = w.by - w.ay;
  const p = side(w.ax, w.ay, sx, sy, px, py);
  const q = side(w.ax, w.ay, sx, sy, qx, qy);
  const a = side(px, py, rx, ry, w.ax, w.ay);
  const b = side(px, py, rx, ry, w.bx, w.by);
  if (!(p * q < 0 && a * b < 0)) return -1;
  return p / (p - q);
}

function centreOf(shape: Shape): { x: number; y: number } {
  const b = shape.bounds;
  return { x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2 };
}

/** The seeded range: guns on the left, thin walls and targets across it, bullets in flight. */
export class ShootingRange {
  readonly world = new World<Thing>({ bounds: { x: 0, y: 0, width: RANGE_W, height: RANGE_H } });
  readonly walls: Wall[] = [];
  readonly targets: Target[] = [];
  readonly guns: Gun[] = [];
  bullets: Bullet[] = [];
  readonly marks: Mark[] = [];
  readonly counters: RangeCounters = {
    fired: 0,
    hits: 0,
    wallHits: 0,
    targetHits: 0,
    sweptHits: 0,
    tunnelled: 0,
  };
  steps = 0;
  private modeValue: Mode;
  private readonly fire: () => number;
  private readonly probeCircle = new Circle(0, 0, BULLET_RADIUS);
  private readonly probeBox = new Box(0, 0, BULLET_BOX, BULLET_BOX);
  private readonly sweep = new SweepHit();
  /** the sweep behind the earliest ordinary contact of the bullet being answered */
  private readonly firstSweep = new SweepHit();

  constructor(seed: number, mode: Mode) {
    this.modeValue = mode;
    const rand = rng(seed * 69069 + 7);
    this.placeWalls(rand);
    this.placeTargets(rand);
    for (let i = 0; i < 3; i++) {
      this.guns.push({
        x: 60,
        y: RANGE_H * (0.2 + 0.3 * i),
        sway: 0.35 + rand() * 0.25,
        rate: 0.015 + rand() * 0.02,
        phase: rand() * Math.PI * 2,
        round: i === 1 ? 'box' : 'circle',
        angle: 0,
        cooldown: 1 + i * 2,
      });
    }
    // shots have a stream of their own, so both modes fire exactly the same bullets
    this.fire = rng(seed * 16807 + 3);
  }

  get mode(): Mode {
    return this.modeValue;
  }

  /**
   * Switches mode. `continuous` is fixed when a body is made, so every bullet in flight is made
   * again, where it is, with the new flag. The counters start again from zero.
   */
  setMode(mode: Mode): void {
    if (mode === this.modeValue) return;
    this.modeValue = mode;
    for (const b of this.bullets) {
      const old = b.body;
      this.world.remove(old);
      const shape =
        old.shape instanceof Circle
          ? new Circle(old.shape.x, old.shape.y, BULLET_RADIUS)
          : new Box(old.shape.x, old.shape.y, BULLET_BOX, BULLET_BOX);
      b.body = this.bulletBody(shape);
      b.body.userData = b;
      this.world.add(b.body);
      b.tunnelled = false;
    }
    for (const key of Object.keys(this.counters) as (keyof RangeCounters)[]) this.counters[key] = 0;
    this.marks.length = 0;
  }

  /** A bullet's body in the current mode; the caller sets its userData to the bullet. */
  private bulletBody(shape: Shape): Body<Thing> {
    return new Body<Thing>(shape, {
      continuous: this.modeValue === 'continuous',
      category: BULLET,
      mask: WALL | TARGET,
    });
  }

  /** Thin walls, 2 to 4 units thick, some upright and some tilted, kept apart from each other. */
  private placeWalls(rand: () => number): void {
    const boxes: number[][] = [];
    for (let attempt = 0; attempt < 400 && this.walls.length < WALL_COUNT; attempt++) {
      const length = 90 + rand() * 140;
      const thickness = 2 + rand() * 2;
      const angle = rand() < 0.65 ? 0 : (rand() < 0.5 ? -1 : 1) * (0.25 + rand() * 0.45);
      const cx = 420 + rand() * (RANGE_W - 510);
      const cy = 90 + rand() * (RANGE_H - 180);
      // the middle line runs along the long side: the local y axis, turned by the angle
      const ux = -Math.sin(angle) * (length / 2);
      const uy = Math.cos(angle) * (length / 2);
      const box = [
        Math.min(cx - ux, cx + ux) - 40,
        Math.min(cy - uy, cy + uy) - 40,
        Math.max(cx - ux, cx + ux) + 40,
        Math.max(cy - uy, cy + uy) + 40,
      ];
      if (boxes.some((o) => box[0] < o[2] && o[0] < box[2] && box[1] < o[3] && o[1] < box[3])) continue;
      boxes.push(box);
      const body = new Body<Thing>(new OrientedBox(cx, cy, thickness, length, angle), {
        isStatic: true,
        category: WALL,
        mask: BULLET,
      });
      const wall: Wall = {
        kind: 'wall',
        body,
        ax: cx - ux,
        ay: cy - uy,
        bx: cx + ux,
        by: cy + uy,
        thickness,
        flash: 0,
      };
      body.userData = wall;
      this.walls.push(wall);
      this.world.add(body);
    }
  }

  /** Small targets going up and down lanes that keep clear of every wall and of each other. */
  private placeTargets(rand: () => number): void {
    const lanes: number[][] = [];
    for (const w of this.walls) {
      const b = w.body.bounds;
      lanes.push([b.minX, b.minY, b.maxX, b.maxY]);
    }
    for (let attempt = 0; attempt < 400 && this.targets.length < TARGET_COUNT; attempt++) {
      const round = rand() < 0.5;
      const size = round ? 8 + rand() * 5 : 14 + rand() * 8;
      const x = 380 + rand() * (RANGE_W - 460);
      const minY = 40 + rand() * (RANGE_H - 360);
      const maxY = minY + 160 + rand() * 120;
      const lane = [x - size - 24, minY - size - 24, x + size + 24, maxY + size + 24];
      if (lanes.some((o) => lane[0] < o[2] && o[0] < lane[2] && lane[1] < o[3] && o[1] < lane[3])) continue;
      lanes.push(lane);
      const y = minY + rand() * (maxY - minY);
      const shape = round ? new Circle(x, y, size) : new Box(x - size / 2, y - size / 2, size, size);
      const body = new Body<Thing>(shape, { category: TARGET, mask: BULLET });
      const target: Target = {
        kind: 'target',
        body,
        minY,
        maxY,
        vy: (rand() < 0.5 ? -1 : 1) * (0.6 + rand() * 1.4),
        flash: 0,
        hits: 0,
      };
      body.userData = target;
      this.targets.push(target);
      this.world.add(body);
    }
  }

  /** One fixed step: aim and fire, move everything, `world.step()`, answer the hits, count tunnelling. */
  step(): void {
    this.steps++;
    for (const gun of this.guns) {
      gun.angle = gun.sway * Math.sin(gun.phase + this.steps * gun.rate);
      if (--gun.cooldown <= 0) {
        this.shoot(gun);
        gun.cooldown = 5 + Math.floor(this.fire() * 5);
      }
    }
    for (const t of this.targets) {
      const c = centreOf(t.body.shape);
      if ((c.y <= t.minY && t.vy < 0) || (c.y >= t.maxY && t.vy > 0)) t.vy = -t.vy;
      t.body.translate(0, t.vy);
      if (t.flash > 0) t.flash--;
    }
    for (const w of this.walls) if (w.flash > 0) w.flash--;
    for (const b of this.bullets) {
      const c = centreOf(b.body.shape);
      b.fromX = c.x;
      b.fromY = c.y;
      b.body.translate(b.vx, b.vy);
      b.age++;
    }

    this.world.step();

    // Each bullet answers the first thing it hit this step, if anything.
    const contacts = this.world.contacts;
    for (const b of this.bullets) {
      let first: BodyContact<Thing> | null = null;
      let firstT = Number.POSITIVE_INFINITY;
      for (const c of contacts) {
        if (c.bodyA !== b.body && c.bodyB !== b.body) continue;
        const t = this.timeOfImpact(b, c);
        if (t < firstT) {
          first = c;
          firstT = t;
          if (!c.continuous) this.firstSweep.copyFrom(this.sweep);
        }
      }
      if (first) this.answer(b, first, firstT);
    }

    // Tunnelling: the centre's path this step crossed a wall's middle line, and no contact says so.
    for (const b of this.bullets) {
      const end = centreOf(b.body.shape);
      for (const w of this.walls) {
        const s = crossing(b.fromX, b.fromY, end.x, end.y, w);
        if (s < 0 || this.touching(b.body, w.body)) continue;
        if (!b.tunnelled) this.counters.tunnelled++;
        b.tunnelled = true;
        this.mark('tunnel', b.fromX + (end.x - b.fromX) * s, b.fromY + (end.y - b.fromY) * s, 0, 0);
      }
    }

    // Drop the bullets that stopped, left the range or flew too long.
    const live: Bullet[] = [];
    for (const b of this.bullets) {
      const c = centreOf(b.body.shape);
      const out = c.x < -40 || c.y < -40 || c.x > RANGE_W + 40 || c.y > RANGE_H + 40;
      if (b.dead || out || b.age > MAX_AGE) this.world.remove(b.body);
      else live.push(b);
    }
    this.bullets = live;
    for (let i = this.marks.length - 1; i >= 0; i--) {
      if (++this.marks[i].age > MARK_STEPS) this.marks.splice(i, 1);
    }
  }

  private shoot(gun: Gun): void {
    const speed = MIN_SPEED + this.fire() * (MAX_SPEED - MIN_SPEED);
    const dirX = Math.cos(gun.angle);
    const dirY = Math.sin(gun.angle);
    const x = gun.x + dirX * 26;
    const y = gun.y + dirY * 26;
    const shape =
      gun.round === 'circle'
        ? new Circle(x, y, BULLET_RADIUS)
        : new Box(x - BULLET_BOX / 2, y - BULLET_BOX / 2, BULLET_BOX, BULLET_BOX);
    const bullet: Bullet = {
      kind: 'bullet',
      body: this.bulletBody(shape),
      vx: dirX * speed,
      vy: dirY * speed,
      ricochets: RICOCHETS,
      age: 0,
      fromX: x,
      fromY: y,
      dead: false,
      tunnelled: false,
    };
    bullet.body.userData = bullet;
    this.world.add(bullet.body);
    this.bullets.push(bullet);
    this.counters.fired++;
  }

  /**
   * When during this step the bullet met the body of contact `c`: a continuous contact says it; an
   * ordinary one (the bullet still overlaps at the end) has no time, so in continuous mode sweep the
   * bullet against that one body to find it, and in discrete mode there is only the end (1).
   */
  private timeOfImpact(b: Bullet, c: BodyContact<Thing>): number {
    if (c.continuous) return c.timeOfImpact;
    if (this.modeValue === 'discrete') return 1;
    const other = c.bodyA === b.body ? c.bodyB : c.bodyA;
    const probe = this.probe(b, -b.vx, -b.vy);
    return sweepShapes(probe, b.vx, b.vy, other.shape, this.sweep) ? this.sweep.t : 1;
  }

  /** A stand-in for the bullet's shape moved by (dx, dy), outside the world. */
  private probe(b: Bullet, dx: number, dy: number): Shape {
    const s = b.body.shape;
    const probe = s instanceof Circle ? this.probeCircle : this.probeBox;
    return probe.setPosition(s.x + dx, s.y + dy);
  }

  /**
   * Stops the bullet where it met the thing it hit, then bounces it off a wall (while it has
   * ricochets left) or drops it. Continuous mode puts it back at the impact with `teleport`, so
   * the next step's sweep starts there; discrete mode can only push it out of the overlap along
   * the contact's minimum translation vector, which for a thin wall may well be the far side.
   */
  private answer(b: Bullet, c: BodyContact<Thing>, t: number): void {
    const body = b.body;
    const other = (c.bodyA === body ? c.bodyB : c.bodyA).userData;
    // the contact normal points from bodyA to bodyB; turn it to point from the thing hit to the bullet
    const sign = c.bodyB === body ? 1 : -1;
    let nx = sign * c.normalX;
    let ny = sign * c.normalY;
    let px: number;
    let py: number;
    if (this.modeValue === 'continuous') {
      body.teleport(body.x - b.vx * (1 - t), body.y - b.vy * (1 - t));
      if (c.continuous) {
        px = c.impactPoint.x;
        py = c.impactPoint.y;
        this.counters.sweptHits++;
      } else {
        px = this.firstSweep.point.x;
        py = this.firstSweep.point.y;
        nx = this.firstSweep.normal.x;
        ny = this.firstSweep.normal.y;
      }
    } else {
      body.translate(nx * c.depth, ny * c.depth);
      const centre = centreOf(body.shape);
      px = centre.x;
      py = centre.y;
    }
    this.mark(c.continuous || this.modeValue === 'continuous' ? 'impact' : 'overlap', px, py, nx, ny);
    this.counters.hits++;
    if (other.kind === 'target') {
      this.counters.targetHits++;
      other.flash = 14;
      other.hits++;
      b.dead = true;
      return;
    }
    this.counters.wallHits++;
    if (other.kind === 'wall') other.flash = 10;
    const along = b.vx * nx + b.vy * ny;
    if (b.ricochets > 0 && along < 0) {
      b.ricochets--;
      b.vx -= 2 * along * nx;
      b.vy -= 2 * along * ny;
    } else {
      b.dead = true;
    }
  }

  /** Whether the world reported a contact between the two bodies in the last step. */
  private touching(a: Body<Thing>, b: Body<Thing>): boolean {
    for (const c of this.world.contacts) {
      if ((c.bodyA === a && c.bodyB === b) || (c.bodyA === b && c.bodyB === a)) return true;
    }
    return false;
  }

  private mark(kind: Mark['kind'], x: number, y: number, nx: number, ny: number): void {
    this.marks.push({ kind, x, y, nx, ny, age: 0 });
  }
}
