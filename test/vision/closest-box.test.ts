import { describe, expect, it } from 'vitest';
import { describeTile, judge, readTile } from '../../src/vision/tile-set';
import { builtInSetFromDisk } from '../../tools/vision/network-disk';
import { benchFrames } from './bench-frame';

const set = await builtInSetFromDisk();

describe('the framed tile read through its closest box', () => {
  it('reads the box whose kind matches that kind most closely (synthetic scene, the bench frames)', async () => {
    // Of the boxes for a framed face (one per size the finder looks at, each also put on its
    // edges), the reading is the one whose best kind matches that kind's shots most closely.
    const { scene, frames } = benchFrames(5000, 5002);
    let several = 0,
      right = 0;
    for (const [i, { frame }] of frames.entries()) {
      const d = await describeTile(frame, 'read');
      const r = await readTile(frame, set);
      if (!d.ok || !r.ok) continue;
      const looks = d.d.map((qs) => judge(qs, set));
      const closest = looks.reduce((a, b) => (b.closeness > a.closeness ? b : a));
      expect(r.closeness).toBe(closest.closeness);
      expect(r.tile).toBe(closest.cands[0]!.tile);
      if (looks.length > 1) several++;
      if (r.tile === scene.tiles[i]!.tile) right++;
    }
    expect(several).toBeGreaterThan(10);
    expect(right).toBeGreaterThanOrEqual(18); // 20 of its 21 today
  });
});
