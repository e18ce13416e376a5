import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { MAX_VIEWERS } from '../../electron/main/share/server';
import { get, raw, shareFixture, viewer, waitFor } from './share-helpers';

let f: Awaited<ReturnType<typeof shareFixture>>;
beforeEach(async () => {
  f = await shareFixture();
});
afterEach(async () => {
  await f.cleanup();
});

const origin = () => `http://127.0.0.1:${f.share.server()!.port}`;
const NOT_FOUND = { status: 404, body: 'Not found' };

describe('share server: what a viewer with the link gets', () => {
  it('is off by default; on, it gives a URL with a 128-bit token and a QR code', async () => {
    expect((await f.call<{ on: boolean }>('shareStatus')).on).toBe(false);
    expect(f.share.server()).toBeNull();
    const s = await f.on();
    expect(s.on).toBe(true);
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/t\/[A-Za-z0-9_-]{22}\/$/);
    expect(Buffer.from(f.share.server()!.token, 'base64url').length).toBe(16);
    expect(s.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(s.qr!.split(',')[1]!, 'base64').toString()).toContain('<svg');
  });

  it('serves the page in one answer (its script and style inside, allowed by hash only), the view and a live event stream', async () => {
    const s = await f.on();
    const page = await get(s.url!);
    expect(page.status).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    const hash = (x: string) => `'sha256-${createHash('sha256').update(x).digest('base64')}'`;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`script-src ${hash('console.log("view")')};`);
    expect(csp).toContain(`style-src ${hash('body{}')};`);
    expect(csp).not.toMatch(/unsafe|'self' 'sha|\*/);
    expect(page.body).toContain('<script type="module">console.log("view")</script>');
    expect(page.body).toContain('<style>body{}</style>');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    // Nothing else to fetch: the files are not served on their own.
    expect(await get(s.url! + 'assets/view-1.js')).toMatchObject(NOT_FOUND);
    const json = JSON.parse((await get(s.url! + 'view.json')).body);
    expect(json).toMatchObject({ v: 1, phase: 'playing', game: 1 });

    const v = await viewer(s.url! + 'events');
    expect(v.status).toBe(200);
    await waitFor(() => v.views.length === 1, 'the first view');
    await f.call('appendEvent', { gameId: f.game.id, event: { type: 'discard', seat: 'E', tile: '5B' } });
    await waitFor(() => v.views.length === 2, 'the view after the discard');
    expect(v.views[1]!.live).toMatchObject({ tile: '5B', open: true, by: 'Ann' });
    v.close();
  });
});

describe('share server: nobody gets in where they do not belong', () => {
  it('wrong, missing, shortened or earlier tokens: 404 and nothing else', async () => {
    const first = await f.on();
    const oldToken = f.share.server()!.token;
    await f.off();
    const s = await f.on();
    const tok = f.share.server()!.token;
    expect(tok).not.toBe(oldToken);
    const o = origin();
    const bad = [
      `${o}/`,
      `${o}/t/`,
      `${o}/t//`,
      `${o}/view.html`,
      `${o}/events`,
      `${o}/assets/view-1.js`,
      `${o}/t/${oldToken}/`,
      `${o}/t/${oldToken}/events`,
      `${o}/t/${tok.slice(0, -1)}/`,
      `${o}/t/${tok}x/`,
      `${o}/t/${tok.toLowerCase() === tok ? tok.toUpperCase() : tok.toLowerCase()}/`,
      `${o}/t/${tok}`,
      `${o}/?t=${tok}`,
    ];
    expect(first.url).not.toBe(s.url);
    for (const u of bad) expect(await get(u), u).toMatchObject(NOT_FOUND);
  });

  it('POST, PUT, DELETE, PATCH, HEAD, OPTIONS: refused, nothing written', async () => {
    const s = await f.on();
    const before = f.written();
    for (const m of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])
      for (const path of ['', 'events', 'view.json', 'assets/view-1.js'])
        expect(await get(s.url! + path, m, '{"type":"discard","seat":"E","tile":"5B"}'), `${m} ${path}`).toMatchObject(NOT_FOUND);
    expect((await get(s.url!, 'HEAD')).status).toBe(404);
    // A GET that carries a body is not a viewer's either.
    expect(await get(s.url! + 'view.json', 'GET', 'x'.repeat(100))).toMatchObject(NOT_FOUND);
    expect(f.written()).toBe(before);
  });

  it('paths that try to leave the page (.., encoded, backslashes, other files): nothing', async () => {
    const s = await f.on();
    const b = `/t/${f.share.server()!.token}/`;
    const tries = [
      `${b}../secret.txt`,
      `${b}..%2f..%2fsecret.txt`,
      `${b}%2e%2e/%2e%2e/secret.txt`,
      `${b}assets/../../secret.txt`,
      `${b}assets/..%2f..%2fsecret.txt`,
      `${b}assets%2fview-1.js`,
      `${b}assets\\..\\..\\secret.txt`,
      `${b}assets/index-secret.js`,
      `${b}assets/view-1.js/`,
      `${b}./assets/view-1.js`,
      `${b}//etc/passwd`,
      `${b}%00`,
      `${b}view.html%00.js`,
    ];
    for (const p of tries) {
      const got = await raw(s.url ? f.share.server()!.port : 0, `GET ${p} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(got, p).toMatch(/^HTTP\/1\.1 (404|400) /);
      expect(got, p).not.toMatch(/SECRET/);
    }
  });

  it('oversized and malformed requests are refused; the server keeps serving', async () => {
    const s = await f.on();
    const port = f.share.server()!.port;
    const b = `/t/${f.share.server()!.token}/`;
    const cases = [
      `GET ${b}${'a'.repeat(600)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      `GET ${b} HTTP/1.1\r\nHost: x\r\nX-Big: ${'y'.repeat(10_000)}\r\n\r\n`,
      `GET ${b} HTTP/9.9\r\n\r\n`,
      `NOT A REQUEST\r\n\r\n`,
      `GET ${b} HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n`,
      `GET ${b} HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999\r\n\r\n`,
      `GET ${b} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n`,
      `\u0000\u0001\u0002\r\n\r\n`,
      `GET ${b}\u00ff\u00fe HTTP/1.1\r\nHost: x\r\n\r\n`,
    ];
    for (const c of cases) {
      const got = await raw(port, Buffer.from(c, 'latin1'));
      expect(got, JSON.stringify(c.slice(0, 80))).toMatch(/^HTTP\/1\.1 (400|404|414|431) /);
      expect(got).not.toMatch(/"v":1/);
    }
    expect((await get(s.url!)).status).toBe(200);
  });

  it(`a ${MAX_VIEWERS + 1}th viewer is refused; when one leaves, another may come`, async () => {
    const s = await f.on();
    const viewers = await Promise.all(Array.from({ length: MAX_VIEWERS }, () => viewer(s.url! + 'events')));
    expect(viewers.every((v) => v.status === 200)).toBe(true);
    await waitFor(() => f.share.server()!.viewers() === MAX_VIEWERS, '16 viewers');
    const extra = await viewer(s.url! + 'events');
    expect(extra.status).toBe(503);
    await extra.ended;
    expect(extra.views).toEqual([]);
    viewers[0]!.close();
    await waitFor(() => f.share.server()!.viewers() === MAX_VIEWERS - 1, 'one left');
    const again = await viewer(s.url! + 'events');
    expect(again.status).toBe(200);
    for (const v of [...viewers, again]) v.close();
  });

  it('sharing turned off with viewers connected: every stream ends, the link is dead, the app goes on', async () => {
    const s = await f.on();
    const port = f.share.server()!.port;
    const viewers = await Promise.all(Array.from({ length: 4 }, () => viewer(s.url! + 'events')));
    await waitFor(() => f.share.server()!.viewers() === 4, '4 viewers');
    const status = await f.off();
    expect(status).toMatchObject({ on: false, url: null, qr: null, viewers: 0 });
    await Promise.all(viewers.map((v) => v.ended));
    // Each page was told sharing is over (so it stops retrying).
    expect(viewers.map((v) => v.ends())).toEqual([1, 1, 1, 1]);
    // The port is closed: nothing answers any more.
    await expect(get(`http://127.0.0.1:${port}${new URL(s.url!).pathname}`)).rejects.toThrow();
    // The app is unharmed: recording goes on, and sharing again gives a new link.
    await f.call('appendEvent', { gameId: f.game.id, event: { type: 'discard', seat: 'E', tile: '5B' } });
    expect(f.store.loadEvents(f.game.id)).toHaveLength(1);
    const again = await f.on();
    expect(again.url).not.toBe(s.url);
    expect((await get(again.url!)).status).toBe(200);
  });
});
