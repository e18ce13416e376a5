import { resolve } from 'node:path';
import type { Browser, BrowserContext } from '@playwright/test';
import { attachShare, createShare, type Share } from '../../electron/main/share/share';
import type { ViewFrame } from '../../src/shared/contract/share';
import { expect, test, type Page } from './harness';
import { rec } from './table-keys';
import { nodeShareProcess } from '../../tools/share/node-share-process';

/**
 * Issue 15: the host records a game at the table screen; phones open the share URL (the real
 * share server on 127.0.0.1, the built view page) and the display view (the same page, fed as
 * the display window's preload feeds it) follow each discard, call and window change, then show
 * the standings after the mah jongg. Screenshots of both, both themes, in test-results/screens/.
 */
const PLAYERS = ['Ann', 'Bea', 'Cy', 'Dot'];
const ROOT = resolve(import.meta.dirname, '../../out/renderer');
const SHOTS = resolve(import.meta.dirname, '../../test-results/screens');

/** A page of its own context (viewport, theme) that fails the test on a page or console error. */
const viewerPage = async (
  browser: Browser,
  opts: { width: number; height: number; dark: boolean },
  problems: string[],
): Promise<{ ctx: BrowserContext; page: Page }> => {
  const ctx = await browser.newContext({ viewport: { width: opts.width, height: opts.height }, colorScheme: opts.dark ? 'dark' : 'light' });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  return { ctx, page };
};

/** The display view: view.html with window.mahjmateView as electron/preload/view.ts builds it, fed by the share's subscription. */
const displayPage = async (browser: Browser, origin: string, share: Share, dark: boolean, problems: string[]) => {
  const d = await viewerPage(browser, { width: 1280, height: 720, dark }, problems);
  const frame = (): ViewFrame => ({ view: share.view(), sentAt: Date.now() });
  await d.page.exposeFunction('__pullView', frame);
  await d.page.addInitScript(() => {
    const w = window as unknown as { __pullView: () => Promise<unknown>; __push?: (f: unknown) => void };
    const subs: ((f: unknown) => void)[] = [];
    w.__push = (f) => subs.forEach((fn) => fn(f));
    Object.defineProperty(window, 'mahjmateView', {
      value: Object.freeze({ onView: (fn: (f: unknown) => void) => (subs.push(fn), void w.__pullView().then(fn)) }),
    });
  });
  share.subscribe((view) => {
    d.page
      .evaluate((f) => (window as unknown as { __push?: (f: unknown) => void }).__push?.(f), { view, sentAt: Date.now() })
      .catch(() => {});
  });
  await d.page.goto(origin + '/view.html');
  return d;
};

const shot = (page: Page, name: string) => page.screenshot({ path: resolve(SHOTS, `${name}.png`), fullPage: true });

test('phones and the display follow the game live, then show the standings', async ({ page, app, browser, origin }) => {
  test.setTimeout(180_000);
  const share = createShare(app.store, { spawn: nodeShareProcess, root: ROOT, host: '127.0.0.1' });
  attachShare(app.services, share);
  const problems: string[] = [];
  try {
    const session = await app.call('setupSession', { setup: { players: PLAYERS, seating: PLAYERS } });
    await page.reload();
    await page.locator('button.session').first().click();
    await page.getByRole('button', { name: 'Play this game at the table' }).click();
    await expect(page.getByTestId('command')).toBeFocused();

    // The host shares the table: a QR code and the address appear on the table screen.
    await page.getByRole('button', { name: 'Share the table' }).click();
    const panel = page.getByTestId('share-panel');
    await expect(panel.getByRole('img', { name: /QR code/ })).toBeVisible();
    const url = (await page.getByTestId('share-url').textContent())!.trim();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/t\/[A-Za-z0-9_-]{22}\/$/);
    await app.screenshot('share-table-qr');
    await panel.getByRole('button', { name: 'Hide' }).click();
    await page.getByTestId('command').focus();

    const light = await viewerPage(browser, { width: 390, height: 844, dark: false }, problems);
    const dark = await viewerPage(browser, { width: 390, height: 844, dark: true }, problems);
    await light.page.goto(url);
    await dark.page.goto(url);
    const tv = await displayPage(browser, origin, share, false, problems);
    const tvDark = await displayPage(browser, origin, share, true, problems);
    const screens = [light.page, dark.page, tv.page, tvDark.page];
    const all = async (check: (p: Page) => Promise<void>) => {
      for (const p of screens) await check(p);
    };
    await all((p) => expect(p.getByTestId('discard')).toContainText('No discard on the table'));
    await expect.poll(() => share.server()?.viewers()).toBe(2);

    // A discard: every screen shows it, window OPEN with its seconds.
    await rec(page, '5b');
    await all(async (p) => {
      await expect(p.getByTestId('discard-name')).toHaveText('Five Bam');
      await expect(p.getByTestId('window')).toContainText('OPEN');
      await expect(p.getByTestId('turn')).toContainText('Bea');
    });
    // Elapsed, never a countdown; what closes the window, in the words of the rules.
    await expect(light.page.getByTestId('window')).toHaveText(/OPEN\sfor \d+ s/);
    await expect(light.page.getByTestId('window-why')).toHaveText('Anyone may call it until Bea racks her pick or discards');
    await shot(light.page, 'share-phone-open-light');
    await shot(dark.page, 'share-phone-open-dark');
    await shot(tv.page, 'share-display-open-light');
    await shot(tvDark.page, 'share-display-open-dark');

    // A call: the pung shows on West's seat, the turn is hers, and every screen says who called what.
    await rec(page, 'c w 3');
    await all(async (p) => {
      await expect(p.locator('[data-seat="W"] [data-exposure="5B"] [role="img"]')).toHaveCount(3);
      await expect(p.locator('[data-seat="W"]')).toContainText('TURN');
      await expect(p.getByTestId('called')).toContainText('Cy called Ann’s Five Bam');
    });

    // West discards, North picks and racks: the window closes.
    await rec(page, '2c');
    await all((p) => expect(p.getByTestId('window')).toContainText('OPEN'));
    await rec(page, 'p');
    await rec(page, 'k');
    await all(async (p) => {
      await expect(p.getByTestId('discard-name')).toHaveText('Two Crak');
      await expect(p.getByTestId('window')).toHaveText('CLOSED');
      await expect(p.getByTestId('discard')).toContainText('North');
      await expect(p.getByTestId('wall')).toContainText('98');
    });
    await shot(dark.page, 'share-phone-closed-dark');
    await shot(tv.page, 'share-display-closed-light');
    await dark.page.setViewportSize({ width: 844, height: 390 });
    await shot(dark.page, 'share-phone-landscape-dark');

    // North discards, East wins on it: after "ok" every screen shows the standings and next seating.
    await rec(page, '9d');
    await page.keyboard.type('m e 25');
    await page.keyboard.press('Enter');
    // Typed, not confirmed: every screen shows the mah jongg and the proposed sheet, marked so.
    await all(async (p) => {
      await expect(p.getByTestId('ending')).toHaveText('Mah jongg: Ann');
      await expect(p.getByTestId('proposed')).toBeVisible();
      await expect(p.getByTestId('view-payout').locator('li')).toHaveCount(3);
      await expect(p.getByTestId('view-payout')).toContainText('To Ann');
      await expect(p.getByTestId('view-payout').locator('li').first()).toContainText(/pays Ann\s+25\s+\$0\.25/);
    });
    await shot(light.page, 'share-phone-proposed-light');
    await shot(tv.page, 'share-display-proposed-light');
    await rec(page, 'ok');
    await all(async (p) => {
      await expect(p.getByTestId('proposed')).toHaveCount(0);
      await expect(p.getByTestId('ending')).toHaveText('Mah jongg: Ann');
      await expect(p.getByTestId('standings').locator('li').first()).toContainText('Ann');
      await expect(p.getByTestId('standings').locator('li')).toHaveCount(4);
      await expect(p.getByTestId('next-seating').locator('li').first()).toContainText('Bea');
    });
    await shot(light.page, 'share-phone-standings-light');
    await shot(dark.page, 'share-phone-standings-landscape-dark');
    await shot(tv.page, 'share-display-standings-light');
    await shot(tvDark.page, 'share-display-standings-dark');
    // The three screens agree with the engine's view of the stored log.
    const stored = (await light.page.evaluate(() => fetch('view.json').then((r) => r.json()))) as {
      standings: { name: string; points: number }[];
    };
    expect(stored.standings).toEqual(share.view().standings);
    expect(session.id).toBeGreaterThan(0);

    // Stopping sharing ends the phones' streams: they say so.
    await page.getByRole('button', { name: /Sharing/ }).click();
    await page.getByTestId('share-panel').getByRole('button', { name: 'Stop sharing' }).click();
    await expect(light.page.getByRole('status')).toContainText('Sharing has stopped');
    await expect(dark.page.getByRole('status')).toContainText('Sharing has stopped');
    for (const c of [light.ctx, dark.ctx, tv.ctx, tvDark.ctx]) await c.close();
    expect(problems.filter((p) => !/ERR_CONNECTION_REFUSED|Failed to load resource/.test(p))).toEqual([]);
  } finally {
    await share.stop();
  }
});
