import { CHROMIUM } from '../../playwright.config';
import { expect, test } from './harness';
import {
  ALWAYS,
  boardShown,
  clipped,
  linesHidden,
  namesCut,
  openNewestTable,
  outside,
  overflow,
  playStage,
  READ_ALWAYS,
  READ_BOARD,
  READ_MIN,
  readSizes,
  setupOf,
  spilling,
  STAGES,
  VIEWPORTS,
} from './table-stages';
import { axe } from './axe';

/**
 * Issue 12: the table is one screen. At every stage of a game (start, exposures on all four
 * racks, 66 tiles on the floor, the payout sheet with chips and a challenge question, the next
 * seating, the camera on, 3 and 5 players), at 1280x800, 1366x768 and 1920x1080, light and
 * dark: the document does not scroll, and every named part (live discard, whose turn, wall,
 * seats, dead-tile board, command line, preview, last events, the overlays) lies inside the
 * window. A screenshot of each in test-results/screens/; axe finds nothing serious or critical.
 * Issue 22: every part read from the chair (data-read: the discard, the window, whose turn, the
 * wall, the dead tiles and their counts, exposures, standings, the echo, the payout rows) is at
 * least 24 px at 1280x800 and 1366x768 and grows to at least 32 px at 1920x1080; the texts that
 * used to run out of their boxes (the share address, the house rules, the board's caption, the
 * header's buttons, the echo and the last events) lie inside them.
 * Issue 37: at 1440x900 too; every payout line wholly in view (inside the sheet, the centre and
 * the window) with 3, 4 and 5 players, the bettor, a pie and chips, its money beside its chips;
 * the parts read from the chair include Confirm, the sheet's column headers, the board's caption,
 * the seats' labels, the floor (its older tiles too) and the preview.
 */

// A fake webcam (Chromium's own test pattern) for the camera stage; axe needs the CSP bypassed.
test.use({
  bypassCSP: true,
  launchOptions: { ...CHROMIUM, args: [...CHROMIUM.args, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] },
});

for (const stage of STAGES) {
  test(`one screen: ${stage.name}`, async ({ page, app }) => {
    test.setTimeout(180_000);
    await app.call('setupSession', setupOf(stage) as never);
    await page.reload();
    await openNewestTable(page);
    await playStage(page, stage);
    const board = boardShown(stage);
    const over = stage.extra.includes('payout');
    const ids = [...ALWAYS, ...(board ? ['dead-tiles'] : []), ...stage.extra, ...(stage.name === 'start' || over ? [] : ['turn'])];
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      for (const vp of VIEWPORTS) {
        await page.setViewportSize(vp);
        const where = `${stage.name} at ${vp.width}x${vp.height}, ${theme}`;
        await app.screenshot(`table-${stage.name}-${vp.width}x${vp.height}-${theme}`);
        expect(await overflow(page), `the page scrolls: ${where}`).toEqual({ x: 0, y: 0 });
        expect(await outside(page, ids), `out of view: ${where}`).toEqual([]);
        // Nothing essential is clipped inside its box: all 36 kinds on the board, every exposure, the sheet's lines.
        if (board) {
          await expect(page.locator('[data-testid="dead-tiles"] button[data-kind]')).toHaveCount(36);
          expect(await clipped(page, 'dead-tiles', 'button[data-kind]'), where).toEqual([]);
          expect(await spilling(page, '[data-testid="dead-tiles"] [data-group]'), where).toEqual([]);
          expect(await clipped(page, 'dead-tiles', '.review'), where).toEqual([]);
        } else await expect(page.getByTestId('dead-tiles')).toHaveCount(0);
        expect(await clipped(page, 'seats', '.exposure'), where).toEqual([]);
        if (over) {
          // Every payout line wholly in view, each with its money (and its chips, with chips) as on the phones.
          const n = await page.locator('[data-testid="payout"] tr[data-line]').count();
          expect(n, where).toBeGreaterThan(0);
          expect(await clipped(page, 'payout', 'tr'), where).toEqual([]);
          expect(await linesHidden(page), where).toEqual([]);
          expect(await spilling(page, '[data-testid="payout"] td'), where).toEqual([]);
          await expect(page.locator('[data-testid="payout"] tr[data-line] [data-testid="line-money"]')).toHaveCount(n);
          if (stage.chips) await expect(page.locator('[data-testid="payout"] tr[data-line] [data-testid="in-chips"]')).toHaveCount(n);
        }
        // The floor (when shown and not empty) shows at least its newest discards, not only its caption.
        const floorShown = await page
          .locator('.floor > li')
          .evaluateAll((lis) => lis.filter((li) => getComputedStyle(li).visibility !== 'hidden').length);
        const onFloor = await page.locator('.floor > li').count();
        if (onFloor > 0) expect(floorShown, `floor tiles in view: ${where}`).toBeGreaterThanOrEqual(Math.min(2, onFloor));
        // Read from the chair: each part's smallest text, and every part this stage shows.
        const sizes = await readSizes(page);
        const parts = [...READ_ALWAYS, ...(board ? READ_BOARD : []), ...stage.read, ...(stage.extra.includes('floor') ? ['floor'] : [])];
        expect(Object.keys(sizes).sort(), `parts read from the chair: ${where}`).toEqual(expect.arrayContaining(parts.sort()));
        const small = Object.entries(sizes).filter(([, px]) => px < READ_MIN(vp));
        expect(small, `smaller than ${READ_MIN(vp)} px: ${where}`).toEqual([]);
        // Text inside its box: the header's line, the board's caption, the echo and the last events (whole, never ending in an ellipsis).
        expect(
          await spilling(page, 'header.bar > *, header.bar .actions > *, [data-testid="board-caption"], [data-testid="window-why"]'),
          where,
        ).toEqual([]);
        expect(await spilling(page, '[data-testid="echo"], [data-testid="undone"], [data-testid="events"] li'), where).toEqual([]);
        expect(await clipped(page, 'events', 'li', true), where).toEqual([]);
        // Names whole (a long one wraps) and clear of the net beside them; the test's longest (26 letters) may end in an ellipsis on its second line.
        expect(
          (await namesCut(page)).filter((n) => !n.includes('Dorothea') || n.includes('overlaps')),
          where,
        ).toEqual([]);
        // Every seat strip is in view, one per seat at the table.
        await expect(page.locator('[data-testid="seats"] section[data-seat]')).toHaveCount(Math.min(stage.players.length, 4));
        for (const seat of await page.locator('[data-testid="seats"] section[data-seat]').all()) {
          const b = (await seat.boundingBox())!;
          expect(b.y + b.height, `a seat strip below the window: ${where}`).toBeLessThanOrEqual(vp.height);
        }
      }
      await page.setViewportSize(VIEWPORTS[0]);
      expect(await axe(page), `axe: ${stage.name}, ${theme}`).toEqual([]);
    }
  });
}
