/**
 * Phaser 4 + quadcollide: a scene with no Arcade physics. Every moving thing is a quadcollide Body
 * (a Circle or a Box) in a World; Phaser only draws. Each frame the scene moves the bodies,
 * `world.step()` finds the contacts, the scene bounces the bodies that approach each other, and
 * `world.separate()` pushes overlapping bodies apart. A collisionStart event flashes both bodies.
 */
import { AUTO, Game, type GameObjects, Scale, Scene } from 'phaser';
import { Body, Box, Circle, World } from 'quadcollide';
import { pixelRatio, watchPixelRatio } from '../pixel-ratio.js';

const WIDTH = 960;
const HEIGHT = 560;
/**
 * The screen's pixel ratio (capped at 2), so that shapes and text stay sharp on a HiDPI screen.
 * Phaser has no resolution setting: the game is made that many times larger, shown scaled back down
 * (the scale manager's zoom), and its camera zoomed in as much, so the scene keeps working in CSS
 * pixels. All three change with the ratio (see Arena.setRatio).
 */
const RATIO = pixelRatio(2);
const MOVERS = 180;
const FLASH_SECONDS = 0.15;
const COLORS = [0x3f7fd9, 0x35b58a, 0x8a6cff];
const HOT = 0xffb347;
const WALL = 0x2a3f6e;

/** What each body carries for the scene: its Phaser shape, its velocity and its colours. */
interface Thing {
  view: GameObjects.Arc | GameObjects.Rectangle;
  vx: number;
  vy: number;
  color: number;
  /** seconds left of the "just hit" colour */
  flash: number;
}

const hooks: ExampleHooks = { ready: false, frames: 0, hits: 0, contacts: 0, renderer: '' };
window.__example = hooks;

class Arena extends Scene {
  private world = new World<Thing>({ bounds: { x: 0, y: 0, width: WIDTH, height: HEIGHT } });
  private movers: Body<Thing>[] = [];
  private hud!: GameObjects.Text;

  constructor() {
    super('arena');
  }

  create(): void {
    this.cameras.main.setZoom(RATIO).centerOn(WIDTH / 2, HEIGHT / 2);
    // Static walls around the arena and a few pillars: static bodies never pair with each other.
    const walls: Array<[number, number, number, number]> = [
      [0, 0, WIDTH, 12],
      [0, HEIGHT - 12, WIDTH, 12],
      [0, 0, 12, HEIGHT],
      [WIDTH - 12, 0, 12, HEIGHT],
      [220, 150, 120, 30],
      [620, 380, 140, 30],
      [460, 220, 30, 130],
    ];
    for (const [x, y, w, h] of walls) {
      const view = this.add.rectangle(x, y, w, h, WALL).setOrigin(0, 0);
      this.world.add(
        new Body(new Box(x, y, w, h), { isStatic: true, userData: this.thing(view, 0, 0, WALL) }),
      );
    }

    // Spawn each body where nothing is yet: an exact shape query against what is already placed.
    const found: Body<Thing>[] = [];
    for (let i = 0, tries = 0; i < MOVERS && tries < 20 * MOVERS; tries++) {
      const x = 40 + Math.random() * (WIDTH - 80);
      const y = 40 + Math.random() * (HEIGHT - 80);
      const isBox = i % 3 === 0;
      // Box anchor = top-left corner; Circle anchor = centre
      const shape = isBox
        ? new Box(x, y, 10 + Math.random() * 16, 10 + Math.random() * 16)
        : new Circle(x, y, 4 + Math.random() * 9);
      found.length = 0;
      if (this.world.queryShape(shape, found).length > 0) continue;
      const color = COLORS[i % COLORS.length];
      const view =
        shape instanceof Box
          ? this.add.rectangle(x, y, shape.width, shape.height, color).setOrigin(0, 0)
          : this.add.circle(x, y, shape.radius, color); // Phaser's default origin is the centre too
      const angle = Math.random() * Math.PI * 2;
      const speed = 40 + Math.random() * 140;
      this.movers.push(this.world.add(new Body(shape, { userData: this.thing(view, angle, speed, color) })));
      i++;
    }

    this.world.on('collisionStart', (c) => {
      hooks.hits++;
      c.bodyA.userData.flash = FLASH_SECONDS;
      c.bodyB.userData.flash = FLASH_SECONDS;
    });

    this.hud = this.add
      .text(20, 18, '', { fontFamily: 'monospace', fontSize: '14px', color: '#e6f7ff' })
      .setResolution(RATIO);
    hooks.renderer = this.game.renderer.type === 2 ? 'webgl' : 'canvas';
    hooks.ready = true;
    // the window moved to another screen, or the page was zoomed
    watchPixelRatio(() => this.setRatio(pixelRatio(2)));
  }

  /** Draws at another pixel ratio: the game that many times CSS size, shown at CSS size, the camera zoomed as much. */
  private setRatio(ratio: number): void {
    this.scale.setZoom(1 / ratio);
    this.scale.resize(WIDTH * ratio, HEIGHT * ratio); // the main camera follows the game's size
    this.cameras.main.setZoom(ratio).centerOn(WIDTH / 2, HEIGHT / 2);
    this.hud.setResolution(ratio);
  }

  private thing(view: Thing['view'], angle: number, speed: number, color: number): Thing {
    return { view, vx: Math.cos(angle) * speed, vy: Math.sin(angle) * speed, color, flash: 0 };
  }

  override update(_time: number, deltaMs: number): void {
    const dt = Math.min(deltaMs, 50) / 1000; // a background tab must not teleport the bodies
    for (const body of this.movers) body.translate(body.userData.vx * dt, body.userData.vy * dt);

    this.world.step();
    for (const c of this.world.contacts) this.bounce(c.bodyA, c.bodyB, c.normalX, c.normalY);
    this.world.separate();

    for (const body of this.movers) {
      const t = body.userData;
      t.flash = Math.max(0, t.flash - dt);
      t.view.setPosition(body.x, body.y);
      t.view.setFillStyle(t.flash > 0 ? HOT : t.color);
    }
    hooks.frames++;
    hooks.contacts = this.world.contacts.length;
    if (hooks.frames % 10 === 0) {
      this.hud.setText(
        `${MOVERS} bodies · ${this.world.contacts.length} contacts · ${hooks.hits} collisions so far`,
      );
    }
  }

  /**
   * Elastic bounce along the contact normal (from a to b), only while the two approach each other:
   * equal masses swap their normal speeds; against a static body the mover's normal speed flips.
   */
  private bounce(a: Body<Thing>, b: Body<Thing>, nx: number, ny: number): void {
    const ta = a.userData;
    const tb = b.userData;
    const approach = (tb.vx - ta.vx) * nx + (tb.vy - ta.vy) * ny;
    if (approach >= 0) return;
    if (a.isStatic || b.isStatic) {
      const t = a.isStatic ? tb : ta;
      const vn = t.vx * nx + t.vy * ny;
      t.vx -= 2 * vn * nx;
      t.vy -= 2 * vn * ny;
      return;
    }
    ta.vx += approach * nx;
    ta.vy += approach * ny;
    tb.vx -= approach * nx;
    tb.vy -= approach * ny;
  }
}

new Game({
  type: AUTO,
  width: WIDTH * RATIO,
  height: HEIGHT * RATIO,
  parent: 'stage',
  backgroundColor: '#0b1020',
  scale: { mode: Scale.NONE, zoom: 1 / RATIO },
  scene: Arena,
});
