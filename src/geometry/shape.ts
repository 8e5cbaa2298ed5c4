/*
 * What every shape has: the vocabulary types (Vec2, AABB, ShapeKind), and the abstract Shape with
 * its pose (position, angle, scale), the input checks on it, and the lazy "dirty, recompute once"
 * protocol that keeps world-space data and bounds current. Separate because it is the contract
 * the rest builds on: ConvexShape (convex.ts) and the concrete shapes (shapes.ts) extend it, and
 * the world and the narrow phase take any Shape without caring which kind it is.
 */
import { requireFinite, requireFits, requireInstance, requirePositive } from '../shared/validate.js';
import { dataLength, HEADER, newRecord } from './record.js';

/** A 2D point or vector. Coordinates are screen coordinates: x grows right, y grows down. */
export interface Vec2 {
  /** Horizontal component. */
  x: number;
  /** Vertical component (y grows downwards). */
  y: number;
}

/**
 * An axis-aligned bounding box given by its extremes. Shapes keep one up to date as they move,
 * rotate or scale; read it through {@link Shape.bounds}.
 */
export interface AABB {
  /** Smallest x. */
  minX: number;
  /** Smallest y. */
  minY: number;
  /** Largest x. */
  maxX: number;
  /** Largest y. */
  maxY: number;
}

/** What a shape tells when it changes: a {@link Body} uses it to keep the world's index current. */
export interface ShapeOwner {
  _shapeChanged(): void;
}

/** Discriminant of the concrete shape classes, handy for `switch` statements. */
export type ShapeKind = 'circle' | 'box' | 'orientedBox' | 'polygon' | 'segment' | 'point';

// Serial numbers give every shape a total order. The narrow phase always runs with the lower serial
// first and mirrors the answer, so collide(a, b) is the exact mirror of collide(b, a), bit for bit.
let nextSerial = 1;

/**
 * Base class of every shape. A shape has a position (`x`, `y`), a rotation `angle` in radians
 * (clockwise on screen, because y points down), and a uniform `scale`. Changing any of them
 * marks the shape dirty; world-space vertices and {@link Shape.bounds} are recomputed lazily,
 * once, the next time they are needed.
 *
 * Setters validate their input: a non-finite number throws a `TypeError` naming the field and
 * leaves the shape untouched.
 */
export abstract class Shape {
  /** Which concrete shape this is. */
  abstract readonly kind: ShapeKind;
  /** @internal Total order used to make the narrow phase symmetric. */
  readonly _serial: number = nextSerial++;
  // Number fields start as numbers, never undefined: a field V8 first sees holding undefined is
  // stored tagged, and every later write of a fractional number then allocates a heap number
  // (32 bytes per setPosition measured). Started as numbers, they are updated in place.
  /** @internal */ _x = 0;
  /** @internal */ _y = 0;
  /** @internal */ _angle = 0;
  /** @internal */ _scale = 1;
  /** @internal True when cached world-space data must be recomputed. */
  _dirty = true;
  /** @internal Told whenever the shape moves, turns or changes size (a body whose index box may now be stale). */
  _owner: ShapeOwner | null = null;
  /** @internal Cached bounds; read through `bounds`. */
  readonly _bounds: AABB = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  /**
   * @internal The world-space cache, as a geometry record (see record.ts): the data the narrow
   * phase, rays and sweeps read (a circle's centre and world radius; a convex shape's vertices,
   * edge normals and edge lengths, see ConvexShape), then a header at {@link _recordAt}. One plain
   * array (see `doubles`): the narrow phase reads it in the broad phase's spatial order rather than
   * the order the shapes were made in, so most of those reads miss the cache.
   */
  _geo!: number[];
  /**
   * @internal Where the record starts in {@link _geo}: 0 in the shape's own array; a World stores
   * the records of its bodies' shapes side by side in one array (see {@link _moveRecord}).
   */
  _geoAt = 0;
  /** @internal Where the record's header is in {@link _geo} (after its data). */
  _recordAt = 0;

  protected constructor(x: number, y: number) {
    requireFinite(x, 'x');
    requireFinite(y, 'y');
    this._x = x;
    this._y = y;
  }

  /** Horizontal position of the shape's anchor (see each subclass for which point that is). */
  get x(): number {
    return this._x;
  }
  /** Moves the anchor horizontally; a non-finite value throws and changes nothing. */
  set x(value: number) {
    requireFinite(value, 'x');
    this._x = value;
    this._changed();
  }

  /** Vertical position of the shape's anchor. */
  get y(): number {
    return this._y;
  }
  /** Moves the anchor vertically; a non-finite value throws and changes nothing. */
  set y(value: number) {
    requireFinite(value, 'y');
    this._y = value;
    this._changed();
  }

  /** Rotation in radians about the anchor. Ignored by circles and points; a {@link Box} only accepts 0. */
  get angle(): number {
    return this._angle;
  }
  /** Rotates the shape; an invalid angle throws and changes nothing. */
  set angle(value: number) {
    requireFinite(value, 'angle');
    this._checkAngle(value);
    this._angle = value;
    this._changed();
  }

  /** Uniform scale factor (> 0) applied about the anchor. */
  get scale(): number {
    return this._scale;
  }
  /** Rescales the shape; a value that is not finite and > 0 throws and changes nothing. */
  set scale(value: number) {
    requirePositive(value, 'scale');
    requireFits(this._reach() * value, 'scale');
    this._scale = value;
    this._changed();
  }

  /**
   * Moves the anchor to (x, y). Both values are checked before either is stored.
   * @example shape.setPosition(100, 40);
   */
  setPosition(x: number, y: number): this {
    requireFinite(x, 'x');
    requireFinite(y, 'y');
    this._x = x;
    this._y = y;
    this._changed();
    return this;
  }

  /** Moves the anchor by (dx, dy). */
  translate(dx: number, dy: number): this {
    requireFinite(dx, 'dx');
    requireFinite(dy, 'dy');
    return this.setPosition(this._x + dx, this._y + dy);
  }

  /**
   * The tight world-space bounding box. The returned object is owned by the shape and updated in
   * place when the shape changes: copy the four numbers if you need to keep them.
   */
  get bounds(): Readonly<AABB> {
    this._sync();
    return this._bounds;
  }

  /** @internal Marks cached data stale and tells the owner. */
  _changed(): void {
    this._dirty = true;
    if (this._owner !== null) this._owner._shapeChanged();
  }

  /**
   * @internal Swaps the shape's position with (xy[k], xy[k + 1]) without telling its owner, for a
   * test of where it would be (a sweep from a body's last position, a collision at the end of its
   * motion). Swap again to put it back: its data is recomputed when next read, bit for bit as
   * before. The position is in an array, not passed: V8 boxes a double passed to a function it does
   * not inline, and the World's sweeps place shapes for every continuous body and every hit.
   */
  _swapPlace(xy: Float64Array, k: number): void {
    const x = this._x;
    const y = this._y;
    this._x = xy[k];
    this._y = xy[k + 1];
    xy[k] = x;
    xy[k + 1] = y;
    this._dirty = true;
  }

  /** @internal Brings cached world-space data up to date. */
  _sync(): void {
    if (this._dirty) {
      this._dirty = false;
      this._recompute();
    }
  }

  /** @internal */
  protected _checkAngle(_value: number): void {}

  /**
   * @internal Gives the shape a record of its own, for `count` vertices (0: a circle), `axes`
   * separating axes and `area` 1 when it has an interior; its data is written by `_recompute`.
   */
  protected _newRecord(count: number, axes: number, area: number): void {
    this._geo = newRecord(this._serial, count, axes, area);
    this._geoAt = 0;
    this._recordAt = dataLength(count, area);
  }

  /** @internal The doubles the record takes (data and header). */
  _recordLength(): number {
    return this._recordAt - this._geoAt + HEADER;
  }

  /**
   * @internal Moves the record to g[at …] (copied as it is) and reads and writes it there from now
   * on: a World gathers its bodies' shapes' records into one array this way, and gives a shape
   * that leaves it an array of its own again.
   */
  _moveRecord(g: number[], at: number): void {
    const from = this._geo;
    const start = this._geoAt;
    const length = this._recordLength();
    for (let i = 0; i < length; i++) g[at + i] = from[start + i];
    this._geo = g;
    this._shiftRecord(at - start);
  }

  /** @internal Adds `delta` to every offset into {@link _geo} after the record moved. */
  protected _shiftRecord(delta: number): void {
    this._geoAt += delta;
    this._recordAt += delta;
  }

  /** @internal */
  protected abstract _recompute(): void;

  /** @internal The farthest any local coordinate lies from the anchor, before scaling. */
  abstract _reach(): number;
}

/** Throws unless `value` is a {@link Shape}; `name` is the argument's name. @internal */
export function requireShape(value: unknown, name: string): asserts value is Shape {
  // (The test against the class itself first: see requireInstance.)
  if (!(value instanceof Shape)) requireInstance(value, Shape, 'a Shape (Circle, Box, Polygon, …)', name);
}
