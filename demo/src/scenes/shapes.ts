/**
 * Scene 4 · Shapes & rays: rotating polygons, oriented boxes, boxes and circles. The quadtree is the broad
 * phase (forEachPair over the shapes' bounds, raycast front to back); the geometry layer does the exact work
 * (collide → contact normal and depth, raycast → first hit point and normal).
 */
import {
  Box,
  Circle,
  Contact,
  ConvexShape,
  collide,
  OrientedBox,
  Polygon,
  pointDistanceSquared,
  Quadtree,
  RayHit,
  raycast,
  type Shape,
  type Vec2,
} from '../lib.js';
import type { PointerInfo, Scene, SceneHost, Stats } from '../scene.js';
import {
  beginWorldDraw,
  button,
  clamp,
  el,
  fitView,
  label,
  rng,
  type Toggle,
  toggle,
  type View,
} from '../util.js';

interface Body {
  x: number;
  y: number;
  width: number;
  height: number;
  shape: Shape;
  vx: number;
  vy: number;
  spin: number;
  hue: number;
}

const W = 1600;
const H = 1000;
const COUNT = 70;
const RAY_MAX = 4000;

export class ShapesScene implements Scene {
  readonly id = 'shapes';
  readonly title = 'Shapes & rays';
  readonly help =
    'mouse / touch: ray origin · wheel or ←/→: aim · Space: spin · X: resolve contacts · R: reseed';
  readonly about =
    'The quadtree holds each shape by its bounding box. forEachPair hands over only the boxes that overlap; ' +
    'collide() then decides exactly and reports the contact normal and depth (the minimum translation vector, ' +
    'drawn as an arrow, with a dashed ghost where the second shape would have to move). The ray asks the tree ' +
    'for boxes front to back and stops as soon as an exact hit is closer than the next box.';
  readonly defaultSeed = 1;

  private host!: SceneHost;
  private bodies: Body[] = [];
  private tree!: Quadtree<Body>;
  private view: View = { scale: 1, ox: 0, oy: 0 };
  private contacts: Contact[] = [];
  private contactCount = 0;
  private pairChecks = 0;
  private ray = { x: W * 0.2, y: H * 0.35, angle: 0.35, spin: true, screenX: 0, screenY: 0 };
  private rayHit = new RayHit();
  private bestHit: { x: number; y: number; nx: number; ny: number; distance: number; body: Body } | null =
    null;
  private rayTested = 0;
  private resolve = false;
  private resolveToggle!: Toggle;
  private tmp: Vec2 = { x: 0, y: 0 };

  readonly api = {
    ray: () => ({
      screenX: this.ray.screenX,
      screenY: this.ray.screenY,
      worldX: this.ray.x,
      worldY: this.ray.y,
      angle: this.ray.angle,
      hit: this.bestHit
        ? {
            x: this.bestHit.x,
            y: this.bestHit.y,
            nx: this.bestHit.nx,
            ny: this.bestHit.ny,
            distance: this.bestHit.distance,
          }
        : null,
    }),
    setRay: (worldX: number, worldY: number, angle: number) => {
      this.ray.x = worldX;
      this.ray.y = worldY;
      this.ray.angle = angle;
      this.ray.spin = false;
      this.castRay();
    },
    /** how many shapes reach outside the arena (0 unless something pushed one out) */
    outsideArena: () =>
      this.bodies.filter((b) => {
        const bb = b.shape.bounds;
        return bb.minX < -1e-9 || bb.minY < -1e-9 || bb.maxX > W + 1e-9 || bb.maxY > H + 1e-9;
      }).length,
    setResolve: (on: boolean) => {
      this.resolve = on;
      this.resolveToggle.set(on);
    },
    /** brute-force check of the ray: the nearest exact hit over all shapes */
    checkRay: () => {
      const dx = Math.cos(this.ray.angle);
      const dy = Math.sin(this.ray.angle);
      let best = Number.POSITIVE_INFINITY;
      const h = new RayHit();
      for (const b of this.bodies) {
        const r = raycast(b.shape, this.ray.x, this.ray.y, dx, dy, RAY_MAX, h);
        if (r && r.distance < best) best = r.distance;
      }
      return {
        tree: this.bestHit ? this.bestHit.distance : null,
        brute: Number.isFinite(best) ? best : null,
      };
    },
  };

  /** What a new seed keeps (see SceneHost.kept). */
  settings(): { resolve: boolean; spin: boolean } {
    return { resolve: this.resolve, spin: this.ray.spin };
  }

  mount(host: SceneHost): void {
    this.host = host;
    const kept = host.kept as ReturnType<ShapesScene['settings']> | null;
    if (kept !== null) {
      this.resolve = kept.resolve;
      this.ray.spin = kept.spin;
    }
    this.resolveToggle = toggle('resolve', 'resolve contacts (X)', this.resolve, (v) => {
      this.resolve = v;
    });
    host.controls.append(
      this.resolveToggle.root,
      el(
        'div',
        { class: 'row' },
        button('spin', 'spin the ray (Space)', () => this.toggleSpin()),
      ),
      el(
        'p',
        { class: 'hint' },
        'Red arrows: the minimum translation vector of each contact. Yellow: the ray, its first hit and the surface normal there.',
      ),
    );
    this.generate();
  }

  private toggleSpin(): void {
    this.ray.spin = !this.ray.spin;
  }

  private generate(): void {
    const rand = rng(this.host.seed * 48271 + 11);
    this.tree = new Quadtree<Body>({ x: 0, y: 0, width: W, height: H }, { maxObjects: 6, maxLevels: 8 });
    this.bodies = [];
    for (let i = 0; i < COUNT; i++) {
      const size = 20 + rand() * 40;
      const k = rand();
      let shape: Shape;
      let spin = (rand() - 0.5) * 1.6;
      if (k < 0.38) {
        const sides = 3 + Math.floor(rand() * 5);
        const pts: Vec2[] = [];
        const phase = rand() * Math.PI;
        for (let s = 0; s < sides; s++) {
          const a = phase + (s / sides) * Math.PI * 2;
          const r = size * (0.75 + rand() * 0.25);
          pts.push({ x: Math.cos(a) * r, y: Math.sin(a) * r });
        }
        shape = new Polygon(0, 0, pts, rand() * Math.PI);
      } else if (k < 0.62) {
        shape = new OrientedBox(0, 0, size * (1.2 + rand()), size * (0.5 + rand() * 0.5), rand() * Math.PI);
      } else if (k < 0.82) {
        shape = new Circle(0, 0, size * 0.6);
        spin = 0;
      } else {
        shape = new Box(0, 0, size * (0.8 + rand()), size * (0.6 + rand() * 0.8));
        spin = 0;
      }
      // start apart: try a few seeded spots, keep the first where the tree finds nothing the shape touches
      for (let attempt = 0; attempt < 40; attempt++) {
        shape.setPosition(70 + rand() * (W - 140), 70 + rand() * (H - 140));
        const bb = shape.bounds;
        const near = this.tree.query({
          x: bb.minX - 8,
          y: bb.minY - 8,
          width: bb.maxX - bb.minX + 16,
          height: bb.maxY - bb.minY + 16,
        });
        if (!near.some((o) => collide(o.shape, shape))) break;
      }
      const a = rand() * Math.PI * 2;
      const sp = 15 + rand() * 45;
      const body: Body = {
        x: 0,
        y: 0,
        width: 0,
        height: 0,
        shape,
        vx: Math.cos(a) * sp,
        vy: Math.sin(a) * sp,
        spin,
        hue: rand() * 360,
      };
      this.keepInside(body);
      this.syncBox(body);
      this.bodies.push(body);
      this.tree.insert(body);
    }
    this.findContacts();
    this.placeRay();
  }

  /**
   * Starts the ray at its usual spot unless a shape covers it (the ray would report a hit at distance
   * 0) or it hits nothing; then at the first seeded spot clear of every shape that sees one ahead.
   */
  private placeRay(): void {
    const rand = rng(this.host.seed * 7919 + 3);
    const clearance = 12;
    for (let attempt = 0; attempt < 200; attempt++) {
      if (attempt > 0) {
        this.ray.x = 40 + rand() * (W - 80);
        this.ray.y = 40 + rand() * (H - 80);
        this.ray.angle = rand() * Math.PI * 2;
      }
      const { x, y } = this.ray;
      if (this.bodies.some((b) => pointDistanceSquared(b.shape, x, y) < clearance * clearance)) continue;
      this.castRay();
      if (this.bestHit && this.bestHit.distance > 0) return;
    }
  }

  /** Moves a shape back inside the arena and turns its velocity inward: motion, spin and resolve can each push it out. */
  private keepInside(b: Body): void {
    const bb = b.shape.bounds;
    let dx = 0;
    let dy = 0;
    if (bb.minX < 0) {
      dx = -bb.minX;
      b.vx = Math.abs(b.vx);
    } else if (bb.maxX > W) {
      dx = W - bb.maxX;
      b.vx = -Math.abs(b.vx);
    }
    if (bb.minY < 0) {
      dy = -bb.minY;
      b.vy = Math.abs(b.vy);
    } else if (bb.maxY > H) {
      dy = H - bb.maxY;
      b.vy = -Math.abs(b.vy);
    }
    if (dx !== 0 || dy !== 0) b.shape.translate(dx, dy);
  }

  private syncBox(b: Body): void {
    const bb = b.shape.bounds;
    b.x = bb.minX;
    b.y = bb.minY;
    b.width = bb.maxX - bb.minX;
    b.height = bb.maxY - bb.minY;
  }

  private findContacts(): void {
    this.contactCount = 0;
    this.tree.forEachPair((a, b) => {
      if (this.contactCount === this.contacts.length) this.contacts.push(new Contact());
      if (collide(a.shape, b.shape, this.contacts[this.contactCount])) this.contactCount++;
    });
    this.pairChecks = this.tree.lastChecks;
  }

  private castRay(): void {
    const dx = Math.cos(this.ray.angle);
    const dy = Math.sin(this.ray.angle);
    const { x, y } = this.ray;
    let best = RAY_MAX;
    this.bestHit = null;
    this.rayTested = 0;
    // front to back over the boxes; returning the exact distance shrinks the search
    this.tree.raycast(x, y, dx, dy, RAY_MAX, (item) => {
      this.rayTested++;
      const hit = raycast(item.shape, x, y, dx, dy, best, this.rayHit);
      if (hit && hit.distance < best) {
        best = hit.distance;
        this.bestHit = {
          x: hit.point.x,
          y: hit.point.y,
          nx: hit.normal.x,
          ny: hit.normal.y,
          distance: hit.distance,
          body: item,
        };
        return best;
      }
      return undefined;
    });
  }

  step(dt: number): void {
    for (const b of this.bodies) {
      const s = b.shape;
      s.translate(b.vx * dt, b.vy * dt);
      if (b.spin) s.angle = (s.angle + b.spin * dt) % (Math.PI * 2);
    }
    if (this.resolve) {
      // push each colliding pair apart along its MTV, half each
      for (let i = 0; i < this.contactCount; i++) {
        const c = this.contacts[i];
        if (!c.a || !c.b) continue;
        c.a.translate(-c.overlapX / 2, -c.overlapY / 2);
        c.b.translate(c.overlapX / 2, c.overlapY / 2);
      }
    }
    for (const b of this.bodies) {
      this.keepInside(b);
      this.syncBox(b);
      this.tree.update(b);
    }
    this.findContacts();
    if (this.ray.spin) this.ray.angle = (this.ray.angle + dt * 0.35) % (Math.PI * 2);
    this.castRay();
  }

  resize(width: number, height: number): void {
    this.view = fitView(W, H, width, height);
    const s = this.toScreen(this.ray.x, this.ray.y);
    this.ray.screenX = s.x;
    this.ray.screenY = s.y;
  }

  private toScreen(x: number, y: number): Vec2 {
    return { x: this.view.ox + x * this.view.scale, y: this.view.oy + y * this.view.scale };
  }

  private tracePath(p: Path2D, s: Shape, dx = 0, dy = 0): void {
    if (s instanceof Circle) {
      const r = s.worldRadius;
      p.moveTo(s.x + dx + r, s.y + dy);
      p.arc(s.x + dx, s.y + dy, r, 0, Math.PI * 2);
      return;
    }
    if (s instanceof ConvexShape) {
      const n = s.vertexCount;
      for (let i = 0; i < n; i++) {
        const v = s.getVertex(i, this.tmp);
        if (i === 0) p.moveTo(v.x + dx, v.y + dy);
        else p.lineTo(v.x + dx, v.y + dy);
      }
      p.closePath();
    }
  }

  draw(ctx: CanvasRenderingContext2D): void {
    const { width, height } = this.host;
    beginWorldDraw(ctx, width, height, this.view, W, H);
    const { scale, ox, oy } = this.view;
    const px = 1 / scale;

    // the tree's view of the world: bounding boxes
    const boxes = new Path2D();
    for (const b of this.bodies) boxes.rect(b.x, b.y, b.width, b.height);
    ctx.strokeStyle = 'rgba(120, 200, 255, 0.18)';
    ctx.lineWidth = px;
    ctx.stroke(boxes);

    const touching = new Set<Shape>();
    for (let i = 0; i < this.contactCount; i++) {
      touching.add(this.contacts[i].a!);
      touching.add(this.contacts[i].b!);
    }
    for (const b of this.bodies) {
      const p = new Path2D();
      this.tracePath(p, b.shape);
      const hot = touching.has(b.shape);
      const hit = this.bestHit?.body === b;
      ctx.fillStyle = hot ? 'rgba(255, 90, 90, 0.45)' : `hsla(${b.hue}, 60%, 55%, 0.35)`;
      ctx.fill(p);
      ctx.strokeStyle = hit ? '#fff3b0' : hot ? '#ff7a7a' : `hsl(${b.hue}, 70%, 70%)`;
      ctx.lineWidth = (hit ? 2.5 : 1.5) * px;
      ctx.stroke(p);
    }

    // contacts: MTV arrow from the first shape's centre, ghost of the second shape moved by it
    const ghosts = new Path2D();
    for (let i = 0; i < this.contactCount; i++) {
      const c = this.contacts[i];
      const a = c.a!;
      const b = c.b!;
      ghosts.moveTo(0, 0);
      this.tracePath(ghosts, b, c.overlapX, c.overlapY);
      const ab = a.bounds;
      const cx = (ab.minX + ab.maxX) / 2;
      const cy = (ab.minY + ab.maxY) / 2;
      this.arrow(
        ctx,
        cx,
        cy,
        cx + c.normalX * Math.max(c.depth, 3),
        cy + c.normalY * Math.max(c.depth, 3),
        '#ff5a5a',
        px,
      );
    }
    ctx.setLineDash([5 * px, 4 * px]);
    ctx.strokeStyle = 'rgba(255, 150, 150, 0.7)';
    ctx.lineWidth = px;
    ctx.stroke(ghosts);
    ctx.setLineDash([]);

    // the ray
    const dx = Math.cos(this.ray.angle);
    const dy = Math.sin(this.ray.angle);
    const end = this.bestHit ? this.bestHit.distance : RAY_MAX;
    ctx.strokeStyle = '#fff3b0';
    ctx.lineWidth = 2 * px;
    ctx.beginPath();
    ctx.moveTo(this.ray.x, this.ray.y);
    ctx.lineTo(this.ray.x + dx * end, this.ray.y + dy * end);
    ctx.stroke();
    ctx.fillStyle = '#fff3b0';
    ctx.beginPath();
    ctx.arc(this.ray.x, this.ray.y, 5 * px, 0, Math.PI * 2);
    ctx.fill();
    if (this.bestHit) {
      const h = this.bestHit;
      ctx.beginPath();
      ctx.arc(h.x, h.y, 5 * px, 0, Math.PI * 2);
      ctx.fill();
      this.arrow(ctx, h.x, h.y, h.x + h.nx * 40 * px, h.y + h.ny * 40 * px, '#54d1ff', px);
    }
    ctx.restore();

    label(
      ctx,
      `${this.bodies.length} shapes · ${this.contactCount} contacts from ${this.pairChecks} box tests · ray tested ${this.rayTested} shape${this.rayTested === 1 ? '' : 's'}${this.rayText()}`,
      ox + 12,
      oy + 22,
      '#fff3b0',
    );
  }

  private rayText(): string {
    if (!this.bestHit) return ', no hit';
    if (this.bestHit.distance === 0) return ', the ray starts inside a shape';
    return `, hit at ${this.bestHit.distance.toFixed(1)}`;
  }

  private arrow(
    ctx: CanvasRenderingContext2D,
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    color: string,
    px: number,
  ): void {
    const len = Math.hypot(x1 - x0, y1 - y0);
    if (len === 0) return;
    const ux = (x1 - x0) / len;
    const uy = (y1 - y0) / len;
    const head = Math.min(8 * px, len * 0.6);
    ctx.strokeStyle = color;
    ctx.fillStyle = color;
    ctx.lineWidth = 2 * px;
    ctx.beginPath();
    ctx.moveTo(x0, y0);
    ctx.lineTo(x1, y1);
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(x1, y1);
    ctx.lineTo(x1 - ux * head - uy * head * 0.5, y1 - uy * head + ux * head * 0.5);
    ctx.lineTo(x1 - ux * head + uy * head * 0.5, y1 - uy * head - ux * head * 0.5);
    ctx.closePath();
    ctx.fill();
  }

  stats(): Stats {
    return {
      shapes: this.bodies.length,
      contacts: this.contactCount,
      pairChecks: this.pairChecks,
      rayTested: this.rayTested,
      hitDistance: this.bestHit ? Math.round(this.bestHit.distance * 10) / 10 : 'none',
      rayX: Math.round(this.ray.x),
      rayY: Math.round(this.ray.y),
      // the ray turns both ways (keys, wheel) and spins: the angle as a compass reading, 0 to 359
      rayAngleDeg: ((Math.round((this.ray.angle * 180) / Math.PI) % 360) + 360) % 360,
      resolve: this.resolve,
    };
  }

  private setOrigin(p: PointerInfo): void {
    this.ray.screenX = p.x;
    this.ray.screenY = p.y;
    this.ray.x = clamp((p.x - this.view.ox) / this.view.scale, -200, W + 200);
    this.ray.y = clamp((p.y - this.view.oy) / this.view.scale, -200, H + 200);
    this.castRay();
  }
  pointerDown(p: PointerInfo): void {
    this.setOrigin(p);
  }
  pointerMove(p: PointerInfo): void {
    if (p.pointerType === 'mouse' || p.buttons) this.setOrigin(p);
  }
  wheel(_x: number, _y: number, deltaY: number): boolean {
    if (deltaY === 0) return false; // a sideways scroll: the ray does not turn
    this.ray.angle += deltaY > 0 ? 0.05 : -0.05;
    this.ray.spin = false;
    this.castRay();
    return true;
  }

  keyDown(key: string): boolean | undefined {
    switch (key.toLowerCase()) {
      case 'arrowleft':
      case 'a':
        this.ray.angle -= 0.06;
        this.ray.spin = false;
        this.castRay();
        return true;
      case 'arrowright':
      case 'd':
        this.ray.angle += 0.06;
        this.ray.spin = false;
        this.castRay();
        return true;
      case ' ':
        this.toggleSpin();
        return true;
      case 'x':
        this.resolve = !this.resolve;
        this.resolveToggle.set(this.resolve);
        return true;
      case 'r':
        window.__qc.setSeed((this.host.seed + 1) >>> 0);
        return true;
    }
    return undefined;
  }

  dispose(): void {
    this.bodies = [];
  }
}
