/**
 * Scene 3 · Snake: thousands of food items live in the tree; the head queries it every step; the snake's own
 * body segments are in the same tree, so biting yourself is found by the same query.
 */
import { Quadtree, type Rect } from '../lib.js';
import type { PointerInfo, Scene, SceneHost, Stats } from '../scene.js';
import { clamp, el, label, rng } from '../util.js';

interface Item {
  x: number;
  y: number;
  width: number;
  height: number;
  /** 0 = food, 1 = body segment */
  kind: 0 | 1;
  /** food: value; body: segment index (0 = neck) */
  n: number;
}

const FW = 4000;
const FH = 4000;
const FOOD = 6000;
const SPEED = 220;
const SEG_R = 9;
const HEAD_R = 11;
const SPACING_STEPS = 3;
const NECK = 4;
const DIRS = {
  up: [0, -1],
  down: [0, 1],
  left: [-1, 0],
  right: [1, 0],
} as const;
type Dir = keyof typeof DIRS;
const OPPOSITE: Record<Dir, Dir> = { up: 'down', down: 'up', left: 'right', right: 'left' };
const FOOD_COLORS = ['#35b58a', '#ffb347', '#ff5a8a'];

export class SnakeScene implements Scene {
  readonly id = 'snake';
  readonly title = 'Snake';
  readonly help =
    'arrows / WASD / swipe: steer (ends the autopilot) · Space: restart (a tap too, after a crash)';
  readonly about =
    `${FOOD.toLocaleString('en-US')} food items and every body segment live in one quadtree. Each step the head ` +
    'asks the tree for what touches it (forEachInCircle): food is eaten and respawned elsewhere, a body segment ends ' +
    'the game. The autopilot finds food with forEachNearest until you take over.';
  readonly defaultSeed = 1;

  private host!: SceneHost;
  private rand: () => number = Math.random;
  private tree!: Quadtree<Item>;
  private food: Item[] = [];
  private body: Item[] = [];
  private history: number[] = [];
  private head = { x: FW / 2, y: FH / 2 };
  private dir: Dir = 'right';
  private queue: Dir[] = [];
  private grow = 0;
  private score = 0;
  private best = 0;
  private alive = true;
  private deadSteps = 0;
  private autopilot = true;
  private headChecks = 0;
  private visible: Item[] = [];
  private swipe: { x: number; y: number; done: boolean } | null = null;
  private zoom = 1;
  private eaten = 0;

  readonly api = {
    head: () => ({ ...this.head, dir: this.dir, alive: this.alive, autopilot: this.autopilot }),
    steer: (d: Dir) => this.steer(d),
    restart: () => this.restart(),
    setAutopilot: (on: boolean) => {
      this.autopilot = on;
    },
  };

  mount(host: SceneHost): void {
    this.host = host;
    this.rand = rng(host.seed * 104729 + 3);
    this.tree = new Quadtree<Item>({ x: 0, y: 0, width: FW, height: FH }, { maxObjects: 8, maxLevels: 10 });
    for (let i = 0; i < FOOD; i++) this.food.push(this.spawnFood());
    this.tree.insert(this.food);
    this.restart();
    host.controls.append(
      el(
        'p',
        { class: 'hint' },
        'Steer with the arrow keys, WASD or by swiping on the canvas. Food eaten is removed from the tree and respawned elsewhere with insert().',
      ),
      el(
        'div',
        { class: 'row' },
        this.btn('restart', 'restart (Space)', () => this.restart()),
        this.btn('autopilot', 'autopilot', () => {
          this.autopilot = !this.autopilot;
          host.toast(this.autopilot ? 'autopilot on' : 'autopilot off');
        }),
      ),
    );
  }

  private btn(id: string, text: string, f: () => void): HTMLButtonElement {
    const b = el('button', { type: 'button', id }, text);
    b.addEventListener('click', f);
    return b;
  }

  private spawnFood(): Item {
    const v = this.rand() < 0.8 ? 1 : this.rand() < 0.8 ? 2 : 3;
    const r = 3 + v * 2;
    return {
      x: 20 + this.rand() * (FW - 40),
      y: 20 + this.rand() * (FH - 40),
      width: r * 2,
      height: r * 2,
      kind: 0,
      n: v,
    };
  }

  private restart(): void {
    for (const s of this.body) this.tree.remove(s);
    this.body = [];
    this.head = { x: FW / 2, y: FH / 2 };
    this.dir = 'right';
    this.queue = [];
    this.history = [];
    // lay the initial body out behind the head
    for (let i = 60; i > 0; i--) this.history.push(this.head.x - i * (SPEED / 60), this.head.y);
    this.history.push(this.head.x, this.head.y);
    this.grow = 0;
    for (let i = 0; i < 12; i++) this.addSegment();
    this.score = 0;
    this.alive = true;
    this.deadSteps = 0;
  }

  private addSegment(): void {
    const seg: Item = { x: 0, y: 0, width: SEG_R * 2, height: SEG_R * 2, kind: 1, n: this.body.length };
    this.placeSegment(seg);
    this.body.push(seg);
    this.tree.insert(seg);
  }

  /** segment i sits where the head was (i + 1) * SPACING_STEPS steps ago */
  private placeSegment(seg: Item): void {
    const h = this.history;
    const k = Math.max(0, h.length / 2 - 1 - (seg.n + 1) * SPACING_STEPS);
    seg.x = h[k * 2] - SEG_R;
    seg.y = h[k * 2 + 1] - SEG_R;
  }

  private steer(d: Dir): void {
    const last = this.queue.length ? this.queue[this.queue.length - 1] : this.dir;
    if (d === last || d === OPPOSITE[last]) return;
    if (this.queue.length < 2) this.queue.push(d);
  }

  private takeOver(): void {
    if (this.autopilot) {
      this.autopilot = false;
      this.host.toast('you have the snake');
    }
  }

  /** look ahead: is there a wall or our own body `dist` units away in direction d? */
  private danger(d: Dir, dist: number): boolean {
    const [dx, dy] = DIRS[d];
    const x = this.head.x + dx * dist;
    const y = this.head.y + dy * dist;
    if (x < HEAD_R || y < HEAD_R || x > FW - HEAD_R || y > FH - HEAD_R) return true;
    let hit = false;
    this.tree.forEachInCircle(x, y, HEAD_R + 4, (it) => {
      if (it.kind === 1 && it.n >= NECK) {
        hit = true;
        return false;
      }
      return undefined;
    });
    return hit;
  }

  private pilot(): void {
    let target: Item | null = null;
    this.tree.forEachNearest(this.head.x, this.head.y, (it) => {
      if (it.kind === 0) {
        target = it;
        return false;
      }
      return undefined;
    });
    const options: Dir[] = (['up', 'down', 'left', 'right'] as Dir[]).filter((d) => d !== OPPOSITE[this.dir]);
    let want: Dir = this.dir;
    if (target) {
      const t = target as Item;
      const dx = t.x + t.width / 2 - this.head.x;
      const dy = t.y + t.height / 2 - this.head.y;
      const prefs: Dir[] = [];
      if (Math.abs(dx) > Math.abs(dy)) prefs.push(dx > 0 ? 'right' : 'left', dy > 0 ? 'down' : 'up');
      else prefs.push(dy > 0 ? 'down' : 'up', dx > 0 ? 'right' : 'left');
      want =
        prefs.find((d) => options.includes(d) && Math.abs(d === 'left' || d === 'right' ? dx : dy) > 6) ??
        this.dir;
    }
    if (this.danger(want, 40)) want = options.find((d) => !this.danger(d, 40)) ?? want;
    if (want !== this.dir && want !== OPPOSITE[this.dir]) this.queue = [want];
  }

  resize(width: number, height: number): void {
    this.zoom = clamp(Math.min(width, height) / 800, 0.5, 1.6);
  }

  step(dt: number): void {
    if (!this.alive) {
      this.deadSteps++;
      if (this.autopilot && this.deadSteps > 90) this.restart();
      return;
    }
    if (this.autopilot) this.pilot();
    const next = this.queue.shift();
    if (next && next !== OPPOSITE[this.dir]) this.dir = next;
    const [dx, dy] = DIRS[this.dir];
    this.head.x += dx * SPEED * dt;
    this.head.y += dy * SPEED * dt;
    this.history.push(this.head.x, this.head.y);
    const keep = (this.body.length + 2) * SPACING_STEPS * 2 + 2;
    if (this.history.length > keep * 2) this.history.splice(0, this.history.length - keep);
    for (const s of this.body) {
      this.placeSegment(s);
      this.tree.update(s);
    }
    if (this.grow > 0) {
      this.grow--;
      this.addSegment();
    }
    if (
      this.head.x < HEAD_R ||
      this.head.y < HEAD_R ||
      this.head.x > FW - HEAD_R ||
      this.head.y > FH - HEAD_R
    ) {
      this.die('hit the wall');
      return;
    }
    // the head's query: everything whose box meets the head's disc, then an exact circle test
    const eaten: Item[] = [];
    let bitten = false;
    this.tree.forEachInCircle(this.head.x, this.head.y, HEAD_R, (it) => {
      const r = it.width / 2;
      const cx = it.x + r - this.head.x;
      const cy = it.y + r - this.head.y;
      if (cx * cx + cy * cy >= (r + HEAD_R) ** 2) return undefined;
      if (it.kind === 0) eaten.push(it);
      else if (it.n >= NECK) {
        bitten = true;
        return false;
      }
      return undefined;
    });
    this.headChecks = this.tree.lastChecks;
    for (const f of eaten) {
      this.tree.remove(f);
      this.score += f.n;
      this.grow += f.n;
      this.eaten++;
      const nf = this.spawnFood();
      Object.assign(f, nf);
      this.tree.insert(f);
    }
    if (bitten) this.die('bit itself');
  }

  private die(why: string): void {
    this.alive = false;
    this.deadSteps = 0;
    this.best = Math.max(this.best, this.score);
    this.host.toast(`${why}: score ${this.score}${this.autopilot ? '' : ' · Space or tap to restart'}`, 2500);
  }

  private viewRect(): Rect {
    const w = this.host.width / this.zoom;
    const h = this.host.height / this.zoom;
    return { x: this.head.x - w / 2, y: this.head.y - h / 2, width: w, height: h };
  }

  draw(ctx: CanvasRenderingContext2D): void {
    const { width, height } = this.host;
    ctx.fillStyle = '#0b1020';
    ctx.fillRect(0, 0, width, height);
    const v = this.viewRect();
    ctx.save();
    ctx.scale(this.zoom, this.zoom);
    ctx.translate(-v.x, -v.y);
    ctx.fillStyle = '#10172b';
    ctx.fillRect(0, 0, FW, FH);
    const grid = new Path2D();
    for (let x = Math.max(0, Math.ceil(v.x / 200) * 200); x <= Math.min(FW, v.x + v.width); x += 200) {
      grid.moveTo(x, Math.max(0, v.y));
      grid.lineTo(x, Math.min(FH, v.y + v.height));
    }
    for (let y = Math.max(0, Math.ceil(v.y / 200) * 200); y <= Math.min(FH, v.y + v.height); y += 200) {
      grid.moveTo(Math.max(0, v.x), y);
      grid.lineTo(Math.min(FW, v.x + v.width), y);
    }
    ctx.strokeStyle = '#1c2745';
    ctx.lineWidth = 1;
    ctx.stroke(grid);
    ctx.strokeStyle = '#ff5a5a';
    ctx.lineWidth = 4;
    ctx.strokeRect(0, 0, FW, FH);

    this.visible.length = 0;
    this.tree.query(v, this.visible);
    const foodPaths = FOOD_COLORS.map(() => new Path2D());
    for (const it of this.visible) {
      if (it.kind !== 0) continue;
      const r = it.width / 2;
      const p = foodPaths[it.n - 1];
      p.moveTo(it.x + it.width, it.y + r);
      p.arc(it.x + r, it.y + r, r, 0, Math.PI * 2);
    }
    FOOD_COLORS.forEach((c, i) => {
      ctx.fillStyle = c;
      ctx.fill(foodPaths[i]);
    });
    // head query radius
    ctx.strokeStyle = 'rgba(200, 155, 255, 0.7)';
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(this.head.x, this.head.y, HEAD_R + 6, 0, Math.PI * 2);
    ctx.stroke();
    // body, tail first so the head is on top
    for (let i = this.body.length - 1; i >= 0; i--) {
      const s = this.body[i];
      const l = 62 - (i / Math.max(1, this.body.length)) * 22;
      ctx.fillStyle = this.alive ? `hsl(200, 85%, ${l}%)` : `hsl(0, 60%, ${l - 10}%)`;
      ctx.beginPath();
      ctx.arc(s.x + SEG_R, s.y + SEG_R, SEG_R, 0, Math.PI * 2);
      ctx.fill();
    }
    ctx.fillStyle = this.alive ? '#e6f7ff' : '#ff5a5a';
    ctx.beginPath();
    ctx.arc(this.head.x, this.head.y, HEAD_R, 0, Math.PI * 2);
    ctx.fill();
    const [dx, dy] = DIRS[this.dir];
    ctx.fillStyle = '#0b1020';
    for (const side of [-1, 1]) {
      ctx.beginPath();
      ctx.arc(
        this.head.x + dx * 4 - dy * 4 * side,
        this.head.y + dy * 4 + dx * 4 * side,
        2.2,
        0,
        Math.PI * 2,
      );
      ctx.fill();
    }
    ctx.restore();

    // minimap: at most 40% of the canvas either way, as the camera scene's (a fixed 130 px covered most of a
    // phone held sideways)
    const m = Math.max(1, Math.min(130, Math.round(width * 0.4), Math.round(height * 0.4)));
    const mx = width - m - 10;
    const my = height - m - 10;
    ctx.fillStyle = 'rgba(13, 20, 38, 0.9)';
    ctx.fillRect(mx, my, m, m);
    ctx.strokeStyle = '#54d1ff';
    ctx.lineWidth = 1;
    ctx.strokeRect(mx - 0.5, my - 0.5, m + 1, m + 1);
    ctx.strokeStyle = '#fff';
    ctx.strokeRect(mx + (v.x / FW) * m, my + (v.y / FH) * m, (v.width / FW) * m, (v.height / FH) * m);
    ctx.fillStyle = '#e6f7ff';
    ctx.fillRect(mx + (this.head.x / FW) * m - 2, my + (this.head.y / FH) * m - 2, 4, 4);

    const score = label(
      ctx,
      `score ${this.score}   best ${Math.max(this.best, this.score)}   length ${this.body.length}`,
      14,
      26,
      '#fff3b0',
      '600 15px system-ui, sans-serif',
    );
    label(
      ctx,
      this.autopilot ? 'autopilot: press an arrow key, WASD or swipe to play' : 'you are steering',
      14,
      Math.max(52, score + 26),
      '#8fa3c7',
      '13px system-ui, sans-serif',
    );
    if (!this.alive) {
      ctx.font = '700 28px system-ui, sans-serif';
      ctx.fillStyle = '#ff5a5a';
      ctx.textAlign = 'center';
      ctx.fillText('game over', width / 2, height / 2 - 40);
      ctx.textAlign = 'start';
    }
  }

  stats(): Stats {
    return {
      score: this.score,
      best: Math.max(this.best, this.score),
      length: this.body.length,
      food: this.food.length,
      eaten: this.eaten,
      treeItems: this.tree.size,
      headChecks: this.headChecks,
      headX: Math.round(this.head.x * 10) / 10,
      headY: Math.round(this.head.y * 10) / 10,
      dir: this.dir,
      alive: this.alive,
      player: this.autopilot ? 'autopilot' : 'you',
    };
  }

  keyDown(key: string): boolean | undefined {
    const map: Record<string, Dir> = {
      arrowup: 'up',
      w: 'up',
      arrowdown: 'down',
      s: 'down',
      arrowleft: 'left',
      a: 'left',
      arrowright: 'right',
      d: 'right',
    };
    const k = key.toLowerCase();
    if (map[k]) {
      this.takeOver();
      if (!this.alive) return true;
      this.steer(map[k]);
      return true;
    }
    if (k === ' ') {
      // A restart at any time, as the button says (a tap restarts only after a crash: a tap is also
      // how a swipe starts).
      this.takeOver();
      this.restart();
      return true;
    }
    return undefined;
  }

  pointerDown(p: PointerInfo): void {
    this.swipe = { x: p.x, y: p.y, done: false };
  }
  pointerMove(p: PointerInfo): void {
    const s = this.swipe;
    if (!s || s.done) return;
    const dx = p.x - s.x;
    const dy = p.y - s.y;
    if (Math.hypot(dx, dy) < 24) return;
    s.done = true;
    this.takeOver();
    if (this.alive)
      this.steer(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'right' : 'left') : dy > 0 ? 'down' : 'up');
  }
  pointerUp(): void {
    if (this.swipe && !this.swipe.done) {
      this.takeOver();
      if (!this.alive) this.restart();
    }
    this.swipe = null;
  }

  dispose(): void {
    this.body = [];
    this.food = [];
  }
}
