// Pure of Electron at run time (type imports only), so tests can check the options.
import type { BrowserWindowConstructorOptions, Rectangle } from 'electron';
import { backgroundOf, newLockedWindow } from '../window';

/**
 * The table display window: the same lock-down as the main window (newLockedWindow), its own
 * preload that can only read the table view, and no inputs. On another display (`bounds` given)
 * it opens there, full screen; else an ordinary window.
 */
export const newDisplayWindow = <W>(
  BrowserWindow: new (options: BrowserWindowConstructorOptions) => W,
  preload: string,
  dark: boolean,
  bounds: Rectangle | null,
): W =>
  newLockedWindow(BrowserWindow, preload, {
    ...(bounds ? { x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height } : { width: 1280, height: 800 }),
    fullscreen: bounds !== null,
    minWidth: 480,
    minHeight: 360,
    title: 'MahjMate table display',
    backgroundColor: backgroundOf(dark),
    autoHideMenuBar: true,
  });

/** The display to open on: another one than the main window's, or null with one display. */
export const otherDisplay = <D extends { id: number; bounds: Rectangle }>(all: readonly D[], mainId: number | null): D | null =>
  all.find((d) => d.id !== mainId) ?? null;
