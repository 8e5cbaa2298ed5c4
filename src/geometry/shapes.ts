/*
 * The concrete shapes users construct: Circle, Box, OrientedBox, Polygon, Segment and Point. Each
 * only places its outline (or radius) around its anchor; the pose and lazy recompute live in
 * Shape (shape.ts), the straight-edged vertex cache in ConvexShape (convex.ts), and polygon
 * outline validation in outline.ts.
 */
import { requireFinite, requireFits, requirePositive } from '../shared/validate.js';
import { ConvexShape } from './convex.js';
import { doubles, maxAbs } from './math.js';
import { normalizeConvexPoints } from './outline.js';
import { Shape, type Vec2 } from './shape.js';

/**
 * A disc of radius `radius × scale` centred on (x, y). Circles are closed discs: two circles whose
 * edges only touch (distance between centres equal to the sum of radii) do not collide.
 * @example const ball = new Circle(50, 50, 8);
 */
export class Circle extends Shape {
  readonly kind = 'circle' as const;
  /** @internal */ _radius = 0; // (a number from the start: see Shape._x)
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
    requireFits(radius, 'radius');
    this._radius = radius;
    this._newRecord(0, 0, 0);
  }

  /** Radius before scaling (> 0). */
  get radius(): number {
    return this._radius;
  }
  /** Resizes the circle; a value that is not finite and > 0 throws and changes nothing. */
  set radius(value: number) {
    requirePositive(value, 'radius');
    requireFits(value * this._scale, 'radius');
    this._radius = value;
    this._changed();
  }

  /** Radius after scaling. */
  get worldRadius(): number {
    this._sync();
    return this._r;
  }

  /** @internal */
  _reach(): number {
    return this._radius;
  }

  /** @internal */
  protected _recompute(): void {
    const r = this._radius * this._scale;
    this._r = r;
    const geo = this._geo;
    const at = this._geoAt;
    geo[at] = this._x;
    geo[at + 1] = this._y;
    geo[at + 2] = r;
    const b = this._bounds;
    b.minX = this._x - r;
    b.minY = this._y - r;
    b.maxX = this._x + r;
    b.maxY = this._y + r;
  }
}

function rectangleLocal(out: number[], x0: number, y0: number, x1: number, y1: number): number[] {
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

/** How far a width × height rectangle's corners reach from its anchor (see Shape._reach). */
function rectangleReach(width: number, height: number, centred: boolean): number {
  const size = Math.max(width, height);
  return centred ? size / 2 : size;
}

/**
 * Common base of {@link Box} and {@link OrientedBox}: a width × height rectangle, which each places
 * differently around its anchor (x, y).
 */
abstract class Rectangle extends ConvexShape {
  /** @internal */ _width = 0; // (numbers from the start: see Shape._x)
  /** @internal */ _height = 0;
  /** @internal Whether the corners lie around the anchor (OrientedBox) rather than from it (Box). */
  private _centred = false;

  /**
   * @internal Validates the sizes, then the angle, before anything is built. `centred`: the
   * corners lie at ±size/2 around the anchor (OrientedBox), so they reach half as far as a Box's.
   */
  protected constructor(
    x: number,
    y: number,
    width: number,
    height: number,
    angle: number,
    centred: boolean,
  ) {
    requirePositive(width, 'width');
    requirePositive(height, 'height');
    requireFits(rectangleReach(width, height, centred), 'width or height');
    requireFinite(angle, 'angle');
    super(x, y, doubles(8), 4, 2);
    this._width = width;
    this._height = height;
    this._angle = angle;
    this._centred = centred;
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
    requireFits(rectangleReach(width, height, this._centred) * this._scale, 'width or height');
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
    super(x, y, width, height, 0, false);
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
    super(x, y, width, height, angle, true);
  }

  /** @internal */
  protected override _placeCorners(width: number, height: number): void {
    rectangleLocal(this._local, -width / 2, -height / 2, width / 2, height / 2);
  }
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
    const local = normalizeConvexPoints(points, 'points', this._scale);
    const n = local.length >> 1;
    this._setOutline(local, n, n);
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
    return this._geo[this._geoAt];
  }
  /** World y of the first endpoint. */
  get y1(): number {
    this._sync();
    return this._geo[this._geoAt + 1];
  }
  /** World x of the second endpoint. */
  get x2(): number {
    this._sync();
    return this._geo[this._geoAt + 2];
  }
  /** World y of the second endpoint. */
  get y2(): number {
    this._sync();
    return this._geo[this._geoAt + 3];
  }
}

function segmentLocal(x1: number, y1: number, x2: number, y2: number): number[] {
  requireFinite(x1, 'x1');
  requireFinite(y1, 'y1');
  requireFinite(x2, 'x2');
  requireFinite(y2, 'y2');
  if (x1 === x2 && y1 === y2)
    throw new RangeError('segment endpoints must differ (use Point for a single point)');
  const mx = (x1 + x2) / 2;
  const my = (y1 + y2) / 2;
  if (mx - mx !== 0 || my - my !== 0) {
    throw new RangeError(
      `the midpoint of (${x1}, ${y1}) and (${x2}, ${y2}) overflows (x1 + x2 or y1 + y2 is not finite); keep coordinates within ±1e300`,
    );
  }
  const local = doubles(4);
  local[0] = x1 - mx;
  local[1] = y1 - my;
  local[2] = x2 - mx;
  local[3] = y2 - my;
  requireFits(maxAbs(local), 'the endpoints');
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
    super(x, y, doubles(2), 0, 0);
  }
}

/**
 * Every kind of shape, as a union whose `kind` tells them apart: `if (shape.kind === 'circle')`
 * narrows it to a {@link Circle}. What {@link Body.shape} is typed as.
 */
export type AnyShape = Circle | Box | OrientedBox | Polygon | Segment | Point;
