import { describe, expect, it } from 'vitest';
import { embed, embedWith, netOf, shippedNet, unpack, EMBEDDING_LENGTH, type Weights } from '../../src/vision/embedding';
import { NET_H, NET_W } from '../../src/vision/embedding-input';
import { SHIPPED_WEIGHTS } from '../../src/vision/networks';

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
    expect(SHIPPED_WEIGHTS.length).toBeGreaterThan(1);
    for (const [m, member] of SHIPPED_WEIGHTS.entries()) {
      const v = embedWith(checkInput(), shippedNet().members[m]!);
      expect(member.check).toHaveLength(EMBEDDING_LENGTH);
      for (const [i, want] of member.check.entries()) expect(v[i], `member ${m}, value ${i}`).toBeCloseTo(want, 3);
    }
  });

  it('puts its members side by side: a dot product is the mean of their cosines', () => {
    const a = checkInput(), b = checkInput().map((v, i) => (i % 5 === 0 ? 0 : v));
    const cos = (x: Float32Array, y: Float32Array) => x.reduce((s, v, i) => s + v * y[i]!, 0);
    const net = shippedNet();
    expect(embed(a)).toHaveLength(EMBEDDING_LENGTH * net.members.length);
    const mean = net.members.reduce((s, m) => s + cos(embedWith(a, m), embedWith(b, m)), 0) / net.members.length;
    expect(cos(embed(a), embed(b))).toBeCloseTo(mean, 5);
  });

  it('gives unit-length embeddings, and different inputs different embeddings', () => {
    const a = embed(checkInput()), b = embed(checkInput().map((v, i) => (i % 7 === 0 ? -v : v)));
    const norm = (x: Float32Array) => Math.hypot(...x);
    expect(norm(a)).toBeCloseTo(1, 5);
    expect(norm(b)).toBeCloseTo(1, 5);
    expect(a.reduce((s, x, i) => s + x * b[i]!, 0)).toBeLessThan(0.999);
  });

  it('refuses weights that do not fit their layers, and names each network by its weights', () => {
    const w: Weights = SHIPPED_WEIGHTS[0]!;
    expect(() => unpack({ ...w, data: [w.data.join('').slice(0, 400)] })).toThrow(/need/);
    expect(netOf([w]).id).toMatch(/^[0-9a-f]{8}$/);
    expect(netOf([{ ...w, data: [`AAAA${w.data[0]!.slice(4)}`, ...w.data.slice(1)] }]).id).not.toBe(netOf([w]).id);
    expect(netOf([w]).id).not.toBe(shippedNet().id);
  });
});
