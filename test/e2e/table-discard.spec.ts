import { expect, test, type Page } from './harness';
import { rec } from './table-keys';

/**
 * Issue 22: the table stays quick as it grows, so a discard redraws only what it changed. With
 * 20 discards on the floor, one more discard (East's Nine Dot, closing the window on North's Two Dot)
 * changes in the page: the floor (its new tile first, the tile before it marked dead, the
 * count), the live discard, whose turn, the wall, the save state, the preview, the echo and its
 * events, the two seats whose turn changed, and on the dead-tile board the Nine Dot alone. No
 * other floor tile, board kind or seat is touched (the DOM's own record of changes, not a timing).
 */

const PLAYERS = ['Ann', 'Bea', 'Cy', 'Dot'];
// Twenty discards in turn, none twice: the floor holds more than its 12 tiles drawn large.
const BEFORE = ['1b', '2b', '3b', '4b', '5b', '6b', '7b', '8b', '9b', '1c', '2c', '3c', '4c', '5c', '6c', '7c', '8c', '9c', '1d', '2d'];

/** Each changed node, named by where it sits: the part (test id), and the floor tile, board kind or seat it belongs to. */
const watch = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __changes: string[]; __watch: MutationObserver };
    w.__changes = [];
    w.__watch = new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target.nodeType === 1 ? (r.target as Element) : r.target.parentElement!;
        const part = el.closest('[data-testid]')?.getAttribute('data-testid') ?? el.tagName;
        const li = el.closest('.floor > li');
        const at = li
          ? `li ${[...li.parentElement!.children].indexOf(li)}`
          : (el.closest('[data-kind]')?.getAttribute('data-kind') ?? el.closest('[data-seat]')?.getAttribute('data-seat') ?? '');
        // A list that gained or lost an item names the items.
        const items = [...r.addedNodes, ...r.removedNodes]
          .map((n) => (n as Element).getAttribute?.('data-kind') ?? (n as Element).getAttribute?.('data-tile') ?? n.nodeName)
          .join(',');
        w.__changes.push([part, at, items && `+-${items}`].filter(Boolean).join(' '));
      }
    });
    w.__watch.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });

test('a discard redraws only what it changed', async ({ page, app }) => {
  await app.call('setupSession', { setup: { players: PLAYERS, seating: PLAYERS, stakes: { centsPerPoint: 2.5 } } } as never);
  await page.reload();
  await page.locator('button.session').first().click();
  await page.getByRole('button', { name: 'Play this game at the table' }).click();
  await page.getByTestId('command').waitFor();
  for (const [i, t] of BEFORE.entries()) {
    if (i > 0) await rec(page, 'p');
    await rec(page, t);
  }
  await rec(page, 'p');
  await expect(page.getByTestId('save')).toHaveText('All saved');
  await expect(page.locator('.floor > li')).toHaveCount(20);

  await watch(page);
  await rec(page, '9d');
  await expect(page.getByTestId('save')).toHaveText('All saved');
  await expect(page.getByTestId('live')).toHaveAttribute('data-tile', '9D');
  const changes = [...new Set(await page.evaluate(() => (window as unknown as { __changes: string[] }).__changes))];

  const allowed = [
    /^floor( \+-9D)?$/, // the new tile first, the count
    /^floor li [01]$/, // the new tile, and the one before it now dead
    /^(live|window|turn|wall|save|preview|echo|events)\b/, // (window, window-why: the live discard's window and its sentence)
    /^seats [ES]( \+-SPAN)?$/, // the turn moves from East to South (its flag)
    /^dead-tiles 9D$/,
    /^dead-tiles( \+-9D)?$/, // the Nine Dot moving to its group
  ];
  const stray = changes.filter((c) => !allowed.some((a) => a.test(c)));
  expect(stray, `changed by the discard: ${changes.join('; ')}`).toEqual([]);
  // It did change what it should.
  expect(changes).toEqual(expect.arrayContaining(['dead-tiles 9D']));
  expect(changes.some((c) => c.startsWith('floor'))).toBe(true);
});
