// The read-only share server: node:http, no Electron, so tests and the bench run the real thing.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import type { TableView } from '../../../src/core/tableView';
import type { ViewFrame } from '../../../src/shared/contract/share';
import { contentTypeOf } from '../page';
import { assetsOfPage, routeOf } from './route';

/** The phone page's policy: its own script and style, its own event stream, nothing else. */
export const SHARE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const MAX_VIEWERS = 16;
/** The built page the server sends (an entry of the renderer build). */
export const SHARE_PAGE = 'view.html';

export interface ShareServerOptions {
  /** The built renderer folder (out/renderer): view.html and the files it names are read once, at start. */
  root: string;
  /** The current table view, sent to each new viewer and at /view.json. */
  view: () => TableView;
  /** 0.0.0.0 for the table's network; 127.0.0.1 in tests. */
  host?: string;
  port?: number;
  maxViewers?: number;
}

export interface ShareServer {
  /** A fresh 128-bit token, base64url (22 characters). */
  readonly token: string;
  readonly port: number;
  /** The path every URL starts with: /t/<token>/. */
  readonly base: string;
  /** Send a view to every viewer. */
  publish(view: TableView): void;
  viewers(): number;
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
  type: string;
}

/** The page and the files it names, read into memory (nothing is read from disk per request). */
const loadPage = (root: string): { page: File; assets: Map<string, File> } => {
  let html: string;
  try {
    html = readFileSync(join(root, SHARE_PAGE), 'utf8');
  } catch {
    throw new Error('The table page is not built, so sharing cannot start. Build the app (npm run build) and try again.');
  }
  const assets = new Map<string, File>();
  for (const name of assetsOfPage(html)) assets.set(name, { body: readFileSync(join(root, name)), type: contentTypeOf(name) });
  return { page: { body: Buffer.from(html), type: 'text/html; charset=utf-8' }, assets };
};

const notFound = (res: ServerResponse): void => {
  res.shouldKeepAlive = false;
  res.writeHead(404, { ...COMMON, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': '9' }).end('Not found');
};

const frame = (view: TableView): string => `data: ${JSON.stringify({ view, sentAt: Date.now() } satisfies ViewFrame)}\n\n`;

export const startShareServer = async (o: ShareServerOptions): Promise<ShareServer> => {
  const { page, assets } = loadPage(o.root);
  const names = new Set(assets.keys());
  const token = randomBytes(16).toString('base64url');
  const max = o.maxViewers ?? MAX_VIEWERS;
  const streams = new Set<ServerResponse>();
  const sockets = new Set<Socket>();
  let open = true;

  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    // A request with a body is not a viewer's: refuse before reading it.
    const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    const route = hasBody || !open ? { kind: 'none' as const } : routeOf(req.method, req.url, token, names);
    switch (route.kind) {
      case 'page':
        res.writeHead(200, { ...COMMON, 'Content-Type': page.type, 'Content-Security-Policy': SHARE_CSP }).end(page.body);
        return;
      case 'asset': {
        const f = assets.get(route.name)!;
        res.writeHead(200, { ...COMMON, 'Content-Type': f.type }).end(f.body);
        return;
      }
      case 'view':
        res.writeHead(200, { ...COMMON, 'Content-Type': 'application/json' }).end(JSON.stringify(o.view()));
        return;
      case 'events':
        if (streams.size >= max) {
          res.writeHead(503, { ...COMMON, 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '30', Connection: 'close' });
          res.end(`This table already has ${max} viewers. Try again when someone closes theirs.`);
          return;
        }
        res.writeHead(200, { ...COMMON, 'Content-Type': 'text/event-stream; charset=utf-8', Connection: 'keep-alive' });
        res.write(`retry: 2000\n${frame(o.view())}`);
        streams.add(res);
        res.on('close', () => streams.delete(res));
        return;
      default:
        notFound(res);
        // A body is never read: the connection ends with this answer.
        if (hasBody) res.on('finish', () => req.socket.destroySoon());
    }
  };

  const server = createServer({ maxHeaderSize: 4096, requestTimeout: 10_000, headersTimeout: 5_000, keepAliveTimeout: 5_000 }, (req, res) => {
    try {
      handle(req, res);
    } catch {
      res.destroy();
    }
  });
  server.maxConnections = max + 32;
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('clientError', (_e, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else socket.destroy();
  });
  const heartbeat = setInterval(() => {
    for (const s of streams) s.write(': still here\n\n');
  }, 25_000);
  heartbeat.unref();

  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(o.port ?? 0, o.host ?? '0.0.0.0', () => {
      server.off('error', fail);
      ok();
    });
  });
  const port = (server.address() as AddressInfo).port;

  return {
    token,
    port,
    base: `/t/${token}/`,
    publish: (view) => {
      const data = frame(view);
      for (const s of streams) s.write(data);
    },
    viewers: () => streams.size,
    close: () =>
      new Promise<void>((ok) => {
        open = false;
        clearInterval(heartbeat);
        // Tell each page sharing is over (it stops retrying and says so), then end its stream.
        for (const s of streams) s.end('event: end\ndata: {}\n\n');
        streams.clear();
        server.close(() => ok());
        for (const s of sockets) s.destroy();
        server.closeAllConnections();
      }),
  };
};
