import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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
