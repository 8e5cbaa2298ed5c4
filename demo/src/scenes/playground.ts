/**
 * Scene 1 · Playground: N bouncing boxes and circles, collisions found by the quadtree (or brute force on the
 * very same objects), the tree drawn with depth shading, a line between every colliding pair.
 */
import { type NodeInfo, Quadtree } from '../lib.js';
import type { PointerInfo, Scene, SceneHost, Stats } from '../scene.js';
import {
  beginWorldDraw,
  boxesOverlap,
  button,
  clamp,
  depthHue,
  el,
  fitView,
  fmt,
  label,
  rng,
  type Segmented,
  type Slider,
  segmented,
  slider,
  type Toggle,
  toggle,
  type View,
} from '../util.js';

interface Body {
  x: number;
  y: number;
  width: number;
  height: number;
  id: number;
  vx: number;
  vy: number;
  /** radius for circles, 0 for boxes */
  r: number;
  /** step number of the last collision */
  hit: number;
}

type Mode = 'quadtree' | 'brute';
type Layout = 'uniform' | 'clusters';

const W = 1600;
const H = 1000;
const MAX_N = 50_000;
/**
 * The most objects brute force runs, and a tree too shallow to split them (see SHALLOW_LEVELS): 12.5 million
 * checks a step, some 15 to 70 ms, which keeps the page answering clicks at every frame. (At 20,000, 200
 * million checks took up to a second a step on a slow machine.)
 */
const BRUTE_MAX_N = 5_000;
/**
 * A tree of at most this many levels has at most four leaves: with 50,000 objects that is 300 million to
 * 1.25 billion checks per frame (half a second to seconds each), so it gets brute force's cap on N.
 */
const SHALLOW_LEVELS = 1;

/** Exact shape test after the boxes overlap: box-box is already exact, circles need one more look. */
function shapesOverlap(a: Body, b: Body): boolean {
  if (a.r === 0 && b.r === 0) return true;
  if (a.r > 0 && b.r > 0) {
    const dx = a.x + a.r - (b.x + b.r);
    const dy = a.y + a.r - (b.y + b.r);
    const rr = a.r + b.r;
    return dx * dx + dy * dy < rr * rr;
  }
  const c = a.r > 0 ? a : b;
  const q = a.r > 0 ? b : a;
  const cx = c.x + c.r;
  const cy = c.y + c.r;
  const px = clamp(cx, q.x, q.x + q.width);
  const py = clamp(cy, q.y, q.y + q.height);
  return (px - cx) ** 2 + (py - cy) ** 2 < c.r * c.r;
}

/** The playground's choices that survive a new seed. */
interface PlaygroundSettings {
  n: number;
  uncappedN: number | null;
  mode: Mode;
  layout: Layout;
  maxObjects: number;
  maxLevels: number;
  showTree: boolean;
  showLines: boolean;
  checkMoves: boolean;
}

export class PlaygroundScene implements Scene {
  readonly id = 'playground';
  readonly title = 'Playground';
  readonly help = 'hover: query · M mode · T tree · L lines · +/- count · R reseed · P pause';
  readonly about =
    'Every frame all objects move, the tree re-files the ones that left their cell, and one walk of the tree ' +
    'reports each overlapping pair once. Switch to brute force to test all n(n−1)/2 pairs of the same objects: ' +
    'the pair count stays the same, the number of checks does not.';
  readonly defaultSeed = 1;

  private host!: SceneHost;
  private bodies: Body[] = [];
  private tree!: Quadtree<Body>;
  private n = 1000;
  /** the N the user chose before brute force or a shallow tree lowered it to BRUTE_MAX_N, else null */
  private uncappedN: number | null = null;
  private mode: Mode = 'quadtree';
  private layout: Layout = 'uniform';
  private maxObjects = 8;
  private maxLevels = 8;
  private showTree = true;
  private showLines = true;
  /** Debug: run tree.validate() after every step, which names any item moved without update(). */
  private checkMoves = false;
  private validateResult = 'off';
  private view: View = { scale: 1, ox: 0, oy: 0 };
  private stepNo = 0;
  private pairA = new Int32Array(1024);
  private pairB = new Int32Array(1024);
  private pairCount = 0;
  private pairHash = 0;
  private checks = 0;
  private collideMs = 0;
  private collideAvg = 0;
  private treeStats = { nodes: 0, depth: 0, leaves: 0 };
  private pointer: { x: number; y: number } | null = null;
  private hovered: Body[] = [];
  private ui!: {
    n: Slider;
    mode: Segmented<Mode>;
    layout: Segmented<Layout>;
    tree: Toggle;
    lines: Toggle;
    checks: Toggle;
    mo: Slider;
    ml: Slider;
  };

  readonly api = {
    setN: (n: number) => this.setN(n),
    setMode: (m: Mode) => this.setMode(m),
    setLayout: (l: Layout) => {
      this.layout = l;
      this.ui.layout.set(l);
      this.generate();
    },
    setTreeOptions: (maxObjects: number, maxLevels: number) => this.setTreeOptions(maxObjects, maxLevels),
    /** recount pairs on the current positions without moving anything */
    recount: () => {
      this.collide();
      return { pairs: this.pairCount, pairHash: this.pairHash, checks: this.checks };
    },
    validate: () => this.tree.validate(),
  };

  /** What a new seed keeps (see SceneHost.kept). */
  settings(): PlaygroundSettings {
    return {
      n: this.n,
      uncappedN: this.uncappedN,
      mode: this.mode,
      layout: this.layout,
      maxObjects: this.maxObjects,
      maxLevels: this.maxLevels,
      showTree: this.showTree,
      showLines: this.showLines,
      checkMoves: this.checkMoves,
    };
  }

  mount(host: SceneHost): void {
    this.host = host;
    const kept = host.kept as PlaygroundSettings | null;
    if (kept !== null) {
      Object.assign(this, kept);
      this.validateResult = this.checkMoves ? 'ok' : 'off';
    } else {
      const pn = Number(host.params.get('n'));
      if (pn > 0) this.n = clamp(Math.round(pn), 1, MAX_N);
      const pm = host.params.get('mode');
      if (pm === 'brute' || pm === 'quadtree') this.mode = pm;
      if (this.capReason() !== null && this.n > BRUTE_MAX_N) {
        this.uncappedN = this.n;
        this.n = BRUTE_MAX_N;
      }
      const pl = host.params.get('layout');
      if (pl === 'uniform' || pl === 'clusters') this.layout = pl;
    }
    this.ui = {
      n: slider({
        id: 'n-slider',
        label: 'objects',
        min: 100,
        max: MAX_N,
        value: this.n,
        log: true,
        onInput: (v) => this.setN(v),
      }),
      mode: segmented<Mode>(
        'mode',
        'Broad phase',
        [
          ['quadtree', 'quadtree'],
          ['brute', 'brute force'],
        ],
        this.mode,
        (m) => this.setMode(m),
      ),
      layout: segmented<Layout>(
        'layout',
        'Layout',
        [
          ['uniform', 'spread out'],
          ['clusters', 'clusters'],
        ],
        this.layout,
        (l) => {
          this.layout = l;
          this.generate();
        },
      ),
      tree: toggle('show-tree', 'show tree (T)', this.showTree, (v) => {
        this.showTree = v;
      }),
      lines: toggle('show-lines', 'lines between pairs (L)', this.showLines, (v) => {
        this.showLines = v;
      }),
      checks: toggle('check-moves', 'check for moves without update() (V)', this.checkMoves, (v) => {
        this.checkMoves = v;
        this.validateResult = v ? 'ok' : 'off';
      }),
      mo: slider({
        id: 'max-objects',
        label: 'maxObjects',
        min: 1,
        max: 64,
        value: this.maxObjects,
        onInput: (v) => this.setTreeOptions(v, this.maxLevels),
      }),
      ml: slider({
        id: 'max-levels',
        label: 'maxLevels',
        min: 0,
        max: 16,
        value: this.maxLevels,
        onInput: (v) => this.setTreeOptions(this.maxObjects, v),
      }),
    };
    host.controls.append(
      this.ui.n.root,
      this.ui.mode.root,
      this.ui.layout.root,
      this.ui.tree.root,
      this.ui.lines.root,
      this.ui.checks.root,
      el('h3', {}, 'tree options'),
      this.ui.mo.root,
      this.ui.ml.root,
      // "new seed" goes through the shell so the URL and the seed box follow
      el(
        'div',
        { class: 'row' },
        button('reseed', 'new seed (R)', () => this.reseed()),
      ),
    );
    this.generate();
  }

  private reseed(): void {
    window.__qc.setSeed((this.host.seed + 1) >>> 0);
  }

  /** A new N chosen by the user (slider, keys, api): it replaces any N the brute-force cap put aside. */
  private setN(n: number): void {
    n = clamp(Math.round(n), 1, MAX_N);
    this.uncappedN = null;
    if (this.mode === 'brute' && n > BRUTE_MAX_N) {
      this.host.toast(
        `brute force would test ${((n * (n - 1)) / 2 / 1e9).toFixed(2)} billion pairs per frame: switched to quadtree`,
        3000,
      );
      this.mode = 'quadtree';
      this.ui.mode.set('quadtree');
    }
    this.n = n;
    if (!this.applyCap()) this.applyN(n); // a tree too shallow for n still lowers it
  }

  private applyN(n: number): void {
    this.n = n;
    this.ui.n.set(n);
    this.generate();
  }

  private setMode(m: Mode): void {
    if (m === this.mode) return;
    this.mode = m;
    this.ui.mode.set(m);
    if (!this.applyCap()) this.collide();
  }

  private setTreeOptions(maxObjects: number, maxLevels: number): void {
    this.maxObjects = maxObjects;
    this.maxLevels = maxLevels;
    this.ui.mo.set(maxObjects);
    this.ui.ml.set(maxLevels);
    if (!this.applyCap()) this.rebuildTree();
  }

  /** What holds N at BRUTE_MAX_N now (for the messages), or null. */
  private capReason(): string | null {
    if (this.mode === 'brute') return 'brute force';
    if (this.maxLevels <= SHALLOW_LEVELS) return `maxLevels ${this.maxLevels}`;
    return null;
  }

  /**
   * Brute force and a shallow tree run at most BRUTE_MAX_N objects: entering either lowers a larger N (said
   * on screen while it lasts), and leaving both restores the N the user had chosen. True when N changed
   * (the objects are regenerated and collided).
   */
  private applyCap(): boolean {
    const reason = this.capReason();
    if (reason !== null && this.n > BRUTE_MAX_N) {
      this.uncappedN = this.n;
      this.host.toast(
        `${reason} is capped at ${fmt(BRUTE_MAX_N)} objects: ${fmt(this.n)} → ${fmt(BRUTE_MAX_N)} until you ${this.mode === 'brute' ? 'switch back' : `set maxLevels ≥ ${SHALLOW_LEVELS + 1}`}`,
        3500,
      );
      this.applyN(BRUTE_MAX_N);
      return true;
    }
    if (reason === null && this.uncappedN !== null) {
      const n = this.uncappedN;
      this.uncappedN = null;
      this.host.toast(`back to ${fmt(n)} objects`, 2000);
      this.applyN(n);
      return true;
    }
    return false;
  }

  /** Seeded objects: object i is the same for every N (only the size scales with density). */
  private generate(): void {
    const rand = rng(this.host.seed * 7919 + 17);
    const base = Math.sqrt((W * H) / this.n) * 0.42;
    this.bodies = [];
    // clusters: a seeded set of centres; 75% of the objects gather around them and drift slowly
    const centres = Array.from({ length: 7 }, () => ({
      x: 120 + rand() * (W - 240),
      y: 100 + rand() * (H - 200),
      s: 40 + rand() * 110,
    }));
    const gauss = (): number => (rand() + rand() + rand() + rand() - 2) * 1.8;
    for (let i = 0; i < this.n; i++) {
      const circle = rand() < 0.5;
      const size = base * (0.5 + rand());
      const aspect = 0.6 + rand() * 0.8;
      const w = circle ? size : size * aspect;
      const h = circle ? size : size / aspect;
      const angle = rand() * Math.PI * 2;
      const clustered = this.layout === 'clusters' && rand() < 0.75;
      const speed = (25 + rand() * 70) * (clustered ? 0.3 : 1);
      let x = rand() * (W - w);
      let y = rand() * (H - h);
      if (clustered) {
        const c = centres[Math.floor(rand() * centres.length)];
        x = clamp(c.x + gauss() * c.s, 0, W - w);
        y = clamp(c.y + gauss() * c.s, 0, H - h);
      }
      this.bodies.push({
        id: i,
        x,
        y,
        width: w,
        height: h,
        vx: Math.cos(angle) * speed,
        vy: Math.sin(angle) * speed,
        r: circle ? w / 2 : 0,
        hit: -1,
      });
    }
    this.stepNo = 0;
    this.rebuildTree();
  }

  private rebuildTree(): void {
    this.tree = new Quadtree<Body>(
      { x: 0, y: 0, width: W, height: H },
      { maxObjects: this.maxObjects, maxLevels: this.maxLevels },
    );
    this.tree.insert(this.bodies);
    this.collide();
  }

  private pushPair(a: Body, b: Body): void {
    if (this.pairCount === this.pairA.length) {
      const na = new Int32Array(this.pairA.length * 2);
      const nb = new Int32Array(this.pairB.length * 2);
      na.set(this.pairA);
      nb.set(this.pairB);
      this.pairA = na;
      this.pairB = nb;
    }
    this.pairA[this.pairCount] = a.id;
    this.pairB[this.pairCount] = b.id;
    this.pairCount++;
    const lo = Math.min(a.id, b.id);
    const hi = Math.max(a.id, b.id);
    this.pairHash =
      (this.pairHash + ((Math.imul(lo, 0x9e3779b1) ^ Math.imul(hi + 1, 0x85ebca6b)) >>> 0)) % 4294967296;
    a.hit = this.stepNo;
    b.hit = this.stepNo;
  }

  /** Find all colliding pairs with the current mode; both modes run the same exact narrow phase. */
  private collide(): void {
    this.pairCount = 0;
    this.pairHash = 0;
    for (const b of this.bodies) if (b.hit === this.stepNo) b.hit = -1;
    const t0 = performance.now();
    if (this.mode === 'quadtree') {
      this.tree.refresh();
      this.tree.forEachPair((a, b) => {
        if (shapesOverlap(a, b)) this.pushPair(a, b);
      });
      this.checks = this.tree.lastChecks;
    } else {
      const bs = this.bodies;
      const n = bs.length;
      for (let i = 0; i < n; i++) {
        const a = bs[i];
        for (let j = i + 1; j < n; j++) {
          const b = bs[j];
          if (boxesOverlap(a, b) && shapesOverlap(a, b)) this.pushPair(a, b);
        }
      }
      this.checks = (n * (n - 1)) / 2;
    }
    this.collideMs = performance.now() - t0;
    this.collideAvg = this.collideAvg === 0 ? this.collideMs : this.collideAvg * 0.9 + this.collideMs * 0.1;
    // keep the tree in sync in brute force mode too (not timed: it is only for the picture and hover)
    if (this.mode === 'brute') this.tree.refresh();
    const s = this.tree.stats();
    this.treeStats = { nodes: s.nodes, depth: s.depth, leaves: s.leaves };
    this.updateHover();
  }

  step(dt: number): void {
    this.stepNo++;
    for (const b of this.bodies) {
      b.x += b.vx * dt;
      b.y += b.vy * dt;
      if (b.x < 0) {
        b.x = 0;
        b.vx = Math.abs(b.vx);
      } else if (b.x + b.width > W) {
        b.x = W - b.width;
        b.vx = -Math.abs(b.vx);
      }
      if (b.y < 0) {
        b.y = 0;
        b.vy = Math.abs(b.vy);
      } else if (b.y + b.height > H) {
        b.y = H - b.height;
        b.vy = -Math.abs(b.vy);
      }
    }
    this.collide();
    if (this.checkMoves && this.mode === 'quadtree') {
      // The development check: O(n), so a debug switch, not something to run every frame in a game.
      try {
        this.tree.validate();
        this.validateResult = 'ok';
      } catch (error) {
        this.validateResult = error instanceof Error ? error.message : String(error);
      }
    }
  }

  private updateHover(): void {
    this.hovered.length = 0;
    if (!this.pointer) return;
    const { x, y } = this.toWorld(this.pointer.x, this.pointer.y);
    this.tree.queryCircle(x, y, 60, this.hovered);
  }

  private toWorld(x: number, y: number): { x: number; y: number } {
    return { x: (x - this.view.ox) / this.view.scale, y: (y - this.view.oy) / this.view.scale };
  }

  resize(width: number, height: number): void {
    this.view = fitView(W, H, width, height);
  }

  draw(ctx: CanvasRenderingContext2D): void {
    const { width, height } = this.host;
    beginWorldDraw(ctx, width, height, this.view, W, H);
    const { scale, ox, oy } = this.view;

    if (this.showTree) this.drawTree(ctx, scale);

    // one path per colour; tiny circles (a few pixels) are drawn as their boxes
    const tiny = Math.sqrt((W * H) / this.n) * 0.42 * scale < 3;
    const paths = [new Path2D(), new Path2D(), new Path2D(), new Path2D()];
    for (const b of this.bodies) {
      const p = paths[(b.hit === this.stepNo ? 2 : 0) + (b.r > 0 ? 1 : 0)];
      if (b.r > 0 && !tiny) {
        p.moveTo(b.x + b.width, b.y + b.r);
        p.arc(b.x + b.r, b.y + b.r, b.r, 0, Math.PI * 2);
      } else p.rect(b.x, b.y, b.width, b.height);
    }
    const colors = ['#3f7fd9', '#35b58a', '#ff5a5a', '#ffb347'];
    for (let i = 0; i < 4; i++) {
      ctx.fillStyle = colors[i];
      ctx.globalAlpha = i < 2 ? 0.75 : 0.95;
      ctx.fill(paths[i]);
    }
    ctx.globalAlpha = 1;

    if (this.showLines && this.pairCount > 0) {
      const p = new Path2D();
      const bs = this.bodies;
      for (let i = 0; i < this.pairCount; i++) {
        const a = bs[this.pairA[i]];
        const b = bs[this.pairB[i]];
        p.moveTo(a.x + a.width / 2, a.y + a.height / 2);
        p.lineTo(b.x + b.width / 2, b.y + b.height / 2);
      }
      ctx.strokeStyle = '#fff3b0';
      ctx.lineWidth = 1.5 / scale;
      ctx.stroke(p);
    }

    if (this.pointer) {
      const { x, y } = this.toWorld(this.pointer.x, this.pointer.y);
      ctx.strokeStyle = '#c89bff';
      ctx.lineWidth = 2 / scale;
      ctx.beginPath();
      ctx.arc(x, y, 60, 0, Math.PI * 2);
      ctx.stroke();
      const p = new Path2D();
      for (const b of this.hovered) p.rect(b.x, b.y, b.width, b.height);
      ctx.stroke(p);
    }
    ctx.restore();

    // mode badge (more lines on a narrow canvas: the note below starts under its last one)
    const badge = label(
      ctx,
      `${this.mode === 'quadtree' ? 'quadtree' : 'brute force'} · ${this.n.toLocaleString('en-US')} objects · ${this.pairCount.toLocaleString('en-US')} pairs · ${this.checks.toLocaleString('en-US')} checks`,
      ox + 12,
      oy + 22,
      this.mode === 'quadtree' ? '#54d1ff' : '#ff9a5a',
    );
    if (this.uncappedN !== null) {
      label(
        ctx,
        this.mode === 'brute'
          ? `brute force is capped at ${fmt(BRUTE_MAX_N)} objects: you chose ${fmt(this.uncappedN)}, back when you switch to quadtree (M)`
          : `maxLevels ${this.maxLevels} (${this.maxLevels === 0 ? 'one leaf' : `at most ${4 ** this.maxLevels} leaves`}) is capped at ${fmt(BRUTE_MAX_N)} objects: you chose ${fmt(this.uncappedN)}, back at maxLevels ≥ ${SHALLOW_LEVELS + 1}`,
        ox + 12,
        Math.max(oy + 48, badge + 26),
        '#ff9a5a',
      );
    }
  }

  /** Leaves tinted by depth (cool = shallow, warm = deep), every node's outline on top. */
  private drawTree(ctx: CanvasRenderingContext2D, scale: number): void {
    const leavesByDepth: Path2D[] = [];
    const edges = new Path2D();
    this.tree.forEachNode((n: NodeInfo) => {
      if (n.isLeaf) {
        if (!leavesByDepth[n.depth]) leavesByDepth[n.depth] = new Path2D();
        leavesByDepth[n.depth].rect(n.x, n.y, n.width, n.height);
      }
      edges.rect(n.x, n.y, n.width, n.height);
    });
    for (let d = 0; d < leavesByDepth.length; d++) {
      if (!leavesByDepth[d]) continue;
      ctx.fillStyle = `hsla(${depthHue(d)}, 75%, 50%, ${Math.min(0.32, 0.08 + d * 0.035)})`;
      ctx.fill(leavesByDepth[d]);
    }
    ctx.strokeStyle = 'rgba(150, 210, 255, 0.4)';
    ctx.lineWidth = 1 / scale;
    ctx.stroke(edges);
  }

  stats(): Stats {
    const n = this.bodies.length;
    return {
      n,
      cappedFromN: this.uncappedN ?? 0,
      mode: this.mode,
      layout: this.layout,
      pairs: this.pairCount,
      pairHash: this.pairHash,
      checks: this.checks,
      bruteForceChecks: (n * (n - 1)) / 2,
      checksSavedPct: n > 1 ? Math.round((1 - this.checks / ((n * (n - 1)) / 2)) * 1000) / 10 : 0,
      collideMs: Math.round(this.collideAvg * 100) / 100,
      nodes: this.treeStats.nodes,
      depth: this.treeStats.depth,
      maxObjects: this.maxObjects,
      maxLevels: this.maxLevels,
      hovered: this.hovered.length,
      // (validate() checks the tree: in brute-force mode there is none to check)
      validate: this.checkMoves && this.mode === 'brute' ? 'n/a (brute force)' : this.validateResult,
    };
  }

  keyDown(key: string): boolean | undefined {
    switch (key.toLowerCase()) {
      case 'm':
        this.setMode(this.mode === 'quadtree' ? 'brute' : 'quadtree');
        this.host.toast(this.mode === 'quadtree' ? 'quadtree' : 'brute force');
        return true;
      case 'v':
        this.checkMoves = !this.checkMoves;
        this.validateResult = this.checkMoves ? 'ok' : 'off';
        this.ui.checks.set(this.checkMoves);
        return true;
      case 't':
        this.showTree = !this.showTree;
        this.ui.tree.set(this.showTree);
        return true;
      case 'l':
        this.showLines = !this.showLines;
        this.ui.lines.set(this.showLines);
        return true;
      case '+':
      case '=':
        this.setN(Math.round(this.n * 1.5));
        return true;
      case '-':
      case '_':
        this.setN(Math.max(100, Math.round(this.n / 1.5)));
        return true;
      case 'r':
        this.reseed();
        return true;
    }
    return undefined;
  }

  pointerDown(p: PointerInfo): void {
    this.pointer = { x: p.x, y: p.y };
    this.updateHover();
  }
  pointerMove(p: PointerInfo): void {
    this.pointer = { x: p.x, y: p.y };
    this.updateHover();
  }
  pointerUp(p: PointerInfo): void {
    if (p.pointerType === 'touch') this.pointer = null;
  }
  pointerLeave(): void {
    this.pointer = null;
    this.updateHover();
  }

  dispose(): void {
    this.bodies = [];
  }
}
