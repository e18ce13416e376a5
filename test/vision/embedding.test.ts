import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { embed, embedWith, netFromBytes, netOf, shippedNet, EMBEDDING_LENGTH } from '../../src/vision/embedding';
import { NET_H, NET_W, netInput, netPose } from '../../src/vision/embedding-input';
import { straighten } from '../../src/vision/features';
import { locateTile } from '../../src/vision/locate-tight';
import { readJpeg } from '../../tools/vision/decode';
import { readNetworkFile, writeNetworkFile, type NetworkFile } from '../../src/vision/network-file';
import { SHIPPED_FILES } from '../../src/vision/networks';
import { useShippedNetFromDisk } from '../../tools/vision/network-disk';

useShippedNetFromDisk();
const files = SHIPPED_FILES.map((u) => new Uint8Array(readFileSync(u))); // copies: a Buffer's slice() would share
const parsed = (bytes: Uint8Array): NetworkFile => {
  const r = readNetworkFile(bytes);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

/** The pattern train-embedding.py's check_input() builds: sin(0.1(c+1)x + 0.07y + c). */
const checkInput = () => {
  const x = new Float32Array(3 * NET_H * NET_W);
  for (let c = 0; c < 3; c++)
    for (let y = 0; y < NET_H; y++)
      for (let i = 0; i < NET_W; i++) x[(c * NET_H + y) * NET_W + i] = Math.sin(0.1 * (c + 1) * i + 0.07 * y + c);
  return x;
};

describe('the reading network', () => {
  it('computes what PyTorch computed from the same weights (layout, padding, pooling, flattening)', () => {
    expect(files.length).toBeGreaterThan(1);
    for (const [m, member] of files.map(parsed).entries()) {
      const v = embedWith(checkInput(), shippedNet().members[m]!);
      expect(member.check).toHaveLength(EMBEDDING_LENGTH);
      for (const [i, want] of member.check.entries()) expect(v[i], `member ${m}, value ${i}`).toBeCloseTo(want, 3);
    }
  });

  it('puts its members side by side: a dot product is the mean of their cosines', () => {
    const a = checkInput(),
      b = checkInput().map((v, i) => (i % 5 === 0 ? 0 : v));
    const cos = (x: Float32Array, y: Float32Array) => x.reduce((s, v, i) => s + v * y[i]!, 0);
    const net = shippedNet();
    expect(embed(a)).toHaveLength(EMBEDDING_LENGTH * net.members.length);
    const mean = net.members.reduce((s, m) => s + cos(embedWith(a, m), embedWith(b, m)), 0) / net.members.length;
    expect(cos(embed(a), embed(b))).toBeCloseTo(mean, 5);
  });

  it('gives unit-length embeddings, and different inputs different embeddings', () => {
    const a = embed(checkInput()),
      b = embed(checkInput().map((v, i) => (i % 7 === 0 ? -v : v)));
    const norm = (x: Float32Array) => Math.hypot(...x);
    expect(norm(a)).toBeCloseTo(1, 5);
    expect(norm(b)).toBeCloseTo(1, 5);
    expect(a.reduce((s, x, i) => s + x * b[i]!, 0)).toBeLessThan(0.999);
  });

  it('refuses a damaged network file with a sentence, and names each network by its weights', () => {
    const w = parsed(files[0]!);
    const flipped = files[0]!.slice();
    flipped[flipped.length - 10]! ^= 0x40; // one bit of one weight
    expect(readNetworkFile(flipped)).toEqual({ ok: false, error: 'The network file is damaged (checksum): install the app again.' });
    expect(readNetworkFile(files[0]!.subarray(0, 5000))).toMatchObject({ ok: false, error: expect.stringMatching(/damaged/) });
    expect(readNetworkFile(new TextEncoder().encode('<!doctype html>'))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not a network file/),
    });
    expect(() => netFromBytes([files[0]!.subarray(0, 5000)])).toThrow(/damaged/);
    // A file written again from its parts reads back the same, with the same name.
    const again = writeNetworkFile(w.layers, w.check, w.data);
    expect(netFromBytes([again, files[1]!]).id).toBe(shippedNet().id);
    expect(netOf([w]).id).toMatch(/^[0-9a-f]{8}$/);
    const other = w.data.slice();
    other[0]! ^= 1;
    expect(netOf([{ ...w, data: other }]).id).not.toBe(netOf([w]).id);
    expect(netOf([w]).id).not.toBe(shippedNet().id);
  });

  it("takes as input each colour byte over 255, less the face's mean, over its spread (real photographs)", () => {
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
        at = locateTile(frame);
      if (!at.ok) throw new Error(`${file}: no face`);
      const face = straighten(frame, netPose(at.pose), NET_W, NET_H);
      expect(netInput(face), file).toEqual(plain(face));
    }
  });
});
