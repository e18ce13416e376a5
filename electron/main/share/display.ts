// The Electron side of "show the table": the display window and the menu item that opens it.
import { join } from 'node:path';
import { BrowserWindow, Menu, MenuItem, nativeTheme, screen } from 'electron';
import type { ViewFrame } from '../../../src/shared/contract/share';
import { newDisplayWindow, otherDisplay } from './display-window';
import type { Share } from './share';

export const VIEW_CHANNEL = 'mahjmate:table-view';

/**
 * `open()` shows the display window (one at a time: a second call focuses it). It loads the
 * view page of the app's own origin and receives the table view from main, nothing else.
 */
export const displayWindow = (share: Share, preloadDir: string, pageUrl: string): { open: () => void } => {
  let win: BrowserWindow | null = null;
  const open = (): void => {
    if (win && !win.isDestroyed()) {
      win.show();
      win.focus();
      return;
    }
    const main = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0] ?? null;
    const mainId = main ? screen.getDisplayMatching(main.getBounds()).id : null;
    const other = otherDisplay(screen.getAllDisplays(), mainId);
    const w = newDisplayWindow(BrowserWindow, join(preloadDir, 'view.cjs'), nativeTheme.shouldUseDarkColors, other ? other.bounds : null);
    win = w;
    const send = (view: ViewFrame['view']) => {
      if (!w.isDestroyed()) w.webContents.send(VIEW_CHANNEL, { view, sentAt: Date.now() } satisfies ViewFrame);
    };
    let stop = (): void => {};
    w.webContents.on('did-finish-load', () => {
      stop();
      stop = share.subscribe(send);
    });
    w.on('closed', () => {
      stop();
      win = null;
    });
    // Esc leaves full screen (the page has no inputs; this is the window's own key).
    w.webContents.on('before-input-event', (_e, input) => {
      if (input.type === 'keyDown' && input.key === 'Escape' && w.isFullScreen()) w.setFullScreen(false);
    });
    // The display belongs to the main window: it closes with it.
    main?.once('closed', () => {
      if (!w.isDestroyed()) w.close();
    });
    w.once('ready-to-show', () => w.show());
    void w.loadURL(pageUrl);
  };
  return { open };
};

/** "Table display" in the View menu (Ctrl/Cmd+Shift+D). */
export const addDisplayMenu = (menu: Menu, open: () => void): Menu => {
  const view = menu.items.find((i) => i.label === 'View')?.submenu;
  view?.append(new MenuItem({ type: 'separator' }));
  view?.append(new MenuItem({ label: 'Open the table display', accelerator: 'CmdOrCtrl+Shift+D', click: () => open() }));
  return menu;
};

/** The page URL of the display window beside the main page's URL (index.html -> view.html). */
export const viewPageOf = (mainUrl: string): string =>
  new URL('view.html', mainUrl.endsWith('/') ? mainUrl : mainUrl.replace(/[^/]*$/, '')).toString();
