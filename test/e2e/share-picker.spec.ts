import { request } from 'node:http';
import { resolve } from 'node:path';
import { attachShare, createShare } from '../../electron/main/share/share';
import { expect, test, type Page } from './harness';
import { nodeShareProcess } from '../../tools/share/node-share-process';

/**
 * The Share panel's address picker (issue 24): a computer on two networks shows its other
 * address in a list; picking it moves the link and the QR code there, and phones reach the new
 * address while the old link is dead. The two networks are loopback addresses standing for the
 * Wi-Fi and a Docker bridge (127.0.0.1 and 127.0.0.2: the server listens on one, and requests go
 * to 127.0.0.x only). Screenshots at 1280x800, light and dark, with the picker showing.
 */
const ROOT = resolve(import.meta.dirname, '../../out/renderer');
const PLAYERS = ['Ann', 'Bea', 'Cy', 'Dot'];

/** The status of a GET, or 0 when the address refuses the connection. */
const status = (url: string): Promise<number> =>
  new Promise((ok) => {
    const req = request(url, { agent: false }, (res) => {
      res.resume();
      ok(res.statusCode ?? 0);
    });
    req.on('error', () => ok(0));
    req.end();
  });

/** `inner` lies wholly inside `outer`, its text inside its own box, and `outer` inside the window. */
const inside = async (page: Page, outer: string, inner: string[]): Promise<void> => {
  const box = (await page.getByTestId(outer).boundingBox())!;
  const vp = page.viewportSize()!;
  expect(box.x, `${outer} starts inside the window`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${outer} ends inside the window`).toBeLessThanOrEqual(vp.width);
  expect(box.y + box.height, `${outer} ends above the window's bottom`).toBeLessThanOrEqual(vp.height);
  for (const sel of inner) {
    const b = (await page.locator(sel).boundingBox())!;
    expect(b.x, `${sel} inside ${outer}`).toBeGreaterThanOrEqual(box.x);
    expect(b.x + b.width, `${sel} inside ${outer}`).toBeLessThanOrEqual(box.x + box.width + 0.5);
    expect(b.y + b.height, `${sel} inside ${outer}`).toBeLessThanOrEqual(box.y + box.height + 0.5);
    const spill = await page.locator(sel).evaluate((e) => e.scrollWidth - e.clientWidth);
    expect(spill, `${sel}'s text runs past its box`).toBeLessThanOrEqual(1);
  }
};

test('the host picks the computer’s other network: the link and the QR code move there', async ({ page, app }) => {
  test.setTimeout(120_000);
  const share = createShare(app.store, {
    spawn: nodeShareProcess,
    root: ROOT,
    addresses: () => [
      { address: '127.0.0.1', iface: 'wlan0' },
      { address: '127.0.0.2', iface: 'docker0' },
    ],
  });
  attachShare(app.services, share);
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await app.call('setupSession', { setup: { players: PLAYERS, seating: PLAYERS } });
    await page.reload();
    await page.locator('button.session').first().click();
    await page.getByRole('button', { name: 'Play this game at the table' }).click();
    await page.getByRole('button', { name: 'Share the table' }).click();
    const panel = page.getByTestId('share-panel');
    const picker = panel.getByTestId('share-address');
    await expect(picker).toBeVisible();
    await expect(picker.locator('option')).toHaveText(['127.0.0.1 (wlan0)', '127.0.0.2 (docker0)']);
    const first = (await page.getByTestId('share-url').textContent())!.trim();
    expect(first).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/t\//);
    const parts = [
      '[data-testid="share-panel"] .qr',
      '[data-testid="share-url"]',
      '[data-testid="share-address"]',
      '[data-testid="share-panel"] .note',
      '[data-testid="share-panel"] .how >> nth=0',
      '[data-testid="share-panel"] .pick',
    ];
    for (const dark of [false, true]) {
      await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
      await expect(page.locator('html')).toHaveAttribute('data-theme', dark ? 'dark' : 'light');
      await inside(page, 'share-panel', parts);
      await app.screenshot(`share-picker-1280x800-${dark ? 'dark' : 'light'}`);
    }

    // The phones cannot reach the Wi-Fi address: the host picks the other one.
    const qr = await panel.getByRole('img', { name: /QR code/ }).getAttribute('src');
    await picker.selectOption('127.0.0.2');
    await expect(page.getByTestId('share-url')).toHaveText(/^http:\/\/127\.0\.0\.2:\d+\/t\//);
    const moved = (await page.getByTestId('share-url').textContent())!.trim();
    expect(await panel.getByRole('img', { name: /QR code/ }).getAttribute('src')).not.toBe(qr);
    expect(await status(moved)).toBe(200);
    expect(await status(first)).toBe(0);
    await inside(page, 'share-panel', parts);
  } finally {
    await share.stop();
  }
});
