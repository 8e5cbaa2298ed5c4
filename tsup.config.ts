import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  // @internal members (the layers' own hooks: Shape._sync, Body._proxy, ...) stay out of the
  // published types, so an editor offers users only the API.
  dts: { compilerOptions: { stripInternal: true } },
  sourcemap: true,
  clean: true,
  target: 'es2022',
  treeshake: true,
});
