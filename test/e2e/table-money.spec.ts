import { resolve } from 'node:path';
import { attachShare, createShare } from '../../electron/main/share/share';
import { expect, test, type Page } from './harness';
import { nodeShareProcess } from '../../tools/share/node-share-process';

/**
 * Issue 22: money at the table. The payout sheet shows the money beside the points (the engine's
 * one sheet, in cents at the session's stake); every seat strip, and the bettor's, shows the
 * player's net in the session so far, updated when a payout is confirmed; `ledger` opens the
 * session with its money table in view. The share panel's address and note stay inside the panel.
 */

const PLAYERS = ['Ann', 'Bea', 'Cy', 'Dot'];

const rec = async (page: Page, line: string): Promise<void> => {
  await page.keyboard.type(line);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('command'), `"${line}" should be recorded`).toHaveValue('');
};

const openTable = async (page: Page): Promise<void> => {
  await page.locator('button.session').first().click();
  await page.getByRole('button', { name: /Continue at the table|Play this game at the table/ }).click();
  await expect(page.getByTestId('command')).toBeFocused();
};

const standings = (page: Page) => page.getByTestId('seats').locator('[data-testid="standing"]').allTextContents();

test('money beside the points on the payout sheet, standings on the seats after the confirm, the ledger opens at the money', async ({
  page,
  app,
}) => {
  await app.call('setupSession', { setup: { players: PLAYERS, seating: PLAYERS, stakes: { centsPerPoint: 5 } } });
  await page.reload();
  await openTable(page);
  expect(await standings(page)).toEqual(['$0.00', '$0.00', '$0.00', '$0.00']);
  await rec(page, '5b');
  await rec(page, 'm s 25');
  const sheet = page.getByRole('region', { name: 'Payout sheet' });
  // East threw the winning tile: 2 x 25 = 50 points, $2.50 at 5 cents; West and North 25, $1.25.
  await expect(sheet.locator('tr[data-line="0"]')).toContainText('Ann');
  await expect(sheet.locator('tr[data-line="0"] [data-testid="line-money"]')).toHaveText('$2.50');
  await expect(sheet.locator('tr[data-line="1"] [data-testid="line-money"]')).toHaveText('$1.25');
  await expect(sheet.locator('tr[data-line="2"] [data-testid="line-money"]')).toHaveText('$1.25');
  // Proposed, not confirmed: the standings do not move yet.
  expect(await standings(page)).toEqual(['$0.00', '$0.00', '$0.00', '$0.00']);
  await rec(page, 'ok');
  await expect(page.getByTestId('next-seating')).toBeVisible();
  await expect.poll(() => standings(page)).toEqual(['−$2.50', '+$5.00', '−$1.25', '−$1.25']);
  await expect(page.getByTestId('seats').locator('section[data-seat="E"] [data-testid="standing"]')).toHaveClass(/behind/);

  // `ledger` opens the session with its money table in view, not scrolled past it: after the
  // confirm, and from the next game.
  const balances = page.getByRole('table', { name: 'Balances' });
  const ledgerInView = async () => {
    await page.keyboard.type('ledger');
    await page.keyboard.press('Enter');
    await expect(balances).toBeVisible();
    await expect(balances).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  };
  await ledgerInView();
  await page.getByRole('button', { name: 'Play this game at the table' }).click();
  await expect(page.getByTestId('command')).toBeFocused();
  // The next game keeps the standings on the new seating.
  await expect.poll(async () => (await standings(page)).sort()).toEqual(['+$5.00', '−$1.25', '−$1.25', '−$2.50']);
  await ledgerInView();
});

test('five players: the bettor sits beside the seats with her pick and her standing', async ({ page, app }) => {
  const players = [...PLAYERS, 'Eve'];
  await app.call('setupSession', { setup: { players, seating: PLAYERS, bettor: 'Eve', stakes: { centsPerPoint: 10 } } });
  await page.reload();
  await openTable(page);
  const bettor = page.getByRole('region', { name: 'Bettor: Eve' });
  await expect(bettor).toContainText('has not bet');
  await rec(page, 'b s');
  await expect(bettor).toContainText('backs South (Bea)');
  await rec(page, '5b');
  await rec(page, 'm s 30');
  await rec(page, 'ok');
  await expect(page.getByTestId('next-seating')).toBeVisible(); // confirmed and saved: the ledger may be read
  // The bettor backed the winner: she collects as the winner does (the ledger's own sums).
  const l = await page.evaluate(async () => {
    const s = (await window.mahjmate.listSessions({ limit: 1 })) as { ok: true; value: { id: number }[] };
    return (await window.mahjmate.sessionLedger({ sessionId: s.value[0]!.id })) as {
      ok: true;
      value: { balances: { name: string; cents: number }[] };
    };
  });
  const eve = l.value.balances.find((b) => b.name === 'Eve')!.cents;
  expect(eve).toBeGreaterThan(0);
  await expect(bettor.getByTestId('standing')).toHaveText(`+$${(eve / 100).toFixed(2)}`);
});

test('the share panel at 1280x800: its address and its note wrap inside the panel', async ({ page, app }) => {
  const share = createShare(app.store, {
    spawn: nodeShareProcess,
    root: resolve(import.meta.dirname, '../../out/renderer'),
    host: '127.0.0.1',
  });
  attachShare(app.services, share);
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await app.call('setupSession', { setup: { players: PLAYERS, seating: PLAYERS } });
    await page.reload();
    await openTable(page);
    await page.getByRole('button', { name: 'Share the table' }).click();
    const panel = page.getByTestId('share-panel');
    await expect(panel.getByTestId('share-url')).toBeVisible();
    await app.screenshot('table-share-panel-1280x800');
    const box = (await panel.boundingBox())!;
    for (const p of await panel.locator('p, label').all()) {
      const b = (await p.boundingBox())!;
      const text = (await p.textContent())!.trim();
      expect(b.x >= box.x && b.x + b.width <= box.x + box.width + 0.5, `"${text}" runs outside the panel`).toBe(true);
      expect(await p.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), `"${text}" spills out of its line`).toBe(true);
    }
    await expect(panel).toBeInViewport({ ratio: 1 });
    await panel.getByRole('button', { name: 'Stop sharing' }).click();
  } finally {
    await share.stop();
  }
});
