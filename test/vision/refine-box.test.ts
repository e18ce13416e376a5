import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Tile } from '../../src/core/tiles';
import { turn90, type Frame } from '../../src/vision/image';
import type { FacePose } from '../../src/vision/locate';
import { refineBox, refineBoxes } from '../../src/vision/refine-box';
import { readJpeg } from '../../tools/vision/decode';
import { photoRow } from '../../tools/vision/real-row';

// Real photographs (LICENSE.md in the folder).
const FIX = 'test/fixtures/vision-real';
const read = (JSON.parse(readFileSync(join(FIX, 'read.json'), 'utf8')) as { file: string; tile: Tile }[]).map((e) => ({
  ...e,
  frame: readJpeg(join(FIX, e.file)),
}));

/** The largest distance of a box's side from the face's (a share of the face's size across it). */
const worstSide = (p: FacePose, cx: number, cy: number, w: number, h: number) =>
  Math.max(
    Math.abs(p.cx - p.width / 2 - (cx - w / 2)) / w,
    Math.abs(p.cx + p.width / 2 - (cx + w / 2)) / w,
    Math.abs(p.cy - p.height / 2 - (cy - h / 2)) / h,
    Math.abs(p.cy + p.height / 2 - (cy + h / 2)) / h,
  );

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
});
