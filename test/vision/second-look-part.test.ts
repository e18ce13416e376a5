import { describe, expect, it } from 'vitest';
import { readTile } from '../../src/vision/tile-set';
import { builtInSetFromDisk } from '../../tools/vision/network-disk';
import { benchFaces, makeScene, playerFrame } from '../../tools/vision/scene';

describe("a framed tile's second look among neighbours", () => {
  it('never settles on part of a face, which a plainer kind matches as closely as the face its own', async () => {
    const set = await builtInSetFromDisk(),
      faces = benchFaces();
    // Tiles of the synthetic scenes framed as the scene bench frames them (its two framing draws
    // for each), read right at first but unsurely; a second look shrank each box onto part of the
    // face (one of the Eight Dot's dots, four of the Seven Dot's, the One Bam's bird) and read it
    // as a One Dot, a Four Dot, a One Dot. Two of them here (scenes 6015 tile 1 and 6021 tile 0
    // were the others).
    const cases: [number, number, string, number, number][] = [
      [5012, 8, '7D', 0.7646095575764775, 0.11106475885026157],
      [5013, 14, '1B', 0.6628380049951375, 0.40035924781113863],
    ];
    for (const [seed, index, tile, a, b] of cases) {
      const scene = makeScene(faces, seed),
        t = scene.tiles[index]!,
        draws = [a, b];
      expect(t.tile).toBe(tile);
      const r = await readTile(playerFrame(scene, t, () => draws.shift()!).frame, set);
      expect(r.ok && r.tile, `scene ${seed} tile ${index}`).toBe(tile);
    }
  });
});
