// Proves the tarball a user would install: `npm pack` (whose prepack script builds dist/), then a
// fresh project outside the repository installs the .tgz and uses it the ways users do: ESM
// import, CommonJS require, and TypeScript (strict) with node16/nodenext and bundler resolution.
// Each check exercises the API: two overlapping boxes make one pair; two bodies make one contact.
//
// Usage: node scripts/check-package.mjs [--keep] (--keep leaves the temporary project for a look).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = join(root, 'node_modules/typescript/bin/tsc');
const keep = process.argv.includes('--keep');
const work = mkdtempSync(join(tmpdir(), 'quadcollide-package-'));

let failures = 0;
function check(title, run) {
  try {
    const detail = run();
    console.log(`ok    ${title}${detail ? `: ${detail}` : ''}`);
  } catch (error) {
    failures++;
    const output = [error.stdout, error.stderr].filter(Boolean).join('\n').trim();
    console.error(`FAIL  ${title}\n${(output || String(error.message ?? error)).replace(/^/gm, '      ')}`);
  }
}
const run = (command, args, cwd) =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

// 1. Pack, from a checkout without dist/: the tarball's dist/ must come from the prepack script,
// as it does on a fresh clone. Build output printed by prepack precedes npm's JSON report.
rmSync(join(root, 'dist'), { recursive: true, force: true });
const packDir = join(work, 'pack');
mkdirSync(packDir);
const packed = run('npm', ['pack', '--json', '--pack-destination', packDir], root);
const [report] = JSON.parse(packed.slice(packed.search(/^\[/m)));
const tarball = join(packDir, report.filename);
const files = report.files.map((f) => f.path).sort();

check('tarball contents', () => {
  const required = [
    'package.json',
    'README.md',
    'LICENSE',
    'dist/index.js',
    'dist/index.cjs',
    'dist/index.d.ts',
    'dist/index.d.cts',
  ];
  const allowed = /^(package\.json|README\.md|LICENSE|dist\/index\.(js|cjs|d\.ts|d\.cts)(\.map)?)$/;
  const missing = required.filter((f) => !files.includes(f));
  const stray = files.filter((f) => !allowed.test(f));
  if (missing.length > 0 || stray.length > 0) {
    throw new Error(`missing: ${missing.join(', ') || '-'}\nstray: ${stray.join(', ') || '-'}`);
  }
  return `${files.length} files, ${(report.size / 1024).toFixed(1)} kB packed (${report.filename})`;
});

// 2. A fresh project that knows nothing of the repository. Zero runtime dependencies, so the
// install needs no network.
const app = join(work, 'app');
mkdirSync(app);
writeFileSync(
  join(app, 'package.json'),
  `${JSON.stringify({ name: 'quadcollide-user', version: '1.0.0', private: true }, null, 2)}\n`,
);
check('npm install <tarball> --offline in a fresh project', () => {
  run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--no-package-lock', tarball], app);
  const resolved = run(process.execPath, ['-p', "require.resolve('quadcollide')"], app).trim();
  if (!resolved.startsWith(join(app, 'node_modules', 'quadcollide'))) {
    throw new Error(`quadcollide resolves to ${resolved}, not to the installed copy`);
  }
  return relative(app, resolved);
});

// The same checks in every format. `lib` is the module namespace; QuadIndex is checked once the
// package exports it.
const usage = `
const tree = new lib.Quadtree({ x: 0, y: 0, width: 100, height: 100 });
tree.insert([
  { x: 10, y: 10, width: 10, height: 10 },
  { x: 15, y: 15, width: 10, height: 10 },
]);
let pairs = 0;
tree.forEachPair(() => {
  pairs++;
});
if (pairs !== 1) throw new Error('Quadtree.forEachPair found ' + pairs + ' pairs, expected 1');

const world = new lib.World({ bounds: { x: 0, y: 0, width: 100, height: 100 } });
world.add(new lib.Body(new lib.Circle(50, 50, 10)));
world.add(new lib.Body(new lib.Box(55, 40, 20, 20), { isStatic: true }));
world.step();
if (world.contacts.length !== 1) throw new Error('World.step found ' + world.contacts.length + ' contacts, expected 1');

// Every exported class and function carries its own name (console.log and stack traces show it):
// the bundler renames one that names itself in its body (class _Body) or shares a name inside.
const misnamed = Object.entries(lib)
  .filter(([name, value]) => typeof value === 'function' && value.name !== name)
  .map(([name, value]) => name + ' is named ' + value.name);
if (misnamed.length > 0) throw new Error('exports with another name: ' + misnamed.join(', '));

let indexed = 'QuadIndex not exported (skipped)';
if ('QuadIndex' in lib) {
  const index = new lib.QuadIndex({ x: 0, y: 0, width: 100, height: 100 });
  const a = index.add(10, 10, 20, 20);
  const b = index.add(15, 15, 25, 25);
  let found = 0;
  index.forEachPair((p, q) => {
    if ((p === a && q === b) || (p === b && q === a)) found++;
  });
  if (found !== 1) throw new Error('QuadIndex.forEachPair found the pair ' + found + ' times, expected once');
  indexed = 'QuadIndex 1 pair';
}
console.log('Quadtree 1 pair, World 1 contact, ' + indexed);
`;
writeFileSync(join(app, 'esm.mjs'), `import * as lib from 'quadcollide';\n${usage}`);
writeFileSync(join(app, 'cjs.cjs'), `'use strict';\nconst lib = require('quadcollide');\n${usage}`);
check('ESM: import from an .mjs file', () => run(process.execPath, ['esm.mjs'], app).trim());
check('CommonJS: require from a .cjs file', () => run(process.execPath, ['cjs.cjs'], app).trim());

// 3. TypeScript, strict, against the installed declarations (skipLibCheck off, so the .d.ts files
// themselves must type-check). The same typed program is compiled as ESM (.mts), as CommonJS
// (.cts) and with bundler resolution (.ts).
const typed = `
import { Body, Box, Circle, Quadtree, World } from 'quadcollide';
import type { BodyContact, QuadtreeOptions, Rect } from 'quadcollide';

interface Sprite extends Rect {
  name: string;
}
const options: QuadtreeOptions = { maxObjects: 8 };
const tree = new Quadtree<Sprite>({ x: 0, y: 0, width: 100, height: 100 }, options);
tree.insert([
  { name: 'a', x: 10, y: 10, width: 10, height: 10 },
  { name: 'b', x: 15, y: 15, width: 10, height: 10 },
]);
const names: string[] = [];
tree.forEachPair((a, b) => {
  names.push(a.name + b.name);
});

const world = new World<string>({ bounds: { x: 0, y: 0, width: 100, height: 100 } });
world.add(new Body(new Circle(50, 50, 10), { userData: 'ball' }));
world.add(new Body(new Box(55, 40, 20, 20), { isStatic: true, userData: 'wall' }));
world.step();
const contacts: readonly BodyContact<string>[] = world.contacts;
const depth: number = contacts.length > 0 ? contacts[0].depth : 0;
export const result = { names, depth };
`;
const compilerOptions = {
  strict: true,
  noEmit: true,
  skipLibCheck: false,
  target: 'ES2022',
  lib: ['ES2022'],
  types: [],
};
writeFileSync(join(app, 'check.mts'), typed);
writeFileSync(join(app, 'check.cts'), typed);
writeFileSync(join(app, 'check.ts'), typed);
const tsconfig = (name, options, include) =>
  writeFileSync(
    join(app, name),
    `${JSON.stringify({ compilerOptions: { ...compilerOptions, ...options }, files: include }, null, 2)}\n`,
  );
tsconfig('tsconfig.node16.json', { module: 'node16', moduleResolution: 'node16' }, [
  'check.mts',
  'check.cts',
]);
tsconfig('tsconfig.nodenext.json', { module: 'nodenext', moduleResolution: 'nodenext' }, [
  'check.mts',
  'check.cts',
]);
tsconfig('tsconfig.bundler.json', { module: 'esnext', moduleResolution: 'bundler' }, ['check.ts']);
// The public API's typing rules (variance of World<U> and Body<U>, visitors that return anything,
// options that take an explicit undefined) under every strict flag a consumer may set.
writeFileSync(join(app, 'consumer.ts'), readFileSync(join(root, 'test/types/consumer.ts'), 'utf8'));
tsconfig(
  'tsconfig.strictest.json',
  {
    module: 'esnext',
    moduleResolution: 'bundler',
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
  },
  ['consumer.ts'],
);
for (const [config, what] of [
  [
    'tsconfig.strictest.json',
    'bundler, exactOptionalPropertyTypes and noUncheckedIndexedAccess (test/types/consumer.ts)',
  ],
  ['tsconfig.node16.json', 'node16 (.mts as ESM, .cts as CommonJS)'],
  ['tsconfig.nodenext.json', 'nodenext (.mts as ESM, .cts as CommonJS)'],
  ['tsconfig.bundler.json', 'bundler'],
]) {
  check(`TypeScript strict, ${what}`, () => {
    run(process.execPath, [tsc, '-p', config], app);
    // Which declaration file each format got: d.ts for import, d.cts for require.
    const listed = run(process.execPath, [tsc, '-p', config, '--listFilesOnly'], app).split('\n');
    const used = listed
      .filter((file) => file.includes('/node_modules/quadcollide/'))
      .map((file) => relative(join(app, 'node_modules/quadcollide'), file));
    return `resolved to ${[...new Set(used)].join(' and ')}`;
  });
}

// The layers' own hooks (Shape._sync, Body._proxy, ...) are tagged @internal and left out of the
// published types (tsup's stripInternal), so an editor's completion offers users only the API.
check('published types hold no @internal member', () => {
  const leaked = [];
  for (const file of ['index.d.ts', 'index.d.cts']) {
    const text = readFileSync(join(app, 'node_modules/quadcollide/dist', file), 'utf8');
    for (const m of text.matchAll(/^\s+(?:readonly |static |get |set )*(_\w+)[(:?<]/gm))
      leaked.push(`${file}: ${m[1]}`);
    if (text.includes('@internal')) leaked.push(`${file}: an @internal comment`);
  }
  if (leaked.length > 0) throw new Error(leaked.join('\n'));
  return 'none in index.d.ts and index.d.cts';
});

if (keep || failures > 0) console.log(`kept ${work}`);
else rmSync(work, { recursive: true, force: true });
if (failures > 0) {
  console.error(`\npackage check: ${failures} check${failures === 1 ? '' : 's'} failed`);
  process.exit(1);
}
console.log('\npackage check: the tarball installs and works as ESM, CommonJS and TypeScript');
