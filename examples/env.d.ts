/// <reference types="vite/client" />

/** Numbers each example publishes on `window.__example` for the browser tests (and your console). */
interface ExampleHooks {
  /** the engine is running */
  ready: boolean;
  /** frames simulated so far */
  frames: number;
  /** collisions found so far (exact overlaps, summed over frames) */
  hits: number;
  [extra: string]: unknown;
}

interface Window {
  __example?: ExampleHooks;
}
