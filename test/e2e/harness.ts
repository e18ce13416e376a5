/**
 * The test bridge: the BUILT renderer (out/renderer) in Debian's Chromium, with the REAL
 * main-process services (real store on a real SQLite file in a temp folder) bridged into the
 * page. What the app does is reused, not imitated:
 * - `window.mahjmate` is built by the preload's own builder (src/shared/bridge.ts), its source
 *   injected into the page;
 * - the input is structured-cloned in the page and the reply in Node, as Electron's IPC does;
 * - main's sender check (senderOk) runs on the calling frame: only our page's top frame is served;
 * - files are served by the app:// handler's own answer (appResponse: appFile, contentTypeOf, CSP),
 *   the request's path read as app://mahjmate/<path>.
 * Only the transport (IPC) is replaced, by page.exposeBinding.
 *
 * Every test fails on a request to a non-local address, a page error or a console error.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { APP_HOST, APP_SCHEME, appPage, appResponse, senderOk } from '../../electron/main/page';
import { createServices, dispatch, type Services } from '../../electron/main/services/dispatch';
import { openStore, type Store } from '../../electron/main/store/store';
import { buildApi } from '../../src/shared/bridge';
import { CHANNELS } from '../../src/shared/channels';
import { replyErr } from '../../src/shared/reply';
import type { Channel, Input, Output } from '../../src/shared/ipc-contract';

const ROOT = resolve(import.meta.dirname, '../../out/renderer');
/** out/renderer on 127.0.0.1 (module scripts do not load from file:// in Chromium), answered as app:// answers. */
const serve = (): Promise<{ server: Server; origin: string }> =>
  new Promise((ok) => {
    const server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      void appResponse(ROOT, `${APP_SCHEME}://${APP_HOST}${path}`).then((r) => {
        res.writeHead(r.status, { ...r.headers, 'cache-control': 'no-store' });
        res.end(r.body);
      });
    });
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address();
      ok({ server, origin: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}` });
    });
  });

/**
 * The page side of the bridge: window.mahjmate from the preload's builder, each input
 * structured-cloned before it leaves the page (a function or a DOM node fails as in Electron).
 */
const bridgeScript = (channels: readonly string[]): string => `
  (() => {
    const build = ${buildApi.toString()};
    const send = window.__mahjmateDispatch;
    if (typeof send !== "function") throw new Error("the test bridge is missing");
    delete window.__mahjmateDispatch;
    const api = build(${JSON.stringify(channels)}, (channel, input) => send(channel, input === undefined ? undefined : structuredClone(input)));
    Object.defineProperty(window, 'mahjmate', { value: api, writable: false, configurable: false });
  })();
`;

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

  app: [
    async ({ page, origin, pageProblems }, use) => {
      void pageProblems; // installed before the page loads
      const dir = mkdtempSync(join(tmpdir(), 'mahjmate-e2e-'));
      const dbPath = join(dir, 'mahjmate.db');
      let store = openStore(dbPath);
      let services = createServices(store, { app: { name: 'MahjMate', version: '0.1.0-test' } });

      // Main's side: the sender check on the calling frame, then dispatch; the reply structured-cloned.
      const ours = appPage(origin + '/');
      await page.exposeBinding('__mahjmateDispatch', async ({ frame }, channel: string, payload: unknown) => {
        const reply = senderOk(ours, { url: frame.url(), parent: frame.parentFrame() })
          ? await dispatch(services, channel, payload)
          : replyErr('ERR_FORBIDDEN', `${channel}: the request did not come from MahjMate's own page`);
        return structuredClone(reply);
      });
      await page.addInitScript({ content: bridgeScript(CHANNELS) });

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
    },
    { auto: true },
  ],
});

export { expect };
export type { Page };
