import { expect, test } from './harness';
import { expectLedgerMatchesEngine, expectTable } from './session-helpers';

/**
 * Quick scoring with errors (RULES §8.2, §8.4): an exposed mah jongg in error (dead, still pays
 * the winner), then two games ended by three dead hands, rule (c) and rule (d), all set with
 * the form's buttons. After each game the ledger on screen is checked against the engine
 * (replaySession over the exported record) and against the amounts worked out by hand.
 */
test('quick scoring a mah jongg in error and three-dead games (c) and (d): the ledger is the engine’s', async ({ page, app }) => {
  const s = await app.call('setupSession', {
    setup: { players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'], stakes: { centsPerPoint: 10 } },
  });
  await app.reload();
  await page.getByRole('button', { name: /Ann, Bea, Cy and Dot/ }).click();
  const form = page.getByRole('form', { name: /Quick score game/ });
  const errors = async () => {
    await form.getByRole('button', { name: 'Errors in this game…' }).click();
    return {
      erred: (n: string) =>
        form
          .getByRole('group', { name: /Mah jongg in error/ })
          .getByRole('button', { name: `${n} erred` })
          .click(),
      dead: (n: string) =>
        form
          .getByRole('group', { name: /Dead hands/ })
          .getByRole('button', { name: `${n} dead` })
          .click(),
      broke: (n: string) =>
        form
          .getByRole('group', { name: /Broke the wall/ })
          .getByRole('button', { name: `${n} broke it` })
          .click(),
    };
  };
  const record = async (n: number) => {
    await form.getByRole('button', { name: `Record game ${n}` }).click();
    await expect(page.getByRole('heading', { name: `Ledger after ${n} ${n === 1 ? 'game' : 'games'}` })).toBeVisible();
  };

  // Game 1 (E Ann, S Bea, W Cy, N Dot): Bea exposes a mah jongg in error, then Ann wins 30 on Cy's discard.
  // Bea is dead but still pays: Cy 60, Bea 30, Dot 30 -> Ann +120.
  let err = await errors();
  await err.erred('Bea');
  await expect(form.getByRole('list', { name: 'Errors in the order they happened' })).toContainText(
    'Bea declared mah jongg in error (exposed: dead)',
  );
  await form.getByPlaceholder(/e\.g\. e30jp/).fill('e30w');
  await expect(page.locator('#quick-summary')).toHaveText(
    'East (Ann) wins 30 on West (Cy)’s discard. Bea declared mah jongg in error (exposed: dead).',
  );
  // A dead hand cannot win: Bea as winner is refused on the form, nothing stored.
  await form.getByRole('group', { name: 'Winner' }).getByRole('button', { name: /Bea/ }).click();
  await form.getByRole('button', { name: 'Record game 1' }).click();
  // The reducer's own sentence (quick scoring has no rules of its own).
  await expect(form.getByRole('alert')).toHaveText("South's hand is dead; she cannot declare mah jongg.");
  expect(app.store.getSession(s.id)!.gameList).toEqual([]);
  await form.getByRole('group', { name: 'Winner' }).getByRole('button', { name: /Ann/ }).click();
  await record(1);
  await expect(page.locator('li[data-game="1"]')).toContainText('Ann won 30, on Cy’s discard (dead: Bea)');
  let e = await expectLedgerMatchesEngine(page, app, s.id);
  expect(e.games[0]!.net).toEqual({ Ann: 120, Bea: -30, Cy: -60, Dot: -30 });
  await expectTable(page, ['Bea', 'Cy', 'Dot', 'Ann']);

  // Game 2 (E Bea, S Cy, W Dot, N Ann): Cy exposes a 40 hand in error, Dot and Ann throw in: three dead,
  // rule (c): Cy pays the survivor Bea 2 x 40.
  err = await errors();
  await err.erred('Cy');
  await form.getByLabel('Cy’s attempted value').fill('40');
  await err.dead('Dot');
  await err.dead('Ann');
  await expect(page.locator('#quick-summary')).toHaveText(
    'Cy declared mah jongg in error (exposed: dead), attempted 40; Dot’s hand dead; Ann’s hand dead. Three hands dead: the game ends.',
  );
  await expect(form.getByRole('group', { name: 'Winner' }).getByRole('button', { name: /Bea/ })).toBeDisabled();
  await app.screenshot('session-errors-form');
  await record(2);
  await expect(page.locator('li[data-game="2"]')).toContainText('Ended by dead hands');
  await expect(page.locator('li[data-game="2"]')).toContainText('Three dead, rule (c)');
  e = await expectLedgerMatchesEngine(page, app, s.id);
  expect(e.games[1]!.status).toBe('three-dead');
  expect(e.games[1]!.net).toEqual({ Ann: 0, Bea: 80, Cy: -80, Dot: 0 });

  // Game 3 (E Cy, S Dot, W Ann, N Bea): breaking the wall before any mah jongg in error is refused on the form.
  err = await errors();
  await err.broke('Ann');
  await form.getByRole('button', { name: 'Record game 3' }).click();
  await expect(form.getByRole('alert')).toContainText('only after a mah jongg in error');
  await err.broke('Ann');
  // Dot exposes a mah jongg in error, then Ann breaks the wall: rule (d), Ann pays Cy and Bea 25 each.
  await err.erred('Dot');
  await err.broke('Ann');
  await expect(page.locator('#quick-summary')).toHaveText(
    'Dot declared mah jongg in error (exposed: dead); Ann broke the wall. The wall is broken: the game ends.',
  );
  await record(3);
  await expect(page.locator('li[data-game="3"]')).toContainText('Three dead, rule (d)');
  e = await expectLedgerMatchesEngine(page, app, s.id);
  expect(e.games[2]!.net).toEqual({ Ann: -50, Bea: 25, Cy: 25, Dot: 0 });
  expect(e.session.net).toEqual({ Ann: 70, Bea: 75, Cy: -115, Dot: -30 });
  await expect(page.locator('tr[data-player="Cy"] .money')).toHaveText('−$11.50');
  await app.screenshot('session-errors-ledger');
});
