// Adds lockfile entries for other platforms' optional packages (esbuild, rollup and biome ship one
// native package per OS/CPU).
//
// Why: the npm registry reachable from this project's machines serves only the linux packages, so
// `npm install` here writes a lockfile without the darwin/win32/musl/... entries, and npm 11's
// `npm ci` then refuses that lockfile as "out of sync" (it expects every optional package the
// manifests name). The added entries carry the exact version and the os/cpu the package is for;
// npm ci skips them on other platforms and never downloads them. Idempotent: safe to run anytime.
//
// The file is written exactly as npm writes it (keys ordered as below), so a later `npm install`
// finds nothing to change and leaves the committed lockfile untouched.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
const OS = /(android|darwin|linux|win32|freebsd|openbsd|netbsd|sunos|aix|openharmony|cygwin)/;
const CPU = /(arm64|x64|ia32|arm|ppc64|s390x|riscv64|loong64|mips64el|wasm32)/;

let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(meta.optionalDependencies ?? {})) {
    const nested = `${path}/node_modules/${name}`;
    const top = `node_modules/${name}`;
    if (packages[nested] || packages[top]) continue;
    const entry = { version: spec.replace(/^[\^~=]/, ''), dev: true, optional: true };
    const os = OS.exec(name);
    const cpu = CPU.exec(name);
    if (os) entry.os = [os[1]];
    if (cpu) entry.cpu = [cpu[1]];
    if (/musl/.test(name)) entry.libc = ['musl'];
    // Hoisted next to the parent when the parent is nested, at the top otherwise.
    packages[path.includes('/node_modules/') ? nested : top] = entry;
    added++;
  }
}

// npm's own order (json-stringify-nice, as npm's arborist calls it): in every object, plain values
// and arrays before objects; within each group npm's preferred keys first, in this order, then the
// rest by English locale order. Without this, the appended entries would sit at the end of `packages`
// and the next `npm install` would move them, rewriting the whole file.
const preferred = [
  'name',
  'version',
  'lockfileVersion',
  'resolved',
  'integrity',
  'requires',
  'packages',
  'dependencies',
];
const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const rank = (key) => (preferred.includes(key) ? preferred.indexOf(key) : preferred.length);
function npmOrder(_key, value) {
  if (!isObject(value)) return value;
  const entries = Object.entries(value).sort(
    ([a, av], [b, bv]) =>
      isObject(av) - isObject(bv) ||
      rank(a) - rank(b) ||
      (rank(a) === preferred.length ? a.localeCompare(b, 'en') : 0),
  );
  return Object.fromEntries(entries);
}
const text = `${JSON.stringify(lock, npmOrder, 2)}\n`;
if (text !== readFileSync(file, 'utf8')) writeFileSync(file, text);
console.log(`complete-lockfile: ${added} entr${added === 1 ? 'y' : 'ies'} added`);
