/**
 * The part of Phaser's API the Phaser sample in docs/game-loop.md uses, with Phaser's own
 * signatures (types/phaser.d.ts: Scene, GameObjects.Image, Input.Keyboard, Cameras, Game). Used
 * only when phaser is not installed; when it is, the sample is checked against the real package.
 */
declare namespace Phaser {
  const AUTO: number;

  namespace GameObjects {
    class Image {
      x: number;
      y: number;
      displayWidth: number;
      displayHeight: number;
      originX: number;
      originY: number;
      destroy(): void;
    }
    class GameObjectFactory {
      image(x: number, y: number, texture: string): Image;
    }
  }
  namespace Geom {
    class Rectangle {
      x: number;
      y: number;
      width: number;
      height: number;
    }
  }
  namespace Cameras.Scene2D {
    class Camera {
      readonly worldView: Geom.Rectangle;
      startFollow(target: GameObjects.Image): this;
    }
    class CameraManager {
      main: Camera;
    }
  }
  namespace Input {
    namespace Keyboard {
      class Key {
        isDown: boolean;
      }
      interface CursorKeys {
        up: Key;
        down: Key;
        left: Key;
        right: Key;
        space: Key;
        shift: Key;
      }
      class KeyboardPlugin {
        createCursorKeys(): CursorKeys;
      }
    }
    class InputPlugin {
      keyboard: Keyboard.KeyboardPlugin | null;
    }
  }
  namespace Loader {
    class LoaderPlugin {
      image(key: string, url?: string): this;
    }
  }
  class Scene {
    cameras: Cameras.Scene2D.CameraManager;
    add: GameObjects.GameObjectFactory;
    input: Input.InputPlugin;
    load: Loader.LoaderPlugin;
    update(time: number, delta: number): void;
  }
  interface GameConfig {
    type?: number;
    width?: number;
    height?: number;
    scene?: typeof Scene | (typeof Scene)[];
  }
  class Game {
    constructor(config?: GameConfig);
  }
}

declare module 'phaser' {
  export = Phaser;
}
