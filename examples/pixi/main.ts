/**
 * PixiJS 8 + quadcollide: balls are plain objects (box + velocity + sprite); Pixi's ticker moves
 * them, a Quadtree finds every touching pair, and the sprites of touching balls are tinted red.
 * The tree's leaves are drawn behind the sprites with forEachNode.
 */
import { Application, Graphics, Sprite, Text } from 'pixi.js';
import { Quadtree } from 'quadcollide';
import { pixelRatio, watchPixelRatio } from '../pixel-ratio.js';

const WIDTH = 960;
const HEIGHT = 560;
const COUNT = 900;
const BLUE = 0x3f7fd9;
const RED = 0xff5a5a;

/** One ball: the tree reads its box (x, y = top-left corner, width, height). */
interface Ball {
  x: number;
  y: number;
  width: number;
  height: number;
  /** velocity in pixels per second */
  vx: number;
  vy: number;
  touching: boolean;
  sprite: Sprite;
}

const app = new Application();
// Drawn at the screen's pixel ratio (capped at 2), so discs and text stay sharp on a HiDPI screen, and
// shown WIDTH px wide, its height following (Pixi's autoDensity would fix the height too, and a narrow
// window, which shrinks the width, would squash the picture).
await app.init({
  width: WIDTH,
  height: HEIGHT,
  background: '#0b1020',
  antialias: true,
  resolution: pixelRatio(2),
});
app.canvas.style.width = `${WIDTH}px`;
// At a new ratio (the window moved to another screen, the page was zoomed) the renderer draws at that one:
// the same CSS size, as many device pixels as it now covers; the HUD's text follows the renderer.
watchPixelRatio(() => app.renderer.resize(WIDTH, HEIGHT, pixelRatio(2)));
document.getElementById('stage')!.appendChild(app.canvas);

// One white disc texture, tinted per sprite.
const disc = app.renderer.generateTexture(new Graphics().circle(32, 32, 32).fill(0xffffff));
const leaves = new Graphics();
app.stage.addChild(leaves);

const tree = new Quadtree<Ball>({ x: 0, y: 0, width: WIDTH, height: HEIGHT }, { maxObjects: 8 });
const balls: Ball[] = [];
for (let i = 0; i < COUNT; i++) {
  const size = 4 + Math.random() * Math.random() * 14;
  const angle = Math.random() * Math.PI * 2;
  const speed = 30 + Math.random() * 90;
  const sprite = new Sprite(disc); // anchor (0, 0): sprite.x/y is the top-left corner, like the box
  sprite.setSize(size, size);
  app.stage.addChild(sprite);
  balls.push({
    x: Math.random() * (WIDTH - size),
    y: Math.random() * (HEIGHT - size),
    width: size,
    height: size,
    vx: Math.cos(angle) * speed,
    vy: Math.sin(angle) * speed,
    touching: false,
    sprite,
  });
}
tree.insert(balls);

const hud = new Text({ text: '', style: { fill: 0xe6f7ff, fontSize: 14, fontFamily: 'monospace' } });
hud.position.set(10, 8);
app.stage.addChild(hud);

const hooks: ExampleHooks = {
  ready: true,
  frames: 0,
  hits: 0,
  pairs: 0,
  leaves: 0,
  renderer: app.renderer.name,
};
window.__example = hooks;

// The tree reports pairs whose boxes overlap; the exact test for two discs compares centre distance
// with the sum of the radii. Created once: a closure made inside the ticker would be garbage every frame.
let pairsThisFrame = 0;
const touch = (a: Ball, b: Ball): void => {
  const dx = a.x + a.width / 2 - (b.x + b.width / 2);
  const dy = a.y + a.height / 2 - (b.y + b.height / 2);
  const r = (a.width + b.width) / 2;
  if (dx * dx + dy * dy >= r * r) return;
  a.touching = true;
  b.touching = true;
  pairsThisFrame++;
};

let leafCount = 0;
const drawLeaf = (node: { x: number; y: number; width: number; height: number; isLeaf: boolean }): void => {
  if (!node.isLeaf) return;
  leaves.rect(node.x, node.y, node.width, node.height);
  leafCount++;
};

app.ticker.add((ticker) => {
  const dt = Math.min(ticker.deltaMS, 50) / 1000; // a background tab must not teleport the balls
  for (const b of balls) {
    b.x += b.vx * dt;
    b.y += b.vy * dt;
    if (b.x < 0 || b.x + b.width > WIDTH) b.vx = -b.vx;
    if (b.y < 0 || b.y + b.height > HEIGHT) b.vy = -b.vy;
    b.x = Math.min(Math.max(b.x, 0), WIDTH - b.width);
    b.y = Math.min(Math.max(b.y, 0), HEIGHT - b.height);
    b.touching = false;
  }
  tree.refresh(); // every ball moved: re-read all boxes (only those that left their node are re-filed)
  pairsThisFrame = 0;
  tree.forEachPair(touch);

  for (const b of balls) {
    b.sprite.position.set(b.x, b.y);
    b.sprite.tint = b.touching ? RED : BLUE;
  }
  leaves.clear();
  leafCount = 0;
  tree.forEachNode(drawLeaf);
  leaves.stroke({ width: 1, color: 0x2a3f6e });

  hooks.frames++;
  hooks.hits += pairsThisFrame;
  hooks.pairs = pairsThisFrame;
  hooks.leaves = leafCount;
  if (hooks.frames % 10 === 0) {
    hud.text = `${COUNT} balls · ${pairsThisFrame} touching pairs · ${leafCount} leaves · ${tree.lastChecks} box tests (brute force: ${(COUNT * (COUNT - 1)) / 2})`;
  }
});
