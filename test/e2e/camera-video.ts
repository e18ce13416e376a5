/**
 * Build the fake-camera video for the camera-mode test: the table, then one discard after
 * another settling in the middle, rendered by the fixture generator and encoded to y4m by ffmpeg.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Tile } from '../../src/core/tiles';
import { renderJpeg, startRenderer, tileScene, type ArtStyle } from '../../tools/vision/generate';

export const makeDiscardVideo = async (dir: string, tiles: { tile: Tile; style: ArtStyle }[], fps = 8): Promise<string> => {
  mkdirSync(dir, { recursive: true });
  const { browser, page } = await startRenderer();
  let n = 0;
  const frame = async (spec: ReturnType<typeof tileScene>, count: number) => {
    const jpg = await renderJpeg(page, { ...spec, quality: 0.9, noise: 0 }); // per-frame noise would look like motion
    for (let i = 0; i < count; i++) writeFileSync(join(dir, `f${String(n++).padStart(4, '0')}.jpg`), jpg);
  };
  try {
    const W = 480, H = 360;
    const table = { ...tileScene('1B', 'classic', 99, 0.4, W, H), tiles: [] };
    await frame(table, fps);
    for (const [i, t] of tiles.entries()) {
      const s = tileScene(t.tile, t.style, 500 + i, 0.5, W, H);
      await frame({ ...s, bg: table.bg, light: undefined, shadow: undefined, tiles: s.tiles.map((x) => ({ ...x, height: 190 })) }, fps * 2);
      await frame(table, fps);
    }
  } finally {
    await browser.close();
  }
  const out = join(dir, 'discards.y4m');
  execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-framerate', String(fps), '-i', join(dir, 'f%04d.jpg'), '-pix_fmt', 'yuv420p', out]);
  return out;
};
