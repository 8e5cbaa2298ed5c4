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
  const set = (v: number): void => {
    input.value = String(toPos(v));
    out.textContent = format(v);
  };
  set(o.value);
  input.addEventListener('input', () => {
    const v = toValue(Number(input.value));
    out.textContent = format(v);
    o.onInput(v);
  });
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

/** Text on a translucent plate, readable over anything the scene draws. */
export function label(
  ctx: CanvasRenderingContext2D,
  text: string,
  x: number,
  y: number,
  color = '#e6f7ff',
  font = '600 13px system-ui, sans-serif',
): void {
  ctx.font = font;
  const m = ctx.measureText(text);
  const h = (m.actualBoundingBoxAscent || 10) + (m.actualBoundingBoxDescent || 3);
  ctx.fillStyle = 'rgba(8, 12, 26, 0.78)';
  ctx.fillRect(x - 6, y - (m.actualBoundingBoxAscent || 10) - 4, m.width + 12, h + 8);
  ctx.fillStyle = color;
  ctx.fillText(text, x, y);
}
