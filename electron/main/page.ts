// Pure of Electron (testable in Node): which page is ours, and what it may do.
import { pathToFileURL } from 'node:url';

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
  const page = pathToFileURL(indexHtml); // also right for Windows paths (C:\\...)
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
export const senderOk = (page: AppPage, frame: { url: string; parent: unknown } | null | undefined): boolean =>
  !!frame && frame.parent === null && page.isOurs(frame.url);

/** Permission requests: only the camera ('media' with video only, no microphone), only for our page. */
export const mediaAllowed = (page: AppPage, permission: string, mediaTypes: readonly string[], requestingUrl: string): boolean =>
  permission === 'media' && mediaTypes.length > 0 && mediaTypes.every((t) => t === 'video') && page.isOurs(requestingUrl);

