import { expect, test } from 'vitest';
import { appPage, mediaAllowed, senderOk } from '../../electron/main/page';

const prod = appPage('/opt/MahjMate/resources/app.asar/out/renderer/index.html', undefined);
const dev = appPage('/unused', 'http://localhost:5173/');

test('the production page is the built index.html over file://, nothing else', () => {
  expect(prod.url).toBe('file:///opt/MahjMate/resources/app.asar/out/renderer/index.html');
  expect(prod.isOurs(prod.url)).toBe(true);
  expect(prod.isOurs(prod.url + '#table')).toBe(true);
  expect(prod.isOurs('file:///home/ann/Downloads/evil.html')).toBe(false);
  expect(prod.isOurs('https://example.com/out/renderer/index.html')).toBe(false);
  expect(prod.isOurs('not a url')).toBe(false);
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
  expect(senderOk(prod, null)).toBe(false);
  expect(senderOk(prod, undefined)).toBe(false);
});

test('permissions: the camera (video only) for our page; no microphone, nothing else', () => {
  expect(mediaAllowed(prod, 'media', ['video'], prod.url)).toBe(true);
  expect(mediaAllowed(prod, 'media', ['video', 'audio'], prod.url)).toBe(false);
  expect(mediaAllowed(prod, 'media', ['audio'], prod.url)).toBe(false);
  expect(mediaAllowed(prod, 'media', [], prod.url)).toBe(false);
  expect(mediaAllowed(prod, 'media', ['video'], 'https://example.com/')).toBe(false);
  for (const p of ['geolocation', 'notifications', 'clipboard-read', 'midi', 'openExternal']) expect(mediaAllowed(prod, p, ['video'], prod.url)).toBe(false);
});
