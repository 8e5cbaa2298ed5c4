/**
 * Every ```ts block of README.md and docs/*.md is a sample: all of them are type-checked together
 * in one strict TypeScript program, and the ones marked to run are run, their printed output
 * compared with what their comments say.
 *
 * Markers, in an HTML comment on the line before the block's fence (invisible on GitHub and in
 * TypeDoc):
 * - `<!-- sample: continues -->`: the block goes on from the previous ```ts block of the same
 *   file and sees its declarations. Each block sits in a scope of its own nested in the previous
 *   one, so it may declare a name again.
 * - `<!-- sample: run -->`: the block, after the blocks it continues, runs headless (tsx). A
 *   `console.log(...)` line ending in `// text` states one printed line: when a run sample states
 *   any, what it prints must be exactly those lines, in order.
 * - Both: `<!-- sample: continues, run -->`.
 *
 * Imports are single-line statements; they are hoisted and merged. `quadcollide` is the source,
 * src/index.ts. What samples take from the reader's own program (a sprite type, a camera, mouse
 * positions, a canvas context) is declared in test/samples/user-program.d.ts; pixi.js and phaser,
 * when not installed, are declared from their real signatures in test/samples/pixi.d.ts and
 * phaser.d.ts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const source = join(root, 'src/index.ts');

/**
 * Samples that are right but do not type-check because of a type in the library. Each entry
 * names the file, a piece of the markdown line the error is on, and the exact error; the test
 * checks that each still fails exactly so, so fix the type, then delete its entries here.
 */
/**
 * Samples that are expected to fail type-checking because of a known problem in the library's
 * types, each with its exact error; the test fails when one of them stops failing, so the list
 * cannot rot. Empty: a strict user program needs no `!` and no casts.
 */
const knownTypeErrors: { file: string; line: string; error: string }[] = [];

interface Sample {
  /** Markdown file, relative to the repository root. */
  file: string;
  /** 1-based line of the sample's first code line in that file. */
  line: number;
  code: string[];
  continues: boolean;
  run: boolean;
}

const markdownFiles = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];
const markdown = new Map(
  markdownFiles.map((file) => [file, readFileSync(join(root, file), 'utf8').split('\n')]),
);

function readSamples(file: string): Sample[] {
  const lines = markdown.get(file) ?? [];
  const samples: Sample[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^```ts\s*$/.test(lines[i])) continue;
    let before = i - 1;
    while (before >= 0 && lines[before].trim() === '') before--;
    const marker = /^<!--\s*sample:\s*(.*?)\s*-->$/.exec(lines[before]?.trim() ?? '');
    const flags = marker ? marker[1].split(/\s*,\s*/) : [];
    for (const flag of flags) {
      if (flag !== 'continues' && flag !== 'run') {
        throw new Error(`${file}:${before + 1}: unknown sample marker '${flag}' (continues, run)`);
      }
    }
    let end = i + 1;
    while (end < lines.length && !/^```\s*$/.test(lines[end])) end++;
    if (end === lines.length) throw new Error(`${file}:${i + 1}: the \`\`\`ts block is never closed`);
    samples.push({
      file,
      line: i + 2,
      code: lines.slice(i + 1, end),
      continues: flags.includes('continues'),
      run: flags.includes('run'),
    });
    i = end;
  }
  return samples;
}

/** Where a line of a generated file comes from: a markdown file and line, or the generator. */
type Origin = { file: string; line: number } | null;

/**
 * One TypeScript module for `samples` (a sample and those it continues): merged imports, then
 * each sample nested in the previous one's scope. `quadcollide` is replaced by `library`.
 */
function toModule(samples: Sample[], library: string): { text: string; origins: Origin[] } {
  const imports = new Map<string, { defaultName: string | null; named: Set<string>; origin: Origin }>();
  const body: string[] = [];
  const bodyOrigins: Origin[] = [];
  for (const sample of samples) {
    body.push(`{ // ${sample.file}:${sample.line}`);
    bodyOrigins.push(null);
    sample.code.forEach((line, k) => {
      const origin = { file: sample.file, line: sample.line + k };
      if (/^import\s/.test(line)) {
        const m = /^import\s+(type\s+)?(?:(\w+)\s*,?\s*)?(?:\{([^}]*)\})?\s*from\s*'([^']+)';?\s*$/.exec(
          line,
        );
        if (!m) throw new Error(`${origin.file}:${origin.line}: write this import on one line: ${line}`);
        const [, typeOnly, defaultName, named, from] = m;
        const entry = imports.get(from) ?? { defaultName: null, named: new Set<string>(), origin };
        if (defaultName) entry.defaultName = defaultName;
        for (const name of (named ?? '').split(',').map((s) => s.trim())) {
          if (name) entry.named.add(typeOnly && !name.startsWith('type ') ? `type ${name}` : name);
        }
        imports.set(from, entry);
        line = '';
      }
      body.push(line);
      bodyOrigins.push(origin);
    });
  }
  body.push(...samples.map(() => '}'));
  bodyOrigins.push(...samples.map(() => null));
  const head: string[] = [];
  const headOrigins: Origin[] = [];
  for (const [from, { defaultName, named, origin }] of imports) {
    const names = [...named].filter((n) => !(n.startsWith('type ') && named.has(n.slice(5))));
    const clause = [defaultName, names.length > 0 ? `{ ${names.join(', ')} }` : null]
      .filter(Boolean)
      .join(', ');
    head.push(`import ${clause} from ${JSON.stringify(from === 'quadcollide' ? library : from)};`);
    headOrigins.push(origin);
  }
  return {
    text: [...head, ...body, 'export {};', ''].join('\n'),
    origins: [...headOrigins, ...bodyOrigins, null, null],
  };
}

const samples = markdownFiles.flatMap(readSamples);
/** Each sample with the samples it continues, itself last. */
const chainOf = new Map<Sample, Sample[]>();
for (const [k, sample] of samples.entries()) {
  const previous = samples[k - 1];
  if (sample.continues && previous?.file !== sample.file) {
    throw new Error(`${sample.file}:${sample.line}: 'continues' on the first sample of the file`);
  }
  chainOf.set(sample, sample.continues ? [...(chainOf.get(previous) ?? []), sample] : [sample]);
}
const where = (s: Sample) => `${s.file}:${s.line}`;

const work = join(root, 'node_modules/.cache/quadcollide-samples');
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

describe('documentation samples', () => {
  it('are found in README.md and every guide', () => {
    for (const file of ['README.md', 'docs/getting-started.md', 'docs/game-loop.md']) {
      expect(samples.some((s) => s.file === file)).toBe(true);
    }
  });

  it('type-check (strict), except the known library type errors, which still fail as listed', () => {
    // One module per chain: a sample nobody continues, with the samples it continues.
    const continued = new Set(samples.map((s, k) => (s.continues ? samples[k - 1] : null)));
    const origins = new Map<string, Origin[]>();
    const files: string[] = [];
    for (const sample of samples) {
      if (continued.has(sample)) continue;
      const { text, origins: map } = toModule(chainOf.get(sample) ?? [], 'quadcollide');
      const path = join(work, `${sample.file.replace(/[/.]/g, '_')}_${sample.line}.ts`);
      writeFileSync(path, text);
      origins.set(path, map);
      files.push(path);
    }
    files.push(join(root, 'test/samples/user-program.d.ts'));
    for (const name of ['pixi.js', 'phaser']) {
      if (!existsSync(join(root, 'node_modules', name, 'package.json'))) {
        files.push(join(root, `test/samples/${name.replace('.js', '')}.d.ts`));
      }
    }

    // A user's strictest flags too: a sample copied into such a project must compile there.
    const program = ts.createProgram(files, {
      strict: true,
      noImplicitOverride: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: [],
      esModuleInterop: true,
      skipLibCheck: true,
      noEmit: true,
      paths: { quadcollide: [source] },
    });
    // (The library's own source, compiled here in place of its declarations, is checked by
    // `npm run typecheck` with the repository's flags, and its declarations under these flags by
    // scripts/check-package.mjs.)
    const inSource = (d: ts.Diagnostic) => d.file?.fileName.startsWith(join(root, 'src')) === true;
    const found = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => !inSource(d))
      .map((d) => {
        const error = `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
        if (!d.file || d.start === undefined) return { at: '(program)', file: '', text: '', error };
        const line = d.file.getLineAndCharacterOfPosition(d.start).line;
        const origin = origins.get(d.file.fileName)?.[line];
        if (!origin) return { at: `${d.file.fileName}:${line + 1}`, file: '', text: '', error };
        const text = markdown.get(origin.file)?.[origin.line - 1] ?? '';
        return { at: `${origin.file}:${origin.line}`, file: origin.file, text, error };
      });

    const matched = new Set<number>();
    const unexpected: string[] = [];
    for (const d of found) {
      const k = knownTypeErrors.findIndex(
        (known, i) =>
          !matched.has(i) && known.file === d.file && d.text.includes(known.line) && known.error === d.error,
      );
      if (k >= 0) matched.add(k);
      else unexpected.push(`${d.at}: ${d.error}`);
    }
    const stale = knownTypeErrors
      .filter((_, i) => !matched.has(i))
      .map(
        (known) =>
          `${known.file} "${known.line}": no longer fails with ${known.error}; remove it from the list`,
      );
    expect(unexpected).toEqual([]);
    expect(stale).toEqual([]);
  });

  const runnable = samples.filter((s) => s.run);
  it('include runnable ones', () => {
    expect(runnable.length).toBeGreaterThanOrEqual(3);
  });

  it.each(runnable.map((s) => [where(s), s] as const))(
    '%s runs and prints what its comments say',
    (_, sample) => {
      const chain = chainOf.get(sample) ?? [];
      const path = join(work, `run_${sample.file.replace(/[/.]/g, '_')}_${sample.line}.ts`);
      writeFileSync(path, toModule(chain, source).text);
      const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
      const output = execFileSync(process.execPath, [tsx, path], { cwd: root, encoding: 'utf8' });
      const printed = output.replace(/\n$/, '').split('\n');
      const stated = chain.flatMap((s) =>
        s.code.flatMap((line) => {
          const m = /console\.log\(.*\/\/ (.+)$/.exec(line);
          return m ? [m[1].trim()] : [];
        }),
      );
      if (stated.length > 0) expect(printed).toEqual(stated);
    },
  );
});
