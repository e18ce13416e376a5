// The read-only share server: node:http, no Electron, so tests and the bench run the real thing.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { TableView } from '../../../src/core/tableView';
import type { SeatFrame, ViewFrame } from '../../../src/shared/contract/share';
import { contentTypeOf } from '../page';
import { CONNECTION_LIMITS, trackConnections, type ConnectionLimits } from './connections';
import { phonePage } from './phone-page';
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
  /** The current table view, sent to each new viewer and at /view.json. */
  view: () => TableView;
  /** The address to listen on: the table's network; 127.0.0.1 in tests. */
  host?: string;
  port?: number;
  maxViewers?: number;
  /** Tests and the bench may shorten or widen the limits; the app uses the defaults. */
  seats?: Partial<SeatLimits>;
  connections?: Partial<ConnectionLimits>;
}

export interface ShareServer {
  /** A fresh 128-bit token, base64url (22 characters). */
  readonly token: string;
  readonly port: number;
  /** The path every URL starts with: /t/<token>/. */
  readonly base: string;
  /** The phone page's Content-Security-Policy. */
  readonly csp: string;
  /** Send a view to every viewer. */
  publish(view: TableView): void;
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
}

const file = (body: Buffer, type: string): File => ({ body, gzip: gzipSync(body), type });

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

const send = (req: IncomingMessage, res: ServerResponse, f: File, extra: Record<string, string> = {}): void => {
  const gz = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  res
    .writeHead(200, { ...COMMON, ...extra, 'Content-Type': f.type, Vary: 'Accept-Encoding', ...(gz ? { 'Content-Encoding': 'gzip' } : {}), 'Content-Length': String((gz ? f.gzip : f.body).length) })
    .end(gz ? f.gzip : f.body);
};

const plain = (res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void => {
  res.writeHead(status, { ...COMMON, ...extra, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': String(Buffer.byteLength(text)) }).end(text);
};

const notFound = (res: ServerResponse): void => {
  res.shouldKeepAlive = false;
  plain(res, 404, 'Not found');
};

const viewFrame = (view: TableView): string => `data: ${JSON.stringify({ view, sentAt: Date.now() } satisfies ViewFrame)}\n\n`;

export const startShareServer = async (o: ShareServerOptions): Promise<ShareServer> => {
  const { page, csp, assets } = loadPage(o.root);
  const names = new Set(assets.keys());
  const token = randomBytes(16).toString('base64url');
  const seatLimits = { ...SEAT_LIMITS, ...(o.maxViewers ? { maxViewers: o.maxViewers } : {}), ...o.seats };
  const seats = makeSeats(seatLimits);
  const conns = trackConnections({ ...CONNECTION_LIMITS, ...o.connections });
  let open = true;

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    // A request with a body is not a viewer's: refuse before reading it.
    const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    const route = hasBody || !open ? { kind: 'none' as const } : routeOf(req.method, req.url, token, names, req.headers.host);
    if (route.kind !== 'none') conns.trust(req.socket);
    conns.busy(req.socket, true);
    res.once('finish', () => conns.busy(req.socket, false));
    switch (route.kind) {
      case 'page':
        send(req, res, page, { 'Content-Security-Policy': csp });
        return;
      case 'asset':
        send(req, res, assets.get(route.name)!);
        return;
      case 'view':
        res.writeHead(200, { ...COMMON, 'Content-Type': 'application/json' }).end(JSON.stringify(o.view()));
        return;
      case 'alive':
        // 204: still seated; 404: that seat is gone (the page asks for a new one).
        if (route.seat !== null && seats.heard(route.seat)) res.writeHead(204, COMMON).end();
        else plain(res, 404, 'No such seat');
        return;
      case 'events': {
        const seat = seats.take(res, route.was);
        if (seat === null) {
          plain(res, 503, `This table already has ${seatLimits.maxViewers} viewers. Trying again when someone closes theirs.`, { 'Retry-After': String(FULL_RETRY_S) });
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
  const sweeper = setInterval(() => {
    conns.sweep();
    seats.sweep();
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
    publish: (view) => seats.send(viewFrame(view)),
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
