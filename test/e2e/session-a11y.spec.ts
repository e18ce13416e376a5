import { expect, test } from './harness';
import { axe } from './axe';

// axe-core goes in with addScriptTag, which the page's CSP (no inline script) would block.
test.use({ bypassCSP: true });

test('setup, session, settlement, history and stats have no serious or critical accessibility problems, light and dark', async ({
  page,
  app,
}) => {
  const s = await app.call('setupSession', {
    setup: {
      players: ['Ann', 'Bea', 'Cy', 'Dot', 'Eve'],
      seating: ['Ann', 'Bea', 'Cy', 'Dot'],
      bettor: 'Eve',
      stakes: { centsPerPoint: 1 },
      pie: { points: 100 },
    },
    chips: [
      { colour: 'blue', points: 25 },
      { colour: 'white', points: 5 },
    ],
  });
  await app.call('quickScore', {
    sessionId: s.id,
    events: [
      { type: 'bet', on: 'S' },
      { type: 'mahjong', seat: 'S', value: 30, jokerless: false, selfPick: true },
    ],
  });
  await app.reload();
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.getByRole('button', { name: 'New session' }).click();
    await page.getByLabel(/Play with a pie/).check();
    expect(await axe(page), `setup (${theme})`).toEqual([]);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: /Ann, Bea, Cy, Dot and Eve/ }).click();
    await page.getByRole('button', { name: 'Errors in this game…' }).click();
    expect(await axe(page), `session (${theme})`).toEqual([]);
    await page.getByRole('button', { name: 'Settle up' }).click();
    await expect(page.getByRole('heading', { name: 'MahjMate settlement' })).toBeVisible();
    expect(await axe(page), `settlement (${theme})`).toEqual([]);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'History' }).click();
    expect(await axe(page), `history (${theme})`).toEqual([]);
    await page.getByRole('button', { name: 'Stats' }).click();
    await expect(page.getByRole('img', { name: 'Money over time by player' })).toBeVisible();
    expect(await axe(page), `stats (${theme})`).toEqual([]);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Home' }).click();
  }
});
