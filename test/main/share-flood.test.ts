// A guest WITH the link floods the share server (issue 38): HTTP pipelining on 1, 4 and 32
// connections while the host records through the real services on a real SQLite file. The server
// runs in a process of its own: recording never waits on it, even when it is frozen or killed.
// Every socket goes to 127.0.0.1 only, bounded in count and time.
import { connect, type Socket } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { SHARE_FAILED, SHARE_RESTARTED } from '../../electron/main/share/share';
import type { ShareStatus } from '../../src/shared/contract/share';
import { get, raw, shareFixture, viewer, waitFor } from './share-helpers';

let f: Awaited<ReturnType<typeof shareFixture>> | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
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

interface Piper {
  /** Answers received (status lines). */
  answers: () => number;
  /** The server closed the connection (this side never did). */
  closedByServer: () => boolean;
}

/**
 * One connection pipelining `burst` requests for view.json in each write, a write every 20 ms,
 * until the server closes it or `ms` pass.
 */
const pipeline = (port: number, path: string, burst: number, ms: number, from = '127.0.0.1'): Piper => {
  const s = connect({ port, host: '127.0.0.1', localAddress: from });
  sockets.push(s);
  let got = '';
  let closed = false;
  let gaveUp = false;
  s.on('data', (d) => (got += d.toString('latin1')));
  s.on('error', () => {});
  s.on('close', () => {
    closed = !gaveUp;
    clearInterval(pump);
  });
  const one = `GET ${path}view.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
  const pump = setInterval(() => {
    if (!s.destroyed && s.writable) s.write(one.repeat(burst));
  }, 20);
  setTimeout(() => {
    gaveUp = true;
    clearInterval(pump);
    s.destroy();
  }, ms).unref();
  return { answers: () => (got.match(/HTTP\/1\.1 \d{3} /g) ?? []).length, closedByServer: () => closed };
};

describe('a link holder pipelining requests', () => {
  it('1, 4 and 32 pipelining connections are closed after at most one answer while events are recorded; the phone stays current', async () => {
    f = await shareFixture();
    await f.call('loadGame', { gameId: f.game.id });
    const s = await f.on();
    const server = f.share.server()!;
    const path = new URL(s.url!).pathname;
    const phone = await viewer(s.url! + 'events');
    await waitFor(() => phone.views.length === 1 && phone.seat() !== null, 'the first view');
    // The phone says it is still watching, as its page does.
    const pings = setInterval(() => void get(`${s.url!}alive?seat=${phone.seat()!}`).catch(() => {}), 2_000);
    onTestFinished(() => clearInterval(pings));
    // Turns as at the table: East discards, South picks and discards, and so on round.
    const tiles = ['1B', '2B', '3B', '4B', '5B', '6B', '7B', '8B', '9B', '1C', '2C', '3C'];
    const seats = ['E', 'S', 'W', 'N'] as const;
    let n = 0;
    const record = async (): Promise<void> => {
      const event =
        n % 2 === 0
          ? { type: 'discard', seat: seats[(n / 2) % 4], tile: tiles[(n / 2) % tiles.length] }
          : { type: 'pick', seat: seats[((n + 1) / 2) % 4] };
      const r = await f!.call<{ seq: number }>('appendEvent', { gameId: f!.game.id, event });
      expect(r.seq).toBe(++n);
    };
    for (const conns of [1, 4, 32]) {
      const pipers = Array.from({ length: conns }, () => pipeline(server.port, path, 64, 30_000));
      // The host records through the real services while the flood runs.
      for (let i = 0; i < 6; i++) await record();
      // (Bounds, not timings: the share process gives way to everything else on a busy machine.)
      await within(25_000, () => pipers.every((p) => p.closedByServer()), `the server closed all ${conns} pipelining connections`);
      // A pipelined request closes the connection: no connection got a second answer.
      expect(pipers.map((p) => p.answers() <= 1)).toEqual(Array(conns).fill(true));
      // The phone shows what was recorded last.
      const latest = f.share.sharedView().latest;
      await within(20_000, () => phone.views.at(-1)?.latest === latest, `the phone current after the flood on ${conns}`);
    }
    expect(f.store.loadEvents(f.game.id)).toHaveLength(n);
    // After the flood, a plain request is served.
    const after = await raw(server.port, `GET ${path}view.json HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`, 20_000);
    expect(after).toMatch(/^HTTP\/1\.1 200 /);
    phone.close();
  }, 150_000);

  it('a browser keeping one connection for request after request is served every time', async () => {
    f = await shareFixture();
    const s = await f.on();
    const path = new URL(s.url!).pathname;
    const c = connect(f.share.server()!.port, '127.0.0.1');
    sockets.push(c);
    c.on('error', () => {});
    let got = '';
    c.on('data', (d) => (got += d.toString('latin1')));
    for (let i = 1; i <= 10; i++) {
      c.write(`GET ${path}view.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      await within(20_000, () => (got.match(/HTTP\/1\.1 200 /g) ?? []).length === i && got.endsWith('}'), `answer ${i}`);
    }
    expect(c.destroyed).toBe(false);
  });

  it('recording never waits on the share server: frozen, the events are stored; killed, it starts again once on the same link, then sharing stops', async () => {
    f = await shareFixture();
    await f.call('loadGame', { gameId: f.game.id });
    const s = await f.on();
    const server = f.share.server()!;
    const pid = server.pid!;
    expect(pid).not.toBe(process.pid);
    const phone = await viewer(s.url! + 'events');
    await waitFor(() => phone.views.length === 1, 'the first view');
    // The share process frozen (as if swamped): every write returns, and is stored.
    process.kill(pid, 'SIGSTOP');
    try {
      await f.call('appendEvent', { gameId: f.game.id, event: { type: 'discard', seat: 'E', tile: '5B' } });
      await f.call('appendEvent', { gameId: f.game.id, event: { type: 'pick', seat: 'S' } });
      await f.call('appendEvent', { gameId: f.game.id, event: { type: 'discard', seat: 'S', tile: 'N' } });
      expect(f.store.loadEvents(f.game.id)).toHaveLength(3);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    // Thawed, the phone catches up.
    await within(20_000, () => phone.views.at(-1)?.live?.tile === 'N', 'the phone shows the last discard');

    // Killed: started again by itself on the same address, the phone's link still works.
    process.kill(pid, 'SIGKILL');
    await phone.ended;
    await within(20_000, () => server.pid !== pid && server.pid !== undefined, 'a new share process');
    await f.call('appendEvent', { gameId: f.game.id, event: { type: 'pick', seat: 'W' } });
    expect(f.share.server()).toBe(server);
    let status = await f.call<ShareStatus>('shareStatus');
    for (let i = 0; i < 100 && status.problem === null; i++) status = await sleep(100).then(() => f!.call<ShareStatus>('shareStatus'));
    expect(status).toMatchObject({ on: true, url: s.url, problem: SHARE_RESTARTED });
    const again = await viewer(s.url! + 'events');
    expect(again.status).toBe(200);
    await within(
      20_000,
      () => isDeepStrictEqual(again.views.at(-1), f!.share.sharedView()) && f!.share.sharedView().turn === 'W',
      'the phone back on the table, current',
    );
    expect((await get(s.url!)).status).toBe(200);

    // Killed again: sharing is off, and says why; recording goes on.
    process.kill(server.pid!, 'SIGKILL');
    await again.ended;
    await within(20_000, () => f!.share.server() === null, 'sharing off');
    status = await f.call<ShareStatus>('shareStatus');
    expect(status).toMatchObject({ on: false, url: null, problem: SHARE_FAILED });
    await f.call('appendEvent', { gameId: f.game.id, event: { type: 'discard', seat: 'W', tile: '2C' } });
    expect(f.store.loadEvents(f.game.id)).toHaveLength(5);
    // Shared again: a new link, and nothing more to say.
    const fresh = await f.on();
    expect(fresh).toMatchObject({ on: true, problem: null });
    expect(fresh.url).not.toBe(s.url);
  }, 120_000);
});

describe('what one address may ask', () => {
  it('the page carries an ETag and may be kept: asked again with it, no body is sent', async () => {
    f = await shareFixture();
    const s = await f.on();
    const page = await get(s.url!);
    expect(page.status).toBe(200);
    const etag = String(page.headers.etag);
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(page.headers['cache-control']).toBe('private, max-age=86400');
    const port = f.share.server()!.port;
    const path = new URL(s.url!).pathname;
    const again = await raw(port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nIf-None-Match: ${etag}\r\nConnection: close\r\n\r\n`);
    expect(again).toMatch(/^HTTP\/1\.1 304 /);
    expect(again.split('\r\n\r\n')[1]).toBe('');
  });

  it('past its requests a second, or its bytes, an address gets 429; another address is served', async () => {
    f = await shareFixture({ rates: { requestsBurst: 20, requestsPerSecond: 0.001, bytesBurst: 1_000, bytesPerSecond: 0.001 } });
    const s = await f.on();
    const port = f.share.server()!.port;
    const path = new URL(s.url!).pathname;
    const ask = (from: string, what: string) =>
      new Promise<string>((ok) => {
        const c = connect({ port, host: '127.0.0.1', localAddress: from });
        let got = '';
        c.on('data', (d) => (got += d.toString('latin1')));
        c.on('error', () => ok(got));
        c.on('close', () => ok(got));
        c.write(`GET ${path}${what} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      });
    // Requests: 30 from one address, one at a time (the answers are tiny: alive for no seat is a 404).
    const statuses: string[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await ask('127.0.0.2', 'alive')).slice(9, 12));
    expect(statuses).toEqual([...Array(20).fill('404'), ...Array(10).fill('429')]);
    expect(await ask('127.0.0.3', 'alive')).toMatch(/^HTTP\/1\.1 404 /);
    // Bytes: the page, until 1,000 bytes of it are sent.
    const first = await ask('127.0.0.4', '');
    const size = Number(/Content-Length: (\d+)/i.exec(first)![1]);
    expect(size).toBeGreaterThan(100);
    const pages = [first.slice(9, 12)];
    const fit = Math.floor(1_000 / size);
    for (let i = 1; i < fit + 3; i++) pages.push((await ask('127.0.0.4', '')).slice(9, 12));
    expect(pages).toEqual([...Array(fit).fill('200'), ...Array(3).fill('429')]);
    expect(await ask('127.0.0.5', '')).toMatch(/^HTTP\/1\.1 200 /);
  });
});
