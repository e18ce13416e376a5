import { describe, expect, it } from 'vitest';
import { fitFrame, makeFrame, type Frame } from '../../src/vision/image';
import { readFloor } from '../../src/vision/floor';
import { builtInSetFromDisk, finderFromDisk } from '../../tools/vision/network-disk';
import { benchFaces, makeScene } from '../../tools/vision/scene';

/** The frame made k times larger (nearest pixel): a phone's photograph of the table. */
const grow = (f: Frame, k: number): Frame => {
  const W = f.width * k,
    H = f.height * k,
    out = makeFrame(W, H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const j = (Math.floor(y / k) * f.width + Math.floor(x / k)) * 4;
      out.data.set(f.data.subarray(j, j + 4), (y * W + x) * 4);
    }
  return out;
};

describe('a frame larger than a webcam is read scaled down', () => {
  it('fits it within 1920x1080 pixels, and leaves a webcam frame alone', async () => {
    const wide = fitFrame(makeFrame(3840, 2160));
    expect([wide.frame.width, wide.frame.height, wide.scale]).toEqual([1920, 1080, 0.5]);
    const square = fitFrame(makeFrame(2153, 2153));
    expect(square.frame.width * square.frame.height).toBeLessThanOrEqual(1920 * 1080);
    expect(square.frame.width).toBe(square.frame.height);
    for (const [w, h] of [
      [1280, 720],
      [1920, 1080],
    ]) {
      const webcam = makeFrame(w!, h!);
      expect(fitFrame(webcam).frame).toBe(webcam);
    }
  });

  it('keeps a uniform colour through the resampling', async () => {
    const f = makeFrame(2571, 1447);
    for (let i = 0; i < f.width * f.height; i++) f.data.set([200, 100, 50, 255], i * 4);
    const { frame } = fitFrame(f);
    expect(Array.from(frame.data.subarray(4 * 1000, 4 * 1000 + 4))).toEqual([200, 100, 50, 255]);
  });

  it("reports the floor's faces in the large frame's own pixels", async () => {
    const scene = makeScene(benchFaces(), 1000);
    const readings = await readFloor(grow(scene.frame, 2), await builtInSetFromDisk(), await finderFromDisk());
    const centred = readings.filter((r) => {
      const cx = (r.box[0] + r.box[2] / 2) / 2,
        cy = (r.box[1] + r.box[3] / 2) / 2;
      return scene.tiles.some(({ box: [x, y, w, h] }) => cx > x && cx < x + w && cy > y && cy < y + h);
    });
    expect(readings.length).toBeGreaterThan(scene.tiles.length / 2);
    expect(centred.length).toBe(readings.length);
  });
});
