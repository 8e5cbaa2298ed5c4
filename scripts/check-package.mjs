// Checks the tarball `npm pack` would publish: the ESM, CJS and type entry points are there,
// nothing else sneaks in, and both module formats load and work.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const [report] = JSON.parse(
  execFileSync('npm', ['pack', '--dry-run', '--json'], { cwd: root, encoding: 'utf8' }),
);
const files = report.files.map((f) => f.path).sort();

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
  console.error(
    `package check failed.\n  missing: ${missing.join(', ') || '-'}\n  stray: ${stray.join(', ') || '-'}`,
  );
  process.exit(1);
}

const esm = await import(new URL('../dist/index.js', import.meta.url));
const cjs = createRequire(import.meta.url)('../dist/index.cjs');
for (const [format, lib] of [
  ['esm', esm],
  ['cjs', cjs],
]) {
  const tree = new lib.Quadtree({ x: 0, y: 0, width: 100, height: 100 });
  const a = { x: 10, y: 10, width: 10, height: 10 };
  const b = { x: 15, y: 15, width: 10, height: 10 };
  tree.insert([a, b]);
  if (tree.pairs().length !== 1) {
    console.error(`package check failed: the ${format} build does not find a pair`);
    process.exit(1);
  }
}
console.log(
  `package ok: ${files.length} files (${(report.size / 1024).toFixed(1)} kB packed), ESM and CJS load`,
);
