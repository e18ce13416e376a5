import { expect, test, type Page } from './harness';
import { engineOf } from './session-helpers';
import { openTable, rec } from './table-keys';

/**
 * Endings recorded at the table by keyboard alone, checked against the engine's replay of the
 * exported record: three dead hands (RULES §8.4 (c)), and a misnamed discard won on its name by a
 * concealed hand after a wrong wall was pushed out (RULES §4.8, §2.8).
 */
const PLAYERS = ['Ann', 'Bea', 'Cy', 'Dot'];

/** Every row of the sheet is one of the engine's payments, in order, and nothing else. */
const expectSheetIs = async (page: Page, payments: { from: string; to: string; points: number }[]): Promise<void> => {
  const sheet = page.getByRole('region', { name: 'Payout sheet' });
  await expect(sheet.locator('tr[data-line]')).toHaveCount(payments.length);
  for (const [i, p] of payments.entries()) {
    const row = sheet.locator(`tr[data-line="${i}"]`);
    await expect(row.locator('.who').nth(0)).toHaveText(p.from);
    await expect(row.locator('.who').nth(1)).toHaveText(p.to);
    await expect(row.locator('.pts')).toHaveText(String(p.points));
  }
};

test('three dead, rule (c): South declares in error exposed, West and North throw in; South pays East 2x her hand', async ({
  page,
  app,
}) => {
  const session = await app.call('setupSession', { setup: { players: PLAYERS, seating: PLAYERS } });
  await page.reload();
  await openTable(page);
  await rec(page, '5b');
  await rec(page, 'err s x 40', 'South (Bea)’s mah jongg in error, hand exposed: dead (40)');
  await rec(page, 'd w', 'West (Cy)’s hand is dead');
  await expect(page.getByRole('region', { name: 'Payout sheet' })).toHaveCount(0);
  await rec(page, 'd n', 'North (Dot)’s hand is dead');
  const sheet = page.getByRole('region', { name: 'Payout sheet' });
  await expect(sheet.getByRole('heading')).toHaveText('Three dead hands, rule (c)');
  await expect(page.getByTestId('ended')).toContainText('THREE DEAD');
  await expect(sheet.locator('tr[data-line="0"] .why')).toHaveText('Three dead, rule (c): South declared in error and pays East 2 x 40');
  await app.screenshot('table-three-dead');
  await rec(page, 'ok');
  await expect(page.getByTestId('next-seating')).toBeVisible();
  const engine = await engineOf(app, session.id);
  expect(engine.games[0]).toMatchObject({ status: 'three-dead', winner: null });
  expect(engine.games[0]!.payments).toEqual([{ from: 'Bea', to: 'Ann', points: 80 }]);
  expect(engine.games[0]!.net).toEqual({ Ann: 80, Bea: -80, Cy: 0, Dot: 0 });
});

test('three dead without the erring hand’s value: the table asks for it and records nothing (issue 25)', async ({ page, app }) => {
  await app.call('setupSession', { setup: { players: PLAYERS, seating: PLAYERS } });
  await page.reload();
  await openTable(page);
  await rec(page, '5b');
  await rec(page, 'err s x', 'South (Bea)’s mah jongg in error, hand exposed: dead');
  await rec(page, 'd w', 'West (Cy)’s hand is dead');
  await page.keyboard.type('d n');
  await page.keyboard.press('Enter');
  const refusal = page.getByTestId('refusal');
  await expect(refusal).toContainText(
    "What was South's hand worth? Three hands are dead: South erred first and pays East twice that (rule c). Give it on her mah jongg in error.",
  );
  // The question is the first thing the player reads, in full sight.
  await expect(refusal).toBeInViewport({ ratio: 1 });
  expect(await refusal.evaluate((el) => el.scrollHeight <= el.clientHeight + 1), 'the whole question shows, none of it clipped').toBe(true);
  await expect(page.getByTestId('command')).toHaveValue('d n');
  await expect(page.getByRole('region', { name: 'Payout sheet' })).toHaveCount(0);
  await app.screenshot('table-three-dead-asks-value');
  await page.setViewportSize({ width: 1920, height: 1080 });
  await app.screenshot('table-three-dead-asks-value-1920');
});

test('a misnamed discard won on its name by a concealed hand: the misnamer pays 4x alone (RULES §4.8)', async ({ page, app }) => {
  const session = await app.call('setupSession', { setup: { players: PLAYERS, seating: PLAYERS } });
  await page.reload();
  await openTable(page);
  await rec(page, '5b');
  await rec(page, '1b=f', 'Discard One Bam, called “Flower” by South (Bea)');
  await expect(page.getByTestId('live')).toHaveAttribute('data-tile', '1B');
  await rec(page, 'c n m');
  await rec(page, 'm n 30 c', 'Mah jongg by North (Dot): 30, concealed');
  const sheet = page.getByRole('region', { name: 'Payout sheet' });
  await expect(sheet.getByRole('heading')).toHaveText('Mah jongg: North (Dot) won 30, on South (Bea)’s discard (concealed)');
  const shown = [{ from: 'Bea', to: 'Dot', points: 120 }];
  await expectSheetIs(page, shown);
  await expect(sheet.locator('tr[data-line="0"] .why')).toHaveText('South misnamed the discard: pays North 4 x 30 alone');
  await app.screenshot('table-misnamed-concealed');
  await rec(page, 'ok');
  await expect(page.getByTestId('next-seating')).toBeVisible();
  const engine = await engineOf(app, session.id);
  expect(engine.games[0]).toMatchObject({ status: 'mahjong', winner: 'N' });
  expect(engine.games[0]!.payments).toEqual(shown);
  const exported = (await app.call('exportSession', { sessionId: session.id })).text;
  expect(exported).toContain('"concealed": true');
  expect(exported).toContain('"named": "F"');
});

test('a wrong wall pushed out: a mah jongg while it is in play costs the pusher 4x alone (RULES §2.8)', async ({ page, app }) => {
  const session = await app.call('setupSession', { setup: { players: PLAYERS, seating: PLAYERS } });
  await page.reload();
  await openTable(page);
  await rec(page, 'ww w', 'West (Cy) pushed out the wrong wall: a mah jongg from it costs her 4×');
  await rec(page, '5b');
  await rec(page, 'c s m');
  await rec(page, 'm s 25');
  const shown = [{ from: 'Cy', to: 'Bea', points: 100 }];
  await expectSheetIs(page, shown);
  await expect(page.locator('tr[data-line="0"] .why')).toHaveText('West pushed out the wrong wall: pays South 4 x 25 alone');
  await app.screenshot('table-wrong-wall');
  await rec(page, 'ok');
  await expect(page.getByTestId('next-seating')).toBeVisible();
  const engine = await engineOf(app, session.id);
  expect(engine.games[0]!.payments).toEqual(shown);
  expect((await app.call('exportSession', { sessionId: session.id })).text).toContain('"type": "wrongWall"');
});
