import { expect } from 'vitest';
import { readFloor } from '../../src/vision/floor';
import { AUTO_RECORD_AT } from '../../src/vision/auto-record';
import type { TileSet } from '../../src/vision/tile-set';
import { benchFaces, makeScene } from '../../tools/vision/scene';

/** The floor read on these synthetic scenes: readings whose centre lies in a face of the tile
 *  they name (right), the others (wrong); none may be sure enough to record by itself. */
export const floorOn = (seeds: readonly number[], set: TileSet) => {
  const art = benchFaces();
  let right = 0,
    wrong = 0;
  for (const seed of seeds) {
    const scene = makeScene(art, seed);
    for (const f of readFloor(scene.frame, set)) {
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
