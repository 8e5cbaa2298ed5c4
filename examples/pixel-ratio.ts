/**
 * The screen's pixel ratio for the examples' canvases, and a way to hear when it changes: the window moved
 * to a screen of another density, or the page was zoomed. (The demo's shell does the same, in
 * demo/src/main.ts.)
 */

/** Device pixels per CSS pixel, capped at `max`: a canvas 3 or 4 times larger costs more than it shows. */
export function pixelRatio(max: number): number {
  return Math.min(window.devicePixelRatio || 1, max);
}

/**
 * Calls `onChange` after each change of the pixel ratio. A media query matches one ratio, so after every
 * change the listener moves to a query for the new one: else a second change (2× → 1× → 1.5×) would go
 * unnoticed.
 */
export function watchPixelRatio(onChange: () => void): void {
  const query = window.matchMedia?.(`(resolution: ${window.devicePixelRatio}dppx)`);
  query?.addEventListener?.(
    'change',
    () => {
      onChange();
      watchPixelRatio(onChange);
    },
    { once: true },
  );
}
