import type { GameEvent } from '../../src/core/events';
import { shots, SIZES } from './card-shots';
import { THURSDAY_CARD } from './thursday-card';
import { expect, test, type MahjmateApp } from './harness';
import { engineOf, expectLedgerMatchesEngine, setUp } from './session-helpers';

// axe-core goes in with addScriptTag, which the page's CSP (no inline script) would block.
test.use({ bypassCSP: true });

/**
 * Quick scoring with the session's card, by keys at 1280x800: typing the winner lists the card's
 * hands (nothing exposed is recorded, so every hand fits, best value first); the value narrows
 * them and the arrows pick one of two worth 25; a concealed hand is named in the Hand field; a
 * value no hand has is asked about before anything is stored. Each game's payout follows the hand.
 */

const CARD = THURSDAY_CARD.join('\n');

const ending = async (app: MahjmateApp, sessionId: number, n: number): Promise<GameEvent | undefined> => {
  const game = (await app.call('getSession', { sessionId })).gameList.find((g) => g.number === n)!;
  return app.store.loadEvents(game.id).at(-1)?.event;
};

test('quick scoring picks the hand from the card by keys, and the payout follows it', async ({ page, app }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(SIZES[0]!);
  await page.emulateMedia({ colorScheme: 'light' });
  await app.call('saveCard', { text: CARD });
  await page.reload();
  await expect(page.getByRole('button', { name: 'New session' })).toBeVisible();
  const sessionId = await setUp(page, {
    players: ['Ann', 'Bea', 'Cy', 'Dot'],
    centsPerPoint: 10,
    choices: { 'Card for this session': 'Thursday table (2026), 5 hands' },
  });

  const line = page.getByPlaceholder(/e\.g\. e30jp/);
  await line.click();
  const list = page.getByTestId('hand-list');
  const summary = page.locator('#quick-summary');

  // ---- The winner alone: every hand of the card, best value first, concealed ones too.
  await page.keyboard.type('s');
  await expect(list.locator('.name')).toHaveText(['Winds #1', 'Run #2', 'Like numbers #1', '2026 #1', 'Run #1']);
  // The value narrows it; the arrow moves to the second hand worth 25.
  await page.keyboard.type('25w');
  await expect(list.locator('.name')).toHaveText(['2026 #1', 'Run #1']);
  await expect(list.locator('[aria-selected="true"] .name')).toHaveText('2026 #1');
  await page.keyboard.press('ArrowDown');
  await expect(list.locator('[aria-selected="true"] .name')).toHaveText('Run #1');
  await expect(line).toBeFocused();
  await expect(summary).toHaveText('South (Bea) wins 25 with Run #1 on West (Cy)’s discard.');
  await shots(page, app, 'quick-pick');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Ledger after 1 game' })).toBeVisible();
  expect(await ending(app, sessionId, 1)).toMatchObject({ type: 'mahjong', seat: 'S', value: 25, from: 'W', hand: 'Run #1' });
  // The discarder pays double, the others single: 50 + 25 + 25.
  expect((await engineOf(app, sessionId)).session.net).toMatchObject({ Bea: 100, Cy: -50 });
  await expectLedgerMatchesEngine(page, app, sessionId);

  // ---- A concealed hand named in the Hand field: its value follows, with no value typed.
  await expect(line).toBeFocused();
  await page.keyboard.type('np');
  await page.getByLabel('Hand from the card').focus();
  await page.keyboard.type('run #2');
  await expect(list.locator('.name')).toHaveText(['Run #2']);
  await expect(summary).toHaveText(/^[A-Za-z]+ \([A-Za-z]+\) wins 35 with Run #2, self-picked\.$/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Ledger after 2 games' })).toBeVisible();
  expect(await ending(app, sessionId, 2)).toMatchObject({ type: 'mahjong', value: 35, selfPick: true, concealed: true, hand: 'Run #2' });
  await expectLedgerMatchesEngine(page, app, sessionId);

  // ---- A value no hand has: asked about, nothing stored; Enter again records it anyway.
  await line.focus();
  await page.keyboard.type('e45p');
  const question = page.getByTestId('hand-question');
  await expect(question.locator('p')).toHaveText(
    'No hand worth 45 is on the card; these do: Winds #1 (40), Run #2 (35), Like numbers #1 (30), 2026 #1 (25), Run #1 (25).',
  );
  await shots(page, app, 'quick-question');
  await line.press('Enter');
  await expect(question.getByRole('button', { name: 'Enter: Record 45 anyway' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ledger after 2 games' })).toBeVisible();
  await line.press('Enter');
  await expect(page.getByRole('heading', { name: 'Ledger after 3 games' })).toBeVisible();
  const third = await ending(app, sessionId, 3);
  expect(third).toMatchObject({ type: 'mahjong', value: 45, selfPick: true });
  expect(third).not.toHaveProperty('hand');
  await expectLedgerMatchesEngine(page, app, sessionId);
});
