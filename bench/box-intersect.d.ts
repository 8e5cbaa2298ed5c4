declare module 'box-intersect' {
  /** Reports every pair of intersecting closed boxes [minX, minY, maxX, maxY]; a returned value stops early. */
  export default function boxIntersect(boxes: number[][], visit: (i: number, j: number) => unknown): unknown;
}
