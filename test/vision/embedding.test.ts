import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { embed, embedAll, loadNet, shippedNet, EMBEDDING_LENGTH, type NetMeta } from '../../src/vision/embedding';
import { NET_H, NET_W, netInput, netPose, straighten } from '../../src/vision/embedding-input';
import { locateFramed } from '../../src/vision/framed';
import { readJpeg } from '../../tools/vision/decode';
import { READER_FILE, READER_META_FILE } from '../../src/vision/networks';
import { finderFromDisk, useShippedNetFromDisk } from '../../tools/vision/network-disk';

await useShippedNetFromDisk();
const meta = JSON.parse(readFileSync(READER_META_FILE, 'utf8')) as NetMeta;

/** The pattern train-embedding.py's check_input() builds: sin(0.1(c+1)x + 0.07y + c). */
const checkInput = () => {
  const x = new Float32Array(3 * NET_H * NET_W);
  for (let c = 0; c < 3; c++)
    for (let y = 0; y < NET_H; y++)
      for (let i = 0; i < NET_W; i++) x[(c * NET_H + y) * NET_W + i] = Math.sin(0.1 * (c + 1) * i + 0.07 * y + c);
  return x;
};
const dot = (x: Float32Array, y: Float32Array) => x.reduce((s, v, i) => s + v * y[i]!, 0);

describe('the reading network', () => {
  it('computes what PyTorch computed from the same weights (layout, padding, pooling, flattening)', async () => {
    expect(meta.check).toHaveLength(2 * EMBEDDING_LENGTH);
    const v = await embed(checkInput());
    expect(v).toHaveLength(meta.check.length);
    for (const [i, want] of meta.check.entries()) expect(v[i], `value ${i}`).toBeCloseTo(want, 4);
  });

  it('is named as its weights always were, so tile sets taught before it moved to ONNX still read', async () => {
    // FNV-1a of the two members' float16 weights as base64 text, the name the taught sets carry.
    expect(shippedNet().id).toBe('2a030710');
  });

  it('puts its members side by side, each of unit length over the square root of their number', async () => {
    const a = await embed(checkInput());
    const half = (x: Float32Array, m: number) => Math.hypot(...x.subarray(m * EMBEDDING_LENGTH, (m + 1) * EMBEDDING_LENGTH));
    expect(half(a, 0)).toBeCloseTo(Math.SQRT1_2, 5);
    expect(half(a, 1)).toBeCloseTo(Math.SQRT1_2, 5);
  });

  it('reads a batch as it reads each face alone, and different inputs differently', async () => {
    const a = checkInput(),
      b = checkInput().map((v, i) => (i % 7 === 0 ? -v : v));
    const [ba, bb] = await embedAll([a, b]);
    const [ea, eb] = await Promise.all([embed(a), embed(b)]);
    for (let i = 0; i < ea!.length; i++) {
      expect(ba![i]).toBeCloseTo(ea![i]!, 5);
      expect(bb![i]).toBeCloseTo(eb![i]!, 5);
    }
    expect(Math.hypot(...bb!)).toBeCloseTo(1, 5);
    expect(dot(ba!, bb!)).toBeLessThan(0.999);
    expect(await embedAll([])).toEqual([]);
  });

  it('refuses a damaged model or description with a sentence', async () => {
    const model = new Uint8Array(readFileSync(READER_FILE));
    await expect(loadNet(model.subarray(0, 5000), meta)).rejects.toThrow(/damaged: install the app again/);
    await expect(loadNet(new TextEncoder().encode('<!doctype html>'), meta)).rejects.toThrow(/damaged/);
    await expect(loadNet(model, { id: 'x' })).rejects.toThrow(/damaged \(its description\)/);
  });

  it("takes as input each colour byte over 255, less the face's mean, over its spread (real photographs)", async () => {
    /** Each byte divided in turn, as the input was first written and train-embedding.py does. */
    const plain = (face: { data: ArrayLike<number> }) => {
      const n = NET_W * NET_H,
        x = new Float32Array(3 * n);
      let sum = 0;
      for (let i = 0; i < n; i++)
        for (let c = 0; c < 3; c++) {
          const v = face.data[i * 4 + c]! / 255;
          x[c * n + i] = v;
          sum += v;
        }
      const mean = sum / (3 * n);
      let sq = 0;
      for (let i = 0; i < 3 * n; i++) sq += (x[i]! - mean) ** 2;
      const k = 1 / (Math.sqrt(sq / (3 * n)) + 1e-3);
      return x.map((v) => (v - mean) * k);
    };
    const list = JSON.parse(readFileSync('test/fixtures/vision-real/read.json', 'utf8')) as { file: string }[];
    for (const { file } of list.slice(0, 6)) {
      const frame = readJpeg(`test/fixtures/vision-real/${file}`),
        at = await locateFramed(frame, await finderFromDisk());
      if (!at.ok) throw new Error(`${file}: no face`);
      const face = straighten(frame, netPose(at.boxes[0]!), NET_W, NET_H);
      expect(netInput(face), file).toEqual(plain(face));
    }
  });
});
