/**
 * A guest on the Wi-Fi without the link, trying to keep phones out of the share server: sockets
 * that connect and never send a byte, and sockets that send a request's headers a
 * line every half second and never finish. Each one the server closes is opened again at once.
 * Used by test/main/share-guard.test.ts, test/e2e/share-crowd.spec.ts and bench/view-join.ts.
 *
 * Bounded: it connects only to 127.0.0.1, opens at most `maxOpens` sockets in all, and stops by
 * itself after `stopAfterMs` even if nobody calls stop().
 */
import { connect, type Socket } from 'node:net';

export interface SlowPeersOptions {
  port: number;
  silent: number;
  slow: number;
  /** The address the attack comes from (a loopback address: 127.0.0.1 unless a test says 127.0.0.2). */
  from?: string;
  /** Open a socket again when the server closes it. */
  reconnect?: boolean;
  maxOpens?: number;
  stopAfterMs?: number;
}

export interface SlowPeers {
  /** Sockets opened so far, and how many the server has closed. */
  opened(): number;
  closedByServer(): number;
  /** Sockets open now. */
  open(): number;
  stop(): void;
}

export const slowPeers = (o: SlowPeersOptions): SlowPeers => {
  const maxOpens = o.maxOpens ?? 20_000;
  let opened = 0;
  let closedByServer = 0;
  let running = true;
  const live = new Set<Socket>();
  const timers = new Set<ReturnType<typeof setTimeout>>();

  const later = (fn: () => void, ms: number): void => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  const one = (slow: boolean): void => {
    if (!running || opened >= maxOpens) return;
    opened++;
    const s = connect({ port: o.port, host: '127.0.0.1', ...(o.from ? { localAddress: o.from } : {}) });
    live.add(s);
    // What the server sends is thrown away unread. (The server closes sockets without waiting for
    // the peer, so whether it reads changes nothing there; reading lets the attack notice a close
    // at once and come straight back.)
    s.on('data', () => {});
    s.on('error', () => {});
    let drip: ReturnType<typeof setInterval> | null = null;
    if (slow)
      s.on('connect', () => {
        s.write('GET /t/not-the-token/ HTTP/1.1\r\nHost: 127.0.0.1\r\n');
        let n = 0;
        drip = setInterval(() => s.write(`X-Slow-${n++}: a\r\n`), 500);
      });
    s.on('close', () => {
      if (drip) clearInterval(drip);
      live.delete(s);
      if (!running) return;
      closedByServer++;
      if (o.reconnect !== false) later(() => one(slow), 10);
    });
  };

  for (let i = 0; i < o.silent; i++) one(false);
  for (let i = 0; i < o.slow; i++) one(true);

  const stop = (): void => {
    running = false;
    clearTimeout(auto);
    for (const t of timers) clearTimeout(t);
    for (const s of live) s.destroy();
    live.clear();
  };
  const auto = setTimeout(stop, o.stopAfterMs ?? 60_000);
  auto.unref();
  return { opened: () => opened, closedByServer: () => closedByServer, open: () => live.size, stop };
};
