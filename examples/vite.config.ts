import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const repo = fileURLToPath(new URL('..', import.meta.url));
const page = (name: string): string => fileURLToPath(new URL(`./${name}/index.html`, import.meta.url));

// The examples import 'quadcollide' exactly as an app would; here that name points at ../src so they
// always run the current code. Built next to the demo (demo/dist/examples/) so one server shows both.
export default defineConfig({
  root,
  base: './',
  publicDir: false,
  clearScreen: false,
  // Its own dependency cache: sharing the demo's (node_modules/.vite), the two dev servers running at
  // once overwrote each other's optimised dependencies and the PixiJS and Phaser pages stayed blank.
  cacheDir: fileURLToPath(new URL('../node_modules/.vite-examples', import.meta.url)),
  resolve: { alias: { quadcollide: fileURLToPath(new URL('../src/index.ts', import.meta.url)) } },
  server: { fs: { allow: [repo] } },
  build: {
    outDir: fileURLToPath(new URL('../demo/dist/examples', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
    // Phaser alone is about 1.4 MB minified; the examples are not size-optimised.
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      input: { index: page('.'), pixi: page('pixi'), phaser: page('phaser'), ecs: page('ecs') },
    },
  },
});
