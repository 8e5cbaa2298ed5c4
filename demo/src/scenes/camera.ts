/**
 * Scene 2 · Camera: a world many screens large; only what the tree returns for the camera rectangle is drawn.
 */
import type { Quadtree, Rect } from '../lib.js';
import type { PointerInfo, Scene, SceneHost, Stats } from '../scene.js';
import { boxesOverlap, button, clamp, el, label, type Toggle, toggle } from '../util.js';
import {
  type CameraWorld,
  createCameraWorld,
  moveShips,
  SHIPS,
  STATIC,
  type Thing,
  WH,
  WW,
} from './camera-world.js';

const COLORS = ['#3f7fd9', '#35b58a', '#8a6cff', '#d9a13f', '#ff5a5a'];
const MINI_W = 200;

export class CameraScene implements Scene {
  readonly id = 'camera';
  readonly title = 'Camera';
  readonly help =
    'WASD/arrows or drag: move · wheel or Q/E: zoom · click the minimap: jump · C: culling frame';
  readonly about =
    `A ${WW.toLocaleString('en-US')} × ${WH.toLocaleString('en-US')} world with ${(STATIC + SHIPS).toLocaleString('en-US')} objects, ` +
    `${SHIPS.toLocaleString('en-US')} of them moving. Each frame the camera rectangle is one query(); only what it returns is drawn. ` +
    'Turn on the culling frame to see the query stop at a rectangle inside the screen. ' +
    'The node count creeps up while the ships fly (seed 1: 8.1k at the start, 10.6k after 10 minutes, 11.4k after an hour): ' +
    'a leaf splits above 12 items but folds back only at 6 or fewer, so nodes a ship pushed over 12 stay split while ' +
    'their static objects keep them above 6. That is bounded (at most about 14.8k nodes here: a fresh tree built ' +
    'with maxObjects 6), not a leak: "rebuild" (clear() + insert()) gives the fresh 8.1k back. ' +
    'Measured by demo/tools/camera-nodes.ts.';
  readonly defaultSeed = 1;

  private host!: SceneHost;
  private world!: CameraWorld;
  private tree!: Quadtree<Thing>;
  private all: Thing[] = [];
  /** node count of a tree freshly built from the current boxes, measured at mount and on rebuild */
  private freshNodes = 0;
  private visible: Thing[] = [];
  private cam = { x: WW / 2, y: WH / 2, zoom: 1 };
  private keys = new Set<string>();
  private drag: { x: number; y: number; camX: number; camY: number; mini: boolean } | null = null;
  private mini: HTMLCanvasElement | null = null;
  /** the pixel ratio the minimap was drawn at */
  private miniRatio = 0;
  private showFrame = false;
  private queryMs = 0;
  private checks = 0;
  private frameToggle!: Toggle;

  readonly api = {
    camera: () => ({ ...this.cam }),
    setCamera: (x: number, y: number, zoom?: number) => {
      this.cam.x = x;
      this.cam.y = y;
      if (zoom) this.cam.zoom = zoom;
    },
    cameraRect: () => this.cameraRect(),
    /** the minimap and the view rectangle drawn in it, in canvas CSS pixels */
    minimap: () => ({ map: this.miniRect(), view: this.minimapView(this.cameraRect()) }),
    rebuild: () => this.rebuild(),
    /** what was drawn vs a brute-force filter of every object against the same rectangle */
    checkQuery: () => {
      const r = this.queryRect();
      const got = this.tree.query(r).length;
      const expected = this.all.filter((t) => boxesOverlap(t, r)).length;
      return { got, expected };
    },
  };

  mount(host: SceneHost): void {
    this.host = host;
    this.world = createCameraWorld(host.seed);
    this.tree = this.world.tree;
    this.all = this.world.all;
    this.freshNodes = this.tree.stats().nodes;
    this.frameToggle = toggle('culling-frame', 'culling frame (C)', this.showFrame, (v) => {
      this.showFrame = v;
    });
    host.controls.append(
      this.frameToggle.root,
      el('p', { class: 'hint' }, 'Drag the map or the minimap. Pinch-free zoom: wheel, Q/E, or the buttons.'),
      el(
        'div',
        { class: 'row' },
        this.zoomButton('zoom-in', '+', 1.25, 'Zoom in'),
        this.zoomButton('zoom-out', '−', 0.8, 'Zoom out'),
      ),
      el(
        'div',
        { class: 'row' },
        button('rebuild-tree', 'rebuild tree', () => this.rebuild()),
      ),
    );
    this.renderMinimap();
  }

  private zoomButton(id: string, text: string, f: number, name: string): HTMLButtonElement {
    const b = el('button', { type: 'button', id, 'aria-label': name, title: name }, text);
    b.addEventListener('click', () => this.zoomBy(f));
    return b;
  }

  /** clear() + insert() of every object: the count a fresh tree has, to compare with the running one */
  private rebuild(): void {
    const before = this.tree.stats().nodes;
    this.tree.clear();
    this.tree.insert(this.all);
    this.freshNodes = this.tree.stats().nodes;
    this.host.toast(
      `rebuilt: ${before.toLocaleString('en-US')} → ${this.freshNodes.toLocaleString('en-US')} nodes`,
      3000,
    );
  }

  private zoomBy(f: number): void {
    this.cam.zoom = clamp(this.cam.zoom * f, 0.08, 4);
  }

  /**
   * Static objects drawn into the minimap at the canvas's pixel ratio: at mount, and again when the
   * ratio changes (see resize()). Ships are added live.
   */
  private renderMinimap(): void {
    const c = document.createElement('canvas');
    const h = Math.round((MINI_W * WH) / WW);
    const dpr = this.host.pixelRatio;
    this.miniRatio = dpr;
    c.width = Math.round(MINI_W * dpr);
    c.height = Math.round(h * dpr);
    const g = c.getContext('2d')!;
    g.scale(c.width / WW, c.height / WH);
    g.fillStyle = '#0d1426';
    g.fillRect(0, 0, WW, WH);
    g.globalAlpha = 0.6;
    for (const t of this.all) {
      if (t.kind === 4) continue;
      g.fillStyle = COLORS[t.kind];
      g.fillRect(t.x, t.y, Math.max(t.width, 40), Math.max(t.height, 40));
    }
    this.mini = c;
  }

  private cameraRect(): Rect {
    const w = this.host.width / this.cam.zoom;
    const h = this.host.height / this.cam.zoom;
    return { x: this.cam.x - w / 2, y: this.cam.y - h / 2, width: w, height: h };
  }

  /** the rectangle actually queried: the camera, or an inset frame when the culling frame is on */
  private queryRect(): Rect {
    const r = this.cameraRect();
    if (!this.showFrame) return r;
    const mx = r.width * 0.15;
    const my = r.height * 0.15;
    return { x: r.x + mx, y: r.y + my, width: r.width - 2 * mx, height: r.height - 2 * my };
  }

  /** Called after a change of size or of pixel ratio: at another ratio the minimap is drawn anew, sharp. */
  resize(): void {
    if (this.host.pixelRatio !== this.miniRatio) this.renderMinimap();
  }

  step(dt: number): void {
    const speed = (900 / this.cam.zoom) * dt;
    const k = this.keys;
    if (k.has('arrowleft') || k.has('a')) this.cam.x -= speed;
    if (k.has('arrowright') || k.has('d')) this.cam.x += speed;
    if (k.has('arrowup') || k.has('w')) this.cam.y -= speed;
    if (k.has('arrowdown') || k.has('s')) this.cam.y += speed;
    if (k.has('q')) this.zoomBy(1 / 1.03);
    if (k.has('e')) this.zoomBy(1.03);
    this.cam.x = clamp(this.cam.x, 0, WW);
    this.cam.y = clamp(this.cam.y, 0, WH);
    moveShips(this.world, dt);
  }

  draw(ctx: CanvasRenderingContext2D): void {
    const { width, height } = this.host;
    ctx.fillStyle = '#0b1020';
    ctx.fillRect(0, 0, width, height);
    const cam = this.cameraRect();
    const z = this.cam.zoom;

    const t0 = performance.now();
    this.visible.length = 0;
    this.tree.query(this.queryRect(), this.visible);
    this.checks = this.tree.lastChecks;
    const ms = performance.now() - t0;
    this.queryMs = this.queryMs === 0 ? ms : this.queryMs * 0.9 + ms * 0.1;

    ctx.save();
    ctx.scale(z, z);
    ctx.translate(-cam.x, -cam.y);
    // world edge and a grid so movement is visible even in empty space
    ctx.strokeStyle = '#1c2745';
    ctx.lineWidth = 1 / z;
    const grid = new Path2D();
    const step = 500;
    for (
      let gx = Math.max(0, Math.floor(cam.x / step) * step);
      gx <= Math.min(WW, cam.x + cam.width);
      gx += step
    ) {
      grid.moveTo(gx, Math.max(0, cam.y));
      grid.lineTo(gx, Math.min(WH, cam.y + cam.height));
    }
    for (
      let gy = Math.max(0, Math.floor(cam.y / step) * step);
      gy <= Math.min(WH, cam.y + cam.height);
      gy += step
    ) {
      grid.moveTo(Math.max(0, cam.x), gy);
      grid.lineTo(Math.min(WW, cam.x + cam.width), gy);
    }
    ctx.stroke(grid);
    ctx.strokeStyle = '#54d1ff';
    ctx.lineWidth = 3 / z;
    ctx.strokeRect(0, 0, WW, WH);

    const paths = COLORS.map(() => new Path2D());
    const round = z * 6 > 2;
    for (const t of this.visible) {
      const p = paths[t.kind];
      if (t.circle && round) {
        const r = t.width / 2;
        p.moveTo(t.x + t.width, t.y + t.height / 2);
        p.ellipse(t.x + r, t.y + t.height / 2, r, t.height / 2, 0, 0, Math.PI * 2);
      } else p.rect(t.x, t.y, t.width, t.height);
    }
    for (let i = 0; i < COLORS.length; i++) {
      ctx.fillStyle = COLORS[i];
      ctx.fill(paths[i]);
    }
    if (this.showFrame) {
      const q = this.queryRect();
      ctx.setLineDash([12 / z, 8 / z]);
      ctx.strokeStyle = '#fff3b0';
      ctx.lineWidth = 2 / z;
      ctx.strokeRect(q.x, q.y, q.width, q.height);
      ctx.setLineDash([]);
    }
    ctx.restore();

    this.drawMinimap(ctx, cam);
    label(
      ctx,
      `drawn ${this.visible.length.toLocaleString('en-US')} of ${this.all.length.toLocaleString('en-US')} · query ${this.queryMs.toFixed(2)} ms · ${this.checks.toLocaleString('en-US')} box tests`,
      14,
      24,
      '#54d1ff',
    );
  }

  private miniRect(): { x: number; y: number; w: number; h: number } {
    // At most 40% of the canvas either way: on a phone a 200-px map once covered the whole view.
    const w = Math.max(
      1,
      Math.min(MINI_W, Math.round(this.host.width * 0.4), Math.round((this.host.height * 0.4 * WW) / WH)),
    );
    const h = Math.round((w * WH) / WW);
    return { x: this.host.width - w - 10, y: this.host.height - h - 10, w, h };
  }

  /** The camera rectangle clipped to the world, in canvas pixels inside the minimap (line width inset). */
  private minimapView(cam: Rect): { x: number; y: number; w: number; h: number } {
    const m = this.miniRect();
    const inset = 0.75;
    const x0 = m.x + (clamp(cam.x, 0, WW) / WW) * m.w;
    const y0 = m.y + (clamp(cam.y, 0, WH) / WH) * m.h;
    const x1 = m.x + (clamp(cam.x + cam.width, 0, WW) / WW) * m.w;
    const y1 = m.y + (clamp(cam.y + cam.height, 0, WH) / WH) * m.h;
    const x = clamp(x0, m.x + inset, m.x + m.w - inset);
    const y = clamp(y0, m.y + inset, m.y + m.h - inset);
    return {
      x,
      y,
      w: Math.max(0, clamp(x1, m.x + inset, m.x + m.w - inset) - x),
      h: Math.max(0, clamp(y1, m.y + inset, m.y + m.h - inset) - y),
    };
  }

  private drawMinimap(ctx: CanvasRenderingContext2D, cam: Rect): void {
    if (!this.mini) return;
    const m = this.miniRect();
    ctx.globalAlpha = 0.92;
    ctx.drawImage(this.mini, m.x, m.y, m.w, m.h);
    ctx.globalAlpha = 1;
    const sx = m.w / WW;
    const sy = m.h / WH;
    ctx.fillStyle = COLORS[4];
    for (const s of this.world.ships) ctx.fillRect(m.x + s.x * sx, m.y + s.y * sy, 1.5, 1.5);
    // The view can reach past the world's edge (the camera centre stops at the edge); the minimap
    // shows only the world, so draw the part of the view that lies inside it.
    const v = this.minimapView(cam);
    ctx.strokeStyle = '#fff';
    ctx.lineWidth = 1.5;
    ctx.strokeRect(v.x, v.y, v.w, v.h);
    ctx.strokeStyle = '#54d1ff';
    ctx.lineWidth = 1;
    ctx.strokeRect(m.x - 0.5, m.y - 0.5, m.w + 1, m.h + 1);
  }

  stats(): Stats {
    const s = this.tree.stats();
    return {
      total: this.all.length,
      drawn: this.visible.length,
      drawnPct: Math.round((this.visible.length / this.all.length) * 1000) / 10,
      queryMs: Math.round(this.queryMs * 1000) / 1000,
      checks: this.checks,
      cameraX: Math.round(this.cam.x),
      cameraY: Math.round(this.cam.y),
      zoom: Math.round(this.cam.zoom * 100) / 100,
      nodes: s.nodes,
      freshNodes: this.freshNodes,
      depth: s.depth,
    };
  }

  keyDown(key: string): boolean | undefined {
    const k = key.toLowerCase();
    if (k === 'c') {
      this.showFrame = !this.showFrame;
      this.frameToggle.set(this.showFrame);
      return true;
    }
    if (['arrowleft', 'arrowright', 'arrowup', 'arrowdown', 'w', 'a', 's', 'd', 'q', 'e'].includes(k)) {
      this.keys.add(k);
      return true;
    }
    return undefined;
  }
  keyUp(key: string): void {
    this.keys.delete(key.toLowerCase());
  }
  blur(): void {
    this.keys.clear();
  }

  private inMini(x: number, y: number): boolean {
    const m = this.miniRect();
    return x >= m.x && x <= m.x + m.w && y >= m.y && y <= m.y + m.h;
  }
  private jumpMini(x: number, y: number): void {
    const m = this.miniRect();
    this.cam.x = clamp(((x - m.x) / m.w) * WW, 0, WW);
    this.cam.y = clamp(((y - m.y) / m.h) * WH, 0, WH);
  }

  pointerDown(p: PointerInfo): void {
    const mini = this.inMini(p.x, p.y);
    if (mini) this.jumpMini(p.x, p.y);
    this.drag = { x: p.x, y: p.y, camX: this.cam.x, camY: this.cam.y, mini };
  }
  pointerMove(p: PointerInfo): void {
    if (!this.drag || p.buttons === 0) return;
    if (this.drag.mini) {
      this.jumpMini(p.x, p.y);
      return;
    }
    this.cam.x = clamp(this.drag.camX - (p.x - this.drag.x) / this.cam.zoom, 0, WW);
    this.cam.y = clamp(this.drag.camY - (p.y - this.drag.y) / this.cam.zoom, 0, WH);
  }
  pointerUp(): void {
    this.drag = null;
  }
  wheel(_x: number, _y: number, deltaY: number): boolean {
    if (deltaY === 0) return false; // a sideways scroll: no zoom
    this.zoomBy(deltaY > 0 ? 0.9 : 1 / 0.9);
    return true;
  }

  dispose(): void {
    this.keys.clear();
    this.mini = null;
  }
}
