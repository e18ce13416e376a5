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
import { nodeGroupHost } from '../../tools/sync/host';

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
  /** The group's sync process, when a group is joined (tools/sync/host.ts: the app's, as a Node child). */
  readonly group: ReturnType<typeof nodeGroupHost>;
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

/** Fail on a page error, a console error or a request to anything but our own server. */
export const watchPage = async (page: Page, origin: string): Promise<string[]> => {
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
  return problems;
};

/**
 * One app instance on `page`: its own data folder, store, services (with the group's sync host)
 * and bridge. Several can run at once, each on its own page (two laptops of a group).
 */
export const openApp = async (page: Page, origin: string): Promise<MahjmateApp & { close(): Promise<void> }> => {
  const dir = mkdtempSync(join(tmpdir(), 'mahjmate-e2e-'));
  const dbPath = join(dir, 'mahjmate.db');
  let store = openStore(dbPath);
  const group = nodeGroupHost(() => store, dir);
  const make = () => createServices(store, { app: { name: 'MahjMate', version: '0.1.0-test' }, group });
  let services = make();

  // Main's side: the sender check on the calling frame, then dispatch; the reply structured-cloned.
  const ours = appPage(origin + '/');
  await page.exposeBinding('__mahjmateDispatch', async ({ frame }, channel: string, payload: unknown) => {
    const reply = senderOk(ours, { url: frame.url(), parent: frame.parentFrame() })
      ? await dispatch(services, channel, payload)
      : replyErr('ERR_FORBIDDEN', `${channel}: the request did not come from MahjMate's own page`);
    return structuredClone(reply);
  });
  await page.addInitScript({ content: bridgeScript(CHANNELS) });

  const app = {
    dbPath,
    group,
    get store() {
      return store;
    },
    get services() {
      return services;
    },
    call: async <K extends Channel>(channel: K, input?: Input<K>): Promise<Output<K>> => {
      const r = await dispatch(services, channel, input);
      if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`);
      return r.value as never;
    },
    reload: async (whileClosed?: () => void) => {
      store.close();
      whileClosed?.();
      store = openStore(dbPath);
      services = make();
      await page.reload();
    },
    screenshot: async (name: string) => {
      const out = resolve(import.meta.dirname, '../../test-results/screens');
      mkdirSync(out, { recursive: true });
      const path = join(out, `${name}.png`);
      await page.screenshot({ path, fullPage: true });
      return path;
    },
    close: async () => {
      await group.stop();
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await page.goto(origin + '/index.html');
  return app;
};

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
    const problems = await watchPage(page, origin);
    await use(problems);
    expect(problems, 'page errors, console errors or remote requests').toEqual([]);
  },

  app: [
    async ({ page, origin, pageProblems }, use) => {
      void pageProblems; // installed before the page loads
      const app = await openApp(page, origin);
      await use(app);
      await app.close();
    },
    { auto: true },
  ],
});

export { expect };
export type { Page };
