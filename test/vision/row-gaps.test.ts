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
const read = (JSON.parse(readFileSync(join(FIX, 'read.json'), 'utf8')) as { file: string; tile: Tile }[]).map((e) => ({ ...e, frame: readJpeg(join(FIX, e.file)) }));
const set = builtInSetFromDisk();
const dim = (f: Frame, k: number): Frame => ({ ...f, data: f.data.map((v, j) => (j % 4 === 3 ? v : v * k)) });
const felt = (f: Frame): Frame => {
  const out = makeFrame(f.width, f.height);
  for (let i = 0; i < f.width * f.height; i++) out.data.set([40, 110, 60, 255], i * 4);
  return out;
};

describe('a face in a gap of its row', () => {
  it('finds a real tile at 35% of the brightness of the four touching it in a row (deep in shade), which every paleness bar misses, between its neighbours', () => {
    let right = 0, wrong = 0;
    for (let i = 0; i < read.length; i++) {
      const five = [0, 1, 2, 3, 4].map((d) => read[(i + d) % read.length]!);
      const { frame, centres } = photoRow(five.map((e, d) => (d === 2 ? dim(e.frame, 0.35) : e.frame)), 0);
      const floor = readFloor(frame, set);
      for (const f of floor) expect(f.confidence).toBeLessThan(AUTO_RECORD_AT);
      const at = (d: number) => (f: (typeof floor)[number]) => Math.abs(f.box[0] + f.box[2] / 2 - centres[d]![0]) < five[d]!.frame.width / 2;
      if (floor.some((f) => at(2)(f) && f.tile === five[2]!.tile)) right++;
      wrong += floor.filter((f) => !five.some((e, d) => at(d)(f) && f.tile === e.tile)).length;
    }
    // Without looking in the rows' gaps: none of the 12.
    expect(right).toBeGreaterThanOrEqual(10);
    expect(wrong).toBe(0);
  });

  it('finds two real tiles side by side at 35% of the brightness of those touching them, in a gap two faces wide, as two upright faces (not one lying sideways)', () => {
    let right = 0, wrong = 0;
    for (let i = 0; i < read.length; i++) {
      const six = [0, 1, 2, 3, 4, 5].map((d) => read[(i + d) % read.length]!);
      const { frame, centres } = photoRow(six.map((e, d) => (d === 2 || d === 3 ? dim(e.frame, 0.35) : e.frame)), 0);
      const floor = readFloor(frame, set);
      for (const f of floor) expect(f.confidence).toBeLessThan(AUTO_RECORD_AT);
      const at = (d: number) => (f: (typeof floor)[number]) => Math.abs(f.box[0] + f.box[2] / 2 - centres[d]![0]) < six[d]!.frame.width / 2;
      for (const d of [2, 3]) if (floor.some((f) => at(d)(f) && f.tile === six[d]!.tile)) right++;
      wrong += floor.filter((f) => !six.some((e, d) => at(d)(f) && f.tile === e.tile)).length;
    }
    // Read as one face lying sideways across the two: none of the 24, and 6 wrong readings.
    expect(right).toBeGreaterThanOrEqual(20);
    expect(wrong).toBe(0);
  });

  it('finds dim grey faces between leaning neighbours, whose own boxes lean off the row, and reads a gap\'s box weakly read again on its face\'s edges (synthetic table scenes)', () => {
    const { right, wrong } = floorOn([1004, 1007, 1009, 1015], set);
    // Rows judged by each neighbour's own tilt, gaps' boxes read only as found: 77 right, 0 wrong.
    expect(right).toBeGreaterThanOrEqual(79);
    expect(wrong).toBeLessThanOrEqual(1);
  });

  it('proposes no face in a face-wide stretch of bare felt between two tiles of a row', () => {
    const four = read.slice(0, 4).map((e) => e.frame);
    const { frame } = photoRow([four[0]!, four[1]!, felt(four[2]!), four[3]!], 0);
    const { centres } = photoRow(four, 0);
    const poses = centres.filter((_, d) => d !== 2).map(([cx, cy], k) => {
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
});
