/** Small shared helpers for the demo: seeded random numbers, view transforms, DOM controls, formatting. */

/** mulberry32: tiny, fast, seeded PRNG. Same seed, same sequence, in every browser. */
export function rng(seed: number): () => number {
  let a = seed >>> 0 || 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const clamp = (v: number, lo: number, hi: number): number => (v < lo ? lo : Math.min(v, hi));

/** Uniform scale + offset that fits a world rectangle into a canvas (letterboxed). */
export interface View {
  scale: number;
  ox: number;
  oy: number;
}

export function fitView(worldW: number, worldH: number, w: number, h: number, margin = 8): View {
  // On a stage smaller than its margins (a landscape phone, an iframe in a collapsed <details>) the margin
  // gives way: a scale ≤ 0 would mirror the world and make sizes in screen pixels (1 / scale) negative,
  // which arc() rejects with an exception.
  const m = Math.max(0, Math.min(margin, w / 4, h / 4));
  const scale = Math.max(Math.min((w - m * 2) / worldW, (h - m * 2) / worldH), 1e-6);
  return { scale, ox: (w - worldW * scale) / 2, oy: (h - worldH * scale) / 2 };
}

/**
 * Clears the canvas and enters world coordinates as fitted by `view`, over a world-sized backdrop.
 * Pair with `ctx.restore()`.
 */
export function beginWorldDraw(
  ctx: CanvasRenderingContext2D,
  canvasW: number,
  canvasH: number,
  view: View,
  worldW: number,
  worldH: number,
): void {
  ctx.fillStyle = '#0b1020';
  ctx.fillRect(0, 0, canvasW, canvasH);
  ctx.save();
  ctx.translate(view.ox, view.oy);
  ctx.scale(view.scale, view.scale);
  ctx.fillStyle = '#10172b';
  ctx.fillRect(0, 0, worldW, worldH);
}

export const fmt = (n: number, digits = 0): string =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '–';

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>> = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) if (v !== undefined) e.setAttribute(k, v);
  for (const c of children) e.append(c);
  return e;
}

export interface SliderOptions {
  id: string;
  label: string;
  min: number;
  max: number;
  value: number;
  step?: number;
  /** logarithmic slider (for counts that span decades) */
  log?: boolean;
  format?: (v: number) => string;
  onInput: (v: number) => void;
}

export interface Slider {
  root: HTMLElement;
  input: HTMLInputElement;
  set(v: number): void;
}

/** A labelled range input. Log sliders map 0..1000 to min..max geometrically and round to nice numbers. */
export function slider(o: SliderOptions): Slider {
  const input = el('input', { type: 'range', id: o.id, 'aria-label': o.label });
  const out = el('output', { for: o.id });
  const format = o.format ?? ((v: number) => fmt(v));
  const toValue = (pos: number): number => {
    if (!o.log) return pos;
    const v = o.min * (o.max / o.min) ** (pos / 1000);
    const mag = 10 ** Math.floor(Math.log10(v));
    const nice = Math.round(v / (mag / 4)) * (mag / 4);
    return clamp(Math.round(nice), o.min, o.max);
  };
  const toPos = (v: number): number => (o.log ? (1000 * Math.log(v / o.min)) / Math.log(o.max / o.min) : v);
  if (o.log) {
    input.min = '0';
    input.max = '1000';
    input.step = '1';
  } else {
    input.min = String(o.min);
    input.max = String(o.max);
    input.step = String(o.step ?? 1);
  }
  /** the value shown (a log slider's position is rounded to its step, so it is kept here) */
  let current = o.value;
  /** shows `v`; a screen reader reads it too, not a log slider's position */
  const show = (v: number): void => {
    current = v;
    out.textContent = format(v);
    input.setAttribute('aria-valuetext', format(v));
  };
  const set = (v: number): void => {
    input.value = String(toPos(v));
    show(v);
  };
  set(o.value);
  input.addEventListener('input', () => {
    const v = toValue(Number(input.value));
    show(v);
    o.onInput(v);
  });
  if (o.log) {
    // An arrow key moves a range input one step of its 1000, which a log slider's nice rounding takes back to
    // the same value (1,000 → 1,006 → 1,000): the arrows go to the next nice value that way instead.
    input.addEventListener('keydown', (e) => {
      const dir =
        e.key === 'ArrowRight' || e.key === 'ArrowUp'
          ? 1
          : e.key === 'ArrowLeft' || e.key === 'ArrowDown'
            ? -1
            : 0;
      if (dir === 0 || e.altKey || e.ctrlKey || e.metaKey) return;
      e.preventDefault();
      // From the current value's position on (a value set elsewhere, 1,500 by the + key or ?n=5, need not be
      // a nice one, nor in the slider's range): the first value past it. None at that end already.
      for (let pos = clamp(Math.round(toPos(current)), 0, 1000); pos >= 0 && pos <= 1000; pos += dir) {
        const v = toValue(pos);
        if ((v - current) * dir > 0) {
          set(v);
          o.onInput(v);
          return;
        }
      }
    });
  }
  const root = el('label', { class: 'slider' }, el('span', {}, o.label), input, out);
  return { root, input, set };
}

export interface Toggle {
  root: HTMLElement;
  set(v: boolean): void;
}

export function toggle(id: string, label: string, value: boolean, onChange: (v: boolean) => void): Toggle {
  const input = el('input', { type: 'checkbox', id });
  input.checked = value;
  input.addEventListener('change', () => onChange(input.checked));
  return {
    root: el('label', { class: 'toggle' }, input, el('span', {}, label)),
    set: (v) => {
      input.checked = v;
    },
  };
}

export interface Segmented<V extends string> {
  root: HTMLElement;
  set(v: V): void;
}

/** A row of radio-like buttons. */
export function segmented<V extends string>(
  id: string,
  label: string,
  options: ReadonlyArray<[V, string]>,
  value: V,
  onChange: (v: V) => void,
): Segmented<V> {
  const buttons = options.map(([v, text]) => {
    const b = el('button', { type: 'button', id: `${id}-${v}`, 'data-value': v }, text);
    b.addEventListener('click', () => {
      set(v);
      onChange(v);
    });
    return b;
  });
  const set = (v: V): void => {
    for (const b of buttons) b.setAttribute('aria-pressed', String(b.dataset.value === v));
  };
  set(value);
  return { root: el('div', { class: 'segmented', role: 'group', 'aria-label': label, id }, ...buttons), set };
}

export function button(id: string, text: string, onClick: () => void): HTMLButtonElement {
  const b = el('button', { type: 'button', id }, text);
  b.addEventListener('click', onClick);
  return b;
}

/** Colour for a tree depth: cool at the root, warm at the leaves. */
export function depthHue(depth: number): number {
  return (200 - depth * 22 + 360) % 360;
}

/** Strictly-overlapping boxes, the library's own definition (touching edges do not collide). */
export function boxesOverlap(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Where a line of canvas text may break, best first, each with the least share of the line it must fill to
 * be taken: between the " · " separated items of a stats line (the dot is dropped at the break), after a
 * colon, after a comma, then at any space.
 */
const BREAKS: ReadonlyArray<[separator: string, fill: number]> = [
  [' · ', 0.25],
  [': ', 0.4],
  [', ', 0.5],
  [' ', 0],
];

/**
 * `text` as lines no wider than `room` (in the units of the current transform) in the current font: one
 * line when it fits, else each line ends at the last break of the best kind that fits and fills enough of
 * it (see {@link BREAKS}). A word wider than `room` keeps a line to itself: draw it with fillText's
 * maxWidth to squeeze it in.
 */
export function wrapText(ctx: CanvasRenderingContext2D, text: string, room: number): string[] {
  const lines: string[] = [];
  let rest = text;
  while (ctx.measureText(rest).width > room) {
    let cut: [line: string, rest: string] | null = null;
    for (const [sep, fill] of BREAKS) {
      // the last break of this kind whose line fits: search from the right
      for (let at = rest.lastIndexOf(sep); at > 0 && !cut; at = rest.lastIndexOf(sep, at - 1)) {
        if (sep === ' ' && (rest[at - 1] === '·' || rest[at + 1] === '·')) continue; // a dot starts no line
        const line = sep === ' · ' ? rest.slice(0, at) : rest.slice(0, at) + sep.trimEnd();
        const width = ctx.measureText(line).width;
        if (width <= room && width >= fill * room) cut = [line, rest.slice(at + sep.length)];
      }
      if (cut) break;
    }
    if (!cut) {
      const space = rest.indexOf(' '); // a first word wider than the room
      if (space < 0) break;
      cut = [rest.slice(0, space), rest.slice(space + 1)];
    }
    lines.push(cut[0]);
    rest = cut[1];
  }
  lines.push(rest);
  return lines;
}

/**
 * Text on a translucent plate, readable over anything the scene draws. A line too long for the canvas
 * (a phone held upright) wraps onto more lines (see {@link wrapText}) on one plate. Returns the baseline
 * of its last line, so that a label below can keep clear of it.
 */
export function label(
  ctx: CanvasRenderingContext2D,
  text: string,
  x: number,
  y: number,
  color = '#e6f7ff',
  font = '600 13px system-ui, sans-serif',
): number {
  ctx.font = font;
  // the canvas's width in the units label() is called in (CSS pixels: the frame's transform is the pixel
  // ratio), less the plate's padding and a margin; never so little that every word gets a line
  const canvasWidth = ctx.canvas.width / (ctx.getTransform().a || 1);
  const room = Math.max(80, canvasWidth - x - 10);
  const lines = wrapText(ctx, text, room);
  const first = ctx.measureText(lines[0]);
  const ascent = first.actualBoundingBoxAscent || 10;
  if (lines.length === 1) {
    const h = ascent + (first.actualBoundingBoxDescent || 3);
    ctx.fillStyle = 'rgba(8, 12, 26, 0.78)';
    ctx.fillRect(x - 6, y - ascent - 4, Math.min(first.width, room) + 12, h + 8);
    ctx.fillStyle = color;
    ctx.fillText(text, x, y, room);
    return y;
  }
  const lineHeight = Math.round((first.fontBoundingBoxAscent + first.fontBoundingBoxDescent || 16) * 1.1);
  const widest = Math.max(...lines.map((l) => ctx.measureText(l).width));
  const lastY = y + (lines.length - 1) * lineHeight;
  const descent = ctx.measureText(lines[lines.length - 1]).actualBoundingBoxDescent || 3;
  ctx.fillStyle = 'rgba(8, 12, 26, 0.78)';
  ctx.fillRect(x - 6, y - ascent - 4, Math.min(widest, room) + 12, lastY + descent + 4 - (y - ascent - 4));
  ctx.fillStyle = color;
  for (let i = 0; i < lines.length; i++) ctx.fillText(lines[i], x, y + i * lineHeight, room);
  return lastY;
}
