// The read-only share server: node:http, no Electron. It runs in the share process (process.ts),
// never in the table's main process: main hands it each view as JSON (wire.ts).
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { SeatFrame } from '../../../src/shared/contract/share';
import { contentTypeOf } from '../page';
import { CONNECTION_LIMITS, trackConnections, type ConnectionLimits } from './connections';
import { phonePage } from './phone-page';
import { makeRates, RATE_LIMITS, type RateLimits } from './rates';
import { routeOf } from './route';
import { makeSeats, SEAT_LIMITS, type SeatLimits } from './seats';

export const MAX_VIEWERS = SEAT_LIMITS.maxViewers;
/** The built page the server sends (the view page of the renderer build). */
export const SHARE_PAGE = 'view.html';
/** How often a comment goes down each stream, so a page can tell a quiet table from a dead link. */
export const HEARTBEAT_MS = 10_000;
/** How long a page waits before asking again for a seat when the table is full. */
export const FULL_RETRY_S = 3;

export interface ShareServerOptions {
  /** The built renderer folder (out/renderer): view.html and the files it names are read once, at start. */
  root: string;
  /** The current table view as JSON (made in main), sent to each new viewer and at /view.json. */
  view: () => string;
  /** The link's token (main chooses it: a restarted server keeps the link); a fresh one when not given. */
  token?: string;
  /** The address to listen on: the table's network; 127.0.0.1 in tests. */
  host?: string;
  port?: number;
  maxViewers?: number;
  /** Tests and the bench may shorten or widen the limits; the app uses the defaults. */
  seats?: Partial<SeatLimits>;
  connections?: Partial<ConnectionLimits>;
  rates?: Partial<RateLimits>;
  /** Called when a viewer takes or leaves a seat (the share process tells main at once). */
  seated?: () => void;
}

export interface ShareServer {
  /** A fresh 128-bit token, base64url (22 characters). */
  readonly token: string;
  readonly port: number;
  /** The path every URL starts with: /t/<token>/. */
  readonly base: string;
  /** The phone page's Content-Security-Policy. */
  readonly csp: string;
  /** Send a view (as JSON) to every viewer. */
  publish(json: string): void;
  viewers(): number;
  /** Open connections: trusted ones carried the token. */
  connections(): { all: number; untrusted: number; trusted: number };
  /** Stop: every stream closed, every connection dropped, the port released. */
  close(): Promise<void>;
}

const COMMON = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

interface File {
  body: Buffer;
  gzip: Buffer;
  type: string;
  /** Weak (the same for both encodings): a phone that has the page asks with it and gets a 304, no body. */
  etag: string;
}

const file = (body: Buffer, type: string): File => ({
  body,
  gzip: gzipSync(body),
  type,
  etag: `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
});

/**
 * The page and its files never change while sharing is on (a new share has a new token, so a new
 * URL): the phone keeps them and asks again only with their ETag.
 */
const CACHED = { 'Cache-Control': 'private, max-age=86400' };

/** The phone page (its script and style inside it) and any file it still names, in memory: nothing is read from disk per request. */
const loadPage = (root: string): { page: File; csp: string; assets: Map<string, File> } => {
  let html: string;
  try {
    html = readFileSync(join(root, SHARE_PAGE), 'utf8');
  } catch {
    throw new Error('The table page is not built, so sharing cannot start. Build the app (npm run build) and try again.');
  }
  const read = (name: string): string | null => {
    try {
      return readFileSync(join(root, name), 'utf8');
    } catch {
      return null;
    }
  };
  const p = phonePage(html, read);
  const assets = new Map<string, File>();
  for (const name of p.files) {
    try {
      assets.set(name, file(readFileSync(join(root, name)), contentTypeOf(name)));
    } catch {
      // a file the build did not make: the page works without it, or shows nothing either way
    }
  }
  return { page: file(Buffer.from(p.html), 'text/html; charset=utf-8'), csp: p.csp, assets };
};

/** A file's answer: 304 when the phone has it, else its body (gzipped when accepted); false when `may(bytes)` refuses the bytes (nothing sent). */
const send = (
  req: IncomingMessage,
  res: ServerResponse,
  f: File,
  may: (bytes: number) => boolean,
  extra: Record<string, string> = {},
): boolean => {
  const headers = { ...COMMON, ...extra, ...CACHED, ETag: f.etag, Vary: 'Accept-Encoding' };
  if (req.headers['if-none-match'] === f.etag) {
    res.writeHead(304, headers).end();
    return true;
  }
  const gz = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const body = gz ? f.gzip : f.body;
  if (!may(body.length)) return false;
  res
    .writeHead(200, {
      ...headers,
      'Content-Type': f.type,
      ...(gz ? { 'Content-Encoding': 'gzip' } : {}),
      'Content-Length': String(body.length),
    })
    .end(body);
  return true;
};

const plain = (res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void => {
  res
    .writeHead(status, {
      ...COMMON,
      ...extra,
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(text)),
    })
    .end(text);
};

const notFound = (res: ServerResponse): void => {
  res.shouldKeepAlive = false;
  plain(res, 404, 'Not found');
};

/** A ViewFrame ({ view, sentAt }) around the view's JSON, as made in main. */
const viewFrame = (json: string): string => `data: {"view":${json},"sentAt":${Date.now()}}\n\n`;

/** An address that asked too much: a short answer, and the connection closed. */
const tooMany = (res: ServerResponse): void => {
  res.shouldKeepAlive = false;
  plain(res, 429, 'Too many requests from this device. Wait a moment and reload.', { 'Retry-After': '2' });
};

export const startShareServer = async (o: ShareServerOptions): Promise<ShareServer> => {
  const { page, csp, assets } = loadPage(o.root);
  const names = new Set(assets.keys());
  const token = o.token ?? randomBytes(16).toString('base64url');
  const seatLimits = { ...SEAT_LIMITS, ...(o.maxViewers ? { maxViewers: o.maxViewers } : {}), ...o.seats };
  const seats = makeSeats(seatLimits, o.seated);
  const conns = trackConnections({ ...CONNECTION_LIMITS, ...o.connections });
  const rates = makeRates({ ...RATE_LIMITS, ...o.rates });
  /** Sockets with an answer under way (a stream's never ends). */
  const answering = new WeakSet<Socket>();
  let open = true;

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const socket = req.socket;
    // Pipelining: a request sent before the answer to the one before it has gone out closes the
    // connection. Browsers never pipeline; a peer that does wants answers faster than it reads them.
    if (socket.destroyed) return;
    if (answering.has(socket)) {
      socket.destroy();
      return;
    }
    answering.add(socket);
    const done = (): void => void answering.delete(socket);
    res.once('finish', done);
    res.once('close', done);
    // A request with a body is not a viewer's: refuse before reading it.
    const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    const route = hasBody || !open ? { kind: 'none' as const } : routeOf(req.method, req.url, token, names, req.headers.host);
    if (route.kind !== 'none') conns.trust(socket);
    conns.busy(socket, true);
    res.once('finish', () => conns.busy(socket, false));
    const address = socket.remoteAddress ?? '';
    // The link's routes count against the address (without the token: a 404, as cheap as it gets).
    if (route.kind !== 'none' && !rates.request(address)) return tooMany(res);
    const may = (n: number): boolean => rates.send(address, n);
    switch (route.kind) {
      case 'page':
        if (!send(req, res, page, may, { 'Content-Security-Policy': csp })) tooMany(res);
        return;
      case 'asset':
        if (!send(req, res, assets.get(route.name)!, may)) tooMany(res);
        return;
      case 'view': {
        const json = o.view();
        if (!may(Buffer.byteLength(json))) return tooMany(res);
        res.writeHead(200, { ...COMMON, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(json)) }).end(json);
        return;
      }
      case 'alive':
        // 204: still seated; 404: that seat is gone (the page asks for a new one).
        if (route.seat !== null && seats.heard(route.seat)) res.writeHead(204, COMMON).end();
        else plain(res, 404, 'No such seat');
        return;
      case 'events': {
        const seat = seats.take(res, route.was);
        if (seat === null) {
          plain(res, 503, `This table already has ${seatLimits.maxViewers} viewers. Trying again when someone closes theirs.`, {
            'Retry-After': String(FULL_RETRY_S),
          });
          return;
        }
        req.socket.setNoDelay(true);
        res.writeHead(200, { ...COMMON, 'Content-Type': 'text/event-stream; charset=utf-8', Connection: 'keep-alive' });
        const hello: SeatFrame = { seat, ping: seatLimits.pingMs };
        res.write(`retry: ${FULL_RETRY_S * 1000}\nevent: seat\ndata: ${JSON.stringify(hello)}\n\n${viewFrame(o.view())}`);
        return;
      }
      default:
        notFound(res);
        // A body is never read: the connection ends with this answer.
        if (hasBody) res.on('finish', () => req.socket.destroySoon());
    }
  };

  const server = createServer(
    // headersTimeout closes a browser's unused early connection (connections.ts: preconnects) only
    // after the browser itself gave it up (Chromium: 10 s), so the close never crosses its request.
    { maxHeaderSize: 4096, requestTimeout: 20_000, headersTimeout: 15_000, keepAliveTimeout: 5_000, connectionsCheckingInterval: 1_000 },
    (req, res) => {
      try {
        handle(req, res);
      } catch {
        res.destroy();
      }
    },
  );
  server.on('connection', (s: Socket) => conns.add(s));
  // A broken request gets its answer and the connection is closed: a peer that never reads
  // would otherwise hold a half-closed socket for ever. A connection that timed out waiting for
  // its request is closed without a word: a browser that opened it ahead of time (a preconnect)
  // then asks again on a new one, where an answer would be taken as the page's.
  server.on('clientError', (e: NodeJS.ErrnoException, socket: Socket) => {
    if (e.code === 'ERR_HTTP_REQUEST_TIMEOUT') socket.destroy();
    else if (socket.writable) {
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      setTimeout(() => socket.destroy(), 1_000).unref();
    } else socket.destroy();
  });
  // The sweep runs after the sockets' waiting input is read (setImmediate: after the poll phase),
  // and not at all in a round that comes late: this process gives way to the app, and on a busy
  // computer it may not run for seconds; a request or a "still watching" that arrived meanwhile
  // is read before any deadline is judged.
  let lastSweep = Date.now();
  const sweeper = setInterval(() => {
    const now = Date.now();
    const late = now - lastSweep > 1_000;
    lastSweep = now;
    if (late) return;
    setImmediate(() => {
      conns.sweep();
      seats.sweep();
      rates.sweep();
    });
  }, 250);
  sweeper.unref();
  const heartbeat = setInterval(() => seats.send(': still here\n\n'), HEARTBEAT_MS);
  heartbeat.unref();

  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(o.port ?? 0, o.host ?? '127.0.0.1', () => {
      server.off('error', fail);
      ok();
    });
  });
  const port = (server.address() as AddressInfo).port;

  return {
    token,
    port,
    base: `/t/${token}/`,
    csp,
    publish: (json) => seats.send(viewFrame(json)),
    viewers: () => seats.size(),
    connections: () => conns.counts(),
    close: () =>
      new Promise<void>((ok) => {
        open = false;
        clearInterval(heartbeat);
        clearInterval(sweeper);
        // Tell each page sharing is over (it stops retrying and says so), then end its stream.
        seats.endAll('event: end\ndata: {}\n\n');
        server.close(() => ok());
        conns.destroyAll();
        server.closeAllConnections();
      }),
  };
};
