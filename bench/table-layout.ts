/**
 * Table layout bench: the largest scroll overflow of the table screen, in px, over the stages
 * of a game (test/e2e/table-stages.ts: start, exposures on all racks, 66 on the floor, payout
 * sheet, next seating, camera on, 3 and 5 players). The BUILT renderer (`npm run build` first)
 * in Debian's Chromium with the real services on a real SQLite file, as in test/e2e/harness.ts.
 * Prints `table.page_overflow_px_1280x800: N` (goal 0), and the same at 1366x768 and 1920x1080;
 * `table.min_read_px_1280x800` (goal >= 24) and `table.min_read_px_1920x1080` (goal >= 32): the
 * smallest text of any part read from the chair (data-read: discard, window, turn, wall, dead
 * tiles and counts, exposures, standings, the echo, payout rows) over every stage and theme.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bridgeServices, launchChromium, serveRenderer } from './lib/page';
import { createServices, dispatch } from '../electron/main/services/dispatch';
import { openStore } from '../electron/main/store/store';
import { openNewestTable, overflow, playStage, readSizes, setupOf, STAGES, VIEWPORTS } from '../test/e2e/table-stages';

const dir = mkdtempSync(join(tmpdir(), 'mahjmate-bench-layout-'));

const server = await serveRenderer();
const origin = server.origin;

const browser = await launchChromium(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream']);
try {
  const worst = new Map<string, number>(VIEWPORTS.map((v) => [`${v.width}x${v.height}`, 0]));
  const smallest = new Map<string, number>(VIEWPORTS.map((v) => [`${v.width}x${v.height}`, Infinity]));
  for (const stage of STAGES) {
    // A store per stage, as each e2e test has: an ending left waiting would reopen at the next start.
    const store = openStore(join(dir, `${stage.name}.db`));
    const services = createServices(store);
    const r = await dispatch(services, 'setupSession', setupOf(stage));
    if (!r.ok) throw new Error(`setupSession: ${r.error.message}`);
    const page = await browser.newPage({ viewport: VIEWPORTS[0] });
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await bridgeServices(page, services);
    await page.goto(`${origin}/index.html`);
    await openNewestTable(page);
    await playStage(page, stage);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      for (const vp of VIEWPORTS) {
        await page.setViewportSize(vp);
        const o = await overflow(page);
        const key = `${vp.width}x${vp.height}`;
        worst.set(key, Math.max(worst.get(key)!, o.x, o.y));
        smallest.set(key, Math.min(smallest.get(key)!, ...Object.values(await readSizes(page))));
      }
    }
    if (problems.length) throw new Error(`page errors (${stage.name}): ${problems.join('; ')}`);
    await page.close();
    store.close();
  }
  console.log(`table.layout_stages: ${STAGES.length}`);
  for (const [key, px] of worst) console.log(`table.page_overflow_px_${key}: ${px}`);
  for (const key of ['1280x800', '1920x1080']) console.log(`table.min_read_px_${key}: ${smallest.get(key)}`);
} finally {
  await browser.close();
  server.close();
  rmSync(dir, { recursive: true, force: true });
}
