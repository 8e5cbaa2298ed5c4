/**
 * The part of pixi.js 8's API the PixiJS sample in docs/game-loop.md uses, with pixi's own
 * signatures (lib/app/Application.d.ts, lib/assets/Assets.d.ts, lib/ticker/Ticker.d.ts,
 * lib/scene/sprite/Sprite.d.ts). Used only when pixi.js is not installed; when it is, the sample
 * is checked against the real package.
 */
declare module 'pixi.js' {
  export class Texture {}
  export class Container {
    x: number;
    y: number;
    width: number;
    height: number;
    visible: boolean;
    readonly position: { set(x: number, y?: number): void };
    get tint(): number;
    set tint(value: number | string);
    addChild<T extends Container>(child: T): T;
  }
  export class Sprite extends Container {
    constructor(texture?: Texture);
  }
  export class Ticker {
    deltaTime: number;
    deltaMS: number;
    add<T = unknown>(fn: (this: T, ticker: Ticker) => unknown, context?: T, priority?: number): this;
  }
  export interface ApplicationOptions {
    width: number;
    height: number;
    background: string | number;
  }
  export class Application {
    readonly stage: Container;
    readonly ticker: Ticker;
    get canvas(): HTMLCanvasElement;
    init(options?: Partial<ApplicationOptions>): Promise<void>;
  }
  export const Assets: {
    load<T = Texture>(url: string): Promise<T>;
  };
}
