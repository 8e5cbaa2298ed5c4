#!/usr/bin/env node
// `npm start`: build the demo and the examples if needed, serve them on localhost and print the URL to open.
// It never launches a browser by itself (the machine may have no display); --open asks it to.
//   npm start                 build demo/dist (when missing or older than demo/, examples/, src/ or bench/results/) and serve it
//   npm start -- --dev        Vite dev server instead: the demo imports ../src directly and reloads on every edit
//                             (demo only; `npm run examples` is the same for the examples)
//   npm start -- --rebuild    force a fresh build
//   npm start -- --port 8080  choose the port (default 5173, the next free one if taken)
//   npm start -- --open       also open the default browser
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDemo, serveStatic } from '../demo/serve.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const portArg = args.includes('--port')
  ? Number(args[args.indexOf('--port') + 1])
  : Number(process.env.PORT || 5173);
const host = process.env.HOST || 'localhost';

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function banner(url, withExamples) {
  console.log('');
  console.log('  quadcollide demo is running. Open this URL in your browser:');
  console.log('');
  console.log(`  ➜  ${url}`);
  if (withExamples) console.log(`     ${url}examples/   (PixiJS, Phaser and ECS examples)`);
  console.log('');
  console.log(
    '  scenes: playground · camera · snake · shapes & rays · bullets · benchmark   (Ctrl+C to stop)',
  );
  console.log('');
}

function openBrowser(url) {
  const cmd = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'cmd' : 'xdg-open';
  const a = process.platform === 'win32' ? ['/c', 'start', '', url] : [url];
  spawn(cmd, a, { stdio: 'ignore', detached: true })
    .on('error', () => {})
    .unref();
}

async function listenFrom(start, tryListen) {
  for (let port = start; port < start + 20; port++) {
    try {
      return await tryListen(port);
    } catch (err) {
      if (err?.code !== 'EADDRINUSE') throw err;
    }
  }
  return tryListen(0);
}

async function serveBuilt() {
  const dist = join(repo, 'demo/dist/index.html');
  const stale =
    !existsSync(dist) ||
    !existsSync(join(repo, 'demo/dist/examples/index.html')) ||
    statSync(dist).mtimeMs <
      Math.max(
        newestMtime(join(repo, 'demo')),
        newestMtime(join(repo, 'examples')),
        newestMtime(join(repo, 'src')),
        newestMtime(join(repo, 'bench/results')),
      );
  if (stale || flag('--rebuild')) {
    console.log('building the demo (demo/dist)…');
    if (!buildDemo()) process.exit(1);
  }
  const { url } = await listenFrom(portArg, (port) =>
    serveStatic({ dir: join(repo, 'demo/dist'), port, host }),
  );
  return url;
}

async function serveDev() {
  const { createServer } = await import('vite');
  const server = await createServer({
    configFile: join(repo, 'demo/vite.config.ts'),
    server: { port: portArg, host, strictPort: false },
    logLevel: 'warn',
  });
  await server.listen();
  const url = server.resolvedUrls?.local?.[0] ?? `http://localhost:${server.config.server.port}/`;
  return url.replace('127.0.0.1', 'localhost');
}

let url;
let withExamples = true;
if (flag('--dev')) {
  withExamples = false;
  try {
    url = await serveDev();
  } catch (err) {
    console.error(`could not start the dev server (${err?.message ?? err}); serving a static build instead`);
    url = await serveBuilt();
    withExamples = true;
  }
} else url = await serveBuilt();
banner(url, withExamples);
if (flag('--open')) openBrowser(url);
