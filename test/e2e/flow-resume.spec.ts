import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Page } from './harness';
import { axe } from './axe';
import { rec } from './table-keys';

/**
 * Never lose what was typed: the home screen offers the game in progress (one key); an ending
 * typed but not confirmed survives a restart of main and the page (the app reopens on its payout
 * sheet, same payments); `u` after a confirmed ending asks first; `u` on the first line of the
 * next game offers the previous ending. Import twice: said to be there already.
 */

const PLAYERS = ['Ann', 'Bea', 'Cy', 'Dot'];

// axe-core goes in with addScriptTag, which the page's CSP (no inline script) would block.
test.use({ bypassCSP: true });

const sheetLines = (page: Page) => page.getByRole('region', { name: 'Payout sheet' }).locator('tr[data-line]').allInnerTexts();

test('resume from home; a typed ending survives a restart; u asks before reopening a settled game', async ({ page, app }) => {
  test.setTimeout(120_000);
  const session = await app.call('setupSession', { setup: { players: PLAYERS, seating: PLAYERS } });
  const g1 = await app.call('startGame', { sessionId: session.id });
  await app.reload();

  // Home: the game in progress at the top, r resumes it.
  const banner = page.getByTestId('resume');
  await expect(banner).toContainText('Game 1 in progress, Ann’s table');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await axe(page), `home with a game to resume, ${scheme}`).toEqual([]);
    await app.screenshot(`flow-home-resume-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.keyboard.press('r');
  const command = page.getByTestId('command');
  await expect(command).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Game 1' })).toBeVisible();
  for (const line of ['5b', 'n', '2c', '3d']) await rec(page, line);
  await expect(page.getByTestId('save')).toHaveText('All saved');

  // An ending typed, not confirmed.
  await rec(page, 'm w 30');
  const sheet = page.getByRole('region', { name: 'Payout sheet' });
  await expect(sheet.getByRole('heading')).toHaveText('Mah jongg: West (Cy) won 30, on North (Dot)’s discard');
  const before = await sheetLines(page);
  expect(before.length).toBe(3);
  await expect(page.getByTestId('save')).toContainText('ending not confirmed');
  expect(app.store.loadEvents(g1.id).map((e) => e.event.type)).not.toContain('mahjong');

  // Main and the page torn down and reopened on the same database file: back on the payout sheet.
  await app.reload();
  await expect(sheet.getByRole('heading')).toHaveText('Mah jongg: West (Cy) won 30, on North (Dot)’s discard');
  expect(await sheetLines(page)).toEqual(before);
  await expect(page.getByTestId('save')).toContainText('ending not confirmed');
  await expect(command).toBeFocused();
  await app.screenshot('flow-restart-payout');
  // The home screen says so too.
  await page.keyboard.type('home');
  await page.keyboard.press('Enter');
  await expect(banner).toContainText('Its ending waits for the payouts to be confirmed.');
  await page.keyboard.press('r');
  await expect(sheet.getByRole('heading')).toContainText('West (Cy) won 30');

  // Confirmed: in the log, and nothing staged any more.
  await rec(page, 'ok');
  await expect(page.getByTestId('next-seating')).toBeVisible();
  expect(app.store.loadEvents(g1.id).at(-1)!.event).toMatchObject({ type: 'mahjong', seat: 'W', value: 30 });
  expect((await app.call('stagedEnding', { gameId: g1.id })).events).toEqual([]);
  const settled = app.store.loadEvents(g1.id).length;

  // u on a settled game asks first; Escape keeps it; u twice reopens it.
  await rec(page, 'u');
  await expect(page.getByTestId('question')).toHaveText(
    'Game 1’s payouts are confirmed. Type u again to reopen its ending; Escape keeps it.',
  );
  expect(app.store.loadEvents(g1.id)).toHaveLength(settled);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('question')).toHaveCount(0);
  await rec(page, 'u');
  await expect(page.getByTestId('question')).toBeVisible();
  await rec(page, 'u');
  await expect(page.getByTestId('question')).toHaveCount(0);
  await expect(page.getByTestId('undone')).toHaveText('Undone: mah jongg by West (30)');
  await expect(page.getByTestId('save')).toHaveText('All saved');
  expect(app.store.loadEvents(g1.id).at(-1)!.event).toEqual({ type: 'retract' });

  // A different ending, confirmed; next; u on game 2's first line offers game 1's ending.
  await rec(page, 'm e 40');
  await rec(page, 'ok');
  await expect(page.getByTestId('next-seating')).toBeVisible();
  await rec(page, 'next');
  await expect(page.getByRole('heading', { name: 'Game 2' })).toBeVisible();
  const g2 = (await app.call('getSession', { sessionId: session.id })).gameList.at(-1)!;
  expect(g2.number).toBe(2);
  await rec(page, 'u');
  await expect(page.getByTestId('question')).toHaveText(
    'Nothing to take back in game 2. Type u again to reopen game 1’s ending (its payouts are confirmed); game 2 is then taken back. Escape keeps both.',
  );
  expect((await app.call('getSession', { sessionId: session.id })).gameList).toHaveLength(2);
  await rec(page, 'u');
  await expect(page.getByRole('heading', { name: 'Game 1' })).toBeVisible();
  await expect(page.getByTestId('live')).toHaveAttribute('data-tile', '3D');
  expect((await app.call('getSession', { sessionId: session.id })).gameList.map((g) => g.number)).toEqual([1]);
  await expect(page.getByTestId('save')).toHaveText('All saved');
  expect(app.store.loadEvents(g1.id).at(-1)!.event).toEqual({ type: 'retract' });
  await expect(command).toBeFocused();
});

test('import the same table record twice: the second time it is said to be there already', async ({ page, app }) => {
  const text = readFileSync(resolve(import.meta.dirname, '../records/quick-four.json'), 'utf8');
  await page.keyboard.press('h');
  await expect(page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible();
  const file = { name: 'evening.json', mimeType: 'application/json', buffer: Buffer.from(text) };
  await page.getByLabel('Import…').setInputFiles(file);
  await expect(page.getByRole('status')).toHaveText('Imported 1 session.');
  await page.getByLabel('Import…').setInputFiles({ ...file, name: 'evening-again.json' });
  const there = page.getByTestId('already-there');
  await expect(there).toContainText('evening-again.json is already here: the session of');
  await expect(there).toContainText('Ann, Bea, Cy and Dot');
  await expect(there).toContainText('Nothing was imported.');
  expect(await app.call('listSessions')).toHaveLength(1);
  expect(await axe(page), 'history with the already-there message').toEqual([]);
  await app.screenshot('flow-import-already-there');
});
