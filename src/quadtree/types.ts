/**
 * An axis-aligned box in screen coordinates (y grows downwards). `x`/`y` is the top-left corner.
 *
 * Two boxes collide when their interiors overlap; boxes that only touch along an edge or at a
 * corner do not:
 * `a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height`.
 */
export interface Rect {
  /** Left edge (smallest x). */
  x: number;
  /** Top edge (smallest y; y grows downwards). */
  y: number;
  /** Width, ≥ 0. A zero-size box is a point or a line: it collides with boxes whose interior holds it. */
  width: number;
  /** Height, ≥ 0. */
  height: number;
}

/** Tuning knobs of a {@link Quadtree}. All are optional. */
export interface QuadtreeOptions {
  /**
   * A leaf holding more than this many items splits into four children (when depth and size
   * allow). Default 10.
   */
  maxObjects?: number;
  /** Deepest level a node may have; the root is level 0. Integer from 0 to 16. Default 12. */
  maxLevels?: number;
  /**
   * Nodes never get narrower or shorter than this (in world units): the tree stops splitting one
   * level earlier instead. Default 0 (no limit besides `maxLevels`).
   */
  minNodeSize?: number;
}

/** Counts describing a {@link Quadtree}, from {@link Quadtree.stats}. */
export interface QuadtreeStats {
  /** Items in the tree. */
  items: number;
  /** Nodes in the tree, the root included. */
  nodes: number;
  /** Nodes without children. */
  leaves: number;
  /** Level of the deepest node that exists (0 when only the root exists). */
  depth: number;
  /** Deepest level the tree may reach with its bounds and options. */
  maxDepth: number;
  /** Narrow-phase box tests made by the last query or pair pass (see {@link Quadtree.lastChecks}). */
  checks: number;
  /** What a brute-force all-pairs pass would test: n·(n−1)/2. */
  bruteForceChecks: number;
  /**
   * Bytes held in the tree's typed arrays (item boxes, cells and links, nodes, traversal buffers).
   * The Map from your objects to slots and the array of references to them come on top, at
   * roughly 45 bytes per item on 64-bit V8.
   */
  arrayBytes: number;
}

/**
 * One node of the tree as shown to {@link Quadtree.forEachNode}. The same object is reused for
 * every node: copy the fields you want to keep.
 */
export interface NodeInfo {
  /** Left edge of the node's cell. */
  x: number;
  /** Top edge of the node's cell. */
  y: number;
  /** Width of the node's cell: the root's width / 2^depth. */
  width: number;
  /** Height of the node's cell. */
  height: number;
  /** Level of the node; the root is 0. */
  depth: number;
  /** Items stored in this node itself (items that straddle its children's borders, or a leaf's items). */
  items: number;
  /** Items stored in this node and all nodes below it. */
  totalItems: number;
  /** True when the node has no children. */
  isLeaf: boolean;
}

/** Visitor for item queries. Return `false` to stop the query early. */
export type ItemVisitor<T> = (item: T) => void | boolean;

/** Visitor for colliding pairs. Return `false` to stop the pass early. */
export type PairVisitor<T> = (a: T, b: T) => void | boolean;
