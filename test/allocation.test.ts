/**
 * No per-box allocation in a steady frame, whatever V8 inlines. A number passed to (or returned
 * from) a function V8 did not inline is boxed: a new heap object. How much V8 inlines depends on
 * the caller (moveAll inlined into a big game loop leaves less room for what moveAll calls), so the
 * bench's allocation rows sometimes read 16–64 bytes per box per frame, in one process in four,
 * where the same code read 0 in the others. Run with inlining turned off, every call boxes its
 * numbers, so a per-box helper taking numbers shows on every run: that is what this test does, in
 * a child process with `--no-turbo-inlining`. (Per-frame bookkeeping, a few heap numbers a frame
 * whatever the count of boxes, is allowed: under 2 bytes per box.)
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BOXES = 1000;
const root = fileURLToPath(new URL('..', import.meta.url));
const child = fileURLToPath(new URL('./allocation/frames.ts', import.meta.url));

describe('steady frames allocate nothing per box, even with inlining off', () => {
  it('moveAll + forEachPair, refresh + forEachPair, clear + insert + forEachPair', () => {
    const tsx = createRequire(import.meta.url).resolve('tsx');
    const output = execFileSync(
      process.execPath,
      ['--expose-gc', '--no-turbo-inlining', '--import', tsx, child],
      { cwd: root, encoding: 'utf8' },
    );
    const bytes = JSON.parse(output) as { ids: number; refresh: number; rebuild: number; pairs: number };
    expect(bytes.pairs).toBeGreaterThan(0);
    // Before the fix: about 140,000 bytes per frame for each (140 per box).
    expect(bytes.ids).toBeLessThan(2 * BOXES);
    expect(bytes.refresh).toBeLessThan(2 * BOXES);
    expect(bytes.rebuild).toBeLessThan(2 * BOXES);
  }, 60_000);
});

describe('memory follows what is held, not what was', () => {
  it('bodies added, moved and removed between steps, and a Quadtree after a peak, leave little behind', () => {
    const tsx = createRequire(import.meta.url).resolve('tsx');
    const script = fileURLToPath(new URL('./allocation/retained.ts', import.meta.url));
    const output = execFileSync(process.execPath, ['--expose-gc', '--import', tsx, script], {
      cwd: root,
      encoding: 'utf8',
    });
    const bytes = JSON.parse(output) as { moved: number; peak: number };
    // Held on to, they measure 11.5 MB (20,000 removed bodies on the moved list) and 2.2 MB (the
    // staging of 200,000 items); given back, 0.4 MB and 0.2 MB.
    expect(bytes.moved).toBeLessThan(3e6);
    expect(bytes.peak).toBeLessThan(1e6);
  }, 60_000);
});
