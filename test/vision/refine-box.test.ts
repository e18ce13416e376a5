import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Tile } from '../../src/core/tiles';
import { crop, turn90, type Frame } from '../../src/vision/image';
import type { FacePose } from '../../src/vision/locate';
import { refineBox, refineBoxes } from '../../src/vision/refine-box';
import { readTile } from '../../src/vision/tile-set';
import { readJpeg } from '../../tools/vision/decode';
import { builtInSetFromDisk } from '../../tools/vision/network-disk';
import { photoRow } from '../../tools/vision/real-row';
import { benchFaces, makeScene, playerFrame, seeded } from '../../tools/vision/scene';

// Real photographs (LICENSE.md in the folder).
const FIX = 'test/fixtures/vision-real';
const read = (JSON.parse(readFileSync(join(FIX, 'read.json'), 'utf8')) as { file: string; tile: Tile }[]).map((e) => ({
  ...e,
  frame: readJpeg(join(FIX, e.file)),
}));
const set = await builtInSetFromDisk();

/** The largest distance of a box's side from the face's (a share of the face's size across it). */
const worstSide = (p: FacePose, cx: number, cy: number, w: number, h: number) =>
  Math.max(
    Math.abs(p.cx - p.width / 2 - (cx - w / 2)) / w,
    Math.abs(p.cx + p.width / 2 - (cx + w / 2)) / w,
    Math.abs(p.cy - p.height / 2 - (cy - h / 2)) / h,
    Math.abs(p.cy + p.height / 2 - (cy + h / 2)) / h,
  );

/** Of every tile of these synthetic scenes framed at its centre (1.6 times its size), how many
 *  are read right. */
const readCentred = async (seeds: readonly number[]) => {
  const art = benchFaces();
  let right = 0;
  for (const seed of seeds) {
    const scene = makeScene(art, seed);
    for (const {
      box: [x, y, w, h],
      tile,
    } of scene.tiles) {
      const size = Math.max(w, h) * 1.6;
      const r = await readTile(crop(scene.frame, x + w / 2 - size / 2, y + h / 2 - size / 2, size, size), set);
      if (r.ok && r.tile === tile) right++;
    }
  }
  return right;
};

describe("a face's box among neighbours", () => {
  it("leaves out the tile's own near side that a box took in (real photographs in a touching row)", async () => {
    let trimmed = 0;
    for (let i = 0; i < read.length; i++) {
      const trio = [read[(i + read.length - 1) % read.length]!.frame, read[i]!.frame, read[(i + 1) % read.length]!.frame];
      const { frame, centres } = photoRow(trio, 0);
      // Each tile's near side below its face: a thin darker line (the bevel's edge), then a pale plain band.
      const H = Math.max(...trio.map((t) => t.height));
      let x0 = 60;
      for (const t of trio) {
        const y0 = Math.round(60 + (H - t.height) / 2) + t.height;
        for (let y = y0; y < y0 + Math.round(0.15 * t.height); y++)
          for (let x = x0; x < x0 + t.width; x++)
            (frame as Frame & { data: Uint8ClampedArray }).data.set(
              y < y0 + 2 ? [140, 136, 118, 255] : [190, 184, 160, 255],
              (y * frame.width + x) * 4,
            );
        x0 += t.width;
      }
      const mid = read[i]!.frame,
        [cx, cy] = centres[1]!;
      const withSide: FacePose = { cx, cy: cy + 0.075 * mid.height, angle: 0, width: mid.width, height: 1.15 * mid.height };
      expect(worstSide(withSide, cx, cy, mid.width, mid.height)).toBeGreaterThan(0.14);
      if (worstSide(refineBox(frame, withSide), cx, cy, mid.width, mid.height) < 0.05) trimmed++;
    }
    // 8 of 12 within 5% of the photograph today (the rest keep part of the side).
    expect(trimmed).toBeGreaterThanOrEqual(7);
  });

  it('leaves out the near side of a tile lying sideways, a fifth of its face (real photographs turned sideways in a row)', async () => {
    let trimmed = 0;
    for (let i = 0; i < read.length; i++) {
      const trio = [read[(i + read.length - 1) % read.length]!, read[i]!, read[(i + 1) % read.length]!].map((e) => turn90(e.frame));
      const { frame, centres } = photoRow(trio, 0);
      // Each tile's near side below its face, a quarter of the face's height deep: a thin darker
      // line (the bevel's edge), then a pale plain band. With it the box is a fifth side, more
      // than a side moves at a time.
      const H = Math.max(...trio.map((t) => t.height));
      let x0 = 60;
      for (const t of trio) {
        const y0 = Math.round(60 + (H - t.height) / 2) + t.height;
        for (let y = y0; y < y0 + Math.round(0.25 * t.height); y++)
          for (let x = x0; x < x0 + t.width; x++)
            (frame as Frame & { data: Uint8ClampedArray }).data.set(
              y < y0 + 2 ? [140, 136, 118, 255] : [190, 184, 160, 255],
              (y * frame.width + x) * 4,
            );
        x0 += t.width;
      }
      const mid = trio[1]!,
        [cx, cy] = centres[1]!;
      // The face lies sideways: its box's upright axis runs across the frame, its width down it.
      const withSide: FacePose = { cx, cy: cy + 0.125 * mid.height, angle: -Math.PI / 2, width: 1.25 * mid.height, height: mid.width };
      // The box's lower side against the face's (a share of the face's height).
      const below = (p: FacePose) => Math.abs(p.cy + p.width / 2 - (cy + mid.height / 2)) / mid.height;
      expect(below(withSide)).toBeCloseTo(0.25);
      if (below(refineBoxes(frame, withSide).box) < 0.05) trimmed++;
    }
    // 9 of 12 today (the rest within 6%); 0 while a side further in than 16% of the box stayed
    // where it was.
    expect(trimmed).toBeGreaterThanOrEqual(8);
  });

  it('gives the whole face too when a box holds only part of it (real photographs in a row)', async () => {
    let whole = 0;
    for (let i = 0; i < read.length; i++) {
      const trio = [read[(i + read.length - 1) % read.length]!.frame, read[i]!.frame, read[(i + 1) % read.length]!.frame];
      const { frame, centres } = photoRow(trio, 6);
      const mid = read[i]!.frame,
        [cx, cy] = centres[1]!;
      // The face finder cut the face at a stroke of its art: the box holds its top or bottom 60%.
      for (const dv of [-0.2, 0.2]) {
        const part: FacePose = { cx, cy: cy + dv * mid.height, angle: 0, width: mid.width, height: 0.6 * mid.height };
        const boxes = Object.values(refineBoxes(frame, part));
        // Read upright or sideways alike: the whole face's box may stand either way round.
        if (
          boxes.some(
            (p) =>
              (Math.abs(Math.sin(p.angle)) > 0.7
                ? worstSide({ ...p, width: p.height, height: p.width }, cx, cy, mid.width, mid.height)
                : worstSide(p, cx, cy, mid.width, mid.height)) < 0.08,
          )
        )
          whole++;
      }
    }
    // 6 of these 24 today; none while each side moved 16% of the box at most.
    expect(whole).toBeGreaterThanOrEqual(5);
  });

  it('reads tiles right whose face the face finder boxed only in part (synthetic table scenes)', async () => {
    // 38 of the 42 of scenes 1009 and 1012 when both were tested; 36 with the face's part alone.
    // Scene 1009 alone: 19 of 21 today.
    expect(await readCentred([1009])).toBeGreaterThanOrEqual(19);
  });

  it('reads more tiles framed a little off centre right with each box put on its edges twice (synthetic table scenes)', async () => {
    const art = benchFaces(),
      rnd = seeded(99);
    let right = 0,
      n = 0;
    // Framed as the scene bench frames them: 1.6 times the tile, off centre by up to a tenth.
    for (const seed of [1000]) {
      const scene = makeScene(art, seed);
      for (const t of scene.tiles) {
        const r = await readTile(playerFrame(scene, t, rnd).frame, set);
        n++;
        if (r.ok && r.tile === t.tile) right++;
      }
    }
    // 324 of the 336 of scenes 1000-1015 when all were tested (bench/vision-dev.ts
    // dev_scene_right); 322 with each box put on its edges once.
    // Scene 1000 alone: all 21 today.
    expect(n).toBe(21);
    expect(right).toBe(21);
  });

  it("reads more framed tiles right with each box put on its face's edges (synthetic table scenes)", async () => {
    // 79 of the 84 of scenes 1003, 1012, 1013 and 1015 when all were tested (bench/vision-dev.ts
    // dev_centred_right); 75 with the face finder's boxes as they came.
    // Scene 1003 alone: all 21 today.
    expect(await readCentred([1003])).toBe(21);
  });
});
