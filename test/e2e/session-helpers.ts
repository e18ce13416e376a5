import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseRecord, replaySession } from '../../src/core/record';
import type { SessionSummary as EngineSummary } from '../../src/core/summary';
import { dollars } from '../../src/renderer/components/session/money';
import { expect, type MahjmateApp, type Page } from './harness';

export const SCREENS = resolve(import.meta.dirname, '../../test-results/screens');

/** The engine's view of a stored session: export the record and replay it (the `replay` command's path). */
export const engineOf = async (app: MahjmateApp, sessionId: number): Promise<EngineSummary> => {
  const rec = parseRecord((await app.call('exportSession', { sessionId })).text);
  if (!rec.ok) throw new Error(`export is not a valid record: ${rec.error.message}`);
  const s = replaySession(rec.value);
  if (!s.ok) throw new Error(`the record does not replay: ${s.error.message}`);
  return s.value;
};

/** Set up a session through the setup screen: players added (and picked) in seating order. */
export const setUp = async (
  page: Page,
  opts: {
    players: string[];
    centsPerPoint: number;
    pie?: number;
    rules?: string[];
    choices?: Record<string, string>;
    screenshot?: (name: string) => Promise<unknown>;
  },
): Promise<number> => {
  await page.getByRole('button', { name: 'New session' }).click();
  for (const n of opts.players) {
    await page.getByPlaceholder('New player’s name').fill(n);
    await page.getByRole('button', { name: 'Add player' }).click();
    await expect(page.getByRole('button', { name: n, exact: true })).toHaveAttribute('aria-pressed', 'true');
  }
  await page.getByLabel('Cents per point').fill(String(opts.centsPerPoint));
  if (opts.pie !== undefined) {
    await page.getByLabel(/Play with a pie/).check();
    await page.getByLabel('Each player’s pie, in points').fill(String(opts.pie));
  }
  for (const r of opts.rules ?? []) await page.getByLabel(r).click();
  for (const [label, value] of Object.entries(opts.choices ?? {})) await page.getByLabel(label).selectOption(value);
  await opts.screenshot?.('setup-filled');
  await page.getByRole('button', { name: 'Start the session' }).click();
  await expect(page.getByRole('heading', { name: /^Session, / })).toBeVisible();
  return latestId(page);
};

const latestId = async (page: Page): Promise<number> =>
  page.evaluate(async () => {
    const r = await window.mahjmate.listSessions({ limit: 1 });
    if (!r.ok || !r.value[0]) throw new Error('no session');
    return r.value[0].id;
  });

/** Type one quick-score line and press Enter; waits until the game shows in the ledger. */
export const quick = async (page: Page, line: string, games: number): Promise<void> => {
  const input = page.getByPlaceholder(/e\.g\. e30jp/);
  await input.fill(line);
  await input.press('Enter');
  await expect(page.getByRole('heading', { name: `Ledger after ${games} ${games === 1 ? 'game' : 'games'}` })).toBeVisible();
};

/** The next table on screen, seat by seat, and the bettor. */
export const expectTable = async (page: Page, seating: string[], bettor?: string): Promise<void> => {
  const fig = page.getByRole('figure');
  for (const [i, s] of ['E', 'S', 'W', 'N'].slice(0, seating.length).entries())
    await expect(fig.locator(`[data-seat="${s}"] .name`)).toHaveText(seating[i]!);
  if (bettor) await expect(fig.locator('[data-seat="bettor"] .name')).toHaveText(bettor);
  else await expect(fig.locator('[data-seat="bettor"]')).toHaveCount(0);
};

/** The ledger on screen equals the engine: points, money and pie left per player, and the next table. */
export const expectLedgerMatchesEngine = async (page: Page, app: MahjmateApp, sessionId: number, pie?: number): Promise<EngineSummary> => {
  const engine = await engineOf(app, sessionId);
  for (const [name, points] of Object.entries(engine.session.net)) {
    const row = page.getByRole('table', { name: 'Balances' }).locator(`tr[data-player="${name}"]`);
    await expect(row.locator('.money')).toHaveText(dollars(engine.session.cents[name]!));
    await expect(row.locator('.points')).toHaveText(points > 0 ? `+${points}` : points < 0 ? `−${-points}` : '0');
    if (pie !== undefined) {
      const left = Math.max(0, pie + points);
      await expect(row.locator('.pie')).toContainText(`${left} pts`);
      await expect(row.locator('.pymark')).toHaveCount(left === 0 ? 1 : 0);
    }
  }
  const next = engine.session.nextSeating;
  await expectTable(page, ['E', 'S', 'W', 'N'].map((s) => next[s as 'E']!).filter(Boolean), engine.session.nextBettor ?? undefined);
  return engine;
};

/** The settlement route as a PDF, with Chromium's page.pdf() and the page's print stylesheet (Electron uses printToPDF on the same page). */
export const settlementPdf = async (page: Page, name: string): Promise<{ text: string; pages: number; png: string }> => {
  mkdirSync(SCREENS, { recursive: true });
  const pdf = join(SCREENS, `${name}.pdf`);
  // The settlement screen loads on demand: print it once it is there, not the page before it.
  await expect(page.getByRole('article', { name: 'Settlement' })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await page.pdf({ path: pdf, format: 'A4', preferCSSPageSize: true });
  await page.emulateMedia({ media: 'screen' });
  const text = execFileSync('pdftotext', ['-layout', pdf, '-']).toString();
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf]).toString())![1]);
  execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', pdf, join(SCREENS, name)]);
  return { text, pages, png: join(SCREENS, `${name}-1.png`) };
};

/** The figures a player reads on the session screen: each player's points, money and pie left. */
export const balancesText = (page: Page) =>
  page
    .getByRole('table', { name: 'Balances' })
    .locator('tr[data-player]')
    .evaluateAll((rows) =>
      rows.map((r) => ['.points', '.money', '.pie'].map((c) => r.querySelector(c)?.firstChild?.textContent?.trim()).join(' ')),
    );
/** The settlement sheet's figures: nets, transfers and the game-by-game table. */
export const sheetFigures = async (page: Page) => {
  const sheet = page.getByRole('article', { name: 'Settlement' });
  return {
    nets: await sheet.locator('table.nets').innerText(),
    transfers: await sheet.locator('ul.transfers').innerText(),
    // The corrected sheet marks the game it corrected; the figures are what must agree.
    games: (await sheet.locator('table.games').innerText()).replace(/ · corrected/g, ''),
  };
};

/** By keyboard on the session screen: game `n`'s number in "Correct an earlier game", Enter; the form's line, focused and reading back the stored ending. */
export const openCorrection = async (page: Page, n: number, stored: string) => {
  await page.getByLabel('Correct an earlier game').focus();
  await page.keyboard.type(String(n));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Correct game ${n}` })).toBeVisible();
  const line = page.getByPlaceholder(/e\.g\. e30jp/);
  await expect(line).toBeFocused();
  await expect(line).toHaveValue(stored);
  return line;
};
