import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import { CSP } from './csp';
import { APP_SCHEME, appFile, contentTypeOf } from './page';

/** Must run before `app` is ready: app:// is standard (relative URLs), secure, and fetchable. */
export const registerAppScheme = (): void =>
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

/**
 * Serves the built renderer (and tesseract's files under it) at app://mahjmate/, nothing
 * outside `root`. Every response carries the CSP itself: webRequest's header hook does not
 * see custom-protocol responses.
 */
export const serveRenderer = (root: string): void =>
  protocol.handle(APP_SCHEME, async (request) => {
    const file = appFile(root, request.url);
    if (!file) return new Response('Not found', { status: 404 });
    try {
      const body = await readFile(file);
      return new Response(body, { headers: { 'Content-Type': contentTypeOf(file), 'Content-Security-Policy': CSP } });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
