import { describe, expect, it } from 'vitest';
import * as geometry from '../src/geometry/index.js';
import * as core from '../src/index.js';
import * as world from '../src/world/index.js';

describe('barrels', () => {
  it('geometry and world runtime exports are unique and do not shadow the core', () => {
    const names = [...Object.keys(geometry), ...Object.keys(world)];
    expect(new Set(names).size).toBe(names.length);
    for (const name of names)
      expect(
        Object.keys(core).filter(
          (k) =>
            k === name &&
            (core as never)[k] !== (geometry as never)[k] &&
            (core as never)[k] !== (world as never)[k],
        ),
      ).toEqual([]);
    for (const reserved of ['Rect', 'Quadtree', 'QuadtreeOptions', 'QuadtreeStats', 'NodeInfo']) {
      expect(names).not.toContain(reserved);
    }
    expect(names.sort()).toEqual(
      [
        'Body',
        'BodyContact',
        'Box',
        'CastHit',
        'Circle',
        'Contact',
        'ConvexShape',
        'OrientedBox',
        'Point',
        'Polygon',
        'RayHit',
        'RaycastHit',
        'Segment',
        'Shape',
        'SweepHit',
        'World',
        'collide',
        'containsPoint',
        'overlaps',
        'pointDistanceSquared',
        'raycast',
        'segmentCast',
        'sweepBoxes',
        'sweepShapes',
      ].sort(),
    );
  });
});
