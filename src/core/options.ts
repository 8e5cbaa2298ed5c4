import {
  describe,
  requireFinite,
  requireInteger,
  requireKnownOptions,
  requirePositive,
  requireRect,
  requireSize,
} from '../shared/validate.js';
import { MAX_LEVELS } from './arrays.js';
import type { QuadtreeOptions, Rect } from './types.js';

const OPTION_NAMES = ['maxObjects', 'maxLevels', 'minNodeSize'] as const;
/** Option names of other quadtree libraries, and ours. */
const OPTION_ALIASES: Record<string, string> = {
  maxDepth: 'maxLevels',
  depth: 'maxLevels',
  maxItems: 'maxObjects',
  capacity: 'maxObjects',
  nodeCapacity: 'maxObjects',
  maxChildren: 'maxObjects',
  minSize: 'minNodeSize',
};

/** Bounds and options, validated and with defaults applied. */
export interface IndexSettings {
  x: number;
  y: number;
  width: number;
  height: number;
  maxObjects: number;
  /** Deepest level after `maxLevels` and `minNodeSize` are applied. */
  depth: number;
}

/**
 * Validates a constructor's arguments. `legacyMaxLevels` is the third argument of a quadtree-js
 * style call `new Quadtree(bounds, 10, 4)`, which gets an error showing the options object to
 * write instead.
 */
export function readSettings(
  owner: string,
  bounds: Rect,
  options: QuadtreeOptions | undefined,
  legacyMaxLevels: unknown,
): IndexSettings {
  if (bounds === null || typeof bounds !== 'object') requireRect(bounds, 'bounds');
  requireFinite(bounds.x, 'bounds.x');
  requireFinite(bounds.y, 'bounds.y');
  requirePositive(bounds.width, 'bounds.width');
  requirePositive(bounds.height, 'bounds.height');
  if (typeof options === 'number') {
    const levels = legacyMaxLevels === undefined ? '' : `, maxLevels: ${describe(legacyMaxLevels)}`;
    throw new TypeError(
      `${owner}: options are an object, not positional numbers: write new ${owner}(bounds, { maxObjects: ${options}${levels} })`,
    );
  }
  const opts = options ?? {};
  requireKnownOptions(opts, 'options', OPTION_NAMES, OPTION_ALIASES);
  const maxObjects = opts.maxObjects ?? 10;
  const maxLevels = opts.maxLevels ?? 12;
  const minNodeSize = opts.minNodeSize ?? 0;
  requireInteger(maxObjects, 'options.maxObjects', 1, 0x7fffffff);
  requireInteger(maxLevels, 'options.maxLevels', 0, MAX_LEVELS);
  requireSize(minNodeSize, 'options.minNodeSize');
  // minNodeSize only lowers the usable depth: the grid is fixed, so a node at level L is
  // bounds / 2^L wide.
  let depth = maxLevels;
  while (depth > 0 && (bounds.width / 2 ** depth < minNodeSize || bounds.height / 2 ** depth < minNodeSize))
    depth--;
  const scaleX = 2 ** depth / bounds.width;
  const scaleY = 2 ** depth / bounds.height;
  if (!Number.isFinite(scaleX) || !Number.isFinite(scaleY)) {
    throw new RangeError('bounds are too small to subdivide; scale your coordinates up');
  }
  requireFinite(bounds.x + bounds.width, 'bounds.x + bounds.width');
  requireFinite(bounds.y + bounds.height, 'bounds.y + bounds.height');
  return { x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height, maxObjects, depth };
}
