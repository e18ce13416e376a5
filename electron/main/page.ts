// Pure of Electron (testable in Node): which page is ours, and what it may do.
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { CSP } from './csp';

/**
 * The app's own origin in production. The built renderer is served from it by
 * protocol.ts rather than over file://, because a worker cannot fetch file:// URLs in
 * Electron (electron/electron#44661) and the webcam reader's worker fetches tesseract's
 * core and English data; a standard, secure scheme also gives the page a real origin for
 * the CSP's 'self'.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'mahjmate';

/**
 * Which page is ours: the built renderer at app://mahjmate/ (production), or the
 * electron-vite dev server (development). Everything the page can ask main for is gated on this.
 */
export interface AppPage {
  /** URL the window loads. */
  url: string;
  /** Any page of the app's own origin (the main page, the table display's view.html). */
  isOurs(url: string): boolean;
  /**
   * The main page only (index.html at the origin's root): the one page that may call main and
   * use the camera. The table display's page, though ours, only receives the view.
   */
  isMain(url: string): boolean;
}

const MAIN_PATHS = new Set(['/', '/index.html']);

export const appPage = (devServer: string | undefined): AppPage => {
  const make = (url: string, isOurs: (u: string) => boolean): AppPage => ({
    url,
    isOurs,
    isMain: (u) => isOurs(u) && MAIN_PATHS.has(safeUrl(u)?.pathname ?? ''),
  });
  if (devServer) {
    const origin = new URL(devServer).origin;
    return make(devServer, (u) => safeUrl(u)?.origin === origin);
  }
  // URL.origin is "null" for a scheme Node does not know, so compare scheme and host.
  return make(`${APP_SCHEME}://${APP_HOST}/index.html`, (u) => {
    const x = safeUrl(u);
    return x?.protocol === `${APP_SCHEME}:` && x.host === APP_HOST;
  });
};

/**
 * The file under `root` (the built renderer) that an app:// request names, or null when the
 * request is not ours or would leave `root` (../, encoded slashes, absolute paths).
 */
export const appFile = (root: string, requestUrl: string): string | null => {
  const u = safeUrl(requestUrl);
  if (!u || u.protocol !== `${APP_SCHEME}:` || u.host !== APP_HOST) return null;
  let path: string;
  try {
    path = decodeURIComponent(u.pathname);
  } catch {
    return null;
  }
  if (path.includes('\0') || path.includes('\\')) return null;
  const base = resolve(root);
  const file = resolve(base, '.' + (path === '/' ? '/index.html' : path));
  return file.startsWith(base + sep) ? file : null;
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.gz': 'application/gzip',
  '.traineddata': 'application/octet-stream',
};

/** Content type by extension: WebAssembly must be application/wasm for streaming compilation. */
export const contentTypeOf = (file: string): string => TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';

/** What the app:// handler answers a request: the file under `root` with its type and the CSP, or 404. */
export interface AppResponse {
  status: 200 | 404;
  headers: Record<string, string>;
  body: Uint8Array | string;
}

/**
 * The app:// handler's answer (protocol.ts wraps it in a Response; the e2e harness serves the
 * same answer over 127.0.0.1), so the tests load the page exactly as the app does.
 */
export const appResponse = async (root: string, requestUrl: string): Promise<AppResponse> => {
  const file = appFile(root, requestUrl);
  if (!file) return { status: 404, headers: {}, body: 'Not found' };
  try {
    return { status: 200, headers: { 'Content-Type': contentTypeOf(file), 'Content-Security-Policy': CSP }, body: await readFile(file) };
  } catch {
    return { status: 404, headers: {}, body: 'Not found' };
  }
};

const safeUrl = (u: string): URL | null => {
  try {
    return new URL(u);
  } catch {
    return null;
  }
};

/** IPC sender check: the top frame of our main page, nothing else (no iframes, no other pages, not the display's page). */
export const senderOk = (page: AppPage, frame: { url: string; parent: unknown } | null | undefined): boolean =>
  !!frame && frame.parent === null && page.isMain(frame.url);

/** Permission requests: only the camera ('media' with video only, no microphone), only for our main page. */
export const mediaAllowed = (page: AppPage, permission: string, mediaTypes: readonly string[], requestingUrl: string): boolean =>
  permission === 'media' && mediaTypes.length > 0 && mediaTypes.every((t) => t === 'video') && page.isMain(requestingUrl);
