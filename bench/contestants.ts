import { boxIntersectPeer } from './adapters/box-intersect.js';
import { bruteForce } from './adapters/brute-force.js';
import { detectCollisions } from './adapters/detect-collisions.js';
import { flatbush, flatbushObjectPairs } from './adapters/flatbush.js';
import { quadtreeJs } from './adapters/quadtree-js.js';
import { quadtreeTs } from './adapters/quadtree-ts.js';
import { rbush } from './adapters/rbush.js';
import { sortAndSweep } from './adapters/sort-and-sweep.js';
import type { ContestantFactory } from './adapters/types.js';

export type QuadcollideModule = typeof import('./adapters/quadcollide.js');

/**
 * The core index is developed alongside the harness; until src/index.ts exports Quadtree, the
 * quadcollide contestants are left out (with a warning) and the peers still run.
 */
export async function loadQuadcollide(): Promise<QuadcollideModule | undefined> {
  try {
    return await import('./adapters/quadcollide.js');
  } catch (error) {
    process.stderr.write(`!! quadcollide core not loadable, benchmarking peers only: ${String(error)}\n`);
    return undefined;
  }
}

export function allContestants(quadcollide: QuadcollideModule | undefined): ContestantFactory[] {
  const peers = [
    bruteForce,
    sortAndSweep,
    flatbush,
    flatbushObjectPairs,
    boxIntersectPeer,
    rbush,
    quadtreeJs,
    quadtreeTs,
    detectCollisions,
  ];
  if (!quadcollide) return peers;
  return [
    ...peers,
    quadcollide.quadcollideRebuild,
    quadcollide.quadcollidePersistent,
    quadcollide.quadcollideIds,
  ];
}
