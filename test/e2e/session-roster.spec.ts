import { expect, test } from './harness';

test('roster: add, rename, retire; a retired player is not offered for a new session but keeps her stats; a game started at the table is scored on return', async ({
  page,
  app,
}) => {
  const s = await app.call('setupSession', {
    setup: { players: ['Ann', 'Bea', 'Cy'], seating: ['Ann', 'Bea', 'Cy'], stakes: { centsPerPoint: 1 } },
  });
  await app.call('quickScore', { sessionId: s.id, events: [{ type: 'mahjong', seat: 'S', value: 30, jokerless: true, from: 'E' }] });
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByRole('button', { name: 'Players' }).click();
  await page.getByLabel('New player’s name').fill('Dot');
  await page.getByRole('button', { name: 'Add player' }).click();
  await page.getByLabel('Name of Cy').fill('Cyd');
  await page
    .locator('li', { has: page.getByLabel('Name of Cy') })
    .getByRole('button', { name: 'Rename' })
    .click();
  await expect(page.getByLabel('Name of Cyd')).toBeVisible();
  await page.getByRole('button', { name: 'Retire Bea' }).click();
  await expect(page.getByText('Retired (history kept)')).toBeVisible();
  // Renaming onto another player's name is refused, nothing changes.
  await page.getByLabel('Name of Dot').fill('ann');
  await page
    .locator('li', { has: page.getByLabel('Name of Dot') })
    .getByRole('button', { name: 'Rename' })
    .click();
  await expect(page.getByRole('alert')).toContainText('already a player named');
  await app.screenshot('roster');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('button', { name: 'Cyd', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bea', exact: true })).toHaveCount(0);

  // Stats keep Bea (retired) and follow Cy as Cyd.
  await app.call('startGame', { sessionId: s.id });
  await app.reload();
  await page.getByRole('button', { name: /Ann, Bea and Cy/ }).click();
  // Game 2 was started at the table and not finished: it is scored here, on its own seating.
  await expect(page.getByRole('heading', { name: 'Game 2 is being played' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue at the table' })).toBeVisible();
  const input = page.getByPlaceholder(/e\.g\. e30jp/);
  await input.fill('e25p');
  await input.press('Enter');
  await expect(page.getByRole('heading', { name: 'Next: game 3' })).toBeVisible();
  await expect(page.locator('li[data-game="2"]')).toContainText('Bea won 25, self-picked');
  await page.getByRole('button', { name: 'History' }).click();
  await page.getByRole('button', { name: 'Stats' }).click();
  await expect(page.locator('tr[data-player="Bea"]')).toContainText('(retired)');
  await expect(page.locator('tr[data-player="Bea"] td').nth(2)).toHaveText('2');
  await expect(page.locator('tr[data-player="Cyd"] td').nth(1)).toHaveText('2');
});

test('"Play this game at the table" starts the next game with the bet made, then the game is scored on return', async ({ page, app }) => {
  const s = await app.call('setupSession', {
    setup: {
      players: ['Ann', 'Bea', 'Cy', 'Dot', 'Eve'],
      seating: ['Ann', 'Bea', 'Cy', 'Dot'],
      bettor: 'Eve',
      stakes: { centsPerPoint: 1 },
    },
  });
  await app.reload();
  await page.getByRole('button', { name: /Ann, Bea, Cy, Dot and Eve/ }).click();
  await page.getByRole('group', { name: 'Eve bets on' }).getByRole('button', { name: /Cy/ }).click();
  await page.getByRole('button', { name: 'Play this game at the table' }).click();
  // The game is started, then its bet stored as its first event (two calls: wait for both).
  await expect.poll(() => app.store.getSession(s.id)!.gameList.length).toBe(1);
  const game = app.store.getSession(s.id)!.gameList[0]!;
  expect(game.seating).toEqual({ E: 'Ann', S: 'Bea', W: 'Cy', N: 'Dot' });
  await expect.poll(() => app.store.loadEvents(game.id).map((e) => e.event)).toEqual([{ type: 'bet', on: 'W' }]);
  await expect(page.locator('input[placeholder^="5b Enter"]')).toBeVisible();
  // Back at the session (as the table screen returns): the open game is scored with its bet.
  await app.reload();
  await page.getByRole('button', { name: /Ann, Bea, Cy, Dot and Eve/ }).click();
  await expect(page.getByRole('heading', { name: 'Game 1 is being played' })).toBeVisible();
  const input = page.getByPlaceholder(/e\.g\. e30jp/);
  await input.fill('w30n');
  await input.press('Enter');
  await expect(page.locator('li[data-game="1"]')).toContainText('bettor Eve backed Cy');
  await expect(page.locator('tr[data-player="Eve"] .points')).toHaveText('+120'); // each loser pays her again: 60 + 30 + 30 (RULES §9.3)
});

test('quick scoring with errors: a dead hand and a wrong wall, set with buttons, pay as the rules say', async ({ page, app }) => {
  const s = await app.call('setupSession', {
    setup: { players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'], stakes: { centsPerPoint: 1 } },
  });
  await app.reload();
  await page.getByRole('button', { name: /Ann, Bea, Cy and Dot/ }).click();
  await page.getByRole('button', { name: 'Errors in this game…' }).click();
  await page
    .getByRole('group', { name: /Dead hands/ })
    .getByRole('button', { name: 'Dot dead' })
    .click();
  await page
    .getByRole('group', { name: /wrong wall/ })
    .getByRole('button', { name: 'Bea' })
    .click();
  const input = page.getByPlaceholder(/e\.g\. e30jp/);
  await input.fill('e25w');
  await expect(page.locator('#quick-summary')).toHaveText(
    'East (Ann) wins 25 on West (Cy)’s discard. Dead: Dot. Bea pushed out the wrong wall.',
  );
  await input.press('Enter');
  await expect(page.locator('li[data-game="1"]')).toContainText('Ann won 25, on Cy’s discard (dead: Dot)');
  await expect(page.locator('li[data-game="1"]')).toContainText('South pushed out the wrong wall: pays East 4 x 25 alone');
  await expect(page.locator('tr[data-player="Bea"] .points')).toHaveText('−100');
  expect(app.store.loadEvents(app.store.getSession(s.id)!.gameList[0]!.id).map((e) => e.event.type)).toEqual([
    'wrongWall',
    'dead',
    'mahjong',
  ]);
});
