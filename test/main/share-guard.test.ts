// What a hostile or broken peer can do to the share server, on a real server on 127.0.0.1 over a
// real store: connections without the token cannot keep viewers out, a viewer that goes silent
// or stops reading loses its seat, a page that reconnects gets its own seat back, Host is checked,
// and sharing turned off while it starts ends off. Every attack is bounded and stops by itself.
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CONNECTION_LIMITS } from '../../electron/main/share/connections';
import { slowPeers, type SlowPeers } from '../../tools/security/slow-peers';
import { get, raw, shareFixture, viewer, waitFor } from './share-helpers';

let f: Awaited<ReturnType<typeof shareFixture>> | undefined;
let attack: SlowPeers | undefined;
afterEach(async () => {
  attack?.stop();
  attack = undefined;
  await f?.cleanup();
  f = undefined;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Wait (polling every 50 ms) up to `ms` for `ok()`. */
const within = async (ms: number, ok: () => boolean, what: string): Promise<void> => {
  const end = Date.now() + ms;
  while (!ok() && Date.now() < end) await sleep(50);
  if (!ok()) throw new Error(`not within ${ms} ms: ${what}`);
};

describe('connections without the token', () => {
  it('200 silent and 200 slow-header sockets, reopened as soon as closed, keep no viewer out', async () => {
    f = await shareFixture();
    const s = await f.on();
    const server = f.share.server()!;
    attack = slowPeers({ port: server.port, silent: 200, slow: 200, stopAfterMs: 30_000 });
    await within(3_000, () => attack!.opened() >= 400, 'the attack is under way');
    await sleep(600);
    // 16 viewers, each loading the page and opening its stream, all at once.
    const pages = await Promise.all(Array.from({ length: 16 }, () => get(s.url!)));
    expect(pages.map((p) => p.status)).toEqual(Array(16).fill(200));
    const viewers = await Promise.all(Array.from({ length: 16 }, () => viewer(s.url! + 'events')));
    expect(viewers.map((v) => v.status)).toEqual(Array(16).fill(200));
    await waitFor(() => viewers.every((v) => v.views.length === 1), 'every viewer has the view');
    // Each attack socket is held briefly: the server closed as many as the attack has.
    await within(6_000, () => attack!.closedByServer() >= 400, 'the server closed 400 attack sockets');
    attack.stop();
    await within(2_000, () => server.connections().untrusted === 0, 'no untrusted connection left');
    expect(server.viewers()).toBe(16);
    for (const v of viewers) v.close();
  }, 30_000);

  it('silent sockets are closed within seconds, but for the few a browser opens ahead of its request; so is one that sent a wrong token, after its answer', async () => {
    f = await shareFixture({ connections: { untrustedMs: 1_000 } });
    const s = await f.on();
    const port = f.share.server()!.port;
    const server = f.share.server()!;
    const silent = (from: string) => {
      const c = connect({ port, host: '127.0.0.1', localAddress: from });
      c.pause();
      c.on('error', () => {});
      return c;
    };
    // A guest's 12 peers that neither send nor read: the server lets them go without waiting for
    // them, down to the few any browser may hold open ahead of a request.
    const guest = Array.from({ length: 12 }, () => silent('127.0.0.2'));
    await within(1_000, () => server.connections().all === 12, 'the silent sockets are connected');
    await within(3_000, () => server.connections().all <= CONNECTION_LIMITS.preconnects, 'the silent sockets closed by the server');
    // A phone's browser opened a connection ahead of its request and sends it 2 s later, past the
    // deadline: the connection is still there and the page comes back.
    const early = silent('127.0.0.3');
    await sleep(2_000);
    expect(early.destroyed).toBe(false);
    const got = new Promise<string>((ok) => {
      let b = '';
      early.on('data', (d) => (b += d.toString('latin1')));
      early.on('close', () => ok(b));
    });
    early.resume();
    early.write(`GET ${new URL(s.url!).pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    expect(await got).toMatch(/^HTTP\/1\.1 200 /);
    for (const g of guest) g.destroy();
    // A wrong token: the 404, then the server closes (the peer never reads nor closes).
    const wrong = await raw(port, `GET /t/${'x'.repeat(22)}/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`, 3_000);
    expect(wrong).toMatch(/^HTTP\/1\.1 404 /);
    expect((await get(s.url!)).status).toBe(200);
  }, 20_000);

  it('one address holds at most 16 connections dripping a request; others still get in', async () => {
    f = await shareFixture();
    const s = await f.on();
    const server = f.share.server()!;
    // From 127.0.0.2 (still to 127.0.0.1): one guest's phone, opening 100 sockets and dripping headers on them.
    attack = slowPeers({ port: server.port, silent: 0, slow: 100, from: '127.0.0.2', reconnect: false, stopAfterMs: 10_000 });
    await within(3_000, () => attack!.opened() === 100, 'the sockets are opened');
    await within(5_000, () => server.connections().untrusted <= 16, 'the guest is down to 16 sockets');
    expect((await get(s.url!)).status).toBe(200);
  }, 20_000);

  it('at its hard limit the flooding address loses its own sockets, not another’s', async () => {
    f = await shareFixture({ connections: { maxSockets: 40 } });
    const s = await f.on();
    const server = f.share.server()!;
    // A phone's browser opened a connection ahead of its request and has not sent it yet.
    const early = connect(server.port, '127.0.0.1');
    early.on('error', () => {});
    await within(1_000, () => server.connections().all === 1, 'the early connection');
    attack = slowPeers({ port: server.port, silent: 80, slow: 0, from: '127.0.0.2', stopAfterMs: 20_000 });
    await within(3_000, () => attack!.opened() >= 200, 'the flood keeps coming back');
    expect(early.destroyed).toBe(false);
    // The request comes: the page.
    const got = await new Promise<string>((ok) => {
      let b = '';
      early.on('data', (d) => (b += d.toString('latin1')));
      early.on('close', () => ok(b));
      early.write(`GET ${new URL(s.url!).pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    });
    expect(got).toMatch(/^HTTP\/1\.1 200 /);
  }, 30_000);

  it('at its hard limit the server closes the oldest untrusted connection, never a viewer', async () => {
    f = await shareFixture({ connections: { maxSockets: 40 } });
    const s = await f.on();
    const server = f.share.server()!;
    const viewers = await Promise.all(Array.from({ length: 8 }, () => viewer(s.url! + 'events')));
    attack = slowPeers({ port: server.port, silent: 60, slow: 20, stopAfterMs: 20_000 });
    await within(3_000, () => attack!.opened() >= 200, 'the attack keeps coming back');
    expect(server.connections().all).toBeLessThanOrEqual(40);
    const pages = await Promise.all(Array.from({ length: 8 }, () => get(s.url!)));
    expect(pages.map((p) => p.status)).toEqual(Array(8).fill(200));
    expect(server.viewers()).toBe(8);
    await f.call('appendEvent', { gameId: f.game.id, event: { type: 'discard', seat: 'E', tile: '5B' } });
    await waitFor(() => viewers.every((v) => v.views.at(-1)?.live?.tile === '5B'), 'every viewer got the discard');
    for (const v of viewers) v.close();
  }, 30_000);
});

describe('seats', () => {
  const quick = { seats: { pingMs: 200, silentMs: 1_000, stuckMs: 1_000 } };

  it('a viewer that stops saying it is watching loses its seat; one that says so keeps it', async () => {
    f = await shareFixture(quick);
    const s = await f.on();
    const silent = await viewer(s.url! + 'events');
    const watching = await viewer(s.url! + 'events');
    await waitFor(() => silent.seat() !== null && watching.seat() !== null, 'both seated');
    const pings = setInterval(() => void get(`${s.url!}alive?seat=${watching.seat()!}`), 200);
    try {
      await silent.ended;
      // (The counts come from the share process: read once it has said.)
      await waitFor(() => f!.share.server()!.viewers() === 1, 'one viewer left');
      await sleep(1_500);
      expect(f.share.server()!.viewers()).toBe(1);
      // The freed seat is gone for good: its page is told so when it says it is watching.
      expect((await get(`${s.url!}alive?seat=${silent.seat()!}`)).status).toBe(404);
      expect((await get(`${s.url!}alive?seat=${watching.seat()!}`)).status).toBe(204);
    } finally {
      clearInterval(pings);
      watching.close();
    }
  }, 20_000);

  it('a viewer that stops reading is dropped once its output piles up, or stops moving', async () => {
    for (const [seats, withReader] of [
      [{ maxBuffered: 64 * 1024 }, true],
      [{ maxBuffered: 1e9, stuckMs: 1_000, silentMs: 60_000 }, false],
    ] as const) {
      f = await shareFixture({ seats });
      const s = await f.on();
      const server = f.share.server()!;
      const u = new URL(s.url! + 'events');
      const stuck = connect(server.port, '127.0.0.1');
      stuck.on('error', () => {});
      stuck.write(`GET ${u.pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      stuck.pause();
      await waitFor(() => server.viewers() === 1, 'the stuck viewer seated');
      const reader = withReader ? await viewer(s.url! + 'events') : null;
      const seated = withReader ? 2 : 1;
      await waitFor(() => server.viewers() === seated, 'the reading viewer seated');
      // About 20 MB of views, in batches a reading viewer keeps up with.
      const view = f.share.sharedView();
      const json = JSON.stringify(view);
      for (let i = 0; i < 400 && server.viewers() === seated; i++) {
        for (let j = 0; j < 25; j++) server.publish(json);
        // (The views go through the share process: the reading viewer reads each batch before the next.)
        for (let t = 0; reader && t < 2_000 && reader.views.length < (i + 1) * 25 && server.viewers() === seated; t++) await sleep(2);
      }
      await within(5_000, () => server.viewers() === seated - 1, `the stuck viewer dropped (${JSON.stringify(seats)})`);
      if (reader) expect(reader.views.length).toBeGreaterThan(100);
      stuck.destroy();
      reader?.close();
      await f.cleanup();
      f = undefined;
    }
  }, 30_000);

  it('a page that reconnects gets its seat back instead of "full"; a stranger is told the table is full', async () => {
    f = await shareFixture({ maxViewers: 2 });
    const s = await f.on();
    const a = await viewer(s.url! + 'events');
    const b = await viewer(s.url! + 'events');
    await waitFor(() => a.seat() !== null && b.seat() !== null, 'both seated');
    const stranger = await get(s.url! + 'events');
    expect(stranger.status).toBe(503);
    expect(stranger.headers['retry-after']).toBe('3');
    expect(stranger.body).toMatch(/already has 2 viewers/);
    // A's connection died without the server noticing; A's page comes back quoting its seat.
    const again = await viewer(`${s.url!}events?was=${a.seat()!}`);
    expect(again.status).toBe(200);
    await a.ended;
    await waitFor(() => f!.share.server()!.viewers() === 2, 'two viewers');
    // A seat is quoted once: quoting it again frees nothing more.
    expect((await get(`${s.url!}events?was=${a.seat()!}`)).status).toBe(503);
    again.close();
    b.close();
  });
});

describe('the server', () => {
  it('answers only a Host that is an address (defence against DNS rebinding)', async () => {
    f = await shareFixture();
    const s = await f.on();
    const { port, pathname } = { port: f.share.server()!.port, pathname: new URL(s.url!).pathname };
    const ask = (host: string) => raw(port, `GET ${pathname}view.json HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    for (const h of ['127.0.0.1', `127.0.0.1:${port}`, 'localhost', `localhost:${port}`, '[::1]', `[::1]:${port}`, '198.51.100.20:8080'])
      expect(await ask(h), h).toMatch(/^HTTP\/1\.1 200 /);
    for (const h of [
      'evil.example',
      `evil.example:${port}`,
      'mahjmate.local',
      '127.0.0.1.nip.io',
      '[::1',
      '1.2.3.4:x',
      'localhost.evil.example',
    ])
      expect(await ask(h), h).toMatch(/^HTTP\/1\.1 404 /);
  });

  it('sharing turned off while it is still starting ends off, with the port closed', async () => {
    f = await shareFixture();
    const [on, off] = await Promise.all([
      f.call<{ on: boolean }>('shareTable', { on: true }),
      f.call<{ on: boolean }>('shareTable', { on: false }),
    ]);
    expect(on.on).toBe(true);
    expect(off.on).toBe(false);
    expect(f.share.server()).toBeNull();
    expect((await f.call<{ on: boolean }>('shareStatus')).on).toBe(false);
    // On, off, on in a row: one server, on.
    const last = await Promise.all([f.share.start(), f.share.stop(), f.share.start()]);
    expect(last.map((x) => x.on)).toEqual([true, false, true]);
    const port = f.share.server()!.port;
    expect((await get(last[2].url!)).status).toBe(200);
    await f.off();
    await expect(get(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });

  it('an address that is not one of the computer’s is refused with a sentence', async () => {
    f = await shareFixture();
    // A documentation address (RFC 5737): refused before any socket opens, no traffic.
    const r = await f.call('shareTable', { on: true, address: '203.0.113.9' }).then(
      () => null,
      (e: Error) => e.message,
    );
    expect(r).toMatch(/not one of this computer's network addresses/);
    expect(f.share.server()).toBeNull();
  });
});
