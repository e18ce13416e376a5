/**
 * The floor checked against the record, at the table (the built app, real services on a real
 * SQLite file, harness.ts): a fake webcam looks down at a whole table of discards (scene 2003 of
 * tools/vision/scene.ts: 21 tiles in rows, touching, some lying sideways, perspective). The record
 * holds every one of them but the Red Dragon. "Check the floor" reads the whole picture and names
 * the Red Dragon, marked on the preview; once it is typed, the check agrees with the record.
 */
import { dirname, resolve } from 'node:path';
import { CHROMIUM } from '../../playwright.config';
import { makeStillVideo } from './camera-video';
import { expect, test } from './harness';
import { setUp } from './session-helpers';
import { rec } from './table-keys';
import { benchFaces, makeScene } from '../../tools/vision/scene';
import type { Tile } from '../../src/core/tiles';

const VIDEO = resolve('test-results/camera-floor/video/still.y4m');
const SEED = 2003,
  UNTYPED: Tile = 'R';
let floor: Tile[] = [];

test.use({
  launchOptions: {
    ...CHROMIUM,
    args: [
      ...CHROMIUM.args,
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${VIDEO}`,
      '--use-fake-ui-for-media-stream',
    ],
  },
});

test.beforeAll(() => {
  const scene = makeScene(benchFaces(), SEED);
  floor = scene.tiles.map((t) => t.tile);
  expect(floor.filter((t) => t === UNTYPED)).toHaveLength(1);
  makeStillVideo(dirname(VIDEO), scene.frame);
});

test('table: the floor check names the discard nobody typed, and agrees once it is typed', async ({ page, app }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await setUp(page, { players: ['Ann', 'Bea', 'Cy', 'Dot'], centsPerPoint: 2 });
  await page.getByRole('button', { name: 'Play this game at the table' }).click();
  const line = page.getByTestId('command');
  await line.focus();
  for (const t of floor) if (t !== UNTYPED) await rec(page, t.toLowerCase());

  await page.getByRole('button', { name: 'Camera', exact: true }).click();
  const check = page.getByRole('button', { name: 'Check the floor' });
  await expect(check).toBeEnabled({ timeout: 30_000 });
  await check.click();
  const result = page.getByTestId('floor-check'),
    said = result.locator('p');
  await expect(said).toHaveText(
    ['The floor shows a Red Dragon the record does not have.', 'Was a discard not typed? The tile is marked below.'],
    { timeout: 60_000 },
  );
  // The marked tile, enlarged, is in view at the laptop's size, inside the camera's column.
  const picture = result.getByRole('img', { name: /Where the camera sees/ });
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1920, height: 1080 },
  ]) {
    await page.setViewportSize(size);
    const column = (await page.getByTestId('camera').boundingBox())!,
      shown = (await picture.boundingBox())!;
    expect(shown.height).toBeGreaterThan(100);
    expect(shown.x).toBeGreaterThanOrEqual(column.x);
    expect(shown.x + shown.width).toBeLessThanOrEqual(column.x + column.width + 1);
    expect(shown.y + shown.height).toBeLessThanOrEqual(Math.min(size.height, column.y + column.height) + 1);
    for (const dark of [false, true]) {
      await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
      await expect(page.locator('html')).toHaveAttribute('data-theme', dark ? 'dark' : 'light');
      await app.screenshot(`table-camera-floor-check-${size.width}x${size.height}-${dark ? 'dark' : 'light'}`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });

  // Typed now, as the discard it was: the record changed, so the old check is gone; checked again, it agrees.
  await line.focus();
  await rec(page, 'r');
  await expect(result).toHaveCount(0);
  await check.click();
  await expect(said).toHaveText(/^The floor agrees with the record: \d+ of the \d+ faces found read surely, none the record lacks\.$/, {
    timeout: 60_000,
  });
});
