// Electron security (issue 7.3) without the Electron binary: the main window's options as
// passed to `new BrowserWindow`, and the guards every web contents gets (navigation, redirects,
// webviews, window.open all refused).
import { expect, test } from 'vitest';
import { CSP } from '../../electron/main/csp';
import { guardContents, newMainWindow, windowOptions, type GuardedContents } from '../../electron/main/window';

test('the main window is isolated, sandboxed, without Node, with web security', () => {
  const seen: unknown[] = [];
  class RecordingWindow {
    constructor(options: unknown) {
      seen.push(options);
    }
  }
  newMainWindow(RecordingWindow, '/app/out/preload/index.cjs', false);
  expect(seen).toHaveLength(1);
  const prefs = windowOptions('/app/out/preload/index.cjs', true).webPreferences!;
  expect(seen[0]).toEqual(windowOptions('/app/out/preload/index.cjs', false));
  expect(prefs.contextIsolation).toBe(true);
  expect(prefs.sandbox).toBe(true);
  expect(prefs.nodeIntegration).toBe(false);
  expect(prefs.nodeIntegrationInWorker).toBe(false);
  expect(prefs.webSecurity).toBe(true);
  expect(prefs.allowRunningInsecureContent).toBe(false);
  expect(prefs.webviewTag).toBe(false);
  expect(prefs.preload).toBe('/app/out/preload/index.cjs');
  // Nothing that would loosen the page: no experimental features, no node in subframes.
  for (const loose of ['experimentalFeatures', 'enableBlinkFeatures', 'nodeIntegrationInSubFrames', 'enableRemoteModule'])
    expect(prefs, loose).not.toHaveProperty(loose);
});

type Listener = (e: { preventDefault(): void; defaultPrevented: boolean }, url: string) => void;

/** A fake web contents that records the guards, then plays events through them. */
const fakeContents = () => {
  const listeners = new Map<string, Listener[]>();
  let openHandler: ((d: { url: string }) => { action: string }) | undefined;
  const contents = {
    on: (name: string, fn: Listener) => {
      listeners.set(name, [...(listeners.get(name) ?? []), fn]);
      return contents;
    },
    setWindowOpenHandler: (fn: (d: { url: string }) => { action: string }) => {
      openHandler = fn;
    },
  };
  const fire = (name: string, url: string): boolean => {
    const e = {
      defaultPrevented: false,
      preventDefault() {
        this.defaultPrevented = true;
      },
    };
    for (const fn of listeners.get(name) ?? []) fn(e, url);
    return e.defaultPrevented;
  };
  return { contents: contents as unknown as GuardedContents, fire, open: (url: string) => openHandler?.({ url })?.action, listeners };
};

test('navigation, redirects and webviews are refused, to another origin or anywhere', () => {
  const f = fakeContents();
  guardContents(f.contents);
  for (const url of [
    'https://evil.example/',
    'http://127.0.0.1:8080/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'app://mahjmate/index.html',
  ]) {
    expect(f.fire('will-navigate', url), `will-navigate ${url}`).toBe(true);
    expect(f.fire('will-redirect', url), `will-redirect ${url}`).toBe(true);
    expect(f.fire('will-attach-webview', url), `webview ${url}`).toBe(true);
  }
});

test('window.open is denied for every URL', () => {
  const f = fakeContents();
  guardContents(f.contents);
  for (const url of ['https://evil.example/', 'about:blank', 'app://mahjmate/index.html', '']) expect(f.open(url), url).toBe('deny');
});

test('the CSP forbids remote and inline scripts and plugins', () => {
  const directives = new Map(CSP.split('; ').map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]));
  const scripts = directives.get('script-src')!;
  expect(scripts).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  expect(directives.get('default-src')).toEqual(["'self'"]);
  expect(directives.get('object-src')).toEqual(["'none'"]);
  expect(directives.get('base-uri')).toEqual(["'none'"]);
  // No source list anywhere names a host, a scheme wildcard or http(s).
  for (const [name, sources] of directives)
    for (const s of sources) expect(`${name} ${s}`).not.toMatch(/https?:|wss?:|\*|\.[a-z]{2,}|'unsafe-(inline|eval)'/);
});
