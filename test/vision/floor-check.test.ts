import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Tile } from '../../src/core/tiles';
import { countTiles } from '../../src/core/tileCounts';
import { readFloor, type FloorReading } from '../../src/vision/floor';
import { makeFrame, shrink, type Frame } from '../../src/vision/image';
import { checkFloor, floorCheckQuestion, floorCheckSentence, sureOnFloor } from '../../src/vision/floor-check';
import { readJpeg } from '../../tools/vision/decode';
import { builtInSetFromDisk, finderFromDisk } from '../../tools/vision/network-disk';
import { photoRow } from '../../tools/vision/real-row';
import { benchFaces, makeScene } from '../../tools/vision/scene';

const FIX = 'test/fixtures/vision-real';
const photos = (JSON.parse(readFileSync(join(FIX, 'read.json'), 'utf8')) as { file: string; tile: Tile }[]).map((e) => ({
  ...e,
  frame: readJpeg(join(FIX, e.file)),
}));
const set = await builtInSetFromDisk();
const finder = await finderFromDisk();

/** A row laid on a 1280x720 table of felt as a webcam sees it: faces about 85 pixels across,
 *  the row a third of the frame's width. */
const onTable = (row: Frame): Frame => {
  const small = shrink(row, 700).frame,
    out = makeFrame(1280, 720);
  for (let i = 0; i < 1280 * 720; i++) out.data.set([40, 110, 60, 255], i * 4);
  const x0 = Math.round((1280 - small.width) / 2),
    y0 = Math.round((720 - small.height) / 2);
  for (let y = 0; y < small.height; y++)
    out.data.set(small.data.subarray(y * small.width * 4, (y + 1) * small.width * 4), ((y0 + y) * 1280 + x0) * 4);
  return out;
};

// Real photographs of tiles (LICENSE.md in the folder) in rows on felt, as discards touching
// but for a thin seam, read untaught with the built-in set.
const rows = await Promise.all(
  [0, 1].map(async (copy) => {
    const six = photos.filter((_, i) => i % 2 === copy);
    const { frame } = photoRow(
      six.map((p) => p.frame),
      4,
    );
    return { tiles: six.map((p) => p.tile), floor: await readFloor(onTable(frame), set, finder) };
  }),
);

describe('the floor checked against the record', () => {
  it('agrees with a record that holds every tile on the floor', async () => {
    for (const { tiles, floor } of rows) {
      const c = checkFloor(floor, countTiles(tiles, []));
      expect(c.surplus).toEqual([]);
      expect(c.sure).toBeGreaterThanOrEqual(4); // most faces count: the check is not empty by being blind
      expect(floorCheckSentence(c)).toMatch(/^The floor agrees with the record/);
    }
  });

  it('names the tile a record left out, and marks where it lies', async () => {
    let named = 0,
      asked = 0;
    for (const { tiles, floor } of rows)
      for (let k = 0; k < tiles.length; k++) {
        const c = checkFloor(
          floor,
          countTiles(
            tiles.filter((_, i) => i !== k),
            [],
          ),
        );
        asked++;
        // Never a tile the record has: only the one left out, if any.
        expect(c.surplus.every((s) => s.tile === tiles[k])).toBe(true);
        if (c.surplus.length) {
          named++;
          // Every face of that kind is marked: which of them went untyped, the players know.
          const s = c.surplus[0]!,
            copies = tiles.filter((t) => t === s.tile).length;
          expect(s).toMatchObject({ seen: copies, recorded: copies - 1 });
          expect(s.boxes).toHaveLength(copies);
          expect(floorCheckSentence(c)).toContain(copies === 1 ? 'the record does not have' : `where the record has ${copies - 1}`);
        }
      }
    expect(named).toBeGreaterThanOrEqual(asked - 3);
  });

  it('counts the exposures as face up too: a tile called into an exposure is not missing', async () => {
    const { tiles, floor } = rows[0]!;
    const called = floor.find(sureOnFloor)!.tile;
    const rest = [...tiles];
    rest.splice(rest.indexOf(called), 1);
    expect(checkFloor(floor, countTiles(rest, [])).surplus.map((s) => s.tile)).toEqual([called]);
    expect(checkFloor(floor, countTiles(rest, [called])).surplus).toEqual([]);
  });

  it('on a whole synthetic table (touching, sideways, perspective), names no tile the record has', async () => {
    const scene = makeScene(benchFaces(), 2003);
    const floor = await readFloor(scene.frame, set, finder);
    const all = scene.tiles.map((t) => t.tile);
    expect(checkFloor(floor, countTiles(all, [])).surplus).toEqual([]);
    // Left out one at a time, many are named: 7 of 21 here by the learned finder and box refiner,
    // both trained on real material, which they read better than these renders
    // (bench/vision-scene.ts: floor_check_caught).
    let named = 0;
    for (let k = 0; k < all.length; k++)
      if (
        checkFloor(
          floor,
          countTiles(
            all.filter((_, i) => i !== k),
            [],
          ),
        ).surplus.some((s) => s.tile === all[k])
      )
        named++;
    expect(named).toBeGreaterThan(all.length / 4);
  });

  it('says when the tiles are too small in the picture to check, rather than that the floor agrees', async () => {
    const { tiles } = rows[0]!;
    const { frame } = photoRow(
      photos.filter((_, i) => i % 2 === 0).map((p) => p.frame),
      4,
    );
    const far = shrink(onTable(frame), 1280 / 3).frame; // faces about 28 pixels across
    const c = checkFloor(await readFloor(far, set, finder), countTiles(tiles.slice(1), []));
    expect(c.found).toBeGreaterThan(0);
    expect(c.surplus).toEqual([]);
    expect(floorCheckSentence(c)).toMatch(/^The tiles are too small in the picture to check/);
  });
});

describe('what the check says', () => {
  const reading = (tile: Tile, uncapped: number, closeness: number, size = 0.9): FloorReading => ({
    tile,
    confidence: Math.min(uncapped, 0.9),
    uncapped,
    closeness,
    size,
    box: [10, 20, 50, 66],
    angle: 0,
    runnersUp: [],
    score: 0.8,
  });

  it('counts only readings sure and close from face-sized boxes: a weak or loose one, or a small box, could be a neighbour or a piece', async () => {
    const floor = [reading('5D', 0.99, 0.95), reading('N', 0.9, 0.97), reading('R', 0.99, 0.9), reading('2D', 0.99, 0.95, 0.4)];
    const c = checkFloor(floor, countTiles([], []));
    expect(c).toMatchObject({ found: 4, sure: 1, small: 0 });
    expect(c.surplus.map((s) => s.tile)).toEqual(['5D']);
  });

  it('says how many the floor shows and how many the record has', async () => {
    const floor = [reading('5D', 0.99, 0.95), reading('5D', 0.99, 0.95), reading('F', 0.99, 0.95)];
    expect(floorCheckSentence(checkFloor(floor, countTiles(['5D'], [])))).toBe(
      'The floor shows 2 Five Dots where the record has 1 and a Flower the record does not have.',
    );
    expect(floorCheckQuestion(checkFloor(floor, countTiles(['5D'], [])))).toBe('Was a discard not typed? The tiles are marked below.');
    expect(floorCheckQuestion(checkFloor(floor.slice(2), countTiles([], [])))).toBe('Was a discard not typed? The tile is marked below.');
    expect(floorCheckQuestion(checkFloor(floor, countTiles(['5D', '5D', 'F'], [])))).toBe('');
    expect(floorCheckSentence(checkFloor([], countTiles(['5D'], [])))).toMatch(/^No tile faces found/);
  });
});
