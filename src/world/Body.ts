import { type AABB, requireShape, type Shape } from '../geometry/shape.js';
import type { AnyShape } from '../geometry/shapes.js';
import {
  describe,
  requireBits,
  requireBoolean,
  requireInstance,
  requireKnownOptions,
} from '../shared/validate.js';
import type { World } from './World.js';

/** Options of a {@link Body}. Every field is optional. */
export interface BodyOptions<U = unknown> {
  /**
   * Static bodies never move on their own: static–static pairs are never tested, and
   * {@link World.separate} never pushes them. Fixed at construction. Default `false`.
   */
  isStatic?: boolean | undefined;
  /** Sensors report contacts and events but are never pushed apart. Default `false`. */
  isSensor?: boolean | undefined;
  /** Collision category bits (unsigned 32-bit integer). Default `0x0001`. */
  category?: number | undefined;
  /** Categories this body collides with (unsigned 32-bit integer). Default `0xFFFFFFFF`. */
  mask?: number | undefined;
  /** Anything you want to find again from a contact or query result. */
  userData?: U | undefined;
  /**
   * For fast movers (bullets): each {@link World.step} also sweeps the body from where it was at
   * the previous step to where it is now, and reports the first body it crossed but no longer
   * overlaps as a contact with `continuous: true`, its time of impact and point, so it cannot
   * tunnel through thin walls. Only dynamic bodies; the sweep is a translation (the body's current
   * angle), against the other bodies where they are at the end of the step, but for other
   * continuous bodies that moved: those it meets moving, both swept from where they were (two
   * bullets head on meet instead of passing through each other). Sensors do not stop
   * a body, so the sweep of a body that is not a sensor looks past them (a sensor it crossed and
   * left during the step is not reported). Default `false`.
   */
  continuous?: boolean | undefined;
}

const BODY_OPTIONS = ['isStatic', 'isSensor', 'category', 'mask', 'userData', 'continuous'];

/**
 * A shape taking part in a {@link World}, with flags and collision filtering.
 *
 * Position and rotation live on the shape (`body.x` is `body.shape.x`); move the body between
 * steps and the next {@link World.step} brings the index up to date.
 *
 * Filtering follows Box2D's rule: bodies `a` and `b` may collide when
 * `(a.category & b.mask) !== 0 && (b.category & a.mask) !== 0`.
 * @example
 * const player = new Body(new Circle(100, 100, 12), { category: 0b01, mask: 0b10, userData: 'player' });
 * world.add(player);
 */
export class Body<U = unknown> {
  // (Fields behind getters: a world files a body by these, so they cannot change once it is made;
  // assigning to the getter throws instead of corrupting the world.)
  /** @internal */ readonly _shape: Shape;
  /** @internal */ readonly _static: boolean;
  /** @internal */ readonly _continuous: boolean;
  /** @internal Shape position at the end of the previous step (or when added): where its sweep starts. */
  _prevX = 0;
  /** @internal */ _prevY = 0;
  /** @internal See `isSensor`. */
  _sensor: boolean;
  /** Your data. */
  userData: U;
  /** @internal */ _category = 0;
  /** @internal */ _mask = 0;
  /** @internal Id given by the world on `add`; see `id`. */
  _id = -1;
  /** @internal */ _world: World<U> | null = null;
  /** @internal Proxy id in the world's index (dynamic or static side); -1 outside a world. */
  _proxy = -1;
  /** @internal True while the body waits in the world's list of moved bodies. */
  _moved = false;
  /** @internal Its index in that list while it waits there. */
  _movedIndex = -1;
  /** @internal Index in the world's body list (swap-removed). */
  _index = -1;
  /** @internal Index in the world's dynamic body list. */
  _dynamicIndex = -1;
  /** @internal Index in the world's list of continuous bodies. */
  _continuousIndex = -1;
  /**
   * @internal When it met another continuous body moving and goes back with it (see
   * Impact.partner): its step's motion and where it ended the step (x, y each). Made the first
   * time, kept for the next: one per body, not one per contact of the pool.
   */
  _meetStep: Float64Array | null = null;

  /**
   * Creates a body; add it to a {@link World} to collide it.
   * @param shape any {@link Shape}
   * @param options flags, filter bits and user data
   */
  constructor(shape: Shape, options: BodyOptions<U> = {}) {
    requireShape(shape, 'shape');
    requireFreeShape(shape);
    if (options === null || typeof options !== 'object') {
      throw new TypeError(`options must be an object, got ${describe(options)}`);
    }
    requireKnownOptions(options, 'options', BODY_OPTIONS);
    // Each option read once (a getter may answer differently the second time); only a missing
    // (undefined) option takes its default.
    const isStatic = options.isStatic;
    const isSensor = options.isSensor;
    const continuous = options.continuous;
    const category = options.category;
    const mask = options.mask;
    const userData = options.userData;
    if (category !== undefined) requireBits(category, 'options.category');
    if (mask !== undefined) requireBits(mask, 'options.mask');
    if (isStatic !== undefined) requireBoolean(isStatic, 'options.isStatic');
    if (isSensor !== undefined) requireBoolean(isSensor, 'options.isSensor');
    if (continuous !== undefined) requireBoolean(continuous, 'options.continuous');
    if (continuous === true && isStatic === true) {
      throw new TypeError('a static body cannot be continuous: only moving bodies are swept');
    }
    requireFreeShape(shape); // again: a getter among the options may have given it a body
    this._shape = shape;
    shape._owner = this;
    this._static = isStatic ?? false;
    this._sensor = isSensor ?? false;
    this._continuous = continuous ?? false;
    this._category = category ?? 0x0001;
    this._mask = mask ?? 0xffffffff;
    this.userData = userData as U;
  }

  /**
   * The body's shape (shared, not copied: moving the shape moves the body). Typed as the union
   * of the shape kinds: `if (body.shape.kind === 'circle') body.shape.radius` narrows it.
   */
  get shape(): AnyShape {
    return this._shape as AnyShape;
  }

  /** Whether the body is static (see {@link BodyOptions.isStatic}); fixed at construction. */
  get isStatic(): boolean {
    return this._static;
  }

  /** Whether each step sweeps the body from its previous position (see {@link BodyOptions.continuous}); fixed at construction. */
  get continuous(): boolean {
    return this._continuous;
  }

  /** Whether the body is a sensor (see {@link BodyOptions.isSensor}); may change between steps. */
  get isSensor(): boolean {
    return this._sensor;
  }
  /** Makes the body a sensor or not; a value that is not a boolean throws. */
  set isSensor(value: boolean) {
    requireBoolean(value, 'isSensor');
    this._sensor = value;
    this._world?._refilter(this);
  }

  /**
   * Id assigned by the world when the body is added (increasing from 0, never reused within a
   * world); a body added again to a world that held it before gets its id there back. It is kept
   * after removal (so ended contacts still name the body) until the body joins another world,
   * which gives it its id there (a body moved to another world before this one's next step is
   * named by that id in the step's ended contacts); -1 for a body never added.
   */
  get id(): number {
    return this._id;
  }

  /** The world holding this body, or `null`. */
  get world(): World<U> | null {
    return this._world;
  }

  /** Collision category bits (unsigned 32-bit integer). */
  get category(): number {
    return this._category;
  }
  /** Changes the category; a value that is not an unsigned 32-bit integer throws. */
  set category(value: number) {
    requireBits(value, 'category');
    this._world?._assertRefilterable('category');
    this._category = value;
    this._world?._refilter(this);
  }

  /** Collision mask bits (unsigned 32-bit integer). */
  get mask(): number {
    return this._mask;
  }
  /** Changes the mask; a value that is not an unsigned 32-bit integer throws. */
  set mask(value: number) {
    requireBits(value, 'mask');
    this._world?._assertRefilterable('mask');
    this._mask = value;
    this._world?._refilter(this);
  }

  /** The shape's x (see each shape for which point that is). */
  get x(): number {
    return this.shape.x;
  }
  /** Moves the shape horizontally (validated like {@link Shape.x}). */
  set x(value: number) {
    this.shape.x = value;
  }

  /** The shape's y. */
  get y(): number {
    return this.shape.y;
  }
  /** Moves the shape vertically (validated like {@link Shape.y}). */
  set y(value: number) {
    this.shape.y = value;
  }

  /** The shape's rotation in radians. */
  get angle(): number {
    return this.shape.angle;
  }
  /** Rotates the shape (validated like {@link Shape.angle}). */
  set angle(value: number) {
    this.shape.angle = value;
  }

  /** Moves the shape; both values are validated before either changes. */
  setPosition(x: number, y: number): this {
    this.shape.setPosition(x, y);
    return this;
  }

  /**
   * Moves the shape to (x, y) without a sweep: for a continuous body, the next step's sweep starts
   * here instead of where the body was at the last step. Use it to put a body back at the impact
   * point of a continuous contact, or to respawn it, so that the jump is not reported as a crossing.
   */
  teleport(x: number, y: number): this {
    this.shape.setPosition(x, y);
    this._prevX = this.shape._x;
    this._prevY = this.shape._y;
    return this;
  }

  /**
   * @internal {@link teleport} to (to[k], to[k + 1]), for separate()'s put-backs: the position in
   * an array, not passed (V8 boxes a double passed to a function it does not inline, and separate()
   * puts bullets back by the hundred).
   */
  _teleportTo(to: Float64Array, k: number): void {
    const x = to[k];
    const y = to[k + 1];
    const shape = this.shape;
    // (setPosition only to throw, naming the coordinate, for a position past the largest number.)
    if (!(x - x === 0 && y - y === 0)) shape.setPosition(x, y);
    shape._x = x;
    shape._y = y;
    shape._changed();
    this._prevX = x;
    this._prevY = y;
  }

  /** Moves the shape by (dx, dy). */
  translate(dx: number, dy: number): this {
    this.shape.translate(dx, dy);
    return this;
  }

  /** The shape's tight bounds (owned by the shape; copy what you keep). */
  get bounds(): Readonly<AABB> {
    return this.shape.bounds;
  }

  /** @internal The shape moved, turned or changed size: the world re-files the body before its next query or step. */
  _shapeChanged(): void {
    if (this._world !== null && !this._moved) this._world._bodyMoved(this);
  }

  /** Whether this body and `other` pass each other's category/mask filter. */
  canCollideWith(other: Body<U>): boolean {
    requireBody(other);
    return (this._category & other._mask) !== 0 && (other._category & this._mask) !== 0;
  }
}

// Outside the class on purpose: a class that names itself in its own body is bundled as
// `var Body = class _Body`, and its name (what console.log and stack traces show) reads `_Body`.
function requireBody(other: unknown): asserts other is Body {
  if (!(other instanceof Body)) requireInstance(other, Body, 'a Body', 'other');
}

/** Throws unless no body owns `shape`. */
function requireFreeShape(shape: Shape): void {
  if (shape._owner !== null) {
    throw new Error('this shape already belongs to another Body; give each body a shape of its own');
  }
}
