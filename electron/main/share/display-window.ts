// Pure of Electron at run time (type imports only), so tests can check the options.
import type { BrowserWindowConstructorOptions, Rectangle } from 'electron';

/**
 * The table display window: the same lock-down as the main window (isolated, sandboxed, no
 * Node, web security), its own preload that can only read the table view, and no inputs.
 * On another display (`bounds` given) it opens there, full screen; else an ordinary window.
 * The webPreferences repeat window.ts on purpose: Electronegativity checks only a literal
 * object inside `new BrowserWindow({...})`, and a shared constant would hide them from it.
 */
export const newDisplayWindow = <W>(
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => W,
  preload: string,
  dark: boolean,
  bounds: Rectangle | null,
): W =>
  new BrowserWindow({
  ...(bounds ? { x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height } : { width: 1280, height: 800 }),
  fullscreen: bounds !== null,
  minWidth: 480,
  minHeight: 360,
  show: false,
  title: 'MahjMate table display',
  backgroundColor: dark ? '#16181d' : '#f6f3ec',
  autoHideMenuBar: true,
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
    disableBlinkFeatures: 'Auxclick',
  },
});

/** The display to open on: another one than the main window's, or null with one display. */
export const otherDisplay = <D extends { id: number; bounds: Rectangle }>(all: readonly D[], mainId: number | null): D | null =>
  all.find((d) => d.id !== mainId) ?? null;
