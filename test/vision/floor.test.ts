import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Tile } from '../../src/core/tiles';
import { makeFrame, type Frame } from '../../src/vision/image';
import { readTile } from '../../src/vision/tile-set';
import { readFloor } from '../../src/vision/floor';
import { AUTO_RECORD_AT } from '../../src/vision/auto-record';
import { readJpeg } from '../../tools/vision/decode';
import { builtInSetFromDisk, finderFromDisk } from '../../tools/vision/network-disk';
import { benchFaces, makeScene } from '../../tools/vision/scene';

// Real photographs (LICENSE.md in the folder), laid side by side on felt as tiles in a row.
const FIX = 'test/fixtures/vision-real';
const read = (JSON.parse(readFileSync(join(FIX, 'read.json'), 'utf8')) as { file: string; tile: Tile }[]).map((e) => ({
  ...e,
  frame: readJpeg(join(FIX, e.file)),
}));
const set = await builtInSetFromDisk();
const finder = await finderFromDisk();
/** Photographs in a row on green felt, a thin shadow between each two (the seam of touching tiles). */
const row = (frames: Frame[], margin = 60, seam = 4): Frame => {
  const H = Math.max(...frames.map((f) => f.height)) + 2 * margin;
  const W = frames.reduce((s, f) => s + f.width + seam, 2 * margin - seam);
  const out = makeFrame(W, H);
  for (let i = 0; i < W * H; i++) out.data.set([40, 110, 60, 255], i * 4);
  let x0 = margin;
  for (const f of frames) {
    const y0 = margin + (H - 2 * margin - f.height) / 2;
    for (let y = 0; y < f.height; y++) out.data.set(f.data.subarray(y * f.width * 4, (y + 1) * f.width * 4), ((y0 + y) * W + x0) * 4);
    x0 += f.width + seam;
  }
  return out;
};

describe('among neighbours', () => {
  it('a face picked out from among touching real tiles is proposed, never recorded by itself', async () => {
    const frame = row([read[0]!.frame, read[1]!.frame, read[2]!.frame]);
    const r = await readTile(frame, set);
    expect(r.ok).toBe(true);
    expect(r.ok && r.confidence).toBeLessThan(AUTO_RECORD_AT);
  });

  it('finds faces of the floor with their boxes, on a synthetic table scene with exact truth', async () => {
    const scene = makeScene(benchFaces(undefined, 60), 7);
    const floor = await readFloor(scene.frame, set, finder);
    const onFace = floor.filter((f) => {
      const cx = f.box[0] + f.box[2] / 2,
        cy = f.box[1] + f.box[3] / 2;
      return scene.tiles.find((t) => cx > t.box[0] && cx < t.box[0] + t.box[2] && cy > t.box[1] && cy < t.box[1] + t.box[3]);
    });
    // What it does today (bench/vision-scene.ts has the figures): most boxes lie on a real face,
    // 14 of the 21 are read right (8 under one paleness bar, 10 reading each face's boxes under
    // three), none is sure enough to record by itself.
    expect(onFace.length / floor.length).toBeGreaterThan(0.6);
    const right = floor.filter((f) =>
      scene.tiles.some(
        (t) =>
          t.tile === f.tile &&
          f.box[0] + f.box[2] / 2 > t.box[0] &&
          f.box[0] + f.box[2] / 2 < t.box[0] + t.box[2] &&
          f.box[1] + f.box[3] / 2 > t.box[1] &&
          f.box[1] + f.box[3] / 2 < t.box[1] + t.box[3],
      ),
    );
    expect(right.length).toBeGreaterThanOrEqual(9);
    for (const f of floor) expect(f.confidence).toBeLessThan(AUTO_RECORD_AT);
  });
});
