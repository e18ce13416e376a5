/**
 * Smoke test of the real Electron app (out/main, out/preload, out/renderer). It needs the
 * Electron binary, which `npm start` installs through Electron's own installer; where it is absent (as on
 * machines without internet access) the test is SKIPPED and says so plainly.
 */
import { _electron as electron, expect, test } from '@playwright/test';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const electronDir = join(ROOT, 'node_modules/electron');

/** The binary's path, without require('electron') (which would try to download it). */
const electronBinary = (): string | null => {
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const bin = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(bin) ? bin : null;
};

const binary = electronBinary();
const SKIP_REASON =
  'SKIPPED: the Electron binary is not installed (node_modules/electron/dist is empty), so the real-app smoke test did not run';
if (!binary) console.log(`\n[electron smoke] ${SKIP_REASON}\n`);

test('electron smoke: the real app opens, locked down, with window.mahjmate, and shares the table', async ({ browser }) => {
  test.skip(!binary, SKIP_REASON);
  const dataDir = mkdtempSync(join(tmpdir(), 'mahjmate-electron-'));
  const app = await electron.launch({
    executablePath: binary!,
    args: [join(ROOT, 'out/main/index.js'), '--disable-gpu'],
    // MAHJMATE_SHARE_HOST: sharing listens on loopback here (the test machine may be on no network).
    env: { ...process.env, MAHJMATE_DATA_DIR: dataDir, MAHJMATE_SHARE_HOST: '127.0.0.1', ELECTRON_RENDERER_URL: '' },
  });
  try {
    const page = await app.firstWindow();
    await expect(page.getByRole('button', { name: 'New session' })).toBeVisible();
    // Sandboxed, isolated, no Node: the page sees neither require nor process, only window.mahjmate.
    expect(
      await page.evaluate(() => [
        typeof (globalThis as { require?: unknown }).require,
        typeof (globalThis as { process?: unknown }).process,
      ]),
    ).toEqual(['undefined', 'undefined']);
    expect(await page.evaluate(() => Object.isFrozen(window.mahjmate) && typeof window.mahjmate.appendEvent)).toBe('function');
    const info = await page.evaluate(() => window.mahjmate.appInfo());
    expect(info).toMatchObject({ ok: true, value: { name: 'MahjMate', dataPath: join(dataDir, 'mahjmate.db') } });
    // Navigation away is denied: the page stays ours.
    const before = page.url();
    await page.evaluate(() => (location.href = 'https://example.com/'));
    await page.waitForTimeout(300);
    expect(page.url()).toBe(before);
    expect(existsSync(join(dataDir, 'mahjmate.db'))).toBe(true);

    // Sharing: the server starts in its own utility process (out/main/share.js) and a phone opens the page.
    const shared = await page.evaluate(() => window.mahjmate.shareTable({ on: true }));
    expect(shared).toMatchObject({ ok: true, value: { on: true, problem: null } });
    const url = (shared as { value: { url: string } }).value.url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/t\/[A-Za-z0-9_-]{22}\/$/);
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const problems: string[] = [];
    phone.on('pageerror', (e) => problems.push(e.message));
    await phone.goto(url);
    await expect(phone.locator('main[data-link="live"]')).toBeVisible({ timeout: 15_000 });
    expect(problems).toEqual([]);
    await phone.close();
    expect(await page.evaluate(() => window.mahjmate.shareTable({ on: false }))).toMatchObject({ ok: true, value: { on: false } });
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
