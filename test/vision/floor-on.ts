import { expect } from 'vitest';
import { readFloor, type FloorReading } from '../../src/vision/floor';
import { AUTO_RECORD_AT } from '../../src/vision/auto-record';
import type { TileSet } from '../../src/vision/tile-set';
import { benchFaces, makeScene, type Scene } from '../../tools/vision/scene';

const art = benchFaces();
/** Each scene's floor read once per set in a file: several rules' cases share a scene. */
const readings = new WeakMap<TileSet, Map<number, { scene: Scene; floor: FloorReading[] }>>();

/** The floor read on these synthetic scenes: readings whose centre lies in a face of the tile
 *  they name (right), the others (wrong); none may be sure enough to record by itself. The
 *  figures over every development scene are bench/vision-dev.ts's. */
export const floorOn = (seeds: readonly number[], set: TileSet) => {
  const read = readings.get(set) ?? new Map<number, { scene: Scene; floor: FloorReading[] }>();
  readings.set(set, read);
  let right = 0,
    wrong = 0;
  for (const seed of seeds) {
    if (!read.has(seed)) {
      const scene = makeScene(art, seed);
      read.set(seed, { scene, floor: readFloor(scene.frame, set) });
    }
    const { scene, floor } = read.get(seed)!;
    for (const f of floor) {
      const cx = f.box[0] + f.box[2] / 2,
        cy = f.box[1] + f.box[3] / 2;
      const t = scene.tiles.find(({ box: [x, y, w, h] }) => cx > x && cx < x + w && cy > y && cy < y + h);
      if (t?.tile === f.tile) right++;
      else wrong++;
      expect(f.confidence).toBeLessThan(AUTO_RECORD_AT);
    }
  }
  return { right, wrong };
};
