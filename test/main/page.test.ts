import { expect, test } from 'vitest';
import { appFile, appPage, contentTypeOf, mediaAllowed, senderOk } from '../../electron/main/page';

const prod = appPage(undefined);
const dev = appPage('http://localhost:5173/');

test('the production page is the built renderer at app://mahjmate/, nothing else', () => {
  expect(prod.url).toBe('app://mahjmate/index.html');
  expect(prod.isOurs(prod.url)).toBe(true);
  expect(prod.isOurs(prod.url + '#table')).toBe(true);
  expect(prod.isOurs('file:///home/ann/Downloads/evil.html')).toBe(false);
  expect(prod.isOurs('app://other/index.html')).toBe(false);
  expect(prod.isOurs('https://mahjmate/index.html')).toBe(false);
  expect(prod.isOurs('not a url')).toBe(false);
});

test('app:// serves files under the renderer folder only', () => {
  const root = '/opt/MahjMate/out/renderer';
  expect(appFile(root, 'app://mahjmate/index.html')).toBe('/opt/MahjMate/out/renderer/index.html');
  expect(appFile(root, 'app://mahjmate/')).toBe('/opt/MahjMate/out/renderer/index.html');
  expect(appFile(root, 'app://mahjmate/tesseract/eng.traineddata.gz')).toBe('/opt/MahjMate/out/renderer/tesseract/eng.traineddata.gz');
  expect(appFile(root, 'app://mahjmate/assets/a%20b.js?x=1#y')).toBe('/opt/MahjMate/out/renderer/assets/a b.js');
  // The URL parser already folds ../ in the path: it stays inside the renderer folder.
  expect(appFile(root, 'app://mahjmate/../main/index.js')).toBe('/opt/MahjMate/out/renderer/main/index.js');
  // Escapes by dots, encoded dots or encoded slashes never leave the folder.
  for (const tricky of [
    'app://mahjmate/%2e%2e/%2e%2e/etc/passwd',
    'app://mahjmate/..%2f..%2fetc%2fpasswd',
    'app://mahjmate/x/..%2f..%2f..%2f..%2fetc',
  ])
    expect(appFile(root, tricky) ?? `${root}/`, tricky).toMatch(/^\/opt\/MahjMate\/out\/renderer\//);
  for (const bad of [
    'app://mahjmate/a%5c..%5c..%5csecret',
    'app://mahjmate/%00',
    'app://mahjmate/%E0%A4%A',
    'app://other/index.html',
    'file:///opt/MahjMate/out/renderer/index.html',
    'nonsense',
  ])
    expect(appFile(root, bad), bad).toBeNull();
});

test('content types: WebAssembly is application/wasm, scripts are JavaScript', () => {
  expect(contentTypeOf('/x/tesseract-core-simd-lstm.wasm')).toBe('application/wasm');
  expect(contentTypeOf('/x/worker.min.js')).toMatch(/^text\/javascript/);
  expect(contentTypeOf('/x/index.html')).toMatch(/^text\/html/);
  expect(contentTypeOf('/x/blob')).toBe('application/octet-stream');
});

test('the dev page is the dev server origin only', () => {
  expect(dev.isOurs('http://localhost:5173/src/index.html')).toBe(true);
  expect(dev.isOurs('http://localhost:5174/')).toBe(false);
  expect(dev.isOurs('http://127.0.0.1:5173/')).toBe(false);
});

test('IPC senders: our top frame only (no iframe, no other page, no missing frame)', () => {
  expect(senderOk(prod, { url: prod.url, parent: null })).toBe(true);
  expect(senderOk(prod, { url: prod.url, parent: {} })).toBe(false);
  expect(senderOk(prod, { url: 'file:///tmp/other.html', parent: null })).toBe(false);
  expect(senderOk(prod, { url: 'app://other/index.html', parent: null })).toBe(false);
  // The table display's page is ours, but it only receives the view: it may not call main.
  expect(senderOk(prod, { url: 'app://mahjmate/view.html', parent: null })).toBe(false);
  expect(senderOk(prod, { url: 'app://mahjmate/assets/x.js', parent: null })).toBe(false);
  expect(senderOk(prod, { url: 'app://mahjmate/', parent: null })).toBe(true);
  expect(senderOk(prod, { url: 'app://mahjmate/index.html#table', parent: null })).toBe(true);
  expect(senderOk(dev, { url: 'http://localhost:5173/', parent: null })).toBe(true);
  expect(senderOk(dev, { url: 'http://localhost:5173/view.html', parent: null })).toBe(false);
  expect(senderOk(prod, null)).toBe(false);
  expect(senderOk(prod, undefined)).toBe(false);
});

test('permissions: the camera (video only) for our page; no microphone, nothing else', () => {
  expect(mediaAllowed(prod, 'media', ['video'], prod.url)).toBe(true);
  expect(mediaAllowed(prod, 'media', ['video', 'audio'], prod.url)).toBe(false);
  expect(mediaAllowed(prod, 'media', ['audio'], prod.url)).toBe(false);
  expect(mediaAllowed(prod, 'media', [], prod.url)).toBe(false);
  expect(mediaAllowed(prod, 'media', ['video'], 'https://example.com/')).toBe(false);
  expect(mediaAllowed(prod, 'media', ['video'], 'app://mahjmate/view.html')).toBe(false);
  for (const p of ['geolocation', 'notifications', 'clipboard-read', 'midi', 'openExternal'])
    expect(mediaAllowed(prod, p, ['video'], prod.url)).toBe(false);
});
