import { readFileSync } from 'node:fs';
import { expect, test } from './harness';
import { dollars } from '../../src/renderer/components/session/money';
import { engineOf } from './session-helpers';

test('history: reopened read-only, edited only with a reason, audited; export and import of table records; a bad file imports nothing', async ({
  page,
  app,
}) => {
  const s = await app.call('setupSession', {
    setup: { players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'], stakes: { centsPerPoint: 1 } },
  });
  await app.call('quickScore', { sessionId: s.id, events: [{ type: 'mahjong', seat: 'E', value: 30, jokerless: false, selfPick: true }] });
  await app.call('quickScore', { sessionId: s.id, events: [{ type: 'mahjong', seat: 'S', value: 25, jokerless: false, from: 'W' }] });
  await app.reload();

  await page.getByRole('button', { name: 'New session' }).waitFor();
  // Home -> a session -> History.
  await page.getByRole('button', { name: /Ann, Bea, Cy and Dot/ }).click();
  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /Ann, Bea, Cy and Dot.*2 games/ }).click();

  // Read-only: no scoring until a reason is given.
  await expect(page.getByRole('heading', { name: 'Read-only' })).toBeVisible();
  await expect(page.getByPlaceholder(/e\.g\. e30jp/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit this session' }).click();
  await expect(page.getByRole('alert')).toContainText('Say why');
  await page.getByLabel('Why the session is changed').fill('game 2 was Dot, not Cy');
  await page.getByRole('button', { name: 'Edit this session' }).click();
  await page.getByRole('button', { name: 'Remove the last game' }).click();
  await expect(page.getByRole('heading', { name: 'Ledger after 1 game' })).toBeVisible();
  const input = page.getByPlaceholder(/e\.g\. e30jp/);
  await input.fill('w25n');
  await input.press('Enter');
  await expect(page.getByRole('heading', { name: 'Ledger after 2 games' })).toBeVisible();
  const audit = page.getByRole('list', { name: 'Audit' });
  await expect(audit.getByRole('listitem')).toHaveCount(2);
  await expect(audit).toContainText('removed game 2 — “game 2 was Dot, not Cy”');
  await expect(audit).toContainText('scored game 2');
  const e = await engineOf(app, s.id);
  expect(e.games[1]!.seating[e.games[1]!.winner!]).toBe('Dot');

  // Export this session: the file is the table record the engine reads.
  await page.getByRole('button', { name: 'History' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^Export the session/ }).click()]);
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text).toContain('"format": "mahjmate/table-record"');

  // A broken file: says where and why, and nothing is imported.
  const broken = text.replace('"value": 25', '"value": "lots"');
  await page.getByLabel('Import…').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(broken) });
  await expect(page.getByRole('alert')).toContainText('broken.json');
  await expect(page.getByRole('alert')).toContainText('Game 2');
  await expect(page.getByRole('alert')).toContainText('Nothing from this file was imported');
  expect(await app.call('listSessions')).toHaveLength(1);
  // The good file is this very session: said so, nothing imported, a copy only when asked.
  await page.getByLabel('Import…').setInputFiles({ name: 'good.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(page.getByTestId('already-there')).toContainText('good.json is already here');
  expect(await app.call('listSessions')).toHaveLength(1);
  await page.getByRole('button', { name: 'Import a copy anyway' }).click();
  await expect(page.getByRole('status')).toContainText('Imported a copy of good.json');
  const all = await app.call('listSessions');
  expect(all).toHaveLength(2);
  expect(await engineOf(app, all.find((x) => x.id !== s.id)!.id)).toEqual(e);

  // Stats over both sessions: each player's money line has a start and one point per session.
  await page.getByRole('button', { name: 'Stats' }).click();
  const chart = page.getByRole('img', { name: 'Money over time by player' });
  await expect(chart.locator('polyline')).toHaveCount(4);
  for (const pts of await chart.locator('polyline').evaluateAll((ls) => ls.map((l) => l.getAttribute('points')!.split(' ').length)))
    expect(pts).toBe(3);
  // Bea and Cy end level at the bottom: their names stack above the date row, none touching another label.
  const boxes = await chart.locator('text').evaluateAll((ts) =>
    ts.map((t) => ({
      text: t.textContent,
      name: t.classList.contains('name'),
      ...(JSON.parse(JSON.stringify(t.getBoundingClientRect())) as DOMRect),
    })),
  );
  const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  for (const n of boxes.filter((b) => b.name))
    for (const o of boxes.filter((b) => b !== n)) expect(overlaps(n, o), `${n.text} touches ${o.text}`).toBe(false);
  const dotCents = 2 * e.session.cents['Dot']!;
  await expect(page.locator('tr[data-player="Dot"] .money')).toHaveText(dollars(dotCents));
  await app.screenshot('stats-two-sessions');
});
