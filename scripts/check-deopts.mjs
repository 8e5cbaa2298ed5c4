// Checks that no function of the built package falls into a deoptimization loop while a game
// drives it frame after frame. Node 20's V8 compiles a long loop while it runs (on-stack
// replacement), on the first call, and keeps re-entering that code on every later call: any code
// after the loop that had not yet run when it was compiled then deoptimizes on every call, each
// time throwing away work and allocating (the steady-state benchmark's "0 B per frame" failed on
// it). The source keeps every long loop the last thing its function does (see src/core/layout.ts);
// this check catches a function that does not. Whether a process falls into a loop depends on
// timing, so each scene runs in several processes.
//
// Usage: node scripts/check-deopts.mjs [--runs=3] [--frames=400] [--entry=dist/index.js]
// (npm run build first). Exits 1 when some library function deoptimized 20 times or more in one
// process, from the same compiled code.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const flag = (name, fallback) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const runs = Number(flag('runs', 3));
const frames = Number(flag('frames', 400));
const entry = flag('entry', 'dist/index.js');
const LOOP = 20;
const SCENES = ['rebuild', 'refresh', 'update', 'moveAll', 'move', 'world', 'continuous', 'queries'];

// The package's named functions and methods, minus the driver's own: anonymous functions and
// names the driver shares cannot be told apart in the trace, so they are not counted.
const named = (file) =>
  new Set(
    [
      ...readFileSync(file, 'utf8').matchAll(
        /(?:function\s+|^\s+(?:static\s+|get\s+|set\s+)?)([A-Za-z_$][\w$]*)\s*\(/gm,
      ),
    ].map((m) => m[1]),
  );
const driver = fileURLToPath(new URL('deopt-scenes.mjs', import.meta.url));
const own = named(driver);
const library = [...named(entry)].filter((name) => !own.has(name));
const isLibrary = new Set(library);

let loops = 0;
for (const scene of SCENES) {
  const found = [];
  for (let run = 0; run < runs; run++) {
    const trace = execFileSync(process.execPath, ['--trace-deopt', driver, scene, String(frames), entry], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    const counts = new Map();
    for (const m of trace.matchAll(
      /^\[bailout .*?deoptimizing 0x[0-9a-f]+ <JSFunction (\S*) .*?opt id (\d+)/gm,
    )) {
      if (!isLibrary.has(m[1])) continue;
      const key = `${m[1]} (code ${m[2]})`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    for (const [key, count] of counts) if (count >= LOOP) found.push(`${key} ×${count} in run ${run + 1}`);
  }
  loops += found.length;
  console.log(
    `${found.length === 0 ? 'ok  ' : 'FAIL'}  ${scene}: ${runs} processes × ${frames} frames${found.length ? `\n      ${found.join('\n      ')}` : ''}`,
  );
}
if (loops > 0) {
  console.error(
    `\n${loops} deoptimization loop(s): a long loop is followed by code in its function (see src/core/layout.ts)`,
  );
  process.exit(1);
}
console.log('\nno deoptimization loop in any scene');
