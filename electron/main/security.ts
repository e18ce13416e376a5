import { app, type Session } from 'electron';
import { CSP } from './csp';
import { mediaAllowed, type AppPage } from './page';
import { guardContents } from './window';

export { appPage, senderOk, type AppPage } from './page';

/** CSP header, permissions (camera only, video only, our page only), no navigation, no new windows. */
export const harden = (session: Session, page: AppPage): void => {
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CSP] } });
  });

  session.setPermissionRequestHandler((_wc, permission, callback, details) => {
    const types = 'mediaTypes' in details ? (details.mediaTypes ?? []) : [];
    callback(mediaAllowed(page, permission, types, details.requestingUrl));
  });
  // The check names the requesting frame's URL (or, failing that, its page's): the main page only.
  session.setPermissionCheckHandler(
    (wc, permission, _origin, details) =>
      permission === 'media' && details.mediaType === 'video' && page.isMain(details.requestingUrl ?? wc?.getURL() ?? ''),
  );
  session.setDevicePermissionHandler(() => false);

  app.on('web-contents-created', (_e, contents) => guardContents(contents));
};
