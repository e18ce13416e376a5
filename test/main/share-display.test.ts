// The display window (issue 15) without the Electron binary: its options as passed to
// `new BrowserWindow`, where it opens, and a preload that can only read.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from 'vitest';
import { newDisplayWindow, otherDisplay } from '../../electron/main/share/display-window';
import { newMainWindow } from '../../electron/main/window';

const record = () => {
  const seen: Record<string, unknown>[] = [];
  class W {
    constructor(o: object) {
      seen.push(o as Record<string, unknown>);
    }
  }
  return { W, seen };
};

test('the display window is locked down like the main window, with its own preload', () => {
  const d = record();
  newDisplayWindow(d.W, '/app/out/preload/view.cjs', false, null);
  const m = record();
  newMainWindow(m.W, '/app/out/preload/index.cjs', false);
  const prefs = d.seen[0]!.webPreferences as Record<string, unknown>;
  expect(prefs).toEqual({ ...(m.seen[0]!.webPreferences as object), preload: '/app/out/preload/view.cjs' });
  expect(prefs.sandbox).toBe(true);
  expect(prefs.contextIsolation).toBe(true);
  expect(prefs.nodeIntegration).toBe(false);
  expect(d.seen[0]!.fullscreen).toBe(false);
});

test('on a second display it opens there, full screen; with one display it is an ordinary window', () => {
  const displays = [
    { id: 1, bounds: { x: 0, y: 0, width: 1440, height: 900 } },
    { id: 2, bounds: { x: 1440, y: 0, width: 1920, height: 1080 } },
  ];
  expect(otherDisplay(displays, 1)?.id).toBe(2);
  expect(otherDisplay(displays, 2)?.id).toBe(1);
  expect(otherDisplay(displays.slice(0, 1), 1)).toBeNull();
  const d = record();
  newDisplayWindow(d.W, '/p', true, displays[1]!.bounds);
  expect(d.seen[0]).toMatchObject({ x: 1440, y: 0, width: 1920, height: 1080, fullscreen: true });
});

test('the display preload only listens: no invoke, no send, one read-only function exposed', () => {
  const src = readFileSync(resolve(import.meta.dirname, '../../electron/preload/view.ts'), 'utf8');
  expect(src).not.toMatch(/ipcRenderer\.(invoke|send|sendSync|postMessage)/);
  expect(src.match(/exposeInMainWorld\(/g)).toHaveLength(1);
  expect(src).toMatch(/ipcRenderer\.on\('mahjmate:table-view'/);
});

test('the view page carries the phone page policy for its own files as its meta fallback (minus frame-ancestors)', async () => {
  const { phoneCsp } = await import('../../electron/main/share/phone-page');
  const html = readFileSync(resolve(import.meta.dirname, '../../src/renderer/view.html'), 'utf8');
  const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
  expect(meta).toBe(
    phoneCsp([], [], true)
      .split('; ')
      .filter((d: string) => !d.startsWith('frame-ancestors'))
      .join('; '),
  );
  expect(meta).not.toMatch(/unsafe|https?:|ws:|\*/);
});
