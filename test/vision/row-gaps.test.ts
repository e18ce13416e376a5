import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Tile } from '../../src/core/tiles';
import { makeFrame, type Frame } from '../../src/vision/image';
import { readFloor } from '../../src/vision/floor';
import { rowGaps } from '../../src/vision/row-gaps';
import { AUTO_RECORD_AT } from '../../src/vision/auto-record';
import { readJpeg } from '../../tools/vision/decode';
import { builtInSetFromDisk } from '../../tools/vision/network-disk';
import { photoRow } from '../../tools/vision/real-row';
import { floorOn } from './floor-on';

// Real photographs (LICENSE.md in the folder), laid side by side on felt as tiles in a row.
const FIX = 'test/fixtures/vision-real';
const read = (JSON.parse(readFileSync(join(FIX, 'read.json'), 'utf8')) as { file: string; tile: Tile }[]).map((e) => ({
  ...e,
  frame: readJpeg(join(FIX, e.file)),
}));
const set = builtInSetFromDisk();
/** The photograph each real-photograph case is built round (bench/ reads them all). */
const PHOTO = 0;
const dim = (f: Frame, k: number): Frame => ({ ...f, data: f.data.map((v, j) => (j % 4 === 3 ? v : v * k)) });
const felt = (f: Frame): Frame => {
  const out = makeFrame(f.width, f.height);
  for (let i = 0; i < f.width * f.height; i++) out.data.set([40, 110, 60, 255], i * 4);
  return out;
};

/** The frame mirrored about its diagonal: rows across it run down it. */
const transpose = (f: Frame): Frame => {
  const out = makeFrame(f.height, f.width);
  for (let y = 0; y < f.height; y++)
    for (let x = 0; x < f.width; x++)
      out.data.set(f.data.subarray((y * f.width + x) * 4, (y * f.width + x) * 4 + 4), (x * f.height + y) * 4);
  return out;
};

describe('a face in a gap of its row', () => {
  it('finds a real tile at 35% of the brightness of the four touching it in a row (deep in shade), which every paleness bar misses, between its neighbours', () => {
    let right = 0,
      wrong = 0;
    for (const i of [PHOTO]) {
      const five = [0, 1, 2, 3, 4].map((d) => read[(i + d) % read.length]!);
      const { frame, centres } = photoRow(
        five.map((e, d) => (d === 2 ? dim(e.frame, 0.35) : e.frame)),
        0,
      );
      const floor = readFloor(frame, set);
      for (const f of floor) expect(f.confidence).toBeLessThan(AUTO_RECORD_AT);
      const at = (d: number) => (f: (typeof floor)[number]) =>
        Math.abs(f.box[0] + f.box[2] / 2 - centres[d]![0]) < five[d]!.frame.width / 2;
      if (floor.some((f) => at(2)(f) && f.tile === five[2]!.tile)) right++;
      wrong += floor.filter((f) => !five.some((e, d) => at(d)(f) && f.tile === e.tile)).length;
    }
    // Without looking in the rows' gaps: none of the 12 photographs (10 or more when all were tested).
    expect({ right, wrong }).toEqual({ right: 1, wrong: 0 });
  });

  it('finds two real tiles side by side at 35% of the brightness of those touching them, in a gap two faces wide, as two upright faces (not one lying sideways)', () => {
    let right = 0,
      wrong = 0;
    for (const i of [PHOTO]) {
      const six = [0, 1, 2, 3, 4, 5].map((d) => read[(i + d) % read.length]!);
      const { frame, centres } = photoRow(
        six.map((e, d) => (d === 2 || d === 3 ? dim(e.frame, 0.35) : e.frame)),
        0,
      );
      const floor = readFloor(frame, set);
      for (const f of floor) expect(f.confidence).toBeLessThan(AUTO_RECORD_AT);
      const at = (d: number) => (f: (typeof floor)[number]) => Math.abs(f.box[0] + f.box[2] / 2 - centres[d]![0]) < six[d]!.frame.width / 2;
      for (const d of [2, 3]) if (floor.some((f) => at(d)(f) && f.tile === six[d]!.tile)) right++;
      wrong += floor.filter((f) => !six.some((e, d) => at(d)(f) && f.tile === e.tile)).length;
    }
    // Read as one face lying sideways across the two: none of the 24 faces of the 12 rows, and 6
    // wrong readings (20 or more right and none wrong when all were tested).
    expect({ right, wrong }).toEqual({ right: 2, wrong: 0 });
  });

  it("finds dim grey faces between leaning neighbours, whose own boxes lean off the row, and reads a gap's box weakly read again on its face's edges (synthetic table scenes)", () => {
    const { right, wrong } = floorOn([1004], set);
    // Of scenes 1004, 1007, 1009 and 1015, with rows judged by each neighbour's own tilt, gaps'
    // boxes read only as found: 77 right, 0 wrong; 79 or more right now.
    // Scene 1004 alone: 21 right and none wrong today.
    expect(right).toBe(21);
    // A gap's face proposed on felt or between rows would be read wrong. (Over the four scenes two
    // sideways faces boxed short along their length read wrong once their near side is trimmed.)
    expect(wrong).toBe(0);
  });

  it('proposes no face in a face-wide stretch of bare felt between two tiles of a row', () => {
    const four = read.slice(0, 4).map((e) => e.frame);
    const { frame } = photoRow([four[0]!, four[1]!, felt(four[2]!), four[3]!], 0);
    const { centres } = photoRow(four, 0);
    const poses = centres
      .filter((_, d) => d !== 2)
      .map(([cx, cy], k) => {
        const f = four[k === 2 ? 3 : k]!;
        return { cx, cy, angle: 0, width: f.width, height: f.height };
      });
    expect(rowGaps(frame, poses)).toEqual([]);
    // The same row with the tile there: its gap is proposed, about where the tile lies.
    const { frame: whole } = photoRow(four, 0);
    const gaps = rowGaps(whole, poses);
    expect(gaps).toHaveLength(1);
    expect(Math.abs(gaps[0]!.cx - centres[2]![0])).toBeLessThan(0.1 * four[2]!.width);
  });

  it('proposes no face between two rows, where the tiles of the row behind show their pale near sides, and still finds a face missing from a row', () => {
    const four = read.slice(0, 4).map((e) => e.frame);
    const { frame: row, centres } = photoRow(four, 0, 0);
    // The row behind, its tiles' near sides (pale, about a face tall), the row in front.
    const W = row.width,
      H = row.height,
      side = Math.round(0.9 * H);
    const frame = makeFrame(W, 2 * H + side);
    frame.data.set(row.data, 0);
    for (let i = H * W; i < (H + side) * W; i++) frame.data.set([225, 215, 190, 255], i * 4);
    frame.data.set(row.data, (H + side) * W * 4);
    const poses = [0, H + side].flatMap((dy) =>
      centres.map(([cx, cy], k) => ({ cx, cy: cy + dy, angle: 0, width: four[k]!.width, height: four[k]!.height })),
    );
    expect(rowGaps(frame, poses)).toEqual([]);
    // Rows running down the frame (the camera at the table's side) are rows all the same.
    const turned = poses.map((p) => ({ ...p, cx: p.cy, cy: p.cx, angle: Math.PI / 2 }));
    expect(rowGaps(transpose(frame), turned)).toEqual([]);
    // A face missing from the row in front: its gap in that row is proposed, none across the rows.
    const gaps = rowGaps(
      frame,
      poses.filter((_, i) => i !== 6),
    );
    expect(gaps).toHaveLength(1);
    expect(Math.abs(gaps[0]!.cx - centres[2]![0])).toBeLessThan(0.1 * four[2]!.width);
    expect(Math.abs(gaps[0]!.cy - (H + side + centres[2]![1]))).toBeLessThan(0.1 * four[2]!.height);
    const across = rowGaps(
      transpose(frame),
      turned.filter((_, i) => i !== 6),
    );
    expect(across).toHaveLength(1);
    expect(Math.abs(across[0]!.cy - centres[2]![0])).toBeLessThan(0.1 * four[2]!.width);
  });
});
