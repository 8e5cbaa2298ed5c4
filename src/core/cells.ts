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

/** The largest float64 smaller than `v` (v finite). */
export function nextDown(v: number): number {
  if (v === 0) return -Number.MIN_VALUE;
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
  return f64[0];
}

/** Cell index (0 … gridSize−1) of a box's minimum coordinate `v`. */
export function cellLo(v: number, origin: number, scale: number, gridSize: number): number {
  const t = (v - origin) * scale;
  if (!(t > 0)) return 0;
  if (t >= gridSize - 1) return gridSize - 1;
  return t | 0; // 0 < t < 2^16: truncation is floor
}

/**
 * Cell index of a box's maximum coordinate `v`, given the cell `lo` of its minimum. A maximum
 * exactly on a grid line is filed in the cell before it when that is provably safe (see above).
 */
export function cellHi(v: number, origin: number, scale: number, gridSize: number, lo: number): number {
  const t = (v - origin) * scale;
  if (!(t > 0)) return 0;
  if (t >= gridSize) return gridSize - 1;
  const c = t | 0;
  if (c === t && c > lo && (nextDown(v) - origin) * scale < t) return c - 1;
  return c;
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
