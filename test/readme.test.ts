/** The README's first example must run as written and print what its comments say. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

it('README usage example runs and prints the documented output', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const example = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(example).toBeDefined();
  const source = (example as string).replace(
    "from 'quadcollide'",
    `from ${JSON.stringify(join(root, 'src/index.ts'))}`,
  );
  const file = join(mkdtempSync(join(tmpdir(), 'quadcollide-readme-')), 'example.ts');
  writeFileSync(file, source);
  const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
  const output = execFileSync(process.execPath, [tsx, file], { encoding: 'utf8' });
  expect(output.trim().split('\n')).toEqual(['hit 12 23', '2']);
});
