/**
 * Table layout bench: the largest scroll overflow of the table screen, in px, over the stages
 * of a game (test/e2e/table-stages.ts: start, exposures on all racks, 66 on the floor, payout
 * sheet, next seating, camera on, 3 and 5 players). The BUILT renderer (`npm run build` first)
 * in Debian's Chromium with the real services on a real SQLite file, as in test/e2e/harness.ts.
 * Prints `table.page_overflow_px_1280x800: N` (goal 0), and the same at 1366x768 and 1920x1080.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHANNELS } from '../src/shared/channels';
import { createServices, dispatch } from '../electron/main/services/dispatch';
import { openStore } from '../electron/main/store/store';
import { openNewestTable, overflow, playStage, setupOf, STAGES, VIEWPORTS } from '../test/e2e/table-stages';

const ROOT = resolve(import.meta.dirname, '../out/renderer');
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json' };

if (!existsSync(join(ROOT, 'index.html'))) throw new Error('out/renderer/index.html is missing: run `npm run build` first');
const dir = mkdtempSync(join(tmpdir(), 'mahjmate-bench-layout-'));
const store = openStore(join(dir, 'mahjmate.db'));
const services = createServices(store);

const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
  const file = join(ROOT, path === '/' ? 'index.html' : path);
  if (!file.startsWith(ROOT) || !existsSync(file) || !statSync(file).isFile()) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
});
await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
const addr = server.address();
const origin = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
});
try {
  const worst = new Map<string, number>(VIEWPORTS.map((v) => [`${v.width}x${v.height}`, 0]));
  for (const stage of STAGES) {
    const r = await dispatch(services, 'setupSession', setupOf(stage));
    if (!r.ok) throw new Error(`setupSession: ${r.error.message}`);
    const page = await browser.newPage({ viewport: VIEWPORTS[0] });
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.exposeFunction('__mahjmateDispatch', (channel: string, payload: unknown) => dispatch(services, channel, payload));
    await page.addInitScript((channels: readonly string[]) => {
      const w = globalThis as unknown as Record<string, unknown> & { __mahjmateDispatch: (c: string, p: unknown) => Promise<unknown> };
      const api = Object.fromEntries(channels.map((c) => [c, (input?: unknown) => w.__mahjmateDispatch(c, input === undefined ? undefined : structuredClone(input))]));
      Object.defineProperty(globalThis, 'mahjmate', { value: Object.freeze(api) });
    }, CHANNELS);
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
      }
    }
    if (problems.length) throw new Error(`page errors (${stage.name}): ${problems.join('; ')}`);
    await page.close();
  }
  console.log(`table.layout_stages: ${STAGES.length}`);
  for (const [key, px] of worst) console.log(`table.page_overflow_px_${key}: ${px}`);
} finally {
  await browser.close();
  server.close();
  store.close();
  rmSync(dir, { recursive: true, force: true });
}
