import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeFrame, sample, shrink, type Frame } from '../../src/vision/image';
import { straighten } from '../../src/vision/embedding-input';
import { readJpeg } from '../../tools/vision/decode';

// The faster ways the whole floor is read (bench/vision-scene.ts floor_cpu_ms_per_frame_p50) give
// the very numbers the plain ways give, on real photographs (LICENSE.md in the folder).
const FIX = 'test/fixtures/vision-real';
const photos = (JSON.parse(readFileSync(join(FIX, 'read.json'), 'utf8')) as { file: string }[])
  .slice(0, 4)
  .map((e) => readJpeg(join(FIX, e.file)));
/** How many places two arrays differ at (toEqual on a photograph's worth of numbers is slow). */
const differ = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let n = Math.abs(a.length - b.length);
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) n++;
  return n;
};

describe("the floor's faster ways", () => {
  it('halves a frame rounding each mean of four as the clamped array rounds it', () => {
    for (const photo of photos) {
      const { frame, scale } = shrink(photo, Math.ceil(Math.max(photo.width, photo.height) / 2));
      expect(scale).toBe(2);
      const plain = makeFrame(frame.width, frame.height),
        d = photo.data,
        W = photo.width * 4;
      for (let y = 0; y < frame.height; y++)
        for (let x = 0; x < frame.width; x++)
          for (let c = 0; c < 4; c++) {
            const a = 2 * y * W + 8 * x + c;
            plain.data[(y * frame.width + x) * 4 + c] = (d[a]! + d[a + 4]! + d[a + W]! + d[a + W + 4]!) / 4;
          }
      expect(differ(frame.data, plain.data)).toBe(0);
    }
  });

  it("straightens a face as a bilinear sample of each colour (image.ts sample), past the frame's edge too", () => {
    const plain = (
      f: Frame,
      p: { cx: number; cy: number; angle: number; width: number; height: number },
      w: number,
      h: number,
      u0: number,
      v0: number,
      u1: number,
      v1: number,
    ) => {
      const out = makeFrame(w, h),
        c = Math.cos(p.angle),
        s = Math.sin(p.angle);
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++) {
          const u = (u0 + ((x + 0.5) / w) * (u1 - u0) - 0.5) * p.width,
            v = (v0 + ((y + 0.5) / h) * (v1 - v0) - 0.5) * p.height;
          const sx = p.cx + u * c - v * s,
            sy = p.cy + u * s + v * c;
          for (let k = 0; k < 3; k++) out.data[(y * w + x) * 4 + k] = sample(f, sx, sy, k);
          out.data[(y * w + x) * 4 + 3] = 255;
        }
      return out;
    };
    for (const photo of photos) {
      const { width: W, height: H } = photo;
      for (const p of [
        { cx: W / 2, cy: H / 2, angle: 0.13, width: 0.7 * W, height: 0.8 * H },
        { cx: 0.3 * W, cy: 0.6 * H, angle: -1.4, width: 0.9 * H, height: 1.1 * W },
      ])
        for (const [u0, v0, u1, v1] of [
          [0, 0, 1, 1],
          [-0.2, -0.2, 1.2, 1.2],
        ])
          expect(differ(straighten(photo, p, 48, 64, u0!, v0!, u1!, v1!).data, plain(photo, p, 48, 64, u0!, v0!, u1!, v1!).data)).toBe(0);
    }
  });
});
