// Pure of Electron and of the network: what one request to the share server may get.
import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';

/** The longest request line the server reads (the page's own URLs are under 100 characters). */
export const MAX_URL = 512;

export type Route =
  | { kind: 'page' }
  | { kind: 'asset'; name: string }
  /** The live stream; `was`: the seat this page held before (freed first, so a reconnecting page is not refused by its own dead stream). */
  | { kind: 'events'; was: string | null }
  /** A viewer's page saying it is still watching, with the seat it was given. */
  | { kind: 'alive'; seat: string | null }
  | { kind: 'view' }
  /** Anything else: 404 and nothing more. */
  | { kind: 'none' };

const NONE: Route = { kind: 'none' };

/** Same length and same bytes, in constant time. */
const sameToken = (given: string, token: string): boolean => {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The Host header a phone sends: the address in the QR code, an IP literal (with or without the
 * port), or localhost. A name is refused: a page on another site that gets its name pointed at
 * this computer (DNS rebinding) sends its own name here, and gets nothing.
 */
export const hostOk = (host: string | undefined): boolean => {
  if (typeof host !== 'string' || host.length > 64) return false;
  const m = /^(?:\[([0-9A-Fa-f:.]+)\]|([^:[\]]+))(?::(\d{1,5}))?$/.exec(host);
  if (!m) return false;
  if (m[1] !== undefined) return isIP(m[1]) === 6;
  return m[2] === 'localhost' || isIP(m[2]!) === 4;
};

/** A seat id as the server makes them (base64url), or null. */
const seatParam = (query: string, name: string): string | null => {
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    if (eq !== -1 && pair.slice(0, eq) === name) {
      const v = pair.slice(eq + 1);
      return /^[A-Za-z0-9_-]{1,32}$/.test(v) ? v : null;
    }
  }
  return null;
};

/**
 * The route of a request: only GET, only with a Host that is an address, only under /t/<token>/,
 * only the page, the event stream, the still-watching call, the view as JSON and the page's own
 * files by exact name (`assets`: the names the served page still refers to). No decoding happens:
 * a name must match byte for byte, so `..`, `%2e%2e`, `%2f` and backslashes never reach the file
 * system (nothing here reads a path).
 */
export const routeOf = (
  method: string | undefined,
  url: string | undefined,
  token: string,
  assets: ReadonlySet<string>,
  host?: string,
): Route => {
  if (method !== 'GET' || typeof url !== 'string' || url.length > MAX_URL || !url.startsWith('/t/') || !hostOk(host)) return NONE;
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : url.slice(q + 1);
  const rest = path.slice(3);
  const slash = rest.indexOf('/');
  if (slash === -1 || !sameToken(rest.slice(0, slash), token)) return NONE;
  const tail = rest.slice(slash + 1);
  if (tail === '' || tail === 'index.html') return { kind: 'page' };
  if (tail === 'events') return { kind: 'events', was: seatParam(query, 'was') };
  if (tail === 'alive') return { kind: 'alive', seat: seatParam(query, 'seat') };
  if (tail === 'view.json') return { kind: 'view' };
  if (assets.has(tail)) return { kind: 'asset', name: tail };
  return NONE;
};

/** The files a built page refers to (`./assets/x.js`, `/assets/x.css`), as names under its folder. */
export const assetsOfPage = (html: string): string[] => {
  const out = new Set<string>();
  for (const m of html.matchAll(/\b(?:src|href)="(?:\.\/|\/)?(assets\/[A-Za-z0-9._-]+)"/g)) out.add(m[1]!);
  return [...out];
};
