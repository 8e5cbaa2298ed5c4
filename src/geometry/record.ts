/*
 * Geometry records: a shape's world-space data and what the narrow phase needs to know about it,
 * as one run of doubles, recomputed in place when the shape moves. A shape alone keeps its record
 * in an array of its own; a World moves its bodies' shapes' records side by side into one array
 * (see Shape._moveRecord), so that a step reads each candidate pair's two records, a few cache
 * lines in one array, rather than two shape objects, their boxed number fields and their vertex
 * arrays scattered over the heap (a 10,000-shape step spent more time on those misses than on the
 * arithmetic).
 *
 * A record is addressed by the offset o of its header; its data lies just before it, from the
 * shape's `_geoAt`:
 *   circle:  x, y, world radius                      (3 doubles)
 *   convex:  vertices (2·count), edge normals (2·edges), edge lengths (edges), where a shape with
 *            an interior has an edge per vertex and a segment or a point has one (see ConvexShape)
 * Data first, so that every reader of a shape's vertices finds vertex i at `_geo[_geoAt + 2i]`.
 */
import { doubles, vec } from './math.js';

// The header, from o.
/** The shape's serial: the narrow phase runs on the lower one first (see sat.ts). */
export const SERIAL = 0;
/** Vertex count; 0 for a circle. */
export const COUNT = 1;
/** Separating axes worth testing (a convex shape's `_axisCount`). */
export const AXES = 2;
/** 1 when the shape has an interior, else 0. */
export const AREA = 3;
/** Doubles in the header. */
export const HEADER = 4;
/** Doubles of a circle record's data (x, y, radius), just before its header. */
export const CIRCLE_DATA = 3;

/** Doubles of data before the header of a record with this vertex count (0: a circle) and `area` flag. */
export function dataLength(count: number, area: number): number {
  return count === 0 ? CIRCLE_DATA : 2 * count + 3 * (area === 1 ? count : 1);
}

/** Where the data of the record with its header at g[o] starts. */
export function dataAt(g: number[], o: number): number {
  return o - dataLength(g[o + COUNT] | 0, g[o + AREA]);
}

/** Where a convex record's edge lengths start, relative to its data (after vertices and normals). */
export function lengthsAt(count: number, area: number): number {
  return 2 * count + 2 * (area === 1 ? count : 1);
}

/**
 * A new record for a shape: zeroed data of the length its kind and vertex count take, then the
 * header filled in (none of it changes as the shape moves). Its header sits at `dataLength(…)`.
 */
export function newRecord(serial: number, count: number, axes: number, area: number): number[] {
  const data = dataLength(count, area);
  const g = doubles(data + HEADER);
  g[data + SERIAL] = serial;
  g[data + COUNT] = count;
  g[data + AXES] = axes;
  g[data + AREA] = area;
  return g;
}

/**
 * The axis {@link project} projects on, set by the caller: the point it measures from at [0], [1]
 * (a vertex of the shape that owns the axis) and the axis's direction at [2], [3]. Products of a
 * normal with absolute coordinates lose the digits that decide a touch far from the origin (a
 * T-junction of two segments 2^40 away was called a crossing); measured from a nearby vertex, the
 * same decision is made on small, exact differences. An array rather than arguments, because V8
 * boxes a double passed to a function it does not inline: a heap allocation per call.
 */
export const projectAxis = new Float64Array(4);

/**
 * The interval [vec[0], vec[1]] of convex record (g, o)'s vertices projected on the axis in
 * {@link projectAxis}, for the separating-axis tests of the narrow phase and of the sweeps.
 */
export function project(g: number[], o: number): void {
  const V = dataAt(g, o);
  const rx = projectAxis[0];
  const ry = projectAxis[1];
  const nx = projectAxis[2];
  const ny = projectAxis[3];
  let min = nx * (g[V] - rx) + ny * (g[V + 1] - ry);
  let max = min;
  const n = g[o + COUNT] | 0;
  for (let i = 1; i < n; i++) {
    const p = nx * (g[V + 2 * i] - rx) + ny * (g[V + 2 * i + 1] - ry);
    if (p < min) min = p;
    else if (p > max) max = p;
  }
  vec[0] = min;
  vec[1] = max;
}
