/**
 * What the documentation's code samples take from the reader's own program: their sprite type
 * and list, a camera, input positions, drawing and game functions, a canvas context. Type-checked
 * samples see these as globals (test/samples.test.ts). Nothing here stands in for quadcollide:
 * every library name a sample uses, it imports.
 */

/** A game object with a box, a velocity and a flag (the migration guide's sprites). */
interface Sprite {
  x: number;
  y: number;
  width: number;
  height: number;
  vx: number;
  vy: number;
  hit: boolean;
}

/** The game's sprites, the ones it removes and moves, and its view. */
declare const sprites: Sprite[];
declare const dead: Sprite;
declare const player: Sprite;
declare const camera: { x: number; y: number; width: number; height: number };
/** The area of the game's world (the tuning guide's tree bounds). */
declare const bounds: { x: number; y: number; width: number; height: number };

/** Pointer, player, explosion and gun positions, and an aim direction. */
declare const mouseX: number;
declare const mouseY: number;
declare const playerX: number;
declare const playerY: number;
declare const bombX: number;
declare const bombY: number;
declare const gunX: number;
declare const gunY: number;
declare const dirX: number;
declare const dirY: number;

/** The game's own functions: movement, collision response and drawing. */
declare function move(sprites: Sprite[]): void;
declare function collide(a: Sprite, b: Sprite): void;
declare function draw(sprites: readonly Sprite[]): void;
declare function drawSprite(sprite: Sprite): void;
declare const ctx: CanvasRenderingContext2D;
