/*
 * ConvexShape, the common base of the straight-edged shapes: its world-space vertex, edge-normal
 * and edge-length cache, recomputed from the local outline and the pose. Separate from the
 * concrete shapes (shapes.ts) because the narrow phase, rays and sweeps read this cache directly
 * and never need to know which straight-edged kind they hold.
 */
import { maxAbs } from './math.js';
import { lengthsAt } from './record.js';
import { Shape, type Vec2 } from './shape.js';

/**
 * Common base of the straight-edged shapes (boxes, polygons, segments, points). They are all convex
 * vertex sets, so one separating-axis routine serves every pair of them. World-space vertices and
 * outward edge normals are cached in arrays allocated once per shape.
 */
export abstract class ConvexShape extends Shape {
  /**
   * @internal Local vertices as x0, y0, x1, y1, … (counter-clockwise in y-up terms, i.e. positive
   * shoelace area). (This and `_geo`: plain arrays, see `doubles` in math.ts.)
   */
  _local!: number[];
  /** @internal Where the normals start in `_geo` (`_geoAt` + 2 × vertex count). */
  _normalsAt = 0;
  /** @internal Where the edge lengths start in `_geo`. */
  _lengthsAt = 0;
  /** @internal Number of vertices. */
  _count = 0;
  /** @internal Edges carrying a normal: all of them for shapes with area, 1 for a segment, 0 for a point. */
  _edgeCount = 0;
  /** @internal Separating axes worth testing (a rectangle's opposite edges share an axis). */
  _axisCount = 0;
  /** @internal Whether the shape has an interior (boxes and polygons do; segments and points do not). */
  _hasArea = false;

  /** @internal */
  protected constructor(x: number, y: number, local: number[], edgeCount: number, axisCount: number) {
    super(x, y);
    this._setOutline(local, edgeCount, axisCount);
  }

  /**
   * @internal Takes `local` (checked) as the outline and gives the shape a new record for it, of
   * its own (a shape in a World gets moved back into the World's array by its next step): the
   * constructor and a polygon's setPoints.
   */
  /** @internal */
  _reach(): number {
    return maxAbs(this._local);
  }

  protected _setOutline(local: number[], edgeCount: number, axisCount: number): void {
    const hasArea = edgeCount >= 3;
    const count = local.length >> 1;
    const area = hasArea ? 1 : 0;
    this._local = local;
    // World vertices from `_geoAt`, as `_local`; from `_normalsAt`, edge i's unnormalised outward
    // normal (v[i] → v[i+1]) as (ey, -ex) (unnormalised keeps integer inputs exact); from
    // `_lengthsAt`, edge i's length (the normal's length); then the record's header (record.ts,
    // which lays these out: a shape with an interior has an edge per vertex, others one).
    this._newRecord(count, axisCount, area);
    this._normalsAt = 2 * count;
    this._lengthsAt = lengthsAt(count, area);
    this._count = count;
    this._edgeCount = edgeCount;
    this._axisCount = axisCount;
    this._hasArea = hasArea;
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
    out.x = this._geo[this._geoAt + 2 * index];
    out.y = this._geo[this._geoAt + 2 * index + 1];
    return out;
  }

  /** All world-space vertices as new objects (allocates; for drawing and debugging). */
  getVertices(): Vec2[] {
    this._sync();
    const result: Vec2[] = [];
    const v = this._geo;
    const V = this._geoAt;
    for (let i = 0; i < this._count; i++) result.push({ x: v[V + 2 * i], y: v[V + 2 * i + 1] });
    return result;
  }

  /** @internal */
  protected _recompute(): void {
    const local = this._local;
    const geo = this._geo;
    const V = this._geoAt;
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
      geo[V + 2 * i] = wx;
      geo[V + 2 * i + 1] = wy;
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
    const normalsAt = this._normalsAt;
    const lengthsAt = this._lengthsAt;
    for (let i = 0; i < this._edgeCount; i++) {
      const j = i + 1 === n ? 0 : i + 1;
      const ex = geo[V + 2 * j] - geo[V + 2 * i];
      const ey = geo[V + 2 * j + 1] - geo[V + 2 * i + 1];
      geo[normalsAt + 2 * i] = ey;
      geo[normalsAt + 2 * i + 1] = 0 - ex; // 0 - ex, not -ex: keeps +0 instead of -0 in axis-aligned normals
      // length(ex, ey), written out: V8 boxes the doubles passed to and returned from a function
      // it does not inline, and this runs for every edge of every moved shape.
      const squared = ex * ex + ey * ey;
      geo[lengthsAt + i] = squared > 1e-290 && squared < 1e290 ? Math.sqrt(squared) : Math.hypot(ex, ey);
    }
  }

  /** @internal */
  protected override _shiftRecord(delta: number): void {
    super._shiftRecord(delta);
    this._normalsAt += delta;
    this._lengthsAt += delta;
  }
}
