// Pure of Electron at run time (type imports only), so tests can import and check them:
// the main window's options and the guards every web contents gets.
import type { BrowserWindowConstructorOptions, WebContents } from 'electron';

/** What a window of the app sets itself: its size, title and colours (never its webPreferences). */
export type WindowLook = Omit<BrowserWindowConstructorOptions, 'webPreferences' | 'show'>;

/**
 * Every window of the app (the main one and the table display): isolated, sandboxed, no Node in
 * the page, web security on, shown only when ready. The constructor is a parameter (Electron's
 * BrowserWindow in index.ts, a recorder in tests) so the webPreferences stay a literal inside
 * `new BrowserWindow({...})`, where Electronegativity reads them: written once, here.
 */
export const newLockedWindow = <W>(
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => W,
  preload: string,
  look: WindowLook,
): W =>
  new BrowserWindow({
    ...look,
    show: false,
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      // Middle-click on a link would otherwise try to open a window (denied anyway, see guardContents).
      disableBlinkFeatures: 'Auxclick',
    },
  });

/** The page behind a window before it paints, in the theme's colours. */
export const backgroundOf = (dark: boolean): string => (dark ? '#16181d' : '#f6f3ec');

/** The main window. */
export const newMainWindow = <W>(BrowserWindow: new (options: BrowserWindowConstructorOptions) => W, preload: string, dark: boolean): W =>
  newLockedWindow(BrowserWindow, preload, {
    width: 1280,
    height: 860,
    minWidth: 800,
    minHeight: 600,
    title: 'MahjMate',
    backgroundColor: backgroundOf(dark),
    autoHideMenuBar: false,
  });

/** The options newMainWindow passes to BrowserWindow. */
export const windowOptions = (preload: string, dark: boolean): BrowserWindowConstructorOptions =>
  newMainWindow(
    class {
      constructor(readonly options: BrowserWindowConstructorOptions) {}
    },
    preload,
    dark,
  ).options;

/** What guardContents needs of a web contents (a fake one in tests). */
export type GuardedContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

/** No navigation, no redirect, no webview, no new window: the app is one page. */
export const guardContents = (contents: GuardedContents): void => {
  contents.on('will-navigate', (e) => e.preventDefault());
  contents.on('will-redirect', (e) => e.preventDefault());
  contents.on('will-attach-webview', (e) => e.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
};
