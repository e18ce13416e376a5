/**
 * The test bridge: the BUILT renderer (out/renderer) in Debian's Chromium, with the REAL
 * main-process services (real store on a real SQLite file in a temp folder) bridged into the
 * page under the same `window.mahjmate` API the preload exposes. The renderer code under test
 * is the production code; only the transport (IPC) is replaced by page.exposeFunction.
 *
 * Every test fails on a request to a non-local address, a page error or a console error.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { createServices, dispatch, type Services } from '../../electron/main/services/dispatch';
import { openStore, type Store } from '../../electron/main/store/store';
import { CHANNELS } from '../../src/shared/channels';
import type { Channel, Input, Output } from '../../src/shared/ipc-contract';

const ROOT = resolve(import.meta.dirname, '../../out/renderer');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.gz': 'application/gzip',
  '.traineddata': 'application/octet-stream',
};

/** A tiny static server for out/renderer on 127.0.0.1 (module scripts do not load from file:// in Chromium). */
const serve = (): Promise<{ server: Server; origin: string }> =>
  new Promise((ok) => {
    const server = createServer((req, res) => {
      const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
      const file = join(ROOT, path === '/' ? 'index.html' : path);
      if (!file.startsWith(ROOT) || !existsSync(file) || !statSync(file).isFile()) {
        res.writeHead(404).end('not found');
        return;
      }
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      res.end(readFileSync(file));
    });
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address();
      ok({ server, origin: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}` });
    });
  });

export interface MahjmateApp {
  /** The SQLite file behind this test. */
  dbPath: string;
  /** The live store and services (what main would hold): to seed data or check what was saved. */
  readonly store: Store;
  readonly services: Services;
  /** Call a channel directly, as the page would; throws on a refusal. */
  call<K extends Channel>(channel: K, input?: Input<K>): Promise<Output<K>>;
  /**
   * Close the store, reopen it on the same file (a restart of main) and reload the page.
   * `whileClosed` runs between the two (e.g. to damage the file as a crash or a user might).
   */
  reload(whileClosed?: () => void): Promise<void>;
  /** Write test-results/screens/NAME.png. */
  screenshot(name: string): Promise<string>;
}

type Fixtures = { app: MahjmateApp; pageProblems: string[] };
type WorkerFixtures = { origin: string };

export const test = base.extend<Fixtures, WorkerFixtures>({
  origin: [
    async ({}, use) => {
      if (!existsSync(join(ROOT, 'index.html'))) throw new Error('out/renderer/index.html is missing: run `npm run build` first');
      const { server, origin } = await serve();
      await use(origin);
      await new Promise((r) => server.close(r));
    },
    { scope: 'worker' },
  ],

  pageProblems: async ({ page, origin }, use) => {
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
    });
    // On the context, so requests from workers (tesseract.js) are caught too.
    await page.context().route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(origin + '/')) return route.continue();
      problems.push(`request to a non-local address: ${url}`);
      return route.abort('blockedbyclient');
    });
    await use(problems);
    expect(problems, 'page errors, console errors or remote requests').toEqual([]);
  },

  app: [async ({ page, origin, pageProblems }, use) => {
    void pageProblems; // installed before the page loads
    const dir = mkdtempSync(join(tmpdir(), 'mahjmate-e2e-'));
    const dbPath = join(dir, 'mahjmate.db');
    let store = openStore(dbPath);
    let services = createServices(store, { app: { name: 'MahjMate', version: '0.1.0-test' } });

    await page.exposeFunction('__mahjmateDispatch', (channel: string, payload: unknown) => dispatch(services, channel, payload));
    await page.addInitScript((channels: readonly string[]) => {
      const w = window as unknown as Record<string, unknown> & { __mahjmateDispatch: (c: string, p: unknown) => Promise<unknown> };
      const api = Object.fromEntries(
        // structuredClone: what IPC would do to the payload (functions, DOM nodes... fail the same way).
        channels.map((c) => [c, (input?: unknown) => w.__mahjmateDispatch(c, input === undefined ? undefined : structuredClone(input))]),
      );
      Object.defineProperty(window, 'mahjmate', { value: Object.freeze(api), writable: false, configurable: false });
    }, CHANNELS);

    const app: MahjmateApp = {
      dbPath,
      get store() {
        return store;
      },
      get services() {
        return services;
      },
      call: async (channel, input) => {
        const r = await dispatch(services, channel, input);
        if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
        return r.value as never;
      },
      reload: async (whileClosed) => {
        store.close();
        whileClosed?.();
        store = openStore(dbPath);
        services = createServices(store, { app: { name: 'MahjMate', version: '0.1.0-test' } });
        await page.reload();
      },
      screenshot: async (name) => {
        const out = resolve(import.meta.dirname, '../../test-results/screens');
        mkdirSync(out, { recursive: true });
        const path = join(out, `${name}.png`);
        await page.screenshot({ path, fullPage: true });
        return path;
      },
    };
    await page.goto(origin + '/index.html');
    await use(app);
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }, { auto: true }],
});

export { expect };
export type { Page };
