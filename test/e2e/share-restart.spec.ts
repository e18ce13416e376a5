import { resolve } from 'node:path';
import { attachShare, createShare, SHARE_RESTARTED } from '../../electron/main/share/share';
import { expect, test } from './harness';
import { openTable, rec } from './table-keys';
import { nodeShareProcess } from '../../tools/share/node-share-process';

/**
 * The share process dies while the table is being recorded (issue 38): the Share panel says so in
 * one sentence, sharing starts again by itself on the same link, and the host keeps typing
 * discards without noticing. Screenshots of the panel with the sentence at 1280x800 and 1920x1080,
 * light and dark.
 */
const ROOT = resolve(import.meta.dirname, '../../out/renderer');
const PLAYERS = ['Ann', 'Bea', 'Cy', 'Dot'];

test('the share process killed: the panel says sharing started again, and recording goes on', async ({ page, app }) => {
  test.setTimeout(120_000);
  const share = createShare(app.store, { spawn: nodeShareProcess, root: ROOT, host: '127.0.0.1' });
  attachShare(app.services, share);
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    const session = await app.call('setupSession', { setup: { players: PLAYERS, seating: PLAYERS } });
    await page.reload();
    await openTable(page);
    await page.getByRole('button', { name: 'Share the table' }).click();
    const panel = page.getByTestId('share-panel');
    await expect(panel).toBeVisible();
    const url = (await page.getByTestId('share-url').textContent())!.trim();
    await expect(panel.getByTestId('share-problem')).toHaveCount(0);

    const server = share.server()!;
    const pid = server.pid!;
    process.kill(pid, 'SIGKILL');
    // The host goes on typing while the share process is down and comes back.
    await page.getByTestId('command').focus();
    await rec(page, '5b');
    await rec(page, 'p');
    // The panel polls every 3 s while sharing: the sentence appears without the host doing anything.
    await expect(panel.getByTestId('share-problem')).toHaveText(SHARE_RESTARTED, { timeout: 20_000 });
    expect(server.pid).not.toBe(pid);
    await expect(page.getByTestId('share-url')).toHaveText(url);
    await rec(page, 'n');

    await expect(page.getByTestId('save')).toHaveText('All saved');
    const record = JSON.parse((await app.call('exportSession', { sessionId: session.id })).text) as { games: { events: unknown[] }[] };
    expect(record.games[0]!.events).toEqual([
      { type: 'discard', seat: 'E', tile: '5B', implied: true },
      { type: 'pick', seat: 'S', implied: true },
      { type: 'discard', seat: 'S', tile: 'N', implied: true },
    ]);

    for (const size of [
      { width: 1280, height: 800 },
      { width: 1920, height: 1080 },
    ]) {
      await page.setViewportSize(size);
      for (const dark of [false, true]) {
        await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
        await expect(page.locator('html')).toHaveAttribute('data-theme', dark ? 'dark' : 'light');
        const box = (await panel.boundingBox())!;
        const said = (await panel.getByTestId('share-problem').boundingBox())!;
        expect(said.y, 'the sentence inside the panel').toBeGreaterThanOrEqual(box.y);
        expect(said.y + said.height, 'the sentence inside the panel').toBeLessThanOrEqual(box.y + box.height + 0.5);
        expect(box.y + box.height, 'the panel above the window’s bottom').toBeLessThanOrEqual(size.height);
        expect(box.x + box.width, 'the panel inside the window').toBeLessThanOrEqual(size.width);
        await app.screenshot(`share-restarted-${size.width}x${size.height}-${dark ? 'dark' : 'light'}`);
      }
    }
  } finally {
    await share.stop();
  }
});
