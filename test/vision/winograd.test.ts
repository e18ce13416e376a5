import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { embedWith, shippedNet } from '../../src/vision/embedding';
import { NET_H, NET_W, netInput, netPose } from '../../src/vision/embedding-input';
import { locateTile } from '../../src/vision/locate-tight';
import { straighten } from '../../src/vision/features';
import { convBlock } from '../../src/vision/winograd';
import type { Layer } from '../../src/vision/network-file';
import { useShippedNetFromDisk } from '../../tools/vision/network-disk';
import { readJpeg } from '../../tools/vision/decode';

useShippedNetFromDisk();

/** The plain convolution block PyTorch runs (3x3, zero padding, bias, ReLU, 2x2 max pooling), in
 *  doubles, one multiply-add per tap: what Winograd's method must reproduce. */
const plainBlock = (x: Float64Array, cin: number, h: number, w: number, l: Layer): Float64Array => {
  const out = new Float64Array(l.out * (h >> 1) * (w >> 1));
  const at = (i: number, r: number, c: number) => (r < 0 || c < 0 || r >= h || c >= w ? 0 : x[(i * h + r) * w + c]!);
  for (let o = 0; o < l.out; o++)
    for (let r = 0; r < h; r += 2)
      for (let c = 0; c < w; c += 2) {
        let best = -Infinity;
        for (const [dr, dc] of [
          [0, 0],
          [0, 1],
          [1, 0],
          [1, 1],
        ] as const) {
          let s = l.b[o]!;
          for (let i = 0; i < cin; i++)
            for (let a = 0; a < 3; a++)
              for (let b = 0; b < 3; b++) s += l.w[((o * cin + i) * 3 + a) * 3 + b]! * at(i, r + dr + a - 1, c + dc + b - 1);
          best = Math.max(best, s);
        }
        out[(o * (h >> 1) + (r >> 1)) * (w >> 1) + (c >> 1)] = Math.max(0, best);
      }
  return out;
};

/** A member's embedding by plain convolutions and the dense layer, in doubles. */
const plainEmbedding = (input: Float32Array, layers: readonly Layer[]): Float64Array => {
  let x: Float64Array = new Float64Array(input),
    h = NET_H,
    w = NET_W,
    c = 3;
  for (const l of layers) {
    if (l.kind === 'conv') {
      x = plainBlock(x, c, h, w, l);
      c = l.out;
      h >>= 1;
      w >>= 1;
    } else {
      const y = new Float64Array(l.out);
      for (let o = 0; o < l.out; o++) {
        let s = l.b[o]!;
        for (let i = 0; i < l.in; i++) s += l.w[o * l.in + i]! * x[i]!;
        y[o] = s;
      }
      x = y;
    }
  }
  const k = 1 / Math.hypot(...x);
  return x.map((v) => v * k);
};

const photo = (file: string) => readJpeg(join('test/fixtures/vision-real', file));
const photos = (JSON.parse(readFileSync('test/fixtures/vision-real/read.json', 'utf8')) as { file: string }[]).slice(0, 3);

describe("the reading network's convolutions by Winograd's method", () => {
  it('give what the plain convolution gives, block by block, to within a rounding of a double', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    for (const l of shippedNet().members[0]!) if (l.kind === 'conv') expect(l.in === 3 || l.in % 8 === 0).toBe(true);
    // Every block of the shipped network at its own size, and planes whose sides are not
    // multiples of four (by F(2x2, 3x3)).
    let h = NET_H,
      w = NET_W,
      c = 3;
    const shapes: [Layer, number, number][] = [];
    for (const l of shippedNet().members[0]!) {
      if (l.kind !== 'conv') break;
      shapes.push([l, h, w]);
      h >>= 1;
      w >>= 1;
      c = l.out;
    }
    const last = shapes.at(-1)![0];
    shapes.push([last, 6, 10], [last, 2, 6]);
    expect(c).toBe(64);
    for (const [l, hh, ww] of shapes) {
      const x = Float64Array.from({ length: l.in * hh * ww }, () => Math.max(0, rnd()));
      const want = plainBlock(x, l.in, hh, ww, l),
        got = convBlock(x, l.in, hh, ww, l);
      const scale = Math.max(...want);
      expect(got.length).toBe(want.length);
      for (let i = 0; i < want.length; i++)
        expect(Math.abs(got[i]! - want[i]!), `${l.in}->${l.out} ${hh}x${ww} at ${i}`).toBeLessThan(1e-12 * scale);
    }
  });

  it('give the same embedding of real photographs as plain convolutions, to within a float32 rounding', () => {
    for (const { file } of photos) {
      const frame = photo(file),
        at = locateTile(frame);
      expect(at.ok, file).toBe(true);
      if (!at.ok) continue;
      const input = netInput(straighten(frame, netPose(at.pose), NET_W, NET_H));
      for (const member of shippedNet().members) {
        const want = plainEmbedding(input, member),
          got = embedWith(input, member);
        for (let i = 0; i < want.length; i++) expect(Math.abs(got[i]! - want[i]!), `${file} value ${i}`).toBeLessThan(1e-7);
      }
    }
  });
});
