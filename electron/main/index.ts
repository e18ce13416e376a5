import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, Menu, nativeTheme, session } from 'electron';
import { registerIpc } from './ipc';
import { buildMenu } from './menu';
import { installSettlementPrinter } from './print';
import { appPage, harden } from './security';
import { createServices } from './services/dispatch';
import { openStore, type Store } from './store/store';
import { registerAppScheme, serveRenderer } from './protocol';
import { newMainWindow } from './window';
import { addDisplayMenu, displayWindow, viewPageOf } from './share/display';
import { attachShare, createShare, type Share } from './share/share';
import { utilityShareProcess } from './share/utility';
import { appGroupHost } from './sync/start';

const here = fileURLToPath(new URL('.', import.meta.url));
const isDev = !app.isPackaged && !!process.env['ELECTRON_RENDERER_URL'];
let store: Store | undefined;
let share: Share | undefined;
let group: ReturnType<typeof appGroupHost> | undefined;

// Tests (test/e2e/electron.spec.ts) point the app at a temp folder; users get the OS default.
const dataDir = process.env['MAHJMATE_DATA_DIR'];
if (dataDir) app.setPath('userData', dataDir);

const createWindow = (url: string): BrowserWindow => {
  const win = newMainWindow(BrowserWindow, join(here, '../preload/index.cjs'), nativeTheme.shouldUseDarkColors);
  win.once('ready-to-show', () => win.show());
  installSettlementPrinter(win);
  void win.loadURL(url);
  return win;
};

// Before ready: the built renderer is served from app://mahjmate/ (see page.ts for why).
registerAppScheme();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    const [win] = BrowserWindow.getAllWindows();
    if (win) {
      if (win.isMinimized()) win.restore();
      win.focus();
    }
  });

  void app.whenReady().then(() => {
    if (!isDev) serveRenderer(join(here, '../renderer'));
    const page = appPage(isDev ? process.env['ELECTRON_RENDERER_URL'] : undefined);
    harden(session.defaultSession, page);
    store = openStore(join(app.getPath('userData'), 'mahjmate.db'));
    // Only once a group is joined: its own process, restarted if it dies (docs/groups.md).
    group = appGroupHost(store, app.getPath('userData'), here);
    // The table view for the display window and phones (off until the player shares the table); the
    // share server runs in a utility process of its own (out/main/share.js), never in this one.
    // (MAHJMATE_SHARE_HOST: tests make it listen on loopback only.)
    const shareHost = process.env['MAHJMATE_SHARE_HOST'];
    share = createShare(store, {
      root: join(here, '../renderer'),
      spawn: utilityShareProcess(join(here, 'share.js')),
      ...(shareHost ? { host: shareHost } : {}),
    });
    const display = displayWindow(share, join(here, '../preload'), viewPageOf(page.url));
    registerIpc(
      attachShare(
        createServices(store, {
          app: { name: 'MahjMate', version: app.getVersion() },
          background: true,
          group,
        }),
        share,
        display.open,
      ),
      page,
    );
    Menu.setApplicationMenu(addDisplayMenu(buildMenu(isDev), display.open));
    const win = createWindow(page.url);
    const aside = store.startup.setAside;
    if (aside)
      void dialog.showMessageBox(win, {
        type: 'warning',
        title: 'MahjMate started with a fresh database',
        message: 'The database file could not be used, so MahjMate set it aside and started a fresh one.',
        detail: `Reason: ${aside.reason}\nThe old file was kept as:\n${aside.path}`,
      });
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createWindow(page.url);
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('will-quit', () => {
    void share?.stop(); // sharing never outlives the app
    void group?.sync()?.stop();
    store?.close();
  });
}
