import { protocol } from 'electron';
import { APP_SCHEME, appResponse } from './page';

/** Must run before `app` is ready: app:// is standard (relative URLs), secure, and fetchable. */
export const registerAppScheme = (): void =>
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

/**
 * Serves the built renderer (and tesseract's files under it) at app://mahjmate/, nothing
 * outside `root`. Every response carries the CSP itself: webRequest's header hook does not
 * see custom-protocol responses. The answer is page.ts's appResponse, which the e2e harness serves too.
 */
export const serveRenderer = (root: string): void =>
  protocol.handle(APP_SCHEME, async (request) => {
    const r = await appResponse(root, request.url);
    return new Response(r.body as ConstructorParameters<typeof Response>[0], { status: r.status, headers: r.headers });
  });
