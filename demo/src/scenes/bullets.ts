/**
 * Scene 5 · Bullets: guns fire bullets at 40–120 units per step across thin walls (2–4 units) and
 * small targets in a World. Discrete bullets only collide when they overlap something at the end of
 * a step, so most pass straight through the walls (tunnelling, counted and marked); continuous ones
 * (`continuous: true`) are swept every step and stop at the first wall or target they crossed.
 */
import { Circle, ConvexShape, type Shape, type Vec2 } from '../lib.js';
import type { Scene, SceneHost, Stats } from '../scene.js';
import { beginWorldDraw, button, el, fitView, label, type Segmented, segmented, type View } from '../util.js';
import {
  type Bullet,
  MARK_STEPS,
  type Mark,
  type Mode,
  RANGE_H,
  RANGE_W,
  ShootingRange,
} from './bullets-range.js';

export class BulletsScene implements Scene {
  readonly id = 'bullets';
  readonly title = 'Bullets';
  readonly help = 'C: discrete ↔ continuous · R: reseed · P: pause, then . to step';
  readonly about =
    'Each step a bullet jumps 40 to 120 units; the walls are 2 to 4 thick. A discrete body only collides ' +
    'when it overlaps something at the end of a step, so most bullets jump clean over a wall: red crosses ' +
    'mark where a bullet went through one with no contact reported (tunnelled counts those bullets). ' +
    'With continuous: true, every step also sweeps each bullet from where it was to where it is and reports ' +
    'the first body it crossed, with the time of impact; the bullet is teleported back to the impact point ' +
    '(cyan ring, normal drawn), bounces once off a wall and stops at the next thing it hits.';
  readonly defaultSeed = 1;

  private host!: SceneHost;
  private range!: ShootingRange;
  private mode: Mode = 'discrete';
  private view: View = { scale: 1, ox: 0, oy: 0 };
  private modeControl!: Segmented<Mode>;
  private readonly tmp: Vec2 = { x: 0, y: 0 };

  readonly api = {
    setMode: (m: Mode) => this.setMode(m),
    counters: () => ({ ...this.range.counters, mode: this.range.mode, bullets: this.range.bullets.length }),
    /** the world's own consistency check */
    validate: () => this.range.world.validate(),
  };

  /** What a new seed keeps (see SceneHost.kept). */
  settings(): Mode {
    return this.mode;
  }

  mount(host: SceneHost): void {
    this.host = host;
    const pm = (host.kept as Mode | null) ?? host.params.get('mode');
    if (pm === 'discrete' || pm === 'continuous') this.mode = pm;
    this.modeControl = segmented<Mode>(
      'mode',
      'Bullets',
      [
        ['discrete', 'discrete'],
        ['continuous', 'continuous'],
      ],
      this.mode,
      (m) => this.setMode(m),
    );
    host.controls.append(
      el('h3', {}, 'bullets'),
      this.modeControl.root,
      el(
        'div',
        { class: 'row' },
        button('reseed', 'new seed (R)', () => window.__qc.setSeed((this.host.seed + 1) >>> 0)),
      ),
      el(
        'p',
        { class: 'hint' },
        'Switching remakes the bullets in flight with the other setting and starts the counters again. ' +
          'Red ✕: a bullet crossed a wall and no contact was reported. Cyan ring: a continuous hit, at the ' +
          'impact point, with the wall’s normal. Orange ring: a discrete hit (the bullet overlapped the wall at ' +
          'the end of the step).',
      ),
    );
    this.range = new ShootingRange(host.seed, this.mode);
  }

  private setMode(m: Mode): void {
    if (m === this.mode) return;
    this.mode = m;
    this.modeControl.set(m);
    this.range.setMode(m);
  }

  resize(width: number, height: number): void {
    this.view = fitView(RANGE_W, RANGE_H, width, height);
  }

  step(): void {
    this.range.step();
  }

  private trace(p: Path2D, s: Shape): void {
    if (s instanceof Circle) {
      p.moveTo(s.x + s.worldRadius, s.y);
      p.arc(s.x, s.y, s.worldRadius, 0, Math.PI * 2);
      return;
    }
    if (s instanceof ConvexShape) {
      for (let i = 0; i < s.vertexCount; i++) {
        const v = s.getVertex(i, this.tmp);
        if (i === 0) p.moveTo(v.x, v.y);
        else p.lineTo(v.x, v.y);
      }
      p.closePath();
    }
  }

  draw(ctx: CanvasRenderingContext2D): void {
    const { width, height } = this.host;
    beginWorldDraw(ctx, width, height, this.view, RANGE_W, RANGE_H);
    const { scale, ox, oy } = this.view;
    const px = 1 / scale;
    const r = this.range;

    // walls: thin, so outlined at least one pixel wide whatever the zoom
    for (const w of r.walls) {
      const p = new Path2D();
      this.trace(p, w.body.shape);
      ctx.fillStyle = w.flash > 0 ? '#fff3b0' : '#c9d4e8';
      ctx.fill(p);
      ctx.strokeStyle = ctx.fillStyle;
      ctx.lineWidth = px;
      ctx.stroke(p);
    }
    for (const t of r.targets) {
      const p = new Path2D();
      this.trace(p, t.body.shape);
      ctx.fillStyle = t.flash > 0 ? '#ffffff' : 'hsl(24, 90%, 58%)';
      ctx.fill(p);
    }
    for (const g of r.guns) {
      ctx.strokeStyle = '#7fd1ff';
      ctx.lineWidth = 7 * px;
      ctx.beginPath();
      ctx.moveTo(g.x, g.y);
      ctx.lineTo(g.x + Math.cos(g.angle) * 30, g.y + Math.sin(g.angle) * 30);
      ctx.stroke();
      ctx.fillStyle = '#2b3d66';
      ctx.beginPath();
      ctx.arc(g.x, g.y, 18, 0, Math.PI * 2);
      ctx.fill();
      ctx.strokeStyle = '#7fd1ff';
      ctx.lineWidth = 2 * px;
      ctx.stroke();
    }

    // each bullet's last step as a trail: the path the step jumped over
    ctx.strokeStyle = 'rgba(255, 224, 102, 0.35)';
    ctx.lineWidth = 2 * px;
    const trails = new Path2D();
    const halos = new Path2D();
    const bullets = new Path2D();
    for (const b of r.bullets) {
      const c = this.centre(b);
      trails.moveTo(b.fromX, b.fromY);
      trails.lineTo(c.x, c.y);
      // a halo keeps a 4-unit bullet visible at any zoom; the solid shape is its true size
      halos.moveTo(c.x + 10, c.y);
      halos.arc(c.x, c.y, 10, 0, Math.PI * 2);
      this.trace(bullets, b.body.shape);
    }
    ctx.stroke(trails);
    ctx.fillStyle = 'rgba(255, 224, 102, 0.18)';
    ctx.fill(halos);
    ctx.fillStyle = '#ffe066';
    ctx.fill(bullets);

    for (const m of r.marks) this.drawMark(ctx, m, px);
    ctx.restore();

    const c = r.counters;
    const colour = this.mode === 'continuous' ? '#7dffb0' : '#ff9c9c';
    const counters = label(
      ctx,
      `${this.mode} · fired ${c.fired} · hits ${c.hits} (walls ${c.wallHits}, targets ${c.targetHits}) · tunnelled ${c.tunnelled}`,
      ox + 12,
      oy + 22,
      colour,
    );
    label(
      ctx,
      this.mode === 'continuous'
        ? 'continuous: true · each step sweeps every bullet · C: switch'
        : 'discrete: contacts only where a bullet ends a step · C: switch',
      ox + 12,
      Math.max(oy + 46, counters + 24),
      '#e6f7ff',
      '500 12px system-ui, sans-serif',
    );
  }

  private centre(b: Bullet): Vec2 {
    const bb = b.body.shape.bounds;
    return { x: (bb.minX + bb.maxX) / 2, y: (bb.minY + bb.maxY) / 2 };
  }

  private drawMark(ctx: CanvasRenderingContext2D, m: Mark, px: number): void {
    const alpha = 1 - m.age / (MARK_STEPS + 1);
    ctx.globalAlpha = alpha;
    ctx.lineWidth = 2 * px;
    if (m.kind === 'tunnel') {
      const s = 9;
      ctx.strokeStyle = '#ff4d4d';
      ctx.beginPath();
      ctx.moveTo(m.x - s, m.y - s);
      ctx.lineTo(m.x + s, m.y + s);
      ctx.moveTo(m.x - s, m.y + s);
      ctx.lineTo(m.x + s, m.y - s);
      ctx.stroke();
    } else {
      ctx.strokeStyle = m.kind === 'impact' ? '#54d1ff' : '#ffaa4d';
      ctx.beginPath();
      ctx.arc(m.x, m.y, 6, 0, Math.PI * 2);
      ctx.moveTo(m.x, m.y);
      ctx.lineTo(m.x + m.nx * 18, m.y + m.ny * 18);
      ctx.stroke();
    }
    ctx.globalAlpha = 1;
  }

  stats(): Stats {
    const r = this.range;
    const c = r.counters;
    return {
      mode: r.mode,
      fired: c.fired,
      hits: c.hits,
      wallHits: c.wallHits,
      targetHits: c.targetHits,
      sweptHits: c.sweptHits,
      tunnelled: c.tunnelled,
      bullets: r.bullets.length,
      walls: r.walls.length,
      targets: r.targets.length,
    };
  }

  keyDown(key: string): boolean | undefined {
    switch (key.toLowerCase()) {
      case 'c':
        this.setMode(this.mode === 'discrete' ? 'continuous' : 'discrete');
        this.host.toast(this.mode === 'continuous' ? 'continuous bullets' : 'discrete bullets');
        return true;
      case 'r':
        window.__qc.setSeed((this.host.seed + 1) >>> 0);
        return true;
    }
    return undefined;
  }

  dispose(): void {
    this.range.bullets = [];
  }
}
