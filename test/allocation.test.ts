/**
 * What the per-frame paths allocate, each measured in a child process of its own (test/allocation/).
 *
 * A number passed to (or returned from) a function V8 did not inline is boxed: a new heap object.
 * How much V8 inlines depends on the caller (moveAll inlined into a big game loop leaves less room
 * for what moveAll calls), so the bench's allocation rows sometimes read 16–64 bytes per box per
 * frame, in one process in four, where the same code read 0 in the others. Run with inlining turned
 * off, every call boxes its numbers, so a per-box helper taking numbers shows on every run: that is
 * what the index's frames, the World's step, its continuous bodies and separate() are measured
 * with: `--no-turbo-inlining`, and so are the World's and the index's nearest, ray, cast and circle
 * queries. (Per-frame bookkeeping, a few heap numbers a frame whatever the count of boxes, is
 * allowed: under 2 bytes per box.)
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BOXES = 1000;
const root = fileURLToPath(new URL('..', import.meta.url));

/** Runs test/allocation/<name>.ts in a Node process of its own with `flags`; returns its JSON. */
function runChild<T>(name: string, flags: readonly string[]): T {
  const tsx = createRequire(import.meta.url).resolve('tsx');
  const script = fileURLToPath(new URL(`./allocation/${name}.ts`, import.meta.url));
  const output = execFileSync(process.execPath, [...flags, '--import', tsx, script], {
    cwd: root,
    encoding: 'utf8',
  });
  return JSON.parse(output) as T;
}

describe('steady frames allocate nothing per box, even with inlining off', () => {
  it('moveAll + forEachPair, refresh + forEachPair, clear + insert + forEachPair', () => {
    const bytes = runChild<{ ids: number; refresh: number; rebuild: number; pairs: number }>('frames', [
      '--expose-gc',
      '--no-turbo-inlining',
    ]);
    expect(bytes.pairs).toBeGreaterThan(0);
    // Before the fix: about 140,000 bytes per frame for each (140 per box).
    expect(bytes.ids).toBeLessThan(2 * BOXES);
    expect(bytes.refresh).toBeLessThan(2 * BOXES);
    expect(bytes.rebuild).toBeLessThan(2 * BOXES);
  }, 60_000);
});

describe('a World step allocates nothing per body, even with inlining off', () => {
  it('1,000 moving, turning shapes of every kind among static walls and sensors', () => {
    const bytes = runChild<{ perBody: number; contacts: number }>('step', [
      '--expose-gc',
      '--no-turbo-inlining',
    ]);
    // Hundreds of contacts every step: the narrow phase runs on every kind of pair.
    expect(bytes.contacts).toBeGreaterThan(300);
    // 0 measured (the median step). When the narrow phase's helpers took their numbers as
    // arguments (a face's depth and normal, a circle's gap, an edge's length): 243-249 bytes.
    expect(bytes.perBody).toBeLessThan(2);
  }, 60_000);
});

describe('nearest, raycast, castShape and circle queries allocate nothing per box their walk visits', () => {
  it("the World's and the index's, through thousands of boxes, with inlining off", () => {
    const bytes = runChild<Record<string, number>>('walks', ['--expose-gc', '--no-turbo-inlining']);
    // The queries reach that many bodies (and every one is refused by the filter).
    expect(bytes.nearestVisits).toBe(3600);
    expect(bytes.rayVisits).toBe(60);
    expect(bytes.castVisits).toBeGreaterThanOrEqual(60);
    expect(bytes.found).toBe(0);
    expect(bytes.inCircle).toBe(3600);
    // Per call, whatever the boxes visited: the arguments, checked and passed on, a few heap numbers
    // a call with inlining off (3-300 bytes measured; a number per box would be 960 bytes on the
    // ray's 60 boxes). When the walks passed each box's distance or time as an argument: 1,427, 979
    // and 3,875 bytes with inlining on; when the nearest searches' and the circle test's helpers
    // took their numbers as arguments, 34 KB (the World's nearest), 184 KB (the index's circle) and
    // 8.5 KB (its 3-nearest) with inlining off.
    expect(bytes.nearest).toBeLessThan(512);
    expect(bytes.raycast).toBeLessThan(512);
    expect(bytes.castShape).toBeLessThan(512);
    expect(bytes.indexCircle).toBeLessThan(512);
    expect(bytes.indexNearest).toBeLessThan(512);
  }, 60_000);
});

describe('a step with continuous bodies, and separate(), allocate next to nothing, even with inlining off', () => {
  it('100 bullets sweeping through 2,000 moving shapes and 200 walls', () => {
    const result = runChild<{
      step: number;
      crossings: number;
      contacts: number;
      separate: number;
      pushed: number;
    }>('continuous', ['--expose-gc', '--no-turbo-inlining']);
    // The bullets do cross things: tens of continuous contacts start every step.
    expect(result.crossings).toBeGreaterThan(2500);
    // 9-35 bytes a step measured. With the numbers of the sweeps and of the narrow phase passed as
    // arguments (a shape's place, the rounding allowed, a sweep's normal), 92 KB.
    expect(result.step).toBeLessThan(256);
    // separate() pushes about 800 pairs apart each step (0 bytes a call measured); with a put-back
    // passed to teleport() and the helpers above taking numbers, 66 KB a call.
    expect(result.pushed).toBeGreaterThan(200);
    expect(result.separate).toBeLessThan(256);
  }, 60_000);
});

describe('memory follows what is held, not what was', () => {
  it('bodies added, moved and removed between steps, and a Quadtree after a peak, leave little behind', () => {
    const bytes = runChild<{ moved: number; peak: number; filled: number; filledOneByOne: number }>(
      'retained',
      ['--expose-gc'],
    );
    // Held on to, they measure 11.5 MB (20,000 removed bodies on the moved list) and 2.2 MB (the
    // staging of 200,000 items); given back, 0.4 MB and 0.2 MB.
    expect(bytes.moved).toBeLessThan(3e6);
    expect(bytes.peak).toBeLessThan(1e6);
    // A tree filled by an array insert and refreshed: 56 bytes of JS heap per item with a Map from
    // items to ids and a second list of the items kept; about 11 with the id-to-item array alone.
    expect(bytes.filled).toBeLessThan(20);
    expect(bytes.filledOneByOne).toBeLessThan(20);
  }, 60_000);
});
