import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CandidatePairs } from '../src/world/candidates.js';
import { PairTable } from '../src/world/pairTable.js';

describe('PairTable (internal contact hash) against Map', () => {
  it('get / set / delete agree with a Map under random operations, growth and collisions', () => {
    const id = fc.integer({ min: 0, max: 40 });
    const op = fc.oneof(
      fc.record({ kind: fc.constant('set' as const), lo: id, hi: id, v: fc.nat() }),
      fc.record({ kind: fc.constant('delete' as const), lo: id, hi: id }),
      fc.record({ kind: fc.constant('get' as const), lo: id, hi: id }),
    );
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 400 }), (ops) => {
        const table = new PairTable<number>(1);
        const model = new Map<string, number>();
        for (const o of ops) {
          const k = `${o.lo},${o.hi}`;
          if (o.kind === 'set') {
            table.set(o.lo, o.hi, o.v);
            model.set(k, o.v);
          } else if (o.kind === 'delete') {
            expect(table.delete(o.lo, o.hi)).toBe(model.delete(k));
          } else {
            expect(table.get(o.lo, o.hi)).toBe(model.get(k));
          }
          expect(table.size).toBe(model.size);
        }
        for (const [k, v] of model) {
          const [lo, hi] = k.split(',').map(Number);
          expect(table.get(lo, hi)).toBe(v);
        }
      }),
      { numRuns: 300, seed: 5 },
    );
  });
});

describe('CandidatePairs (internal step buffer)', () => {
  it('hands back every pair added since reset, lower id first, sorted by it (stable) unless the ids are sparse', () => {
    const pairOf = (max: number) =>
      fc.tuple(fc.integer({ min: 0, max }), fc.integer({ min: 0, max })).filter(([p, q]) => p !== q);
    // Several rounds on one buffer: counts past its first capacity (256 pairs) and id ranges past
    // its first offsets table (64 ids), then smaller ones, so that growth and reuse both run.
    const round = fc
      .tuple(fc.integer({ min: 1, max: 600 }), fc.integer({ min: 0, max: 1200 }))
      .chain(([max, n]) => fc.array(pairOf(max), { minLength: n, maxLength: n }));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(round, fc.double({ min: 0, max: 30, noNaN: true })), {
          minLength: 1,
          maxLength: 4,
        }),
        (rounds) => {
          const buffer = new CandidatePairs();
          for (const [pairs, extra] of rounds) {
            buffer.reset();
            for (const [p, q] of pairs) buffer.add(p, q);
            expect(buffer.count).toBe(pairs.length);
            const ids = pairs.reduce((m, [p, q]) => Math.max(m, p + 1, q + 1), 0);
            const span = ids + Math.floor(extra * ids);
            const handed = Array.from(buffer.inOrder(span).subarray(0, 2 * pairs.length));
            const gathered = pairs.map(([p, q], order) => ({
              lo: Math.min(p, q),
              hi: Math.max(p, q),
              order,
            }));
            // Sorted unless the ids span more than 8 values per pair; then as gathered.
            if (span <= 8 * pairs.length) gathered.sort((a, b) => a.lo - b.lo || a.order - b.order);
            expect(handed).toEqual(gathered.flatMap(({ lo, hi }) => [lo, hi]));
          }
        },
      ),
      { seed: 4107, numRuns: 150 },
    );
  });
});
