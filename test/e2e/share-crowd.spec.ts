import { resolve } from 'node:path';
import type { Browser, BrowserContext } from '@playwright/test';
import { attachShare, createShare } from '../../electron/main/share/share';
import { slowPeers } from '../../tools/security/slow-peers';
import { expect, test, type Page } from './harness';
import { nodeShareProcess } from '../../tools/share/node-share-process';

/**
 * Issue 24: a whole table of phones joining at once while a guest on the Wi-Fi, without the
 * link, holds 200 silent and 200 slow-header sockets against the server (reopening each one the
 * server closes). The real share server on 127.0.0.1 serves the built view page to 16 fresh
 * Chromium contexts, all loading at the same moment; then a 17th phone, a phone that goes silent,
 * and a quick score into another session. The attack goes to 127.0.0.1 only and stops by itself.
 */
const ROOT = resolve(import.meta.dirname, '../../out/renderer');
const PLAYERS = ['Ann', 'Bea', 'Cy', 'Dot'];

interface Phone {
  ctx: BrowserContext;
  page: Page;
}

const phone = async (browser: Browser, problems: string[]): Promise<Phone> => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  // Anything that ever shows another session's names is remembered, however briefly it showed.
  await page.addInitScript({
    content: `window.__other = false;
      new MutationObserver(function () { if (/Eve|Fay|Gus|Hal/.test(document.body ? document.body.textContent : '')) window.__other = true; })
        .observe(document, { subtree: true, childList: true, characterData: true });`,
  });
  return { ctx, page };
};

/** The phone shows the game: live, with the discard on the table. */
const showsGame = (p: Page, timeout: number) =>
  Promise.all([
    expect(p.locator('main[data-link="live"]')).toBeVisible({ timeout }),
    expect(p.getByTestId('discard-name')).toHaveText('Five Bam', { timeout }),
  ]);

test('16 phones join at once through an attack; the 17th waits its turn; a silent phone loses its seat; other sessions never show', async ({
  app,
  browser,
}) => {
  test.setTimeout(240_000);
  const share = createShare(app.store, { spawn: nodeShareProcess, root: ROOT, host: '127.0.0.1' });
  attachShare(app.services, share);
  const problems: string[] = [];
  const phones: Phone[] = [];
  let attack: ReturnType<typeof slowPeers> | undefined;
  try {
    const session = await app.call('setupSession', { setup: { players: PLAYERS, seating: PLAYERS } });
    const game = await app.call('startGame', { sessionId: session.id });
    await app.call('appendEvent', { gameId: game.id, event: { type: 'discard', seat: 'E', tile: '5B' } });
    const { url } = await app.call('shareTable', { on: true });
    const server = share.server()!;

    attack = slowPeers({ port: server.port, silent: 200, slow: 200, stopAfterMs: 90_000 });
    await expect.poll(() => attack!.open(), { message: 'the attack holds its 400 sockets' }).toBeGreaterThanOrEqual(400);

    // Sixteen phones scan the QR code together: every one shows the game, none blank, none
    // needing a reload. (How fast is a figure, not a test: bench/view-join.ts prints it; the
    // goal is 5 s, and this machine may be busy with other work.)
    for (let i = 0; i < 16; i++) phones.push(await phone(browser, problems));
    await Promise.all(phones.map((p) => p.page.goto(url!, { timeout: 60_000 })));
    await Promise.all(phones.map((p) => showsGame(p.page, 60_000)));
    await expect.poll(() => server.viewers()).toBe(16);

    // The 17th is told the table is full and keeps trying; it gets in once a seat frees
    // (within 10 s: it asks every 3 s).
    const late = await phone(browser, problems);
    await late.page.goto(url!, { timeout: 60_000 });
    await expect(late.page.getByRole('status')).toContainText('The table is full, trying again', { timeout: 30_000 });
    await late.page.screenshot({ path: resolve(import.meta.dirname, '../../test-results/screens/share-phone-full.png'), fullPage: true });
    await phones.shift()!.ctx.close();
    await showsGame(late.page, 30_000);
    phones.push(late);

    // A phone that walks out of the Wi-Fi goes silent without closing anything: its stream's
    // connection stays open, but it no longer says it is watching (every 4 s). The server frees
    // a seat silent for 12 s.
    const gone = phones[0]!;
    await gone.ctx.setOffline(true);
    await expect.poll(() => server.viewers(), { timeout: 30_000, message: 'the silent phone’s seat is freed' }).toBe(15);
    // Back on the Wi-Fi, it takes a seat again by itself.
    await gone.ctx.setOffline(false);
    await expect.poll(() => server.viewers(), { timeout: 30_000 }).toBe(16);
    await expect(gone.page.locator('main[data-link="live"]')).toBeVisible();

    // A forgotten game quick-scored into last week's session: no phone ever shows it.
    const old = await app.call('setupSession', { setup: { players: ['Eve', 'Fay', 'Gus', 'Hal'], seating: ['Eve', 'Fay', 'Gus', 'Hal'] } });
    await app.call('quickScore', {
      sessionId: old.id,
      events: [{ type: 'mahjong', seat: 'E', value: 30, jokerless: true, selfPick: true }],
    });
    await app.call('appendEvent', { gameId: game.id, event: { type: 'pick', seat: 'S' } });
    await app.call('appendEvent', { gameId: game.id, event: { type: 'discard', seat: 'S', tile: 'N' } });
    for (const p of phones) {
      await expect(p.page.getByTestId('discard-name')).toHaveText('North');
      await expect(p.page.getByTestId('turn')).toContainText('Cy');
      expect(await p.page.evaluate('window.__other')).toBe(false);
    }

    // The host stops sharing: every phone says so (and only then).
    attack.stop();
    await app.call('shareTable', { on: false });
    for (const p of phones) await expect(p.page.getByRole('status')).toContainText('Sharing has stopped');
    expect(problems).toEqual([]);
  } finally {
    attack?.stop();
    for (const p of phones) await p.ctx.close().catch(() => {});
    await share.stop();
  }
});
