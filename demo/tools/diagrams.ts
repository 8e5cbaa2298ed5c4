/**
 * Draws the diagrams of docs/how-it-works.md from a real tree built with the library:
 *   docs/images/diagram-storage.svg  nodes, and which node stores each item (straddlers stay up)
 *   docs/images/diagram-morton.svg   the deepest grid in Z order, and how a box finds its level
 * Run: npx tsx demo/tools/diagrams.ts
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type NodeInfo, Quadtree } from '../../src/index.js';

const out = (name: string): string => fileURLToPath(new URL(`../../docs/images/${name}`, import.meta.url));

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DEPTH_COLORS = ['#d62728', '#ff7f0e', '#2ca02c', '#1f77b4', '#9467bd', '#8c564b'];

// ---- 1. storage ----------------------------------------------------------------------------------------------
{
  const S = 512;
  const rand = rng(7);
  const items = Array.from({ length: 46 }, (_, i) => {
    const big = i % 9 === 0;
    const w = big ? 40 + rand() * 60 : 6 + rand() * 18;
    const h = big ? 30 + rand() * 50 : 6 + rand() * 18;
    // a cluster in the top-left quarter so the tree goes deeper there
    const clustered = i % 3 !== 0;
    const x = clustered ? 20 + rand() * 200 : rand() * (S - w);
    const y = clustered ? 20 + rand() * 200 : rand() * (S - h);
    return { x, y, width: w, height: h };
  });
  const tree = new Quadtree({ x: 0, y: 0, width: S, height: S }, { maxObjects: 3, maxLevels: 5 });
  tree.insert(items);
  tree.validate();
  const nodes: Array<NodeInfo & { own: number }> = [];
  tree.forEachNode((n) => {
    nodes.push({ ...n, own: 0 });
  });
  // The node holding an item: the deepest node whose rectangle contains the box (a box ending exactly on a
  // split line is filed on its left/top side, as the tree does).
  const home = items.map((it) => {
    let best: (typeof nodes)[number] | null = null;
    for (const n of nodes) {
      const inside =
        it.x >= n.x && it.y >= n.y && it.x + it.width <= n.x + n.width && it.y + it.height <= n.y + n.height;
      if (inside && (!best || n.depth > best.depth)) best = n;
    }
    best!.own++;
    return best!;
  });
  const mismatch = nodes.filter((n) => n.own !== n.items);
  if (mismatch.length) console.warn(`note: ${mismatch.length} nodes differ from the tree's own counts`);
  const pad = 10;
  const legendW = 210;
  const svg: string[] = [];
  svg.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${S + pad * 2 + legendW} ${S + pad * 2}" width="${S + pad * 2 + legendW}" height="${S + pad * 2}" font-family="system-ui, sans-serif" font-size="12">`,
  );
  svg.push(`<rect width="100%" height="100%" fill="#fff"/>`);
  svg.push(`<g transform="translate(${pad} ${pad})">`);
  for (const n of nodes) {
    svg.push(
      `<rect x="${n.x}" y="${n.y}" width="${n.width}" height="${n.height}" fill="none" stroke="#888" stroke-width="${Math.max(0.6, 2.4 - n.depth * 0.45)}"/>`,
    );
  }
  items.forEach((it, i) => {
    const n = home[i];
    const c = DEPTH_COLORS[n.depth % DEPTH_COLORS.length];
    const straddler = !n.isLeaf;
    svg.push(
      `<rect x="${it.x.toFixed(1)}" y="${it.y.toFixed(1)}" width="${it.width.toFixed(1)}" height="${it.height.toFixed(1)}" fill="${c}" fill-opacity="0.35" stroke="${c}" stroke-width="${straddler ? 2 : 1}"${straddler ? ' stroke-dasharray="4 2"' : ''}/>`,
    );
  });
  svg.push('</g>');
  const lx = S + pad * 2 + 10;
  svg.push(`<text x="${lx}" y="24" font-weight="600">stored in a node at level</text>`);
  const maxDepth = Math.max(...nodes.map((n) => n.depth));
  for (let d = 0; d <= maxDepth; d++) {
    const c = DEPTH_COLORS[d % DEPTH_COLORS.length];
    svg.push(
      `<rect x="${lx}" y="${36 + d * 20}" width="14" height="14" fill="${c}" fill-opacity="0.35" stroke="${c}"/>`,
    );
    svg.push(`<text x="${lx + 20}" y="${47 + d * 20}">${d}${d === 0 ? ' (root)' : ''}</text>`);
  }
  const y0 = 56 + (maxDepth + 1) * 20;
  svg.push(
    `<rect x="${lx}" y="${y0}" width="14" height="14" fill="none" stroke="#333" stroke-width="2" stroke-dasharray="4 2"/>`,
  );
  svg.push(`<text x="${lx + 20}" y="${y0 + 11}">straddler: kept in an</text>`);
  svg.push(`<text x="${lx + 20}" y="${y0 + 26}">internal node</text>`);
  svg.push(`<text x="${lx}" y="${y0 + 56}" fill="#555">${items.length} items, maxObjects 3,</text>`);
  svg.push(`<text x="${lx}" y="${y0 + 72}" fill="#555">maxLevels 5: ${nodes.length} nodes,</text>`);
  svg.push(`<text x="${lx}" y="${y0 + 88}" fill="#555">depth ${maxDepth}</text>`);
  svg.push('</svg>');
  writeFileSync(out('diagram-storage.svg'), svg.join('\n'));
  const straddlers = home.filter((n) => !n.isLeaf).length;
  console.log(`storage: ${nodes.length} nodes, ${straddlers} of ${items.length} items in internal nodes`);
}

// ---- 2. Morton cells ----------------------------------------------------------------------------------------------
{
  const D = 3; // 8 × 8 deepest grid
  const G = 1 << D;
  const C = 56; // px per cell
  const S = G * C;
  const pad = 30;
  const right = 370;
  const morton = (x: number, y: number): number => {
    let m = 0;
    for (let b = 0; b < D; b++) m |= (((x >> b) & 1) << (2 * b)) | (((y >> b) & 1) << (2 * b + 1));
    return m;
  };
  const svg: string[] = [];
  svg.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${S + pad * 2 + right} ${S + pad * 2}" width="${S + pad * 2 + right}" height="${S + pad * 2}" font-family="ui-monospace, monospace" font-size="11">`,
  );
  svg.push(`<rect width="100%" height="100%" fill="#fff"/>`);
  svg.push(`<g transform="translate(${pad} ${pad})">`);
  for (let y = 0; y < G; y++) {
    for (let x = 0; x < G; x++) {
      svg.push(`<rect x="${x * C}" y="${y * C}" width="${C}" height="${C}" fill="none" stroke="#ddd"/>`);
      svg.push(
        `<text x="${x * C + 3}" y="${y * C + 11}" font-size="9" fill="#aaa">${morton(x, y)
          .toString(2)
          .padStart(2 * D, '0')}</text>`,
      );
    }
  }
  for (let L = 1; L < D; L++) {
    const span = (G >> L) * C;
    for (let k = span; k < S; k += span) {
      svg.push(`<line x1="${k}" y1="0" x2="${k}" y2="${S}" stroke="#888" stroke-width="${D - L + 0.5}"/>`);
      svg.push(`<line x1="0" y1="${k}" x2="${S}" y2="${k}" stroke="#888" stroke-width="${D - L + 0.5}"/>`);
    }
  }
  svg.push(`<rect x="0" y="0" width="${S}" height="${S}" fill="none" stroke="#333" stroke-width="3"/>`);
  // Z-order curve through the cell centres
  const order = Array.from({ length: G * G }, (_, i) => i)
    .map((i) => ({ x: i % G, y: Math.floor(i / G) }))
    .sort((a, b) => morton(a.x, a.y) - morton(b.x, b.y));
  const d = order.map((p, i) => `${i ? 'L' : 'M'}${p.x * C + C / 2} ${p.y * C + C / 2 + 6}`).join(' ');
  svg.push(`<path d="${d}" fill="none" stroke="#1f77b4" stroke-opacity="0.55" stroke-width="1.5"/>`);
  // two example boxes: one fits a level-2 block, one straddles the root's centre line
  const boxes = [
    { x: 1.2, y: 2.3, w: 1.5, h: 1.4, color: '#2ca02c', name: 'A' },
    { x: 3.4, y: 5.2, w: 1.3, h: 0.6, color: '#d62728', name: 'B' },
  ];
  const lines: string[] = [];
  for (const b of boxes) {
    svg.push(
      `<rect x="${b.x * C}" y="${b.y * C}" width="${b.w * C}" height="${b.h * C}" fill="${b.color}" fill-opacity="0.25" stroke="${b.color}" stroke-width="2.5"/>`,
    );
    svg.push(
      `<text x="${b.x * C + 4}" y="${b.y * C + 24}" font-size="16" font-weight="700" fill="${b.color}">${b.name}</text>`,
    );
    const lox = Math.floor(b.x);
    const loy = Math.floor(b.y);
    const hix = Math.floor(b.x + b.w);
    const hiy = Math.floor(b.y + b.h);
    const spread = (lox ^ hix) | (loy ^ hiy);
    const bits = 32 - Math.clz32(spread);
    const level = D - bits;
    const span = G >> level;
    const bx = Math.floor(lox / span) * span;
    const by = Math.floor(loy / span) * span;
    svg.push(
      `<rect x="${bx * C}" y="${by * C}" width="${span * C}" height="${span * C}" fill="none" stroke="${b.color}" stroke-width="3" stroke-dasharray="8 4"/>`,
    );
    const bin = (v: number): string => v.toString(2).padStart(D, '0');
    lines.push(
      `<tspan x="0" dy="0" font-weight="700" fill="${b.color}">box ${b.name}</tspan>`,
      `<tspan x="0" dy="18">lo cell (x, y) = (${bin(lox)}, ${bin(loy)})</tspan>`,
      `<tspan x="0" dy="16">hi cell (x, y) = (${bin(hix)}, ${bin(hiy)})</tspan>`,
      `<tspan x="0" dy="16">x: ${bin(lox)} ^ ${bin(hix)} = ${bin(lox ^ hix)}</tspan>`,
      `<tspan x="0" dy="16">y: ${bin(loy)} ^ ${bin(hiy)} = ${bin(loy ^ hiy)}</tspan>`,
      `<tspan x="0" dy="16">highest differing bit: ${bits} → level ${D} − ${bits} = ${level}</tspan>`,
      `<tspan x="0" dy="16">node: the dashed ${span}×${span}-cell block</tspan>`,
      `<tspan x="0" dy="30"> </tspan>`,
    );
  }
  svg.push('</g>');
  svg.push(`<text transform="translate(${S + pad * 2 + 6} ${pad + 10})" font-size="12">${lines.join('')}`);
  svg.push(`<tspan x="0" dy="8" fill="#555">Cells are labelled with their Morton</tspan>`);
  svg.push(`<tspan x="0" dy="16" fill="#555">code (y and x bits interleaved); the</tspan>`);
  svg.push(`<tspan x="0" dy="16" fill="#555">blue curve visits them in Z order.</tspan>`);
  svg.push(`<tspan x="0" dy="16" fill="#555">Thicker lines: higher levels' splits.</tspan></text>`);
  svg.push('</svg>');
  writeFileSync(out('diagram-morton.svg'), svg.join('\n'));
  console.log('morton: written');
}
