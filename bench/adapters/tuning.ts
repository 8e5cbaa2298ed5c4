/**
 * The timohausmann quadtrees default to maxLevels 4, far too shallow for 10k+ items (hundreds of
 * items per leaf). A user tuning them would pick enough levels for ~maxObjects items per leaf:
 * 4^levels ≈ n / maxObjects. We do that for them so the comparison is fair.
 */
export const TIMOHAUSMANN_MAX_OBJECTS = 10;

export function timohausmannLevels(itemCount: number): number {
  const levels = Math.ceil(Math.log(Math.max(itemCount, 1) / TIMOHAUSMANN_MAX_OBJECTS) / Math.log(4));
  return Math.min(Math.max(levels, 4), 10);
}
