// Adds lockfile entries for other platforms' optional packages (esbuild, rollup and biome ship one
// native package per OS/CPU).
//
// Why: the npm registry reachable from this project's machines serves only the linux packages, so
// `npm install` here writes a lockfile without the darwin/win32/musl/... entries, and npm 11's
// `npm ci` then refuses that lockfile as "out of sync" (it expects every optional package the
// manifests name). The added entries carry the exact version and the os/cpu the package is for;
// npm ci skips them on other platforms and never downloads them. Idempotent: safe to run anytime.
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
if (added > 0) writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: ${added} entr${added === 1 ? 'y' : 'ies'} added`);
