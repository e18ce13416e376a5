import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser } from '@playwright/test';
import { dispatch } from '../../electron/main/services/dispatch';
import { attachShare, createShare, type Share } from '../../electron/main/share/share';
import type { ShareStatus } from '../../src/shared/contract/share';
import { expect, test, type Page } from './harness';
import { DISPLAYS, fit, PHONES, playViewStages, TOP, VIEW_STAGES, type ViewStage } from './view-stages';
import { nodeShareProcess } from '../../tools/share/node-share-process';

/**
 * Issue 22: the phones (390x844 and 360x740, portrait) and the display (1920x1080, 1280x720 and
 * the laptop's 1280x800)
 * at the four moments of a game (a discard with its window open, after a call, at mah jongg with
 * the proposed sheet, after confirming), five players with a bettor, a long name and chips. A
 * phone shows what a player looks for first (turn, wall, discard and window, standings; at an
 * ending the mah jongg, the sheet and the standings) without scrolling, and never scrolls
 * sideways; the display fits its window exactly; nothing is clipped or spills out of its frame;
 * no text is too small to read. The phones load the real share server's page on 127.0.0.1; the
 * display is the same page fed as the display window's preload feeds it. Screenshots of every
 * moment, light and dark, in test-results/screens/.
 */
const ROOT = resolve(import.meta.dirname, '../../out/renderer');
const SHOTS = resolve(import.meta.dirname, '../../test-results/screens');

/** Readable from where each is read: a phone in the hand, the display from the chairs (it scales with its window). */
const MIN_TEXT_PX: Record<string, number> = { '390x844': 13, '360x740': 13, '1920x1080': 22, '1280x720': 15, '1280x800': 15 };
/** What each moment shows, so a screen is measured once it has it. */
const SHOWN: Record<ViewStage, string> = { open: 'window', called: 'called', mahjong: 'proposed', confirmed: 'next-seating' };

interface Screen {
  page: Page;
  kind: 'phone' | 'display';
  theme: 'light' | 'dark';
  size: string;
}

const open = async (
  browser: Browser,
  url: string,
  share: Share,
  kind: Screen['kind'],
  vp: { width: number; height: number },
  theme: Screen['theme'],
  problems: string[],
): Promise<Screen> => {
  const ctx = await browser.newContext({ viewport: vp, colorScheme: theme });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  if (kind === 'display') {
    // window.mahjmateView as electron/preload/view.ts builds it, fed by the share's subscription.
    await page.exposeFunction('__pullView', () => ({ view: share.view(), sentAt: Date.now() }));
    await page.addInitScript(() => {
      const w = window as unknown as { __pullView: () => Promise<unknown>; __push?: (f: unknown) => void };
      const subs: ((f: unknown) => void)[] = [];
      w.__push = (f) => subs.forEach((fn) => fn(f));
      Object.defineProperty(window, 'mahjmateView', {
        value: Object.freeze({ onView: (fn: (f: unknown) => void) => (subs.push(fn), void w.__pullView().then(fn)) }),
      });
    });
    share.subscribe((view) => {
      page
        .evaluate((f) => (window as unknown as { __push?: (f: unknown) => void }).__push?.(f), { view, sentAt: Date.now() })
        .catch(() => {});
    });
  }
  await page.goto(url);
  return { page, kind, theme, size: `${vp.width}x${vp.height}` };
};

test('phones and the display fit their screens at every moment of a game', async ({ app, browser }) => {
  test.setTimeout(300_000);
  mkdirSync(SHOTS, { recursive: true });
  const share = createShare(app.store, { spawn: nodeShareProcess, root: ROOT, host: '127.0.0.1' });
  const services = attachShare(app.services, share);
  const call = async (channel: string, input?: unknown): Promise<unknown> => {
    const r = await dispatch(services, channel, input);
    if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
    return r.value;
  };
  const problems: string[] = [];
  const screens: Screen[] = [];
  try {
    await playViewStages(call, async (stage) => {
      if (stage === 'open') {
        const { url } = (await call('shareTable', { on: true })) as ShareStatus;
        for (const vp of PHONES) screens.push(await open(browser, url!, share, 'phone', vp, 'light', problems));
        for (const vp of DISPLAYS) screens.push(await open(browser, url!, share, 'display', vp, 'light', problems));
        screens.push(await open(browser, url!, share, 'phone', PHONES[0], 'dark', problems));
        screens.push(await open(browser, url!, share, 'display', DISPLAYS[0], 'dark', problems));
      }
      for (const s of screens) {
        await expect(s.page.getByTestId(SHOWN[stage]).first()).toBeVisible();
        if (stage === 'confirmed') await expect(s.page.getByTestId('proposed')).toHaveCount(0);
        await s.page.screenshot({ path: resolve(SHOTS, `view-${s.kind}-${s.size}-${stage}-${s.theme}.png`), fullPage: s.kind === 'phone' });
        const f = await fit(s.page, TOP[stage]);
        const where = `${s.kind} ${s.size} ${s.theme}, ${stage}`;
        expect(f.missing, `${where}: shown`).toEqual([]);
        expect(f.clipped, `${where}: nothing clipped`).toEqual([]);
        expect(f.spill, `${where}: nothing outside its frame`).toEqual([]);
        expect(f.offRight, `${where}: nothing past the right edge`).toEqual([]);
        expect(f.scrollX, `${where}: no sideways scroll`).toBe(0);
        if (s.kind === 'phone') expect(f.topBelow, `${where}: ${TOP[stage].join(', ')} on the first screen`).toBe(0);
        else expect({ scrollY: f.scrollY, below: f.below }, `${where}: fits the window exactly`).toEqual({ scrollY: 0, below: 0 });
        expect(f.minFont, `${where}: smallest text "${f.minText}"`).toBeGreaterThanOrEqual(MIN_TEXT_PX[s.size]!);
      }
    });
    // The moments are the ones named: the call sentence, then the proposed sheet, then the payments.
    const phone = screens[0]!.page;
    expect(VIEW_STAGES).toEqual(['open', 'called', 'mahjong', 'confirmed']);
    await expect(phone.getByTestId('ending')).toHaveText('Mah jongg: Dorothea Montgomery-Smythe');
    await expect(phone.getByTestId('view-payout').locator('li')).toHaveCount(6);
    expect(problems).toEqual([]);
  } finally {
    for (const s of screens) await s.page.context().close();
    await share.stop();
  }
});
