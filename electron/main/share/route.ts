// Pure of Electron and of the network: what one request to the share server may get.
import { timingSafeEqual } from 'node:crypto';

/** The longest request line the server reads (the page's own URLs are under 100 characters). */
export const MAX_URL = 512;

export type Route =
  | { kind: 'page' }
  | { kind: 'asset'; name: string }
  | { kind: 'events' }
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
 * The route of a request: only GET, only under /t/<token>/, only the page, the event stream,
 * the view as JSON and the page's own files by exact name (`assets` is the list of names the
 * built page refers to). No decoding happens: a name must match byte for byte, so `..`,
 * `%2e%2e`, `%2f` and backslashes never reach the file system (nothing here reads a path).
 */
export const routeOf = (method: string | undefined, url: string | undefined, token: string, assets: ReadonlySet<string>): Route => {
  if (method !== 'GET' || typeof url !== 'string' || url.length > MAX_URL || !url.startsWith('/t/')) return NONE;
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const rest = path.slice(3);
  const slash = rest.indexOf('/');
  if (slash === -1 || !sameToken(rest.slice(0, slash), token)) return NONE;
  const tail = rest.slice(slash + 1);
  if (tail === '' || tail === 'index.html') return { kind: 'page' };
  if (tail === 'events') return { kind: 'events' };
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
