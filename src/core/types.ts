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

/** Tuning knobs of a {@link QuadIndex} or {@link Quadtree}. All are optional. */
export interface QuadtreeOptions {
  /**
   * A leaf holding more than this many boxes splits into four children (when depth and size
   * allow). Default 24 (quadtree-js uses 10; see docs/tuning.md).
   */
  maxObjects?: number | undefined;
  /** Deepest level a node may have; the root is level 0. Integer from 0 to 16. Default 12. */
  maxLevels?: number | undefined;
  /**
   * Nodes never get narrower or shorter than this (in world units): the tree stops splitting one
   * level earlier instead. Default 0 (no limit besides `maxLevels`).
   */
  minNodeSize?: number | undefined;
}

/** Counts describing an index, from `stats()`. */
export interface IndexStats {
  /** Boxes in the index. */
  items: number;
  /** Nodes in the tree, the root included. */
  nodes: number;
  /** Nodes without children. */
  leaves: number;
  /** Level of the deepest node that exists (0 when only the root exists). */
  depth: number;
  /** Deepest level the tree may reach with its bounds and options. */
  maxDepth: number;
  /** What a brute-force all-pairs pass would test: n·(n−1)/2. */
  bruteForceChecks: number;
  /** Bytes held in the index's typed arrays (boxes, item links and slots, nodes, traversal buffers). */
  arrayBytes: number;
}

/**
 * One node of the tree as shown to `forEachNode`. The same object is reused for every node: copy
 * the fields you want to keep.
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
  /** Boxes stored in this node itself (boxes that cross its children's borders, or a leaf's boxes). */
  items: number;
  /** Boxes stored in this node and all nodes below it. */
  totalItems: number;
  /** True when the node has no children. */
  isLeaf: boolean;
}

/** Visitor of ids. Return `false` to stop early. */
export type IdVisitor = (id: number) => unknown;

/** Visitor of overlapping id pairs (each pair once, see `forEachPair`). Return `false` to stop. */
export type IdPairVisitor = (a: number, b: number) => unknown;

/** First box hit by a moving box, from {@link QuadIndex.sweep}. */
export interface IdSweepHit {
  /** Id of the box hit. */
  id: number;
  /** Time of impact in [0, 1): the moving box may advance by t·(dx, dy) and then just touches the box hit. */
  t: number;
  /** x of the unit normal of the face hit, pointing back at the mover (the diagonal at an exact corner hit). */
  normalX: number;
  /** y of that normal. */
  normalY: number;
}

/** First box hit by a ray, from {@link QuadIndex.raycastFirst}. */
export interface IdRayHit {
  /** Id of the box hit. */
  id: number;
  /** Ray parameter where the ray enters the box (a distance when the direction is a unit vector). */
  t: number;
}
