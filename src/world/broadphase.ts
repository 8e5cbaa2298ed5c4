import { copyBox } from '../core/arrays.js';
import * as internal from '../core/internal.js';
import { OPTION_ALIASES, OPTION_NAMES } from '../core/options.js';
import { QuadIndex } from '../core/QuadIndex.js';
import { resize } from '../core/resize.js';
import type { QuadtreeOptions, Rect } from '../core/types.js';
import { doubles } from '../geometry/math.js';
import type { AABB, Shape } from '../geometry/shape.js';
import { describe, requireFinite, requireKnownOptions, requireRect } from '../shared/validate.js';
import type { Body } from './Body.js';
import type { WorldOptions } from './types.js';

/**
 * sync() re-files the dynamic side with one moveAll once at least 1/BATCH_FRACTION of its bodies
 * left their boxes. (At 10,000 moving shapes, with 40% re-filed each step, the batch took the
 * re-filing from 1.4 to 0.5 ms; one by one stays cheaper for a few movers among many.)
 */
const BATCH_FRACTION = 8;

/**
 * Doubles per proxy in {@link Side.pairData}: the tight box (4), then four int32s (2): category
 * and mask bits, the body's id and 1 for a sensor.
 */
export const PAIR_DATA = 6;
// Where those int32s sit in a record of Side.pairBits (2·PAIR_DATA int32s).
const CATEGORY = 8;
const MASK = 9;
const BODY_ID = 10;
const SENSOR = 11;

/** One side of the broad phase (dynamic or static bodies): an id index plus the bodies by proxy id. */
export class Side<U> {
  readonly index: QuadIndex;
  /** The body of each proxy id (undefined for free ids). */
  bodies: (Body<U> | undefined)[] = [];
  /**
   * The body's shape, by proxy id: the narrow phase reaches the shapes of a candidate pair without
   * reading the two bodies (see {@link pairData}).
   */
  shapes: (Shape | undefined)[] = [];
  /**
   * All the step needs of a candidate pair's bodies, one record of {@link PAIR_DATA} doubles per
   * proxy id, at PAIR_DATA·id: the shape's tight bounds (minX, minY, maxX, maxY; current after
   * every sync), then as int32s read through {@link pairBits} the body's category and mask bits,
   * its id and whether it is a sensor. Candidate pairs come in spatial order, random order for
   * proxy ids, so most of these reads miss the cache: one record keeps them to about one cache
   * line per proxy, and the bodies themselves are read only when a contact starts. The dynamic
   * side's pair walk compares these bounds (through {@link walkBoxes}), not the fat index boxes:
   * about half the pairs of fat boxes that overlap never reach the step.
   */
  pairData = new Float64Array(PAIR_DATA * 64);
  /** {@link pairData} as int32s, 2·PAIR_DATA per proxy id. */
  pairBits = new Int32Array(this.pairData.buffer);
  /**
   * Every live proxy's index box by proxy id, as the index holds it: sync checks the moved bodies
   * against it in the order they moved (about proxy order) rather than through the index's
   * slots, and hands it whole to `moveAll` when many bodies left their boxes at once.
   */
  fat = new Float64Array(4 * 64);
  /** The tight bounds again, in the index's slot order: the step's pair walk reads them there. */
  walkBoxes = new Float64Array(4 * 64);
  /**
   * The records of the live proxies' shapes (see geometry/record.ts), side by side: each shape of
   * this side keeps its record here (moved in by {@link holdRecord}) and recomputes it here when it
   * moves, so the narrow phase reads a candidate pair's two records, a few cache lines in one
   * array, rather than the two shapes (see contacts.ts). Proxy id's record has its header at
   * geo[geoAt[id]] and geoRoom[id] doubles of room there; the records lie in proxy order after
   * each re-packing. A plain array of doubles, like a lone shape's record, so that the narrow
   * phase reads one kind of array.
   */
  geo: number[] = doubles(512);
  geoAt = new Int32Array(64);
  private geoRoom = new Int32Array(64);
  private geoEnd = 0;
  /**
   * Per proxy id: where the contacts whose lower-id body is this proxy's body start in the contact
   * book's list of the last step (see ContactBook.record). Written by the book; stale for a body
   * without contacts, which the book detects.
   */
  contactFrom = new Int32Array(64);

  constructor(
    bounds: Rect,
    options: QuadtreeOptions,
    /** Whether this is the static bodies' side. */
    readonly isStatic: boolean,
  ) {
    this.index = new QuadIndex(bounds, options);
  }

  /**
   * Room for proxy id `id` in the per-id arrays. Every array is made before any is stored, so an
   * allocation that fails (out of memory) leaves the side as it was.
   */
  fit(id: number): void {
    const room = this.fat.length >> 2;
    if (id < room) return;
    const length = Math.max(id + 1, room * 2);
    const pairData = resize(Float64Array, this.pairData, PAIR_DATA * length, true);
    const fat = resize(Float64Array, this.fat, 4 * length, true);
    const walkBoxes = new Float64Array(4 * length);
    const geoAt = resize(Int32Array, this.geoAt, length, true);
    const geoRoom = resize(Int32Array, this.geoRoom, length, true);
    const contactFrom = resize(Int32Array, this.contactFrom, length, true);
    this.pairData = pairData;
    this.pairBits = new Int32Array(pairData.buffer);
    this.fat = fat;
    this.walkBoxes = walkBoxes;
    this.geoAt = geoAt;
    this.geoRoom = geoRoom;
    this.contactFrom = contactFrom;
  }

  /**
   * Keeps the record of proxy id's shape in {@link geo}: moves it in when it is not there (a new
   * proxy, or a polygon given more points, which gives its shape an array of its own again), and
   * notes where its header is. The shape's data must be current (`_sync()` called).
   */
  holdRecord(shape: Shape, id: number): void {
    if (shape._geo !== this.geo) {
      // Rounded up to 8 doubles, a cache line: a circle's record (7) then never straddles two
      // lines when the array starts on one.
      const room = (shape._recordLength() + 7) & ~7;
      this.geoRoom[id] = 0; // (its old room, if any, is left for the next re-packing to reclaim)
      if (this.geoEnd + room > this.geo.length) this.repackRecords(room);
      shape._moveRecord(this.geo, this.geoEnd);
      this.geoRoom[id] = room;
      this.geoEnd += room;
    }
    this.geoAt[id] = shape._recordAt;
  }

  /** Gives the shape of proxy id, whose body leaves, its record back in an array of its own. */
  releaseRecord(shape: Shape, id: number): void {
    if (shape._geo === this.geo) shape._moveRecord(doubles(shape._recordLength()), 0);
    this.geoRoom[id] = 0;
  }

  /**
   * Moves the records held, in proxy order, into a new array with room for them, `extra` more
   * doubles, and as much again (so that re-packing is rare), and their shapes with them.
   */
  private repackRecords(extra: number): void {
    const rooms = this.geoRoom;
    let live = 0;
    for (let id = 0; id < rooms.length; id++) live += rooms[id];
    const to = doubles(Math.max(512, 2 * (live + extra)));
    let end = 0;
    for (let id = 0; id < rooms.length; id++) {
      const room = rooms[id];
      if (room === 0) continue;
      const shape = this.shapes[id] as Shape;
      if (shape._geo !== this.geo) {
        // Its record left its room for an array of its own (a polygon given more points) and may
        // no longer fit it: holdRecord brings it back, with the room it needs now.
        rooms[id] = 0;
        continue;
      }
      shape._moveRecord(to, end);
      this.geoAt[id] = shape._recordAt;
      end += room;
    }
    this.geo = to;
    this.geoEnd = end;
  }

  /** Copies the body's current shape bounds `b` into {@link pairData}. */
  writeTight(body: Body<U>, b: Readonly<AABB> = body.shape.bounds): void {
    const o = PAIR_DATA * body._proxy;
    const data = this.pairData;
    data[o] = b.minX;
    data[o + 1] = b.minY;
    data[o + 2] = b.maxX;
    data[o + 3] = b.maxY;
  }

  /** Copies the body's id, category and mask bits and sensor flag into {@link pairData}. */
  writeFlags(body: Body<U>): void {
    const o = 2 * PAIR_DATA * body._proxy;
    this.pairBits[o + CATEGORY] = body._category;
    this.pairBits[o + MASK] = body._mask;
    this.pairBits[o + BODY_ID] = body._id;
    this.pairBits[o + SENSOR] = body.isSensor ? 1 : 0;
  }

  /** Proxy id's category bits, as an int32. */
  category(id: number): number {
    return this.pairBits[2 * PAIR_DATA * id + CATEGORY];
  }

  /** Proxy id's mask bits, as an int32. */
  mask(id: number): number {
    return this.pairBits[2 * PAIR_DATA * id + MASK];
  }

  /** The id of proxy id's body. */
  bodyId(id: number): number {
    return this.pairBits[2 * PAIR_DATA * id + BODY_ID];
  }

  /** 1 when proxy id's body is a sensor, else 0. */
  sensor(id: number): number {
    return this.pairBits[2 * PAIR_DATA * id + SENSOR];
  }
}

/**
 * The world's broad phase: dynamic and static bodies in two {@link QuadIndex}es (static–static
 * pairs are then never even enumerated, which matters for tile maps), each body one proxy id whose
 * box is the shape's bounds grown by the margin (a "fat" box: small moves cost nothing).
 *
 * Bodies tell the world when their shape changes; they wait in `moved` until {@link sync}, which
 * every step and every query runs first, so the index always answers for where bodies are now.
 */
export class BroadPhase<U> {
  readonly dynamic: Side<U>;
  readonly statics: Side<U>;
  /** Bodies whose shape changed since the last sync (each once: see Body._moved). */
  private moved: Body<U>[] = [];
  private movedCount = 0;
  /** New fat boxes of the moved bodies that left theirs, computed and checked before any is stored. */
  private staged = new Float64Array(64);
  private stagedBodies: Body<U>[] = [];
  /** The proxy ids of the dynamic bodies among them, when sync re-files them in one batch. */
  private stagedIds = new Int32Array(64);
  /** How many of the bodies sync() staged are dynamic (see {@link stageMoved}). */
  private stagedDynamic = 0;
  /** Proxies re-filed because their body left its box, since the world was made. */
  indexMoves = 0;
  /** How far dynamic bodies' boxes extend beyond their shapes (see {@link WorldOptions.margin}). */
  readonly margin: number = 0;

  /** Reads the world's options: the margin here, the rest passed to both indexes. */
  constructor(options: WorldOptions) {
    requireWorldOptions(options);
    // Every option and bounds field read once (a getter may answer differently the second time),
    // so that both indexes get the same, checked values.
    const { bounds, margin: given, ...indexOptions } = options as WorldOptions;
    const margin = given === undefined ? 2 : given;
    requireFinite(margin, 'margin');
    if (margin < 0) throw new RangeError(`margin must be ≥ 0, got ${margin}`);
    for (const key of OPTION_NAMES) {
      if (indexOptions[key] === undefined) delete indexOptions[key];
    }
    if (bounds === null || typeof bounds !== 'object') requireRect(bounds, 'options.bounds');
    const area = { x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height };
    // Another library's box shape: the message says what to pass.
    if (area.width === undefined) requireRect(bounds, 'options.bounds');
    this.dynamic = new Side<U>(area, indexOptions, false);
    this.statics = new Side<U>(area, indexOptions, true);
    this.margin = margin;
  }

  side(body: Body<U>): Side<U> {
    return body.isStatic ? this.statics : this.dynamic;
  }

  /** Adds a body's proxy; throws (changing nothing) when its box is not finite. */
  insert(body: Body<U>): void {
    const box = this.fatBox(body, this.staged, 0);
    const side = this.side(body);
    // Room first: add() hands out an id below idSpan + 1, and a failed allocation must find the
    // body not yet in the index.
    side.fit(internal.idSpan(side.index));
    const id = side.index.add(box[0], box[1], box[2], box[3]);
    side.bodies[id] = body;
    side.shapes[id] = body.shape;
    body._proxy = id;
    side.writeFlags(body);
    side.writeTight(body);
    side.holdRecord(body.shape, id);
    copyBox(box, 0, side.fat, id << 2);
  }

  remove(body: Body<U>): void {
    const side = this.side(body);
    side.index.remove(body._proxy);
    side.releaseRecord(body.shape, body._proxy);
    side.bodies[body._proxy] = undefined;
    side.shapes[body._proxy] = undefined;
    body._proxy = -1;
    if (body._moved) {
      // Out of the moved list too (swapped with its last entry), so that bodies added, moved and
      // removed between two steps do not pile up in it.
      const i = body._movedIndex;
      const last = this.moved[--this.movedCount];
      this.moved[i] = last;
      last._movedIndex = i;
      this.moved[this.movedCount] = undefined as unknown as Body<U>;
      body._moved = false;
      body._movedIndex = -1;
    }
  }

  /** Copies a body's filter bits and sensor flag after they changed. */
  refilter(body: Body<U>): void {
    this.side(body).writeFlags(body);
  }

  /** Notes that a body's shape changed (called through the shape's owner hook). */
  markMoved(body: Body<U>): void {
    body._moved = true;
    body._movedIndex = this.movedCount;
    this.moved[this.movedCount++] = body;
  }

  /**
   * Brings every moved body's proxy up to date. All new boxes are computed and checked before
   * any is stored: a body whose bounds overflowed throws a RangeError naming it, and the index
   * and the moved list are as before the call.
   */
  sync(): void {
    const count = this.movedCount;
    if (count === 0) return;
    // (Each pass over the moved bodies is the last thing its method does: see core/layout.ts.)
    const staged = this.stageMoved(count);
    // Everything checked: commit. When many dynamic bodies left their boxes (a crowd on the
    // move), re-filing them one by one costs more than re-filing them from the fat array and then
    // laying all the boxes out from it in one streaming pass, as moveAll does (only the bodies
    // that left their boxes are re-filed: every other box in the array is the one it was filed
    // with).
    const dynamic = this.dynamic;
    const stagedDynamic = this.stagedDynamic;
    // (Measured against the ids handed out, which moveAll reads through, not the live count: they
    // differ in a world that once held many more bodies.)
    const batch = stagedDynamic * BATCH_FRACTION >= internal.idSpan(dynamic.index) && !dynamic.index.busy;
    if (batch && this.stagedIds.length < stagedDynamic) {
      this.stagedIds = new Int32Array(Math.max(stagedDynamic, 2 * this.stagedIds.length));
    }
    const listed = this.commitStaged(staged, batch);
    if (batch) internal.moveListedChecked(dynamic.index, dynamic.fat, this.stagedIds, listed);
    this.indexMoves += staged;
    this.movedCount = 0;
    this.forgetMoved(count);
  }

  /**
   * sync()'s check: copies each moved body's tight bounds and record, and stages the index box of
   * each that left its box (in {@link staged} and {@link stagedBodies}, counting the dynamic ones
   * in {@link stagedDynamic}); throws, storing nothing in the index, when a box is not finite.
   * Returns how many were staged.
   */
  private stageMoved(count: number): number {
    let staged = 0;
    this.stagedDynamic = 0;
    for (let i = 0; i < count; i++) {
      const body = this.moved[i];
      const b = body.shape.bounds;
      const side = this.side(body);
      // The tight bounds are copied now, while the shape is in the cache (the copy is only read
      // by a step's pair pass, which runs after a sync that did not throw).
      side.writeTight(body, b);
      side.holdRecord(body.shape, body._proxy);
      const fat = side.fat;
      const o = body._proxy << 2;
      if (b.minX >= fat[o] && b.minY >= fat[o + 1] && b.maxX <= fat[o + 2] && b.maxY <= fat[o + 3]) continue;
      if (this.staged.length < 4 * (staged + 1)) this.growStaged(staged + 1);
      this.fatBox(body, this.staged, 4 * staged);
      this.stagedBodies[staged++] = body;
      if (!body.isStatic) this.stagedDynamic++;
    }
    return staged;
  }

  /**
   * sync()'s commit of the `staged` boxes: re-files each body (or, with `batch`, lists its proxy in
   * {@link stagedIds} for one moveAll-like pass) and stores its new fat box. Returns how many it listed.
   */
  private commitStaged(staged: number, batch: boolean): number {
    const dynamic = this.dynamic;
    let listed = 0;
    for (let k = 0; k < staged; k++) {
      const body = this.stagedBodies[k];
      const side = this.side(body);
      const o = body._proxy << 2;
      if (batch && side === dynamic) this.stagedIds[listed++] = body._proxy;
      else internal.moveFrom(side.index, body._proxy, this.staged, 4 * k);
      copyBox(this.staged, 4 * k, side.fat, o);
      this.stagedBodies[k] = undefined as unknown as Body<U>;
    }
    return listed;
  }

  /** Clears the moved list's first `count` entries and their bodies' marks. */
  private forgetMoved(count: number): void {
    for (let i = 0; i < count; i++) {
      const body = this.moved[i];
      body._moved = false;
      body._movedIndex = -1;
      this.moved[i] = undefined as unknown as Body<U>;
    }
  }

  /**
   * Writes the body's index box (its shape's bounds grown by the margin; none for static bodies)
   * into out[o … o + 3]; throws a RangeError when it is not finite.
   */
  private fatBox(body: Body<U>, out: Float64Array, o: number): Float64Array {
    const b = body.shape.bounds;
    const m = body.isStatic ? 0 : this.margin;
    const minX = b.minX - m;
    const minY = b.minY - m;
    const maxX = b.maxX + m;
    const maxY = b.maxY + m;
    if (!(minX - minX === 0 && minY - minY === 0 && maxX - maxX === 0 && maxY - maxY === 0)) {
      // (A shape's bounds are finite: its position is, and it reaches at most 1e75 from it. It is
      // the margin that can take them past the largest float.)
      const which = body._id < 0 ? 'the body being added' : `body ${body._id}`;
      throw new RangeError(
        `${which}: its index box, its bounds (${b.minX}, ${b.minY}, ${b.maxX}, ${b.maxY}) grown by the margin ${m}, ` +
          'is not finite; keep positions and the margin within ±1e300',
      );
    }
    out[o] = minX;
    out[o + 1] = minY;
    out[o + 2] = maxX;
    out[o + 3] = maxY;
    return out;
  }

  private growStaged(boxes: number): void {
    this.staged = resize(Float64Array, this.staged, Math.max(4 * boxes, this.staged.length * 2), true);
  }
}

/** Option names a World takes, and other libraries' names for them. */
const WORLD_OPTIONS = ['bounds', 'margin', ...OPTION_NAMES];
const WORLD_ALIASES: Readonly<Record<string, string>> = { ...OPTION_ALIASES, padding: 'margin' };

/**
 * Throws unless `options` is an object of World options only (keys checked, values not read: the
 * constructor reads each once). A rectangle passed as the options, as `new Quadtree(bounds)` takes
 * it, gets told where the rectangle goes.
 */
function requireWorldOptions(options: unknown): void {
  if (options === null || typeof options !== 'object') {
    throw new TypeError(
      `options must be an object with the world's bounds, e.g. new World({ bounds: { x: 0, y: 0, width: 800, height: 600 } }), got ${describe(options)}`,
    );
  }
  if (!('bounds' in options) && 'width' in options && 'height' in options) {
    throw new TypeError(
      'options must hold the rectangle as bounds: write new World({ bounds: rect }), not new World(rect)',
    );
  }
  requireKnownOptions(options, 'options', WORLD_OPTIONS, WORLD_ALIASES);
}
