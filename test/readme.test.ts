/** The README's examples must run as written and print what their comments say. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Runs the index-th ```ts block of the README against the source and returns its output lines. */
function runExample(index: number): string[] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]);
  expect(blocks.length).toBeGreaterThan(index);
  const source = blocks[index].replace(
    "from 'quadcollide'",
    `from ${JSON.stringify(join(root, 'src/index.ts'))}`,
  );
  const file = join(mkdtempSync(join(tmpdir(), 'quadcollide-readme-')), 'example.ts');
  writeFileSync(file, source);
  const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
  return execFileSync(process.execPath, [tsx, file], { encoding: 'utf8' }).trim().split('\n');
}

it('README usage example runs and prints the documented output', () => {
  expect(runExample(0)).toEqual(['hit 12 23', '2']);
});

it('README world example runs and prints what it says', () => {
  expect(runExample(1)).toEqual(['105', 'start hero floor', '3 floor 3']);
});
