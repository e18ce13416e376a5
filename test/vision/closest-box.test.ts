import { describe, expect, it } from 'vitest';
import { readTile } from '../../src/vision/tile-set';
import { builtInSetFromDisk } from '../../tools/vision/network-disk';
import { benchFrames } from './bench-frame';

const set = await builtInSetFromDisk();

describe('the framed tile read through its closest box', () => {
  it("reads the box whose kind matches that kind most closely, not the one read most surely (synthetic scenes, the bench's frames)", async () => {
    // Each was read wrong when the surest box won: a sideways Nine Bam from a box a quarter onto
    // its neighbour (Two Crak 96% sure), a Seven Crak lying sideways from the table locator's box
    // leaning across its neighbour, a sideways Six Dot from a box with its side.
    for (const [first, seed, tile] of [
      [5000, 5002, 11],
      [5000, 5011, 14],
      [1000, 1000, 7],
    ] as const) {
      const { scene, frames } = benchFrames(first, seed);
      const { frame } = frames[tile]!,
        truth = scene.tiles[tile]!.tile;
      const r = await readTile(frame, set);
      expect(r.ok && r.tile).toBe(truth);
    }
  });
});
