/**
 * The BUILT renderer (out/renderer) in Debian's Chromium with the real services bridged in under
 * `window.mahjmate`, as test/e2e/harness.ts does, for benches that time the UI. `npm run bench`
 * builds out/ first (bench/run.ts).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { dispatch, type Services } from '../../electron/main/services/dispatch';
import { CHANNELS } from '../../src/shared/channels';

const ROOT = resolve(import.meta.dirname, '../../out/renderer');
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

/** The built renderer served on 127.0.0.1 (a random port), as the app:// handler serves it. */
export const serveRenderer = async (): Promise<{ origin: string; close: () => void }> => {
  if (!existsSync(join(ROOT, 'index.html'))) throw new Error('out/renderer/index.html is missing: run `npm run build` first');
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const file = join(ROOT, path === '/' ? 'index.html' : path);
    if (!file.startsWith(ROOT) || !existsSync(file) || !statSync(file).isFile()) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const addr = server.address();
  return { origin: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`, close: () => void server.close() };
};

/** Debian's Chromium, quiet on the network (no background fetches on a closed machine). */
export const launchChromium = (extraArgs: readonly string[] = []): Promise<Browser> =>
  chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });

/**
 * `window.mahjmate` in the page, one function per channel, answered by the real services. A reply
 * crosses as one JSON string, as Electron's IPC copies it in one go: Playwright's own transfer
 * walks every value, and took 400 ms for the Stats screen's 4,000 points on a busy machine.
 */
export const bridgeServices = async (page: Page, services: Services): Promise<void> => {
  await page.exposeFunction('__mahjmateDispatch', async (channel: string, payload: unknown) =>
    JSON.stringify(await dispatch(services, channel, payload)),
  );
  await page.addInitScript((channels: readonly string[]) => {
    const w = globalThis as unknown as Record<string, unknown> & { __mahjmateDispatch: (c: string, p: unknown) => Promise<string> };
    const api = Object.fromEntries(
      channels.map((c) => [
        c,
        async (input?: unknown) =>
          JSON.parse(await w.__mahjmateDispatch(c, input === undefined ? undefined : structuredClone(input))) as unknown,
      ]),
    );
    Object.defineProperty(globalThis, 'mahjmate', { value: Object.freeze(api) });
  }, CHANNELS);
};

export const openApp = async (services: Services, init?: string): Promise<{ page: Page; close: () => Promise<void> }> => {
  const server = await serveRenderer();
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  await bridgeServices(page, services);
  if (init) await page.addInitScript({ content: init });
  await page.goto(`${server.origin}/index.html`);
  return {
    page,
    close: async () => {
      await browser.close();
      server.close();
    },
  };
};
