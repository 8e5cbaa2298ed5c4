import { requireFinite, requirePositive } from '../shared/validate.js';
import { length } from './math.js';

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

/** @internal What a shape tells when it changes: a {@link Body} uses it to keep the world's index current. */
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
  /** @internal */ _x: number;
  /** @internal */ _y: number;
  /** @internal */ _angle = 0;
  /** @internal */ _scale = 1;
  /** @internal True when cached world-space data must be recomputed. */
  _dirty = true;
  /** @internal Told whenever the shape moves, turns or changes size (a body whose index box may now be stale). */
  _owner: ShapeOwner | null = null;
  /** @internal Cached bounds; read through `bounds`. */
  readonly _bounds: AABB = { minX: 0, minY: 0, maxX: 0, maxY: 0 };

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

  /** @internal Brings cached world-space data up to date. */
  _sync(): void {
    if (this._dirty) {
      this._dirty = false;
      this._recompute();
    }
  }

  /** @internal */
  protected _checkAngle(_value: number): void {}

  /** @internal */
  protected abstract _recompute(): void;
}

/**
 * A disc of radius `radius × scale` centred on (x, y). Circles are closed discs: two circles whose
 * edges only touch (distance between centres equal to the sum of radii) do not collide.
 * @example const ball = new Circle(50, 50, 8);
 */
export class Circle extends Shape {
  readonly kind = 'circle' as const;
  /** @internal */ _radius: number;
  /** @internal World-space radius (radius × scale). */
  _r = 0;

  /**
   * Creates a circle centred on (x, y).
   * @param x centre x
   * @param y centre y
   * @param radius radius before scaling; must be finite and > 0 (use {@link Point} for a zero-size probe)
   */
  constructor(x: number, y: number, radius: number) {
    super(x, y);
    requirePositive(radius, 'radius');
    this._radius = radius;
  }

  /** Radius before scaling (> 0). */
  get radius(): number {
    return this._radius;
  }
  /** Resizes the circle; a value that is not finite and > 0 throws and changes nothing. */
  set radius(value: number) {
    requirePositive(value, 'radius');
    this._radius = value;
    this._changed();
  }

  /** Radius after scaling. */
  get worldRadius(): number {
    this._sync();
    return this._r;
  }

  /** @internal */
  protected _recompute(): void {
    const r = this._radius * this._scale;
    this._r = r;
    const b = this._bounds;
    b.minX = this._x - r;
    b.minY = this._y - r;
    b.maxX = this._x + r;
    b.maxY = this._y + r;
  }
}

/**
 * Common base of the straight-edged shapes (boxes, polygons, segments, points). They are all convex
 * vertex sets, so one separating-axis routine serves every pair of them. World-space vertices and
 * outward edge normals are cached in typed arrays that are allocated once per shape.
 */
export abstract class ConvexShape extends Shape {
  /** @internal Local vertices as x0, y0, x1, y1, … (counter-clockwise in y-up terms, i.e. positive shoelace area). */
  _local: Float64Array;
  /** @internal World vertices, same layout. */
  _world: Float64Array;
  /** @internal Unnormalised outward normal of edge i (v[i] → v[i+1]) as (ey, -ex). Unnormalised keeps integer inputs exact. */
  _normals: Float64Array;
  /** @internal Length of edge i (the normal's length). */
  _lengths: Float64Array;
  /** @internal Number of vertices. */
  _count: number;
  /** @internal Edges carrying a normal: all of them for shapes with area, 1 for a segment, 0 for a point. */
  _edgeCount: number;
  /** @internal Separating axes worth testing (a rectangle's opposite edges share an axis). */
  _axisCount: number;
  /** @internal Whether the shape has an interior (boxes and polygons do; segments and points do not). */
  _hasArea: boolean;

  /** @internal */
  protected constructor(x: number, y: number, local: Float64Array, edgeCount: number, axisCount: number) {
    super(x, y);
    const n = local.length >> 1;
    this._local = local;
    this._world = new Float64Array(local.length);
    this._normals = new Float64Array(2 * Math.max(edgeCount, 1));
    this._lengths = new Float64Array(Math.max(edgeCount, 1));
    this._count = n;
    this._edgeCount = edgeCount;
    this._axisCount = axisCount;
    this._hasArea = edgeCount >= 3;
  }

  /** Number of vertices (1 for a point, 2 for a segment, 4 for boxes). */
  get vertexCount(): number {
    return this._count;
  }

  /**
   * World-space vertex `index`, written into `out` (a new object when omitted).
   * @example const v = poly.getVertex(0, scratch);
   */
  getVertex(index: number, out: Vec2 = { x: 0, y: 0 }): Vec2 {
    if (!Number.isInteger(index) || index < 0 || index >= this._count) {
      throw new RangeError(`index must be an integer in [0, ${this._count - 1}], got ${index}`);
    }
    this._sync();
    out.x = this._world[2 * index];
    out.y = this._world[2 * index + 1];
    return out;
  }

  /** All world-space vertices as new objects (allocates; for drawing and debugging). */
  getVertices(): Vec2[] {
    this._sync();
    const result: Vec2[] = [];
    for (let i = 0; i < this._count; i++) result.push({ x: this._world[2 * i], y: this._world[2 * i + 1] });
    return result;
  }

  /** @internal */
  protected _recompute(): void {
    const local = this._local;
    const world = this._world;
    const n = this._count;
    const k = this._scale;
    const angle = this._angle;
    // Exact trig for the unrotated case keeps integer inputs exact (no 1e-17 residue from sin(0) paths).
    const c = angle === 0 ? 1 : Math.cos(angle);
    const s = angle === 0 ? 0 : Math.sin(angle);
    const ox = this._x;
    const oy = this._y;
    let minX = Number.POSITIVE_INFINITY;
    let minY = Number.POSITIVE_INFINITY;
    let maxX = Number.NEGATIVE_INFINITY;
    let maxY = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      const lx = local[2 * i] * k;
      const ly = local[2 * i + 1] * k;
      const wx = s === 0 ? ox + lx : ox + (c * lx - s * ly);
      const wy = s === 0 ? oy + ly : oy + (s * lx + c * ly);
      world[2 * i] = wx;
      world[2 * i + 1] = wy;
      if (wx < minX) minX = wx;
      if (wx > maxX) maxX = wx;
      if (wy < minY) minY = wy;
      if (wy > maxY) maxY = wy;
    }
    const b = this._bounds;
    b.minX = minX;
    b.minY = minY;
    b.maxX = maxX;
    b.maxY = maxY;
    const normals = this._normals;
    const lengths = this._lengths;
    for (let i = 0; i < this._edgeCount; i++) {
      const j = i + 1 === n ? 0 : i + 1;
      const ex = world[2 * j] - world[2 * i];
      const ey = world[2 * j + 1] - world[2 * i + 1];
      normals[2 * i] = ey;
      normals[2 * i + 1] = 0 - ex; // 0 - ex, not -ex: keeps +0 instead of -0 in axis-aligned normals
      lengths[i] = length(ex, ey);
    }
  }
}

function rectangleLocal(out: Float64Array, x0: number, y0: number, x1: number, y1: number): Float64Array {
  out[0] = x0;
  out[1] = y0;
  out[2] = x1;
  out[3] = y0;
  out[4] = x1;
  out[5] = y1;
  out[6] = x0;
  out[7] = y1;
  return out;
}

/**
 * Common base of {@link Box} and {@link OrientedBox}: a width × height rectangle, which each places
 * differently around its anchor (x, y).
 */
abstract class Rectangle extends ConvexShape {
  /** @internal */ _width: number;
  /** @internal */ _height: number;

  /** @internal Validates the sizes, then the angle, before anything is built. */
  protected constructor(x: number, y: number, width: number, height: number, angle: number) {
    requirePositive(width, 'width');
    requirePositive(height, 'height');
    requireFinite(angle, 'angle');
    super(x, y, new Float64Array(8), 4, 2);
    this._width = width;
    this._height = height;
    this._angle = angle;
    this._placeCorners(width, height);
  }

  /** Width before scaling (> 0). */
  get width(): number {
    return this._width;
  }
  /** Resizes the box; a value that is not finite and > 0 throws and changes nothing. */
  set width(value: number) {
    this.setSize(value, this._height);
  }

  /** Height before scaling (> 0). */
  get height(): number {
    return this._height;
  }
  /** Resizes the box; a value that is not finite and > 0 throws and changes nothing. */
  set height(value: number) {
    this.setSize(this._width, value);
  }

  /** Sets both sizes; both are validated before either changes. */
  setSize(width: number, height: number): this {
    requirePositive(width, 'width');
    requirePositive(height, 'height');
    this._width = width;
    this._height = height;
    this._placeCorners(width, height);
    this._changed();
    return this;
  }

  /** @internal Writes the corners of a width × height rectangle, relative to the anchor, into `_local`. */
  protected abstract _placeCorners(width: number, height: number): void;
}

/**
 * An axis-aligned box whose anchor (x, y) is its top-left corner, exactly like a quadtree `Rect`.
 * It cannot rotate (setting a non-zero `angle` throws); use {@link OrientedBox} for that.
 * Boxes that only share an edge or a corner do not collide (the index's strict rule).
 * @example const wall = new Box(0, 580, 800, 20);
 */
export class Box extends Rectangle {
  readonly kind = 'box' as const;

  /**
   * Creates an axis-aligned box with its top-left corner at (x, y).
   * @param x left edge
   * @param y top edge
   * @param width > 0
   * @param height > 0
   */
  constructor(x: number, y: number, width: number, height: number) {
    super(x, y, width, height, 0);
  }

  /** @internal */
  protected override _placeCorners(width: number, height: number): void {
    rectangleLocal(this._local, 0, 0, width, height);
  }

  /** @internal */
  protected override _checkAngle(value: number): void {
    if (value !== 0)
      throw new RangeError(`angle of an axis-aligned Box must be 0, got ${value} (use OrientedBox)`);
  }
}

/**
 * A rectangle centred on (x, y), rotated by `angle` radians (an OBB).
 * @example const crate = new OrientedBox(200, 150, 40, 20, Math.PI / 6);
 */
export class OrientedBox extends Rectangle {
  readonly kind = 'orientedBox' as const;

  /**
   * Creates a rotated box centred on (x, y).
   * @param x centre x
   * @param y centre y
   * @param width > 0
   * @param height > 0
   * @param angle rotation in radians (default 0)
   */
  constructor(x: number, y: number, width: number, height: number, angle = 0) {
    super(x, y, width, height, angle);
  }

  /** @internal */
  protected override _placeCorners(width: number, height: number): void {
    rectangleLocal(this._local, -width / 2, -height / 2, width / 2, height / 2);
  }
}

// Below this |sin| two consecutive edges count as collinear: the middle vertex is dropped rather than
// rejected, so user input like a rectangle with a midpoint on one side is accepted.
const COLLINEAR_SIN = 1e-10;

/**
 * Validates a convex polygon and returns its local vertices with positive shoelace area, consecutive
 * duplicates and straight-through vertices removed. Throws TypeError/RangeError describing the problem.
 * @internal
 */
export function normalizeConvexPoints(points: readonly Vec2[], name = 'points'): Float64Array {
  if (!Array.isArray(points)) throw new TypeError(`${name} must be an array of {x, y} points`);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < points.length; i++) {
    const p = points[i];
    if (p === null || typeof p !== 'object') throw new TypeError(`${name}[${i}] must be an {x, y} object`);
    requireFinite(p.x, `${name}[${i}].x`);
    requireFinite(p.y, `${name}[${i}].y`);
    const last = xs.length - 1;
    if (last >= 0 && xs[last] === p.x && ys[last] === p.y) continue;
    xs.push(p.x);
    ys.push(p.y);
  }
  while (xs.length > 1 && xs[0] === xs[xs.length - 1] && ys[0] === ys[ys.length - 1]) {
    xs.pop();
    ys.pop();
  }
  if (xs.length < 3) {
    throw new RangeError(`${name} must contain at least 3 distinct vertices, got ${xs.length}`);
  }
  let area2 = 0;
  for (let i = 0; i < xs.length; i++) {
    const j = (i + 1) % xs.length;
    area2 += xs[i] * ys[j] - xs[j] * ys[i];
  }
  if (!(Math.abs(area2) > 0)) throw new RangeError(`${name} is degenerate: the polygon has zero area`);
  if (area2 < 0) {
    xs.reverse();
    ys.reverse();
  }
  // Drop straight-through vertices until none remain; reject reflex turns and spikes.
  let changed = true;
  while (changed && xs.length >= 3) {
    changed = false;
    for (let i = 0; i < xs.length; i++) {
      const n = xs.length;
      const p = (i + n - 1) % n;
      const q = (i + 1) % n;
      const ax = xs[i] - xs[p];
      const ay = ys[i] - ys[p];
      const bx = xs[q] - xs[i];
      const by = ys[q] - ys[i];
      const cross = ax * by - ay * bx;
      const scale = length(ax, ay) * length(bx, by);
      if (Math.abs(cross) <= COLLINEAR_SIN * scale) {
        if (ax * bx + ay * by < 0) {
          throw new RangeError(
            `${name} is degenerate or not convex: the boundary doubles back (zero interior angle) at vertex ${i}`,
          );
        }
        xs.splice(i, 1);
        ys.splice(i, 1);
        changed = true;
        break;
      }
      if (cross < 0) {
        throw new RangeError(
          `${name} is not convex: reflex turn at vertex ${i} (decompose it into convex parts)`,
        );
      }
    }
  }
  if (xs.length < 3) throw new RangeError(`${name} is degenerate: all vertices are collinear`);
  // All turns point the same way; a simple convex polygon turns exactly once around (2π). A star
  // such as a pentagram passes the turn test but winds twice.
  let turning = 0;
  for (let i = 0; i < xs.length; i++) {
    const n = xs.length;
    const p = (i + n - 1) % n;
    const q = (i + 1) % n;
    const ax = xs[i] - xs[p];
    const ay = ys[i] - ys[p];
    const bx = xs[q] - xs[i];
    const by = ys[q] - ys[i];
    turning += Math.atan2(ax * by - ay * bx, ax * bx + ay * by);
  }
  if (turning > 3 * Math.PI) throw new RangeError(`${name} is not convex: the boundary intersects itself`);
  const out = new Float64Array(xs.length * 2);
  for (let i = 0; i < xs.length; i++) {
    out[2 * i] = xs[i];
    out[2 * i + 1] = ys[i];
  }
  return out;
}

/**
 * A convex polygon with any number of vertices (>= 3) in either winding, given relative to the
 * anchor (x, y) about which it rotates and scales. Consecutive duplicate and collinear vertices are
 * dropped; non-convex, self-intersecting or zero-area input throws a `RangeError` (decompose concave
 * outlines into convex parts yourself).
 * @example const tri = new Polygon(100, 100, [{ x: 0, y: -10 }, { x: 10, y: 10 }, { x: -10, y: 10 }]);
 */
export class Polygon extends ConvexShape {
  readonly kind = 'polygon' as const;

  /**
   * Creates a convex polygon from vertices given relative to its anchor (x, y).
   * @param x anchor x
   * @param y anchor y
   * @param points local vertices relative to the anchor
   * @param angle rotation in radians (default 0)
   */
  constructor(x: number, y: number, points: readonly Vec2[], angle = 0) {
    requireFinite(angle, 'angle');
    const local = normalizeConvexPoints(points);
    const n = local.length >> 1;
    super(x, y, local, n, n);
    this._angle = angle;
  }

  /** Local vertices after normalisation (new objects; positive shoelace winding). */
  get points(): Vec2[] {
    const result: Vec2[] = [];
    for (let i = 0; i < this._count; i++) result.push({ x: this._local[2 * i], y: this._local[2 * i + 1] });
    return result;
  }

  /** Replaces the outline (validated exactly like the constructor; on error nothing changes). */
  setPoints(points: readonly Vec2[]): this {
    const local = normalizeConvexPoints(points);
    const n = local.length >> 1;
    this._local = local;
    this._world = new Float64Array(local.length);
    this._normals = new Float64Array(2 * n);
    this._lengths = new Float64Array(n);
    this._count = n;
    this._edgeCount = n;
    this._axisCount = n;
    this._changed();
    return this;
  }
}

/**
 * A line segment. Its anchor is the midpoint, so rotation spins it about its centre. A segment has
 * no interior: it collides with a shape only when it passes through that shape's interior or
 * properly crosses another segment; lying along an edge or ending on it is just touching.
 * @example const laser = new Segment(0, 0, 100, 50);
 */
export class Segment extends ConvexShape {
  readonly kind = 'segment' as const;

  /** Creates the segment from (x1, y1) to (x2, y2); the endpoints must differ. */
  constructor(x1: number, y1: number, x2: number, y2: number) {
    const local = segmentLocal(x1, y1, x2, y2);
    super((x1 + x2) / 2, (y1 + y2) / 2, local, 1, 1);
  }

  /** Moves both endpoints (resets angle to 0 and scale to 1). Validated before anything changes. */
  setEndpoints(x1: number, y1: number, x2: number, y2: number): this {
    const local = segmentLocal(x1, y1, x2, y2);
    this._local = local;
    this._x = (x1 + x2) / 2;
    this._y = (y1 + y2) / 2;
    this._angle = 0;
    this._scale = 1;
    this._changed();
    return this;
  }

  /** World x of the first endpoint. */
  get x1(): number {
    this._sync();
    return this._world[0];
  }
  /** World y of the first endpoint. */
  get y1(): number {
    this._sync();
    return this._world[1];
  }
  /** World x of the second endpoint. */
  get x2(): number {
    this._sync();
    return this._world[2];
  }
  /** World y of the second endpoint. */
  get y2(): number {
    this._sync();
    return this._world[3];
  }
}

function segmentLocal(x1: number, y1: number, x2: number, y2: number): Float64Array {
  requireFinite(x1, 'x1');
  requireFinite(y1, 'y1');
  requireFinite(x2, 'x2');
  requireFinite(y2, 'y2');
  if (x1 === x2 && y1 === y2)
    throw new RangeError('segment endpoints must differ (use Point for a single point)');
  const mx = (x1 + x2) / 2;
  const my = (y1 + y2) / 2;
  const local = new Float64Array(4);
  local[0] = x1 - mx;
  local[1] = y1 - my;
  local[2] = x2 - mx;
  local[3] = y2 - my;
  return local;
}

/**
 * A single point. Points have no extent: they collide with shapes whose interior strictly contains
 * them, never with other points or segments, and rays never hit them.
 * @example const cursor = new Point(mouseX, mouseY);
 */
export class Point extends ConvexShape {
  readonly kind = 'point' as const;

  /** Creates a point at (x, y). */
  constructor(x: number, y: number) {
    super(x, y, new Float64Array(2), 0, 0);
  }
}
