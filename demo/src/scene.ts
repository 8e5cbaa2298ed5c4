/** The contract between main.ts (page shell, loop, input) and each scene. */

export type Stats = Record<string, number | string | boolean>;

export interface SceneHost {
  readonly canvas: HTMLCanvasElement;
  readonly ctx: CanvasRenderingContext2D;
  /** panel where the scene puts its controls */
  readonly controls: HTMLElement;
  /** seed from the URL (?seed=) or the scene default */
  readonly seed: number;
  readonly params: URLSearchParams;
  /**
   * While mount() runs after "new seed": what the previous instance of the same scene returned
   * from settings(), to take instead of the URL's (a new seed keeps the user's choices); else null.
   */
  readonly kept: unknown;
  /** canvas size in CSS pixels */
  width: number;
  height: number;
  /**
   * device pixels per CSS pixel the canvas is drawn at; it changes when the window moves to another screen
   * or the page is zoomed, and scene.resize() is called then, for a scene that keeps a canvas of its own
   */
  pixelRatio: number;
  /** short message over the canvas */
  toast(text: string, ms?: number): void;
}

export interface PointerInfo {
  /** CSS pixels relative to the canvas */
  x: number;
  y: number;
  buttons: number;
  pointerType: string;
  id: number;
}

export interface Scene {
  readonly id: string;
  readonly title: string;
  /** one line: how to drive it (mouse, keys, touch) */
  readonly help: string;
  /** a few sentences for the side panel */
  readonly about: string;
  readonly defaultSeed: number;
  mount(host: SceneHost): void;
  resize(width: number, height: number): void;
  /** advance the simulation by one fixed step (1/60 s): state depends only on seed + step count */
  step(dt: number): void;
  draw(ctx: CanvasRenderingContext2D): void;
  /** numbers shown in the panel and exposed on window.__qc.stats */
  stats(): Stats;
  dispose(): void;
  keyDown?(key: string, e: KeyboardEvent): boolean | undefined;
  keyUp?(key: string, e: KeyboardEvent): void;
  /** the window lost focus: forget held keys */
  blur?(): void;
  pointerDown?(p: PointerInfo): void;
  pointerMove?(p: PointerInfo): void;
  pointerUp?(p: PointerInfo): void;
  /** the pointer left the canvas (hover effects end) */
  pointerLeave?(): void;
  /**
   * a turn of the mouse wheel (deltaY ≠ 0; a sideways-only scroll never arrives): true when the scene used
   * it, and the page is then not scrolled
   */
  wheel?(x: number, y: number, deltaY: number): boolean | undefined;
  /** the user's current choices, handed to the next instance's mount() as host.kept on a new seed */
  settings?(): unknown;
  /** scene-specific hooks exposed as window.__qc.api for tests and the console */
  readonly api?: Record<string, unknown>;
  /** true when the scene wants no automatic steps (e.g. the benchmark) */
  readonly manualLoop?: boolean;
  /** false when the seed changes nothing in the scene (the benchmark): the shell hides the seed box */
  readonly seeded?: boolean;
}
