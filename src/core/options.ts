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

/**
 * The default split threshold, larger than quadtree-js's 10: a node's boxes lie side by side in
 * memory (see layout.ts), so testing a few more of them in a leaf costs less than visiting the
 * extra nodes a smaller threshold makes. Against 10, 24 was as fast or faster in every scene of
 * the bench, by up to a fifth at 1,000 boxes and in small region queries (docs/tuning.md).
 */
const DEFAULT_MAX_OBJECTS = 24;

/** The index's options (a World takes them too). @internal */
export const OPTION_NAMES = ['maxObjects', 'maxLevels', 'minNodeSize'] as const;
/** Option names of other quadtree libraries, and ours. @internal */
export const OPTION_ALIASES: Readonly<Record<string, string>> = {
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
 * write instead (as does any third argument, after an options object too).
 */
export function readSettings(
  owner: string,
  bounds: Rect,
  options: QuadtreeOptions | undefined,
  legacyMaxLevels: unknown,
): IndexSettings {
  if (bounds === null || typeof bounds !== 'object') requireRect(bounds, 'bounds');
  // Each field read once: a getter may answer differently the second time.
  const x = bounds.x;
  const y = bounds.y;
  const width = bounds.width;
  const height = bounds.height;
  // Another library's box shape: the message says what to pass.
  if (width === undefined) requireRect(bounds, 'bounds');
  requireFinite(x, 'bounds.x');
  requireFinite(y, 'bounds.y');
  requirePositive(width, 'bounds.width');
  requirePositive(height, 'bounds.height');
  if (typeof options === 'number') {
    const levels = legacyMaxLevels === undefined ? '' : `, maxLevels: ${describe(legacyMaxLevels)}`;
    throw new TypeError(
      `${owner}: options are an object, not positional numbers: write new ${owner}(bounds, { maxObjects: ${options}${levels} })`,
    );
  }
  if (legacyMaxLevels !== undefined) {
    // (After an options object, or none, it would otherwise be ignored without a word.)
    const levels = describe(legacyMaxLevels);
    throw new TypeError(
      `${owner}(bounds, options) reads no third argument: put { maxLevels: ${levels} } in options`,
    );
  }
  const opts = options ?? {};
  requireKnownOptions(opts, 'options', OPTION_NAMES, OPTION_ALIASES);
  // Each read once; only a missing (undefined) option takes the default: null is a bad value.
  const maxObjects = orDefault(opts.maxObjects, DEFAULT_MAX_OBJECTS);
  const maxLevels = orDefault(opts.maxLevels, 12);
  const minNodeSize = orDefault(opts.minNodeSize, 0);
  requireInteger(maxObjects, 'options.maxObjects', 1, 0x7fffffff);
  requireInteger(maxLevels, 'options.maxLevels', 0, MAX_LEVELS);
  requireSize(minNodeSize, 'options.minNodeSize');
  // minNodeSize only lowers the usable depth: the grid is fixed, so a node at level L is
  // bounds / 2^L wide.
  let depth = maxLevels;
  while (depth > 0 && (width / 2 ** depth < minNodeSize || height / 2 ** depth < minNodeSize)) depth--;
  const scaleX = 2 ** depth / width;
  const scaleY = 2 ** depth / height;
  if (!Number.isFinite(scaleX) || !Number.isFinite(scaleY)) {
    throw new RangeError('bounds are too small to subdivide; scale your coordinates up');
  }
  requireFinite(x + width, 'bounds.x + bounds.width');
  requireFinite(y + height, 'bounds.y + bounds.height');
  return { x, y, width, height, maxObjects, depth };
}

function orDefault<V>(value: V | undefined, fallback: V): V {
  return value === undefined ? fallback : value;
}
