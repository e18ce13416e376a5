/**
 * Camera mode on the real Table screen (the built app, real services on a real SQLite file,
 * harness.ts): a fake webcam shows Five Bam, then North; each proposal is recorded with the
 * panel's Record button and becomes the live discard exactly as if typed, and is stored.
 */
import { dirname, resolve } from 'node:path';
import { CHROMIUM } from '../../playwright.config';
import { makeDiscardVideo } from './camera-video';
import { expect, test } from './harness';
import { setUp } from './session-helpers';
import type { TileSets } from '../../src/shared/contract/tile-sets';
import { cameraOnOldSet } from './old-tile-set';

const VIDEO = resolve('test-results/camera-table/video/discards.y4m');

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

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await makeDiscardVideo(
    dirname(VIDEO),
    [
      { tile: '5B', style: 'classic' },
      { tile: 'N', style: 'modern' },
    ],
    8,
    6,
  ); // each tile lies still 6 s: the proposal is still this tile when a busy machine clicks
});

test('table: camera mode proposes each discard and records it as if typed', async ({ page, app }) => {
  test.setTimeout(120_000);
  const sessionId = await setUp(page, { players: ['Ann', 'Bea', 'Cy', 'Dot'], centsPerPoint: 2 });
  await page.getByRole('button', { name: 'Play this game at the table' }).click();
  await page.getByRole('button', { name: 'Camera', exact: true }).click();

  const proposal = page.getByTestId('proposal');
  const recordButton = page.getByRole('button', { name: 'Record Enter' });
  await expect(proposal).toContainText('Five Bam', { timeout: 60_000 });
  await recordButton.click();
  await expect(page.getByTestId('live')).toHaveAttribute('data-tile', '5B');

  // The second one from the keyboard: Enter on the empty command line records the proposal.
  const line = page.locator('input[placeholder^="5b Enter"]');
  await line.focus();
  await expect(proposal).toContainText('North', { timeout: 30_000 });
  await page.keyboard.press('Enter');
  await expect(line).toHaveValue('');
  await expect(page.getByTestId('live')).toHaveAttribute('data-tile', 'N');
  await app.screenshot('table-camera');

  // Stored through main like any typed discard: East's 5B, then South's N (read once the app says it is saved).
  await expect(page.getByTestId('save')).toHaveText('All saved');
  const record = JSON.parse((await app.call('exportSession', { sessionId })).text) as { games: { events: unknown[] }[] };
  expect(record.games[0]!.events).toEqual([
    { type: 'discard', seat: 'E', tile: '5B', implied: true },
    { type: 'discard', seat: 'S', tile: 'N', implied: true },
  ]);
});

test('table: tile sets live in the database; a set an earlier version left in the page is moved there, one taught now is saved there', async ({
  page,
  app,
}) => {
  test.setTimeout(120_000);
  await cameraOnOldSet(page);
  const kept = async () => (await app.call('tileSets')) as TileSets;
  expect((await kept()).active).toBe('Old set');
  expect((await kept()).sets.map((s) => s.name)).toEqual(['Old set']);
  // Moved without the part it must teach again (it reads with the built-in set meanwhile): it says so.
  expect((await kept()).sets[0]!.set.taught).toBeUndefined();
  await expect(page.getByText('taught with an earlier version of the camera')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('mahjmate.vision.sets'))).toBeNull();

  // Teach one kind (whatever lies in the frame is taken as One Bam) and save it under a new name.
  await page.getByRole('button', { name: 'Teach it your tiles' }).click();
  await app.screenshot('table-calibration');
  await expect(async () => {
    await page.getByRole('button', { name: /Capture/ }).click();
    await expect(page.getByText(/^One Bam: \d frames\.$/)).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Finish' }).click();
  await app.screenshot('table-calibration-review');
  await page.getByLabel('Set name').fill('Club set');
  await page.getByRole('button', { name: 'Save set' }).click();
  await expect(page.getByRole('combobox', { name: 'Tile set' })).toHaveValue('Club set');
  const now = await kept();
  expect(now.active).toBe('Club set');
  expect(now.sets.map((s) => s.name)).toEqual(['Old set', 'Club set']);
  expect(new Set(now.sets[1]!.set.taught!.entries.map((e) => e.tile))).toEqual(new Set(['1B']));
});
