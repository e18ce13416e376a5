import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Tile } from '../../src/core/tiles';
import { crop, makeFrame, type Frame } from '../../src/vision/image';
import { findNewDiscard } from '../../src/vision/new-discard';
import { readTile, teachSet, type TileSet } from '../../src/vision/tile-set';
import { AUTO_RECORD_AT } from '../../src/vision/auto-record';
import { readJpeg } from '../../tools/vision/decode';
import { benchFaces, makeScene } from '../../tools/vision/scene';
import { photoRow } from '../../tools/vision/real-row';
import { useShippedNetFromDisk } from '../../tools/vision/network-disk';

await useShippedNetFromDisk();

const faces = benchFaces(undefined, 60);
const small = {}; // full 1280x720 frames: faces in a smaller frame are too few pixels to part

/** The real photographs and the set taught on them, made once for both lights. */
let real: { read: { file: string; tile: Tile; frame: Frame }[]; set: TileSet } | undefined;
const realRow = async () => {
  const FIX = 'test/fixtures/vision-real';
  const load = (f: string) =>
    (JSON.parse(readFileSync(join(FIX, f), 'utf8')) as { file: string; tile: Tile }[]).map((e) => ({
      ...e,
      frame: readJpeg(join(FIX, e.file)),
    }));
  real ??= { read: load('read.json'), set: (await teachSet('fixtures', load('teach.json'))).set };
  return real;
};

describe('the new discard, from the frame before it was laid down', () => {
  it('finds the tile just laid among touching neighbours, upright or sideways', async () => {
    const after14 = makeScene(faces, 14, small);
    const firstSideways = after14.tiles.findIndex((t) => t.sideways);
    for (const [seed, k] of [
      [11, 3],
      [14, firstSideways],
    ] as const) {
      const after = seed === 14 ? after14 : makeScene(faces, seed, small);
      const before = makeScene(faces, seed, { ...small, leaveOut: k });
      const t = after.tiles[k]!;
      if (seed === 14) expect(t.sideways).toBe(true);
      const found = findNewDiscard(before.frame, after.frame);
      expect(found, `scene ${seed}, tile ${k}`).not.toBeNull();
      const [x, y, w, h] = t.box;
      expect(found!.pose.cx > x && found!.pose.cx < x + w && found!.pose.cy > y && found!.pose.cy < y + h, `scene ${seed}, tile ${k}`).toBe(
        true,
      );
    }
  });

  it('proposes nothing when nothing new lies there', async () => {
    const scene = makeScene(faces, 11, small);
    expect(findNewDiscard(scene.frame, scene.frame)).toBeNull();
  });

  it('proposes nothing when the light changed, even with a tile laid meanwhile', async () => {
    // The player's frame round one tile of a row: the region the camera compares.
    const scene = makeScene(faces, 11, small),
      [x, y, w, h] = scene.tiles[3]!.box,
      side = Math.max(w, h) * 1.6;
    const region = (f: Frame) => crop(f, x + w / 2 - side / 2, y + h / 2 - side / 2, side, side);
    const after = { frame: region(scene.frame) },
      before = { frame: region(makeScene(faces, 11, { ...small, leaveOut: 3 }).frame) };
    const lit = (f: Frame, k: number): Frame => ({ ...f, data: f.data.map((v, j) => (j % 4 === 3 ? v : v * k)) });
    expect(findNewDiscard(before.frame, after.frame)).not.toBeNull();
    // The room's light dimmed (a frame far too dark to read) or brightened, the tile laid or not.
    for (const k of [0.07, 0.5, 1.6]) {
      expect(findNewDiscard(before.frame, lit(after.frame, k)), `light x${k}`).toBeNull();
      expect(findNewDiscard(after.frame, lit(after.frame, k)), `light x${k}`).toBeNull();
    }
  });

  it.each([
    ['lit as its neighbours', 1],
    ['in shadow beside lit neighbours', 0.6],
  ])('finds, boxes and reads a real tile laid %s, in a frame of the whole row', async (_, light) => {
    // Real photographs (LICENSE.md in the folder), five to a row, touching, on felt: the middle one
    // laid last, perhaps darker than its lit neighbours (in the shadow of a hand or a rack). The
    // whole row is the region, shrunk to find the change and boxed again at full size.
    const { read, set } = await realRow();
    const dim = (f: Frame): Frame => ({ ...f, data: f.data.map((v, j) => (j % 4 === 3 ? v : v * light)) });
    const felt = (f: Frame): Frame => {
      const out = makeFrame(f.width, f.height);
      for (let i = 0; i < f.width * f.height; i++) out.data.set([40, 110, 60, 255], i * 4);
      return out;
    };
    let boxed = 0,
      right = 0;
    // One photograph laid last (bench/vision-real-scene.ts measures the new discard over many).
    for (const i of [0]) {
      const at = (d: number) => read[(i + d + read.length) % read.length]!.frame;
      const mid = read[i]!.frame;
      const after = photoRow([at(-2), at(-1), dim(mid), at(1), at(2)]);
      const before = photoRow([at(-2), at(-1), felt(mid), at(1), at(2)]);
      const [cx, cy] = after.centres[2]!;
      const laid = findNewDiscard(before.frame, after.frame);
      // The photograph is the face with a little of its side and background round it.
      if (
        laid &&
        Math.hypot(laid.pose.cx - cx, laid.pose.cy - cy) < 0.1 * mid.width &&
        Math.abs(laid.pose.angle) < 0.2 &&
        laid.pose.width / mid.width > 0.75 &&
        laid.pose.width / mid.width < 1.1 &&
        laid.pose.height / mid.height > 0.75 &&
        laid.pose.height / mid.height < 1.1
      )
        boxed++;
      const r = await readTile(after.frame, set, undefined, before.frame);
      if (r.ok && r.tile === read[i]!.tile) right++;
      if (r.ok) expect(r.confidence, read[i]!.file).toBeLessThan(AUTO_RECORD_AT);
    }
    // Of the 12 photographs, when all were tested: lit, 12 boxed and 12 read right; in shadow, 11
    // and 12. Before the change was judged against its own palest paper and boxed again at full
    // size: lit 12 and 10, in shadow 0 and 2.
    expect({ boxed, right }).toEqual({ boxed: 1, right: 1 });
  });
});
