/**
 * Build the fake-camera video for the camera-mode test: the table, then one discard after
 * another settling in the middle, rendered by the fixture generator and encoded to y4m by ffmpeg.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Tile } from '../../src/core/tiles';
import { crop, type Frame } from '../../src/vision/image';
import { renderJpeg, startRenderer, tileScene, type ArtStyle } from '../../tools/vision/generate';

/**
 * Playwright runs a spec's tests in both workers at once, and each runs the spec's beforeAll: a
 * video rewritten in place while the other worker's fake camera plays it ends that camera's track
 * ("The camera was disconnected"). So each video is written under a name of this process's own,
 * then renamed over the one the cameras read: a camera keeps the file it opened.
 */
const writeThenSwap = (out: string, write: (tmp: string) => void): string => {
  const tmp = `${out}.${process.pid}.tmp.y4m`;
  write(tmp);
  renameSync(tmp, out);
  return out;
};

/** A discard to show (lying sideways if asked), or bad input: two tiles at once, or a tile in a frame far too dark to read. */
export type Shot = { tile: Tile; style: ArtStyle; scene?: 'two-tiles' | 'dark' | 'sideways' };

/** `hold`: seconds each tile lies still; longer leaves a slow machine time to act on its proposal. */
export const makeDiscardVideo = async (dir: string, tiles: Shot[], fps = 8, hold = 2): Promise<string> => {
  const frames = join(dir, `frames-${process.pid}`);
  mkdirSync(frames, { recursive: true });
  const { browser, page } = await startRenderer();
  let n = 0;
  const frame = async (spec: ReturnType<typeof tileScene>, count: number) => {
    const jpg = await renderJpeg(page, { ...spec, quality: 0.9, noise: 0 }); // per-frame noise would look like motion
    for (let i = 0; i < count; i++) writeFileSync(join(frames, `f${String(n++).padStart(4, '0')}.jpg`), jpg);
  };
  try {
    const W = 480,
      H = 360;
    const table = { ...tileScene('1B', 'classic', 99, 0.4, W, H), tiles: [] };
    await frame(table, fps);
    for (const [i, t] of tiles.entries()) {
      const s = tileScene(t.tile, t.style, 500 + i, 0.5, W, H);
      let tilesInView = s.tiles.map((x) => ({ ...x, height: 190 }));
      if (t.scene === 'two-tiles')
        tilesInView = [
          { ...tilesInView[0]!, x: W / 2 - 70, scale: 0.75 },
          { ...tilesInView[0]!, kind: '2D', x: W / 2 + 70, scale: 0.75 },
        ];
      if (t.scene === 'sideways') tilesInView = [{ ...tilesInView[0]!, rot: 90, scale: 0.8 }];
      await frame(
        { ...s, bg: table.bg, light: undefined, shadow: undefined, tiles: tilesInView, dim: t.scene === 'dark' ? 0.93 : undefined },
        fps * hold,
      );
      await frame(table, fps);
    }
  } finally {
    await browser.close();
  }
  const out = writeThenSwap(join(dir, 'discards.y4m'), (tmp) =>
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-framerate',
      String(fps),
      '-i',
      join(frames, 'f%04d.jpg'),
      '-pix_fmt',
      'yuv420p',
      tmp,
    ]),
  );
  rmSync(frames, { recursive: true, force: true });
  return out;
};

/** A 480x360 window of a synthetic table scene (tools/vision/scene.ts: touching tiles with sides
 *  and shadows), the new discard's centre put at (at[0], at[1]) in the window. */
export const sceneWindow = (f: Frame, centre: readonly [number, number], at: readonly [number, number]): Frame =>
  crop(f, Math.round(centre[0] - at[0]), Math.round(centre[1] - at[1]), 480, 360);

/** Raw frames to y4m (no JPEG on the way: the camera sees exactly these pixels). */
const encode = (dir: string, name: string, frames: readonly Frame[], fps: number): string => {
  mkdirSync(dir, { recursive: true });
  const rgba = (f: Frame) => Buffer.from(f.data.buffer, f.data.byteOffset, f.data.byteLength);
  const { width, height } = frames[0]!;
  return writeThenSwap(join(dir, name), (tmp) =>
    execFileSync(
      'ffmpeg',
      [
        '-loglevel',
        'error',
        '-y',
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgba',
        '-s',
        `${width}x${height}`,
        '-framerate',
        String(fps),
        '-i',
        '-',
        '-pix_fmt',
        'yuv420p',
        tmp,
      ],
      { input: Buffer.concat(frames.map(rgba)), maxBuffer: 1 << 28 },
    ),
  );
};

/** The fake webcam at a table with discards already down: the floor as it was (`beforeSec`), then
 *  the same floor with the new discard laid among its neighbours (`afterSec`). Raw frames, so the
 *  only change between the two is the tile. */
export const makeNewDiscardVideo = (dir: string, before: Frame, after: Frame, fps = 8, beforeSec = 3, afterSec = 8): string =>
  encode(dir, 'new-discard.y4m', [...Array<Frame>(fps * beforeSec).fill(before), ...Array<Frame>(fps * afterSec).fill(after)], fps);

/** The fake webcam looking at a table that does not change (the file plays in a loop). */
export const makeStillVideo = (dir: string, frame: Frame, fps = 2, seconds = 2): string =>
  encode(dir, 'still.y4m', Array<Frame>(fps * seconds).fill(frame), fps);
