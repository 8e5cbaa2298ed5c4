/**
 * Mapping from world coordinates to the cells of the deepest grid.
 *
 * The tree is a linear quadtree: the root is split into 2^depth × 2^depth cells, and a node at
 * level L covers an aligned block of 2^(depth−L) × 2^(depth−L) of them. A box is classified by
 * the cell range [lo, hi] its corners fall in, per axis. Every decision the tree makes (which node
 * holds an item, which nodes a query visits) is taken on these integer ranges, never on float node
 * bounds, so there is no rounding disagreement between where an item was filed and where a query
 * looks for it.
 *
 * Exactness argument. With t(v) = (v − origin) · scale, rounding makes t monotone (never
 * decreasing), and lo(v) = clamp(floor(t(v))) inherits that. If two boxes strictly overlap, then
 * a.min < b.max, so lo(a.min) ≤ hi(b.max) whenever hi(v) ≥ floor(t(v)) − [v is "exactly on a
 * grid line"] with the refinement below; hence overlapping boxes always have intersecting cell
 * ranges, and aligned blocks that contain intersecting ranges are nested. Clamping to the grid
 * keeps everything monotone too, which is why items outside the root bounds are never lost: they
 * are filed in the edge cells.
 *
 * Grid lines: a box whose right edge lies exactly on a grid line (tile maps, snapped sprites) only
 * touches the next cell, and strict overlap ignores touching. Filing it in the cell on the left
 * keeps aligned data deep in the tree instead of piling it up in ancestors. This is only safe if
 * no smaller coordinate maps onto the same grid line through rounding, which {@link cellHi}
 * verifies with the next float below the edge.
 */

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
// Index of the low 32-bit word of a float64 on this platform.
const LOW = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 0 : 1;
const HIGH = 1 - LOW;

/** What the cell mapping reads of a tree: its origin, its scale (cells per unit) and grid size. */
export interface Grid {
  readonly originX: number;
  readonly originY: number;
  readonly scaleX: number;
  readonly scaleY: number;
  readonly gridSize: number;
}

/*
 * The two mappings take the coordinate as an array and an index, and the axis (0 for x, 1 for y)
 * with the grid, never a number: V8 puts a double passed to, or returned from, a call it did not
 * inline into a new heap object. Whether it inlines these depends on how much the caller already
 * inlined (moveAll inlined into a game's frame function, say), and moveAll runs them for every
 * box: passed as values, they allocated 16–48 bytes per box per frame in some processes, never
 * optimized away. Integers and references cross a call as they are.
 */

/** Cell index (0 … gridSize−1) of a box's minimum coordinate src[i] on `axis`. */
export function cellLo(grid: Grid, axis: number, src: ArrayLike<number>, i: number): number {
  const t = (src[i] - (axis === 0 ? grid.originX : grid.originY)) * (axis === 0 ? grid.scaleX : grid.scaleY);
  const top = grid.gridSize - 1;
  if (!(t > 0)) return 0;
  if (t >= top) return top;
  return t | 0; // 0 < t < 2^16: truncation is floor
}

/**
 * Cell index of a box's maximum coordinate src[i] on `axis`, given the cell `lo` of its minimum. A
 * maximum exactly on a grid line is filed in the cell before it when that is provably safe (see
 * above).
 */
export function cellHi(grid: Grid, axis: number, src: ArrayLike<number>, i: number, lo: number): number {
  const v = src[i];
  const origin = axis === 0 ? grid.originX : grid.originY;
  const scale = axis === 0 ? grid.scaleX : grid.scaleY;
  const t = (v - origin) * scale;
  const size = grid.gridSize;
  if (!(t > 0)) return 0;
  if (t >= size) return size - 1;
  const c = t | 0;
  if (c === t && c > lo && belowLine(grid, axis, src, i)) return c - 1;
  return c;
}

/**
 * Whether the largest float below v = src[i] (a box's maximum on `axis`, exactly on a grid line)
 * maps below that line. (For integer coordinates in power-of-two bounds every maximum is on a line:
 * this runs as often as cellHi, so it takes the array and index too, and finds the float below
 * itself, through its bits, rather than calling a function with a double.)
 */
function belowLine(grid: Grid, axis: number, src: ArrayLike<number>, i: number): boolean {
  const v = src[i];
  const origin = axis === 0 ? grid.originX : grid.originY;
  const scale = axis === 0 ? grid.scaleX : grid.scaleY;
  if (v === 0) f64[0] = -Number.MIN_VALUE;
  else {
    f64[0] = v;
    if (v > 0) {
      // Positive floats are ordered like their bit patterns: decrement the 64-bit integer.
      if (u32[LOW] === 0) {
        u32[LOW] = 0xffffffff;
        u32[HIGH]--;
      } else u32[LOW]--;
    } else if (u32[LOW] === 0xffffffff) {
      u32[LOW] = 0;
      u32[HIGH]++;
    } else u32[LOW]++;
  }
  return (f64[0] - origin) * scale < (v - origin) * scale;
}

/**
 * Level of the deepest aligned block containing the cell range: the highest bit in which the two
 * corners' cell coordinates differ says how many levels above the bottom the block must be.
 */
export function homeLevel(lox: number, loy: number, hix: number, hiy: number, depth: number): number {
  return depth - (32 - Math.clz32((lox ^ hix) | (loy ^ hiy)));
}

/** Which child (0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right) holds cell (x, y) below a split at bit `shift`. */
export function childIndex(x: number, y: number, shift: number): number {
  return (((y >> shift) & 1) << 1) | ((x >> shift) & 1);
}
