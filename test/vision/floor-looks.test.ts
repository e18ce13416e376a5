import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Tile } from '../../src/core/tiles';
import { floorLooks } from '../../src/vision/floor-looks';
import { describeTile, lookAt, rankKinds } from '../../src/vision/tile-set';
import { readJpeg } from '../../tools/vision/decode';
import { builtInSetFromDisk, useShippedNetFromDisk } from '../../tools/vision/network-disk';
import { photoRow } from '../../tools/vision/real-row';

// Real photographs (LICENSE.md in the folder), laid side by side on felt.
const FIX = 'test/fixtures/vision-real';
const read = (JSON.parse(readFileSync(join(FIX, 'read.json'), 'utf8')) as { file: string; tile: Tile }[]).map((e) => ({
  ...e,
  frame: readJpeg(join(FIX, e.file)),
}));
const set = builtInSetFromDisk();
const net = useShippedNetFromDisk();

describe('the looks of a whole frame', () => {
  const { frame, centres } = photoRow([read[0]!.frame, read[1]!.frame, read[2]!.frame], 6);
  const at = (i: number) => {
    const f = read[i]!.frame;
    return { cx: centres[i]![0], cy: centres[i]![1], angle: 0, width: f.width * 0.95, height: f.height * 0.95 };
  };

  it("reads a box as a single tile's box is read, and a box much the same as one read without looking again", () => {
    const looks = floorLooks(frame, set, net);
    const pose = at(1),
      r = looks.read(pose)!;
    // The same reading as the single tile's pipeline gives that box.
    const q = describeTile(frame, 'read', { ok: true, pose }, net);
    const single = q.ok ? rankKinds(q.d, set.entries, set.views)[0] : undefined;
    expect(r.best.tile).toBe(single?.tile);
    expect(r.best.confidence).toBeCloseTo(single!.confidence, 6);
    const cost = looks.looks();
    expect(cost).toBeGreaterThanOrEqual(net.members.length);
    // A box a pixel over is the same box to the reader: no more looks, the same reading.
    const again = looks.read({ ...pose, cx: pose.cx + 1 })!;
    expect(looks.known({ ...pose, cy: pose.cy + 1 })).toBe(true);
    expect(again.best).toEqual(r.best);
    expect(looks.looks()).toBe(cost);
    // A box on another face is read anew.
    expect(looks.known(at(2))).toBe(false);
    looks.read(at(2));
    expect(looks.looks()).toBeGreaterThan(cost);
  });

  it('reads the same pixels as a face upright and lying sideways as two boxes', () => {
    const looks = floorLooks(frame, set, net),
      pose = at(1);
    const upright = looks.read(pose)!,
      cost = looks.looks();
    // A quarter turn round: the same axis-aligned box, the art's upright axis across it.
    const sideways = { ...pose, angle: Math.PI / 2, width: pose.height, height: pose.width };
    expect(looks.known(sideways)).toBe(false);
    const r = looks.read(sideways)!;
    expect(looks.looks()).toBeGreaterThan(cost);
    expect(r.best.tile === upright.best.tile && r.best.confidence === upright.best.confidence).toBe(false);
    // Upside down is still the same box.
    expect(looks.known({ ...pose, angle: Math.PI })).toBe(true);
  });

  it("reads a box wider than tall in the face's own measure a quarter turn round too: a face's art is taller than wide, so its upright axis was taken the wrong way", () => {
    let right = 0;
    for (let i = 0; i < read.length; i++) {
      const three = [read[(i + read.length - 1) % read.length]!, read[i]!, read[(i + 1) % read.length]!];
      const { frame: f, centres: c } = photoRow(
          three.map((e) => e.frame),
          6,
        ),
        mid = read[i]!.frame;
      // The face's own box, its upright axis across it: as wide as the face is tall.
      const r = floorLooks(f, set, net).read({
        cx: c[1]![0],
        cy: c[1]![1],
        angle: Math.PI / 2,
        width: mid.height * 0.95,
        height: mid.width * 0.95,
      })!;
      if (r.best.tile === read[i]!.tile) right++;
    }
    // 12 of 12 today; 2 of 12 read as located alone (the art lying across the box).
    expect(right).toBeGreaterThanOrEqual(10);
  });

  it("glances at a box through the network's first member, and reading it in full then reuses that look", () => {
    const looks = floorLooks(frame, set, net),
      pose = at(0);
    const c = looks.glance(pose);
    expect(c).toBeGreaterThan(0);
    expect(c).toBeLessThanOrEqual(1);
    expect(looks.looks()).toBe(1); // upright photographs: no quarter turn to look at
    looks.read(pose);
    expect(looks.looks()).toBe(net.members.length);
  });

  it("says how closely a box's best kind matches that kind's taught shots, as the framed tile's look does", () => {
    const looks = floorLooks(frame, set, net);
    for (const i of [0, 1, 2]) {
      // Upright photographs, not nearly square: one look as located, as lookAt takes.
      const pose = at(i),
        r = looks.read(pose)!,
        single = lookAt(frame, pose, set, net);
      expect(r.best.tile).toBe(single.cands[0]!.tile);
      expect(r.closeness).toBeCloseTo(single.closeness, 5);
    }
    // Half a face matches its kind less closely than the whole face.
    const whole = looks.read(at(1))!,
      half = looks.read({ ...at(1), cy: at(1).cy - at(1).height / 4, height: at(1).height / 2 })!;
    expect(half.best.tile === whole.best.tile ? half.closeness : -1).toBeLessThan(whole.closeness);
  });
});
