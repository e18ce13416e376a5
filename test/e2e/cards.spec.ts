import type { GameEvent } from '../../src/core/events';
import { shots, SIZES } from './card-shots';
import { THURSDAY_CARD } from './thursday-card';
import { expect, test, type MahjmateApp, type Page } from './harness';
import { rec } from './table-keys';

// axe-core goes in with addScriptTag, which the page's CSP (no inline script) would block.
test.use({ bypassCSP: true });

/**
 * The group's card, from typing it to naming the hand at mah jongg, by keyboard at 1280x800:
 * the card typed on the Cards screen with each pattern's tile count shown as it is typed and a
 * problem named by its line; kept; chosen at setup (and offered first for the next session); a game
 * to South's mah jongg with a kong of Five Bam and a pung of Flowers exposed. `m s 35` is
 * questioned (no fitting hand is worth 35) and nothing is stored; `m s` lists the three hands that
 * fit, best value first; the arrow and Enter pick the 30 hand: the payout sheet names it and the
 * stored mah jongg carries its value and name.
 */

const CARD = THURSDAY_CARD;

/** Nothing in the page runs past the window's width or height (the table never scrolls). */
const fits = async (page: Page): Promise<void> => {
  const over = await page.evaluate(() => ({
    x: document.documentElement.scrollWidth - innerWidth,
    y: document.documentElement.scrollHeight - innerHeight,
  }));
  expect(over).toEqual({ x: 0, y: 0 });
};

const lastEvent = (app: MahjmateApp, gameId: number): GameEvent | undefined => app.store.loadEvents(gameId).at(-1)?.event;

test('a card typed and chosen; at mah jongg the hand is picked by keys, and a value that fits no hand is questioned', async ({
  page,
  app,
}) => {
  test.setTimeout(360_000);
  await page.setViewportSize(SIZES[0]!);
  await page.emulateMedia({ colorScheme: 'light' });

  // ---- Home: c opens the Cards screen.
  await expect(page.getByRole('button', { name: /New session/ })).toBeVisible();
  await page.keyboard.press('c');
  await expect(page.getByRole('heading', { name: 'Cards', level: 1 })).toBeVisible();
  const text = page.getByTestId('card-text');
  await text.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');

  // Typed line by line: a pattern one group short shows its count and the core's sentence, named by its line.
  await page.keyboard.type(CARD.slice(0, 4).join('\n') + '\n');
  await page.keyboard.type('30 X FFF 5555a 555b');
  const line5 = page.locator('[data-testid="card-check"] li[data-line="5"]');
  await expect(line5.getByTestId('tile-counts')).toHaveText('10 tiles (4 short)');
  await expect(line5.locator('.problem')).toContainText(/14/);
  await expect(page.getByTestId('card-summary')).toHaveText('1 problem: line 5');
  await page.keyboard.type(' 5555c');
  await expect(line5.getByTestId('tile-counts')).toHaveText('14 tiles');
  await expect(line5.locator('.problem')).toHaveCount(0);
  await page.keyboard.type('\n' + CARD.slice(5).join('\n'));
  await expect(page.getByTestId('card-summary')).toHaveText('5 hands, no problem');
  await expect(page.locator('[data-testid="card-check"] li[data-line="10"] .name')).toHaveText('Winds #1');
  await shots(page, app, 'cards-typed');
  // A card with a problem is not kept: the sentence says why.
  await page.keyboard.type('\n20 X FF');
  await page.keyboard.press('Control+S');
  await expect(page.getByTestId('card-said')).toHaveText(/^Not kept: Card line 11: .*/);
  expect((await app.call('cards')).cards).toEqual([]);
  for (let i = 0; i < 8; i++) await page.keyboard.press('Backspace');
  await page.keyboard.press('Control+S');
  await expect(page.getByTestId('card-said')).toHaveText('Kept “Thursday table (2026)”: 5 hands.');
  const [kept] = (await app.call('cards')).cards;
  expect(kept).toMatchObject({ name: 'Thursday table', year: 2026 });
  expect(kept!.card.hands.map((h) => h.name)).toEqual(['2026 #1', 'Like numbers #1', 'Run #1', 'Run #2', 'Winds #1']);
  await page.getByRole('button', { name: 'Back' }).click();

  // ---- Setup: four players, the card chosen.
  await page.keyboard.press('n');
  await expect(page.getByPlaceholder('New player’s name')).toBeFocused();
  for (const n of ['Ann', 'Bea', 'Cy', 'Dot']) {
    await page.keyboard.type(n);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: n, exact: true })).toHaveAttribute('aria-pressed', 'true');
  }
  const choice = page.getByLabel('Card for this session');
  await expect(choice).toHaveValue('');
  await choice.selectOption({ label: 'Thursday table (2026), 5 hands' });
  await shots(page, app, 'cards-setup');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('heading', { name: /^Session, / })).toBeVisible();
  const [session] = await app.call('listSessions', { limit: 1 });
  expect(await app.call('sessionCard', { sessionId: session!.id })).toMatchObject({ cardId: kept!.id, text: kept!.text });
  // The group's next session is offered this card first.
  expect((await app.call('cards')).remembered).toBe(kept!.id);

  // ---- The table: South exposes a kong of Five Bam and a pung of Flowers.
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('command')).toBeFocused();
  const game = (await app.call('getSession', { sessionId: session!.id })).gameList.at(-1)!;
  await rec(page, '5b');
  await rec(page, 'c s 4', 'South (Bea) calls the Five Bam for a kong');
  await rec(page, '3d');
  await rec(page, '2c');
  await rec(page, 'f');
  await rec(page, 'c s 3');
  await rec(page, '4c');
  await rec(page, '9d');
  await rec(page, 'c s m');

  // ---- A value no fitting hand has: a sentence before anything is stored.
  await page.keyboard.type('m s 35');
  const question = page.getByTestId('hand-question');
  const sentence =
    'No hand worth 35 fits South’s exposures (kong of Five Bam, pung of Flowers); these do: Winds #1 (40), Like numbers #1 (30), Run #1 (25).';
  await expect(question.locator('p')).toHaveText(sentence);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('preview')).toHaveText('Enter again records 35 anyway; Esc to change it');
  await expect(page.getByTestId('command')).toHaveValue('m s 35');
  expect(lastEvent(app, game.id)).toMatchObject({ type: 'call', seat: 'S', mahjong: true });
  await fits(page);
  await shots(page, app, 'cards-question');
  await page.keyboard.press('Escape');

  // ---- m s: the fitting hands, best value first; the arrow and Enter pick the 30 hand.
  await page.keyboard.type('m s');
  const list = page.getByTestId('hand-list');
  await expect(list.locator('li .name')).toHaveText(['Winds #1', 'Like numbers #1', 'Run #1']);
  await expect(list.locator('li .value')).toHaveText(['40', '30', '25']);
  await expect(list.locator('li[aria-selected="true"] .name')).toHaveText('Winds #1');
  await page.keyboard.press('ArrowDown');
  await expect(list.locator('li[aria-selected="true"] .name')).toHaveText('Like numbers #1');
  await expect(page.getByTestId('preview')).toHaveText('Mah jongg by South (Bea): Like numbers #1, 30');
  await fits(page);
  await shots(page, app, 'cards-pick');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('command')).toHaveValue('');

  // ---- The payout sheet names the hand; ok stores the mah jongg with its value and name.
  const ending = page.getByRole('region', { name: 'End of game' });
  await expect(ending).toContainText('Mah jongg: South (Bea) won 30 with Like numbers #1, on West (Cy)’s discard');
  await fits(page);
  await shots(page, app, 'cards-payout');
  await rec(page, 'ok');
  await expect(page.getByTestId('next-seating')).toBeVisible();
  await expect(page.getByTestId('save')).toHaveText('All saved');
  expect(lastEvent(app, game.id)).toEqual({ type: 'mahjong', seat: 'S', value: 30, jokerless: false, hand: 'Like numbers #1' });
});
