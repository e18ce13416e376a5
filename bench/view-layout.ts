/**
 * View layout bench (issue 22): how far the part of the phone view a player looks for first (turn,
 * wall, discard and window, standings; at an ending the mah jongg, the payout sheet and the
 * standings) reaches below a portrait phone's first screen, and how far the display view
 * overflows its window, over the moments of test/e2e/view-stages.ts (open, called, mah jongg
 * proposed, confirmed), light and dark. The BUILT view page (`npm run build` first) from the real
 * share server on 127.0.0.1, the game through the real services on a real SQLite file.
 * Prints `view.phone_overflow_px_390x844` (goal 0), the same at 360x740,
 * `view.display_overflow_px_1920x1080` and `_1280x720` (goal 0: nothing below or beside the
 * window), and the smallest text on each (`view.*_min_text_px_*`, px).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from './lib/page';
import { createServices, dispatch } from '../electron/main/services/dispatch';
import { attachShare, createShare } from '../electron/main/share/share';
import { openStore } from '../electron/main/store/store';
import type { ShareStatus } from '../src/shared/contract/share';
import { DISPLAYS, fit, PHONES, playViewStages, TOP, type ViewStage } from '../test/e2e/view-stages';
import { nodeShareProcess } from '../tools/share/node-share-process';

const ROOT = resolve(import.meta.dirname, '../out/renderer');
const dir = mkdtempSync(join(tmpdir(), 'mahjmate-bench-view-layout-'));
const store = openStore(join(dir, 'mahjmate.db'));
const share = createShare(store, { spawn: nodeShareProcess, root: ROOT, host: '127.0.0.1' });
const services = attachShare(createServices(store), share);
const call = async (channel: string, input?: unknown): Promise<unknown> => {
  const r = await dispatch(services, channel, input);
  if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
  return r.value;
};

const until = async (what: string, ok: () => Promise<boolean>): Promise<void> => {
  for (let i = 0; i < 400; i++) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out: ${what}`);
};
/** What each moment shows, so a screen is measured only once it has it. */
const SHOWN: Record<ViewStage, string> = { open: 'window', called: 'called', mahjong: 'proposed', confirmed: 'standings' };

const browser = await launchChromium();
try {
  const worst = new Map<string, number>();
  const minFont = new Map<string, number>();
  const phones: Page[] = [];
  const displays: Page[] = [];
  let url = '';
  await playViewStages(call, async (stage) => {
    if (stage === 'open') {
      url = ((await call('shareTable', { on: true })) as ShareStatus).url!;
      for (const theme of ['light', 'dark'] as const) {
        for (const vp of PHONES) {
          const p = await browser.newPage({ viewport: vp, colorScheme: theme });
          await p.goto(url);
          phones.push(p);
        }
        for (const vp of DISPLAYS) {
          const p = await browser.newPage({ viewport: vp, colorScheme: theme });
          await p.exposeFunction('__pullView', () => ({ view: share.view(), sentAt: Date.now() }));
          await p.addInitScript({
            content: `Object.defineProperty(window, 'mahjmateView', { value: { onView: (fn) => { const pull = () => window.__pullView().then(fn); pull(); setInterval(pull, 100); } } });`,
          });
          // The page the phones get, fed as the display window's preload feeds it (the bridge comes first).
          await p.goto(url);
          displays.push(p);
        }
      }
    }
    for (const p of [...phones, ...displays]) {
      await until(
        `${stage} shown`,
        async () =>
          (await p.getByTestId(SHOWN[stage]).count()) > 0 && (stage !== 'confirmed' || (await p.getByTestId('proposed').count()) === 0),
      );
      const vp = p.viewportSize()!;
      const key = `${phones.includes(p) ? 'phone' : 'display'}_overflow_px_${vp.width}x${vp.height}`;
      const f = await fit(p, TOP[stage]);
      // VIEW_LAYOUT_SHOTS=folder: a screenshot of every screen at every moment, and its measures on stderr.
      if (process.env.VIEW_LAYOUT_SHOTS) {
        const theme = [phones[0], phones[1], displays[0], displays[1]].includes(p) ? 'light' : 'dark';
        const name = `${phones.includes(p) ? 'phone' : 'display'}-${vp.width}x${vp.height}-${stage}-${theme}`;
        await p.screenshot({ path: join(process.env.VIEW_LAYOUT_SHOTS, `${name}.png`), fullPage: true });
        console.error(name, JSON.stringify(f));
      }
      const px = phones.includes(p) ? Math.max(f.topBelow, f.scrollX) : Math.max(f.scrollX, f.scrollY, f.below);
      worst.set(key, Math.max(worst.get(key) ?? 0, px));
      const fk = `${phones.includes(p) ? 'phone' : 'display'}_min_text_px_${vp.width}x${vp.height}`;
      minFont.set(fk, Math.min(minFont.get(fk) ?? Infinity, f.minFont));
    }
  });
  for (const [key, px] of worst) console.log(`view.${key}: ${px}`);
  for (const [key, px] of minFont) console.log(`view.${key}: ${px.toFixed(1)}`);
} finally {
  await browser.close();
  await share.stop();
  store.close();
  rmSync(dir, { recursive: true, force: true });
}
