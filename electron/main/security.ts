import { app, type Session, type WebFrameMain } from 'electron';
import { CSP } from './csp';

/**
 * Which page is ours: the built index.html over file:// (production), or the electron-vite
 * dev server (development). Everything the page can ask main for is gated on this.
 */
export interface AppPage {
  /** URL the window loads. */
  url: string;
  isOurs(url: string): boolean;
}

export const appPage = (indexHtml: string, devServer: string | undefined): AppPage => {
  if (devServer) {
    const origin = new URL(devServer).origin;
    return { url: devServer, isOurs: (u) => safeUrl(u)?.origin === origin };
  }
  const page = new URL(`file://${indexHtml}`);
  return { url: page.href, isOurs: (u) => { const x = safeUrl(u); return x?.protocol === 'file:' && x.pathname === page.pathname; } };
};

const safeUrl = (u: string): URL | null => {
  try {
    return new URL(u);
  } catch {
    return null;
  }
};

/** IPC sender check: the top frame of our own page, nothing else (no iframes, no other pages). */
export const senderOk = (page: AppPage, frame: WebFrameMain | null | undefined): boolean =>
  !!frame && frame.parent === null && page.isOurs(frame.url);

/** CSP header, permissions (camera only, video only, our page only), no navigation, no new windows. */
export const harden = (session: Session, page: AppPage): void => {
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CSP] } });
  });

  session.setPermissionRequestHandler((_wc, permission, callback, details) => {
    const types = 'mediaTypes' in details ? (details.mediaTypes ?? []) : [];
    const videoOnly = types.length > 0 && types.every((t) => t === 'video');
    callback(permission === 'media' && videoOnly && page.isOurs(details.requestingUrl));
  });
  session.setPermissionCheckHandler((_wc, permission, origin, details) =>
    permission === 'media' && details.mediaType === 'video' && (page.isOurs(details.requestingUrl ?? '') || page.isOurs(origin)),
  );
  session.setDevicePermissionHandler(() => false);

  app.on('web-contents-created', (_e, contents) => {
    contents.on('will-navigate', (e) => e.preventDefault());
    contents.on('will-redirect', (e) => e.preventDefault());
    contents.on('will-attach-webview', (e) => e.preventDefault());
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
};
