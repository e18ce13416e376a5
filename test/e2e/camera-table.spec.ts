/**
 * Camera mode on the real Table screen (the built app, real services on a real SQLite file,
 * harness.ts): a fake webcam shows Five Bam, then North; each proposal is recorded with the
 * panel's Record button and becomes the live discard exactly as if typed, and is stored.
 */
import { dirname, resolve } from 'node:path';
import { CHROMIUM } from '../../playwright.config';
import { makeDiscardVideo } from './camera-video';
import { expect, test, type Page } from './harness';
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

/**
 * Records the proposal once it names `tile`: the Record button (or Enter on the command line) is
 * pressed in the same task of the page that saw the proposal, so a proposal that changes while a
 * busy machine reads the next frame is never recorded in its place. Waits for the proposal as long
 * as the test may run.
 */
const recordWhenProposed = (page: Page, tile: string, key: 'button' | 'enter') =>
  expect
    .poll(
      () =>
        page.evaluate(
          ([tile, key]) => {
            if (!document.querySelector('[data-testid="proposal"]')?.textContent?.includes(tile)) return false;
            if (key === 'button') document.querySelector<HTMLButtonElement>('[data-testid="proposal"] + .choices button')!.click();
            else
              document
                .querySelector('input[placeholder^="5b Enter"]')!
                .dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
            return true;
          },
          [tile, key] as const,
        ),
      { timeout: test.info().timeout },
    )
    .toBe(true);

test('table: camera mode proposes each discard and records it as if typed', async ({ page, app }) => {
  test.setTimeout(120_000);
  const sessionId = await setUp(page, { players: ['Ann', 'Bea', 'Cy', 'Dot'], centsPerPoint: 2 });
  await page.getByRole('button', { name: 'Play this game at the table' }).click();
  await page.getByRole('button', { name: 'Camera', exact: true }).click();

  await recordWhenProposed(page, 'Five Bam', 'button');
  await expect(page.getByTestId('live')).toHaveAttribute('data-tile', '5B');

  // The second one from the keyboard: Enter on the empty command line records the proposal.
  const line = page.locator('input[placeholder^="5b Enter"]');
  await line.focus();
  await recordWhenProposed(page, 'North', 'enter');
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
  // Capture again only while One Bam is still asked for: on a busy machine the first burst may
  // still be under way when a retry comes, and a second press would teach the next kind.
  await expect(async () => {
    if ((await page.getByText('Show One Bam in the frame').isVisible()) && !(await page.getByTestId('burst').isVisible()))
      await page.getByRole('button', { name: /Capture/ }).click();
    await expect(page.getByText(/^One Bam: \d frames\.$/)).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: test.info().timeout });
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
