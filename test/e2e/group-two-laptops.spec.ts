import type { Page } from '@playwright/test';
import { startSyncServer, type SyncServer } from '../../tools/sync/server';
import { expect, openApp, test, watchPage, type MahjmateApp } from './harness';
import { quick, setUp } from './session-helpers';
import { atEverySize, viewShot } from './shots';

/**
 * Two laptops of one group, each an app of its own (its own data folder, store, services, sync
 * process and page), against a real `tursodb --sync-server` on 127.0.0.1: a group started on
 * Ann's laptop, joined on Bea's by the invitation code; a game recorded on each (Bea's while the
 * server is down); both show the same games and standings; a game fixed differently on each is
 * disputed on both and settled by choosing. Bounded: every wait gives up after 90 s.
 */
const SYNC = { timeout: 90_000 };

let server: SyncServer | undefined;
test.afterEach(() => server?.stop());

const toGroup = async (page: Page) => {
  await page.getByRole('button', { name: 'Group', exact: true }).click();
};
const synced = async (page: Page) => {
  await expect(page.getByTestId('group-sync').locator('.sync')).toHaveText('Synced', SYNC);
};
const text = (page: Page, testId: string) => page.getByTestId(testId).innerText();
const shots = (page: Page, name: string) => atEverySize(page, (size, scheme) => viewShot(page, name, size, scheme).then(() => {}));
/** Correct a game's ending for the group, from a session another laptop recorded (its History entry). */
const correctForGroup = async (page: Page, line: string, shoot?: string) => {
  await page.getByRole('button', { name: 'Correct game 1' }).click();
  if (shoot) {
    // A line that does not read: the form says what is missing, and nothing is saved.
    await page.getByLabel(/The ending: winner’s seat/).fill('e');
    await page.getByRole('button', { name: 'Save the correction' }).click();
    await expect(page.getByTestId('group-fix').getByRole('alert')).toHaveText('Type the hand’s value.');
    await shots(page, shoot);
  }
  await page.getByLabel(/The ending: winner’s seat/).fill(line);
  await page.getByRole('button', { name: 'Save the correction' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Game 1 corrected for the group' })).toBeVisible();
};

test('two laptops: one history, an offline game caught up, a disputed game chosen', async ({ page, app, origin, browser }) => {
  test.setTimeout(300_000);
  server = await startSyncServer();
  await page.setViewportSize({ width: 1280, height: 800 });

  // Ann's laptop starts the group. A token cannot be kept here (no OS key store): refused, nothing changes.
  await toGroup(page);
  await page.getByTestId('laptop-name').fill('Ann’s laptop');
  await page.getByLabel('Group name').fill('Tuesday group');
  await page.getByLabel('Server address').fill('club.example');
  await page.getByRole('button', { name: 'Start the group' }).click();
  await expect(page.getByRole('alert')).toContainText('The server address starts with https:// or http://');
  await page.getByLabel('Server address').fill(server.url);
  await page.getByLabel('Token (if the server needs one)').fill('secret-token');
  await page.getByRole('button', { name: 'Start the group' }).click();
  await expect(page.getByRole('alert')).toContainText('cannot keep the group’s token safely');
  expect((await app.call('groupStatus')).joined).toBe(false);
  await app.screenshot('group-setup-1280-light');
  await page.getByLabel('Token (if the server needs one)').fill('');
  await page.getByRole('button', { name: 'Start the group' }).click();
  await expect(page.getByRole('heading', { name: 'Tuesday group' })).toBeVisible();
  await synced(page);

  // The invitation code, as Ann reads it off her screen.
  await page.getByRole('button', { name: 'Invite a player…' }).click();
  const code = (await page.getByTestId('invite-code').innerText()).trim();
  expect(code).toMatch(/^MJG1-/);

  // Bea's laptop: a second app, its own page and data, joins by the code.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page2 = await context.newPage();
  const problems2 = await watchPage(page2, origin);
  const bea: MahjmateApp & { close(): Promise<void> } = await openApp(page2, origin);
  try {
    await toGroup(page2);
    await page2.getByTestId('laptop-name').fill('Bea’s laptop');
    await page2.getByTestId('invitation').fill('MJG1-not-a-code');
    await page2.getByRole('button', { name: 'Join the group' }).click();
    await expect(page2.getByRole('alert')).toContainText('not a MahjMate group invitation');
    await page2.getByTestId('invitation').fill(code);
    await page2.getByRole('button', { name: 'Join the group' }).click();
    await expect(page2.getByRole('heading', { name: 'Tuesday group' })).toBeVisible();
    await synced(page2);

    // A game on Ann's laptop, online.
    await page.getByRole('button', { name: 'Back' }).click();
    await setUp(page, { players: ['Ann', 'Bea', 'Cy', 'Dot'], centsPerPoint: 1 });
    await quick(page, 's30p', 1);

    // The server goes down; Bea's table records its game all the same.
    server.kill();
    await page2.getByRole('button', { name: 'Back' }).click();
    await setUp(page2, { players: ['Ann', 'Eve', 'Fay', 'Gus'], centsPerPoint: 1 });
    await quick(page2, 'e25n', 1);
    await page2.getByRole('button', { name: 'Home' }).click();
    await expect(page2.getByTestId('group-status')).toContainText(/Offline: \d+ records waiting/, SYNC);
    await bea.screenshot('group-home-offline-1280');

    // Back up: both catch up, and both show the same games and standings.
    await server.restart();
    // From History (this laptop's own sessions), the group is one click away.
    await page2.getByRole('button', { name: /^History/ }).click();
    await expect(page2.getByTestId('group-pointer')).toContainText('Sessions from every laptop of Tuesday group');
    await page2.getByRole('button', { name: 'Open the group' }).click();
    await page.getByRole('button', { name: 'Home' }).click();
    await toGroup(page);
    for (const p of [page, page2]) {
      await synced(p);
      await expect(p.getByTestId('group-games').locator('li')).toHaveCount(2, SYNC);
    }
    expect(await text(page2, 'group-games')).toBe(await text(page, 'group-games'));
    const standings = (p: Page) => p.getByRole('table', { name: 'Standings', exact: true }).innerText();
    expect(await standings(page2)).toBe(await standings(page));
    expect(await standings(page)).toContain('Gus');
    // The club's view: tonight's games of every table (both sessions started just now).
    const tonight = (p: Page) => p.getByRole('table', { name: 'Tonight’s standings' }).innerText();
    expect(await tonight(page2)).toBe(await tonight(page));
    expect(await tonight(page)).toContain('Gus');

    // Ann was added on both laptops: offered as one player, linked on Bea's, one Ann on both.
    await expect(page2.getByTestId('same-offer')).toContainText('Ann was added on two laptops');
    await page2.getByRole('button', { name: 'Yes, the same Ann' }).click();
    for (const p of [page, page2])
      await expect(p.getByRole('table', { name: 'Standings', exact: true }).getByRole('row', { name: /^Ann / })).toHaveCount(1, SYNC);
    await expect(page.getByTestId('same-offer')).toHaveCount(0);

    // History on each laptop: its own session, and the other laptop's, marked with that laptop.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: /^History/ }).click();
    await page2.getByRole('button', { name: 'Back' }).click();
    for (const [p, other] of [
      [page, 'Bea’s laptop'],
      [page2, 'Ann’s laptop'],
    ] as const) {
      await expect(p.getByRole('heading', { name: 'History' })).toBeVisible();
      await expect(p.getByTestId('group-session')).toHaveCount(1, SYNC);
      await expect(p.getByTestId('group-session')).toContainText(`Recorded on ${other}`);
      await expect(p.locator('.list > li')).toHaveCount(2);
      for (const name of ['Dot', 'Gus']) await expect(p.locator('.list')).toContainText(name);
    }
    await shots(page, 'history-group');

    // Bea's session opened on Ann's laptop: its ledger as Bea's table has it, read-only here.
    await page.getByTestId('group-session').getByRole('button').click();
    await expect(page.getByTestId('recorded-on')).toContainText('Bea’s laptop');
    const balances = (p: Page) => p.getByRole('table', { name: 'Balances' }).innerText();
    await expect(page.getByRole('table', { name: 'Balances' })).toContainText('Gus');
    await page2.getByRole('button', { name: 'Home' }).click();
    await page2.getByRole('button', { name: /^History/ }).click();
    await page2.getByRole('button', { name: /Ann, Eve, Fay/ }).click();
    await expect(page2.getByRole('heading', { name: /^Session, / })).toBeVisible();
    expect(await balances(page)).toBe(await balances(page2));
    await shots(page, 'group-session');
    // Ann corrects Bea's game for the group (her table typed 25; it was 40): the ledger follows at once.
    await correctForGroup(page, 'e40n', 'group-fix');
    await expect(page.locator('[data-game="1"]')).toContainText('Ann won 40');
    await page2.getByRole('button', { name: 'History' }).click();

    // Ann's game fixed differently on each laptop: Bea, from the group's copy, says 40; Ann's own table 25.
    await page2.getByTestId('group-session').getByRole('button').click();
    await correctForGroup(page2, 's40p');
    const gameId = (app.store.db.prepare('SELECT id FROM games ORDER BY id LIMIT 1').get() as { id: number }).id;
    const fixed = await page.evaluate(
      (gameId) =>
        window.mahjmate.amendGame({
          gameId,
          changes: [{ at: 1, action: 'replace', event: { type: 'mahjong', seat: 'S', value: 25, jokerless: false, selfPick: true } }],
        }),
      gameId,
    );
    expect(fixed.ok).toBe(true);
    await page.getByRole('button', { name: 'Group', exact: true }).click();
    await page2.getByRole('button', { name: 'Group', exact: true }).click();
    for (const p of [page, page2]) {
      const d = p.getByTestId('dispute');
      await expect(d).toHaveCount(1, SYNC);
      await expect(d.getByRole('region', { name: /Bea’s laptop/ })).toContainText('Bea won 240 points');
      await expect(d.getByRole('region', { name: /Ann’s laptop/ })).toContainText('Bea won 150 points');
      await expect(p.getByTestId('group-games')).toContainText('Disputed');
    }

    // Screenshots of the Group screen with the disputed game, light and dark, at both sizes.
    await shots(page, 'group-disputed');

    // Ann's laptop chooses Bea's version: on both, the game is Bea's 40, no longer disputed.
    await page
      .getByTestId('dispute')
      .getByRole('region', { name: /Bea’s laptop/ })
      .getByRole('button', { name: 'Choose this version' })
      .click();
    for (const p of [page, page2]) {
      await expect(p.getByRole('heading', { name: 'Disputed games' })).toHaveCount(0, SYNC);
      await expect(p.getByTestId('dispute')).toContainText(/Chosen: the version of Bea’s laptop/, SYNC);
      await expect(p.getByTestId('group-games')).not.toContainText('Disputed');
    }
    expect(await standings(page2)).toBe(await standings(page));
    expect(await text(page2, 'group-games')).toBe(await text(page, 'group-games'));
    await expect(page.getByRole('table', { name: 'Standings', exact: true }).getByRole('row', { name: /^Bea / })).toContainText('+240');
    await page.screenshot({ path: 'test-results/screens/group-chosen-1280-light.png', fullPage: true });

    // Stats on both laptops: every game of the group, the same figures (one Ann; Gus's game at 40).
    for (const p of [page, page2]) {
      await p.getByRole('button', { name: 'Back' }).click();
      await p.getByRole('button', { name: 'Back' }).click();
      await p.getByRole('button', { name: 'Stats' }).click();
    }
    const statsOf = (p: Page) => p.getByRole('table', { name: 'Player statistics' }).innerText();
    await expect(page.getByRole('table', { name: 'Player statistics' })).toContainText('Gus');
    await expect.poll(async () => (await statsOf(page2)) === (await statsOf(page)), SYNC).toBe(true);
    await expect(page.getByRole('table', { name: 'Player statistics' }).getByRole('row', { name: /^Ann / })).toHaveCount(1);
    await shots(page, 'stats-group');

    // The club's night, large, from the Group screen: tonight's standings across both tables.
    for (const p of [page, page2]) {
      await p.getByRole('button', { name: 'Back' }).click();
      await p.getByRole('button', { name: 'Open the group' }).click();
    }
    await page.getByRole('button', { name: 'Club night view' }).click();
    await expect(page.getByTestId('club-night')).toContainText('Tonight: 2 tables, 2 games ended');
    const club = page.getByRole('table', { name: 'Club night standings' });
    for (const name of ['Ann', 'Bea', 'Gus']) await expect(club).toContainText(name);
    await shots(page, 'club-night');

    // Bea leaves: her own games stay on her laptop.
    await page2.getByRole('button', { name: 'Leave the group…' }).click();
    await page2.getByRole('alertdialog').getByRole('button', { name: 'Leave the group' }).click();
    await expect(page2.getByRole('heading', { name: 'Join a group' })).toBeVisible();
    expect((bea.store.db.prepare('SELECT count(*) AS n FROM games').get() as { n: number }).n).toBe(1);
    expect(bea.group.sync()).toBeUndefined();
  } finally {
    await bea.close();
    await context.close();
  }
  expect(problems2).toEqual([]);
});
