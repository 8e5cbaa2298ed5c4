// What one import costs a user's bundle: each entry below is bundled from the built dist/index.js
// the way an application bundler would (esbuild, tree-shaking, minified, ES module), then gzipped.
// Fails when an entry is over its budget. Names the package does not export yet are reported as
// skipped, so the budget starts to apply as soon as they appear.
//
// Usage: npm run size (builds first), or node scripts/size.mjs after npm run build.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1024;
// [what is imported ('*' = the whole package), gzipped limit in bytes or null to measure only,
//  gzipped goal in bytes or null]. Over the limit fails: it sits a little above today's size so
// that growth is caught. (Raised on 2026-11-23 from 13.75 / 12 KB for the bounded k-nearest
// search, whole-subtree box queries and the core split: +0.5 KB gzipped; and again the same day
// from 14.25 / 12.5 KB for the pair walk's entry table and branch-free hand-out and nearest(k)
// reading the walk-order copy: +0.2 KB gzipped for a walk 15-25% faster; and again from 14.5 KB
// for Quadtree, for one copy of the boxes in walk order (layout.ts, the in-place relayout, slot
// checks in validate(), the facade's own staging buffer): +0.3 KB gzipped for 36 bytes less per
// item.) Raised again on 2026-11-25 from 14.75 / 12.75 KB for the input audit (every out, filter
// field, option and id checked, changes refused while a getter is read, each with an error naming
// the argument): +0.3 KB gzipped. Raised again the same day to 15.5 / 13.5 KB for the
// clear-and-insert loop bringing the cleared tree back (clear() keeps the counters it resets,
// the fold to a fresh build's nodes, the layout from the staging buffer): +0.45 KB gzipped for
// a rebuild frame 26-46% faster; and Quadtree to 16 KB for the same loop written the quadtree-js
// way, one insert at a time (the boxes are kept until the last item is back, and every other
// method files them first): +0.25 KB gzipped for that frame 16-35% faster. Raised on 2026-11-26
// from 13.5 KB for QuadIndex and 16 KB for Quadtree for nearest(k) going depth first (the
// children's distances from two bounds, small internal nodes offered whole): +0.33 KB gzipped for
// nearest(5) at 0.75-0.78x the time; without the two-bounds distances it saved 0.13 KB and was
// 5-7% slower. Raised again the same day from 13.75 / 16.25 KB for the sparse layout (an index
// holding fewer than 1/8 of the ids it handed out is laid out from its node lists: layOutSparse,
// its three work arrays, the ascending-ids check in validate(), the id span for the World, and the
// object Quadtree's refresh through the live ids): +0.47 KB gzipped for QuadIndex and +0.56 KB for
// Quadtree, for 20 live ids of 200,000 handed out costing 8 instead of 880 µs a frame. Raised on
// 2026-11-26 (stop 37) from 14.25 / 16.75 KB for fixes of what a robustness hunt found: moveAll
// copying a typed array over a SharedArrayBuffer before checking it (a worker's write got an
// unchecked box stored), ids()/all() held like a traversal, the ray and sweep walks keeping
// their numbers in arrays (1.4-6 KB allocated per ray or sweep before), and the Quadtree's re-insert
// loop letting a getter query the tree and giving back its staging buffer when emptied: +0.2 KB
// gzipped for QuadIndex (13.94 -> 14.14) and +0.31 KB for Quadtree (16.47 -> 16.78). Stop 38's
// fixes (a stray third constructor argument named, circle queries with an extreme radius, the
// item table shrinking after a peak) took them to 14.24 and 16.97 KB; Quadtree's limit was then
// raised from 17 KB for sweep() and raycastFirst() finding their hit inside the walk instead of
// through a closure, and the sweep queueing its keys through the heap's array: 357 -> 16 and
// 137 -> 0.5 bytes allocated per call, +0.16 KB gzipped (14.40 and 17.13 KB; 17.16 once clear()
// gives the staging back after a peak). Raised on 2026-11-27 (stop 40) from 14.5 / 17.25 KB for
// what an index hunt found: nearest keeping maxDistance where its square overflows or underflows
// (boxes measured again unsquared: +246 B minified), reserve() making every array before storing
// any (+72 B), moveAll reading its array's length once inside the input lock and skipping dead
// ids' entries (+49 B): +0.21 KB gzipped (14.43 -> 14.64, 17.20 -> 17.42). Raised on
// 2026-11-27 (stop 41) from 14.75 / 17.5 KB for a split that cannot get its nodes (out of memory)
// giving up instead of throwing halfway through a change (+0.06 KB), and every long loop of a
// frame's work moved into a function of its own, with nothing after it, which ended V8's
// deoptimization loops (see core/layout.ts): +0.13 KB (14.64 -> 14.83, 17.42 -> 17.66 gzipped).
// Raised on 2026-11-27 (stop 42) from 15 / 17.85 KB for the walks handing each box's numbers to
// their visitor in an array (the ray's entry, the sweep's time and normal, the nearest distance),
// with the index relaying to the caller's visitor, so that the World's raycast, castShape and
// nearest allocate nothing per box they look at (1-4 KB a call before, through a few thousand
// boxes): +0.25 KB gzipped (14.83 -> 15.08, 17.66 -> 17.90). Raised on 2026-11-27 (stop 49)
// from 15.25 / 18.1 KB for the pair walk's hits as one int32 (one store per box test) and the
// path for leaves of more than 65,536 rows that this needs (see pairs.ts, wideLeafPairs): +0.14
// KB gzipped (15.23 -> 15.37, 18.06 -> 18.19), for a pair pass at 0.92-0.94x the time.
// Raised on 2026-11-27 (stop 51) from 15.45 / 18.25 KB for the sort and sweep of a leaf's many
// handed-down boxes (see pairs.ts, sweepHanded): a row of boxes along a split line had its pairs
// tested all against all, 64M tests and 226x the time at 16,000 boxes: +0.43 KB gzipped
// (15.41 -> 15.84, 18.24 -> 18.65). (A Shell sort instead of the heapsort saved 0.05 KB and
// swept 1.4x slower.) Raised on 2026-11-28 (stop 52) from 18.7 KB for the Quadtree building its
// Map from items to ids only at the first lookup by object (an array insert into a new tree checks
// for repeats with a Set; an array insert after a clear compares with the cleared items as it
// reads them; a first fill one item at a time is kept back and filed as one array insert):
// 143-146 -> 97-100 bytes per item retained at 100k for trees filled by array inserts, 155 -> 100
// one item at a time, +0.25 KB gzipped (18.65 -> 18.90); then 19 -> 19.1 KB for the Quadtree's
// inserts, updates and refreshes moving into a class of their own (quadtree/staging.ts, so that
// Quadtree.ts reads in one sitting: 624 -> 404 lines), whose method names a minifier keeps:
// +0.1 KB gzipped (18.91 -> 19.01). Raised on 2026-11-28 (stop 53) from 15.9 / 19.1 KB for the
// sorted views of long internal runs (core/longRuns.ts) and the searches, rays, sweeps and
// nearest(k) going through them: a row of boxes along the root's midline (a floor at y = 0 in a
// world centred on the origin) was tested whole by every search near it, 55 us a small query and
// 210 us a ray at 16,000 tiles, now 5 and 2.4-3.2 us; a World with 8,000 such static tiles and
// 1,000 bodies stepped in 34.9 ms, now 0.88; forEachNearest's cursors along such a row (the
// World's nearest above it 279 -> 25 us); no cliff past 64 candidates (hits sorted back into slot
// order) nor for slanted unlimited rays (the segment clipped to the row's reach box), and nearest
// bounded across the row by its boxes' band, and NaN bounds read as none: +2.3 KB gzipped (15.85 -> 18.12,
// 19.03 -> 21.36). Raised again later that day (stop 54) from 18.15 / 21.4 KB: rays walk a
// row's view in their own direction and stop at the segment's end (a ray along a 16,000-tile
// floor 76-97 -> 0.44 us), rays, sweeps and forEachNearest lay a stale index out (an index only
// raycast never got a view: 267 -> 1.1 us a World raycast over a static floor), and views are
// checked and kept across layouts (100 queries a frame by a floor in an index where things move:
// 2.0 -> 0.26 ms): +0.44 KB gzipped (18.09 -> 18.53, 21.32 -> 21.78); and sortRows merging a few
// ascending runs instead of heapsorting them (the pair walk on an index with a 16,000-tile floor
// added in order, 2.64-2.70 -> 2.32 ms a frame): +0.19 (18.72, 21.97).
// The goal (8 KB for one index alone) is not met and is reported.
const entries = [
  ['Quadtree', 22.05 * KB, 8 * KB],
  ['QuadIndex', 18.8 * KB, 8 * KB],
  ['World', null, null],
  ['*', null, null],
];

const dist = fileURLToPath(new URL('../dist/index.js', import.meta.url));
if (!existsSync(dist)) {
  console.error('size: dist/index.js is missing; run `npm run build` first (or `npm run size`).');
  process.exit(1);
}
// The esbuild that tsup (our build) brings, resolved from tsup so it does not depend on hoisting.
const esbuild = createRequire(createRequire(import.meta.url).resolve('tsup'))('esbuild');
const exported = new Set(Object.keys(await import(dist)));
const source = fileURLToPath(new URL('../src/index.ts', import.meta.url));

/** Bundles `export { name } from file` (or `export *`) as an application would, in memory. */
function bundle(name, file) {
  const what = name === '*' ? '*' : `{ ${name} }`;
  return esbuild.build({
    stdin: { contents: `export ${what} from ${JSON.stringify(file)};`, resolveDir: process.cwd() },
    bundle: true,
    minify: true,
    treeShaking: true,
    format: 'esm',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
}

const format = (bytes) => `${(bytes / KB).toFixed(2)} KB`;
const rows = [];
const details = [];
let failed = false;
for (const [name, budget, goal] of entries) {
  const label = name === '*' ? 'everything' : name;
  if (name !== '*' && !exported.has(name)) {
    rows.push([label, '-', '-', 'not exported (skipped)']);
    continue;
  }
  const result = await bundle(name, dist);
  const code = result.outputFiles[0].contents;
  const gzipped = gzipSync(code, { level: 9 }).length;
  const over = budget !== null && gzipped > budget;
  failed ||= over;
  const missed = goal !== null && gzipped > goal ? `, over the ${format(goal)} goal` : '';
  const verdict =
    budget === null
      ? 'measured'
      : over
        ? `OVER the ${format(budget)} limit`
        : `ok (≤ ${format(budget)} limit${missed})`;
  rows.push([label, format(code.length), format(gzipped), verdict]);
  if (over) {
    // What the import drags in: dist is one file, so bundle the same import from the sources and
    // list the minified bytes each source module contributes (esbuild's metafile).
    const fromSource = await bundle(name, source);
    const inputs = Object.entries(Object.values(fromSource.metafile.outputs)[0].inputs);
    details.push(`${label}: ${format(gzipped)} gzipped; minified bytes per source module:`);
    for (const [input, { bytesInOutput }] of inputs.sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)) {
      if (bytesInOutput > 0) details.push(`  ${String(bytesInOutput).padStart(8)} B  ${input}`);
    }
  }
}

const header = ['import alone', 'minified', 'gzipped (-9)', 'result'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
console.log(line(header));
for (const row of rows) console.log(line(row));
if (failed) {
  console.error(`\n${details.join('\n')}\nsize: over budget.`);
  process.exit(1);
}
