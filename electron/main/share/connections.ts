// Which connections the share server keeps. A guest on the Wi-Fi without the link can open
// hundreds of connections that never send a request, or send it a byte at a time; none of them
// may keep a phone out. A connection is "untrusted" until a request on it carries the token; an
// untrusted one lives a few seconds at most (except a browser's connection opened ahead of its
// request, below); past a cap, those dripping a request slowly go first, and at the hard limit the
// oldest of the address holding the most. New connections are not
// refused for want of room, so a phone (whose request arrives within milliseconds and is then
// trusted) gets in.
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** An untrusted connection is closed this long after it opened, whatever it sends (but see `preconnects`). */
  untrustedMs: number;
  /**
   * A browser opens a connection or two ahead of its request and may keep one unused for up to
   * 10 s (Chromium) before sending the request on it: closed at the deadline, the close crosses
   * the request and the page fails to load. So a connection that has sent nothing, from an address
   * holding at most this many untrusted connections, is left to the server's headers timeout; a
   * guest holding more is closed at the deadline as before.
   */
  preconnects: number;
  /** A new connection cannot be pushed out by others for this long: time to send its request. */
  graceMs: number;
  /** Untrusted connections past their grace that sent part of a request, all addresses together. */
  maxUntrusted: number;
  /** The same, from one address. */
  maxUntrustedPerAddress: number;
  /** Trusted connections that are not a live stream (a page's idle keep-alive connections). */
  maxTrustedIdle: number;
  /**
   * Every connection together (the computer's own limit on open files): past it the oldest
   * untrusted one of the address holding the most is closed, or the new one when all carried the token.
   */
  maxSockets: number;
}

export const CONNECTION_LIMITS: ConnectionLimits = {
  untrustedMs: 6_000,
  preconnects: 4,
  graceMs: 3_000,
  maxUntrusted: 64,
  maxUntrustedPerAddress: 16,
  maxTrustedIdle: 64,
  maxSockets: 600,
};

interface Conn {
  socket: Socket;
  address: string;
  opened: number;
  trusted: boolean;
  /** A request is being answered on it (a live stream stays busy). */
  busy: boolean;
}

export interface Connections {
  /** A new connection: tracked, or closed at once when the server is at its limit. */
  add(socket: Socket): void;
  /** A request on this connection carried the token. */
  trust(socket: Socket): void;
  busy(socket: Socket, busy: boolean): void;
  /** Close what has to go now (called on every new connection and every few hundred ms). */
  sweep(now?: number): void;
  counts(): { all: number; untrusted: number; trusted: number };
  destroyAll(): void;
}

export const trackConnections = (limits: ConnectionLimits = CONNECTION_LIMITS): Connections => {
  // Insertion order is age order: the oldest first.
  const conns = new Map<Socket, Conn>();
  let sweeping = false;

  const drop = (c: Conn): void => {
    conns.delete(c.socket);
    c.socket.destroy();
  };

  const sweep = (now = Date.now()): void => {
    const held = new Map<string, number>();
    for (const c of conns.values()) if (!c.trusted) held.set(c.address, (held.get(c.address) ?? 0) + 1);
    const pastGrace: Conn[] = [];
    const perAddress = new Map<string, Conn[]>();
    const idle: Conn[] = [];
    for (const c of conns.values()) {
      if (c.socket.destroyed) {
        conns.delete(c.socket);
        continue;
      }
      if (c.trusted) {
        if (!c.busy) idle.push(c);
        continue;
      }
      if (now - c.opened >= limits.untrustedMs && (c.socket.bytesRead > 0 || held.get(c.address)! > limits.preconnects)) {
        drop(c);
        continue;
      }
      // A socket that has sent nothing yet may be a browser's opened ahead of its request (on a
      // busy phone, seconds ahead): only the deadline and the hard limit close those.
      if (now - c.opened < limits.graceMs || c.socket.bytesRead === 0) continue;
      pastGrace.push(c);
      const list = perAddress.get(c.address) ?? [];
      list.push(c);
      perAddress.set(c.address, list);
    }
    const gone = new Set<Conn>();
    for (const list of perAddress.values())
      for (const c of list.slice(0, Math.max(0, list.length - limits.maxUntrustedPerAddress))) gone.add(c);
    const left = pastGrace.filter((c) => !gone.has(c));
    for (const c of left.slice(0, Math.max(0, left.length - limits.maxUntrusted))) gone.add(c);
    for (const c of idle.slice(0, Math.max(0, idle.length - limits.maxTrustedIdle))) gone.add(c);
    for (const c of gone) drop(c);
  };

  /** The oldest untrusted connection of the address holding the most: one guest's flood closes its own sockets first. */
  const oldestOfBusiestAddress = (): Conn | null => {
    const by = new Map<string, Conn[]>();
    for (const c of conns.values()) if (!c.trusted) by.set(c.address, [...(by.get(c.address) ?? []), c]);
    let most: Conn[] = [];
    for (const list of by.values()) if (list.length > most.length) most = list;
    return most[0] ?? null;
  };

  return {
    add: (socket) => {
      if (conns.size >= limits.maxSockets) sweep();
      // At the hard limit the oldest untrusted connection goes, even within its grace: a phone's
      // request would have to wait behind that many newer connections to lose its place.
      if (conns.size >= limits.maxSockets) {
        const victim = oldestOfBusiestAddress();
        if (victim) drop(victim);
      }
      if (conns.size >= limits.maxSockets || !socket.remoteAddress) {
        socket.destroy();
        return;
      }
      conns.set(socket, { socket, address: socket.remoteAddress, opened: Date.now(), trusted: false, busy: false });
      socket.once('close', () => conns.delete(socket));
      // The deadlines are judged once the input waiting on the other sockets is read (after the
      // poll phase): a burst of new connections after a busy moment must not close a connection
      // whose request has arrived but is not read yet.
      if (!sweeping) {
        sweeping = true;
        setImmediate(() => {
          sweeping = false;
          sweep();
        });
      }
    },
    trust: (socket) => {
      const c = conns.get(socket);
      if (c) c.trusted = true;
    },
    busy: (socket, busy) => {
      const c = conns.get(socket);
      if (c) c.busy = busy;
    },
    sweep,
    counts: () => {
      let trusted = 0;
      for (const c of conns.values()) if (c.trusted) trusted++;
      return { all: conns.size, untrusted: conns.size - trusted, trusted };
    },
    destroyAll: () => {
      for (const c of conns.values()) c.socket.destroy();
      conns.clear();
    },
  };
};
