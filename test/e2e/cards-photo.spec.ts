import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { readCardText } from '../../src/core/card';
import { readCardText as drawnCard } from '../../tools/card/card-text';
import { openShooter } from '../../tools/card/shoot';
import { shots, SIZES } from './card-shots';
import { expect, test, type Page } from './harness';

// axe-core goes in with addScriptTag, which the page's CSP (no inline script) would block.
test.use({ bypassCSP: true });

/**
 * The group's card read from a photo in the app, with the real reader (tesseract.js in the
 * card-photo worker, from the app's own files) on a photo drawn from a small invented card
 * (tools/card/render-card.ts, seed 1, photo look: test/fixtures/cards/porch-photo.jpg). Every
 * line is shown under its part of the picture; a line read unsure is marked with its reason and
 * the card is not kept until each is looked at: one is corrected by typing, the others confirmed
 * as read. Kept through saveCard, it is in the list and offered at setup. A picture with no
 * card, and a file that is no picture, each get one sentence.
 */

const FIXTURES = resolve(import.meta.dirname, '../fixtures');
const PHOTO = resolve(FIXTURES, 'cards/porch-photo.jpg');
const TRUTH_TEXT = readFileSync(resolve(FIXTURES, 'cards/small-card.txt'), 'utf8');
/** The card's lines after its head, as a player would type them (comments are notes, not compared). */
const TRUTH = TRUTH_TEXT.split('\n')
  .slice(1)
  .filter((l) => l.trim() && !l.startsWith('#'));
const bare = (line: string) => line.replace(/#.*$/, '').replace(/\s+/g, ' ').trim();

/** Nothing runs past the window's width (the page scrolls down, never sideways). */
const noSideways = async (page: Page): Promise<void> => {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBe(0);
};

test('a photo of the card is read, its unsure lines looked at, and the card kept', async ({ page, app }) => {
  test.setTimeout(300_000);
  await page.setViewportSize(SIZES[0]!);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.getByRole('button', { name: /New session/ })).toBeVisible();
  await page.keyboard.press('c');
  await expect(page.getByRole('heading', { name: 'Cards', level: 1 })).toBeVisible();

  // ---- The photo chosen: a progress sentence while the worker reads it.
  await page.getByTestId('card-photo-file').setInputFiles(PHOTO);
  await expect(page.getByTestId('photo-progress')).toBeVisible();
  await expect(page.getByTestId('photo-progress')).toHaveText(/\S/);
  const rows = page.getByTestId('photo-line');
  await expect(page.getByRole('heading', { name: 'Check the card read from your photo' })).toBeVisible({ timeout: 120_000 });
  await expect(rows).toHaveCount(TRUTH.length);
  await expect(page.getByTestId('photo-name')).toHaveValue('Porch card');

  // Every line under its own part of the picture: a crop drawn with ink on it, wider than tall.
  const crops = await rows.locator('canvas').evaluateAll((cs) =>
    (cs as HTMLCanvasElement[]).map((c) => {
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let dark = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i]! + d[i + 1]! + d[i + 2]! < 300) dark++;
      return { wide: c.width > c.height, ink: dark / (d.length / 4), shown: c.getBoundingClientRect().height };
    }),
  );
  for (const c of crops) {
    expect(c.wide).toBe(true);
    expect(c.ink).toBeGreaterThan(0.01);
    expect(c.shown).toBeGreaterThan(20);
  }

  // The reader was unsure of some lines: each is marked with its reason, `?` in its text.
  const unsure = page.locator('[data-testid="photo-line"][data-unsure="true"]');
  const marked = await unsure.count();
  expect(marked).toBeGreaterThan(0);
  for (let i = 0; i < marked; i++) {
    await expect(unsure.nth(i).getByTestId('photo-line-why')).toHaveText(/^Unsure: .+\.$/);
    await expect(unsure.nth(i).getByTestId('photo-line-text')).toHaveValue(/\?/);
  }
  await expect(page.getByTestId('photo-summary')).toContainText(`${marked} line${marked === 1 ? '' : 's'} to look at`);
  await page.getByTestId('photo-year').fill('2026');
  await shots(page, app, 'card-photo-confirm');
  await noSideways(page);

  // Not kept while a line marked unsure has not been looked at: a sentence, nothing stored.
  await page.getByRole('button', { name: /^Keep this card/ }).click();
  await expect(page.getByTestId('photo-said')).toContainText(/^Not kept: \d+ lines? marked unsure still to look at/);
  expect((await app.call('cards')).cards).toEqual([]);

  // The first unsure line corrected by typing the card's line; the others confirmed when they
  // match the card once their marks are off; any other line read wrong corrected.
  const texts = await rows.getByTestId('photo-line-text').evaluateAll((is) => (is as HTMLInputElement[]).map((i) => i.value));
  const unsureAt = await rows.evaluateAll((ls) => ls.map((l) => l.getAttribute('data-unsure') === 'true'));
  let corrected = false;
  for (const [i, read] of texts.entries()) {
    const row = rows.nth(i);
    if (unsureAt[i] && corrected && bare(read.replace(/\?/g, '')) === bare(TRUTH[i]!)) {
      await row.getByRole('button', { name: 'Looks right' }).click();
      await expect(row.getByTestId('photo-line-why')).toHaveText('Confirmed as read.');
    } else if (unsureAt[i] || bare(read) !== bare(TRUTH[i]!)) {
      await row.getByTestId('photo-line-text').fill(TRUTH[i]!);
      if (unsureAt[i]) await expect(row.getByTestId('photo-line-why')).toHaveText('Corrected.');
      corrected ||= unsureAt[i]!;
    }
  }
  expect(corrected).toBe(true);
  await expect(unsure).toHaveCount(0);
  const truth = readCardText(TRUTH_TEXT).card;
  await expect(page.getByTestId('photo-summary')).toHaveText(`${truth.hands.length} hands, ready to keep`);
  // The live check names each hand beside its line.
  await expect(rows.nth(1).locator('.verdict .name')).toHaveText('2026 #1');

  // ---- Kept through saveCard (Ctrl+S, as in the editor): in the list, with the card's own hands.
  await page.keyboard.press('Control+S');
  await expect(page.getByTestId('card-said')).toHaveText(`Kept “Porch card (2026)”: ${truth.hands.length} hands, read from the photo.`);
  const [kept] = (await app.call('cards')).cards;
  expect(kept).toMatchObject({ name: 'Porch card', year: 2026 });
  const shape = (hs: typeof truth.hands) => hs.map((h) => ({ name: h.name, value: h.value, concealed: h.concealed, patterns: h.patterns }));
  expect(shape(kept!.card.hands)).toEqual(shape(truth.hands));
  await expect(page.getByRole('button', { name: /Porch card\s*2026/ })).toBeVisible();

  // ---- The photo dropped on the screen this time; Cancel while reading: it stops, the kept card stays.
  const photo = readFileSync(PHOTO).toString('base64');
  await page.evaluate((b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const drop = new DataTransfer();
    drop.items.add(new File([bytes], 'porch-photo.jpg', { type: 'image/jpeg' }));
    document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: drop, bubbles: true, cancelable: true }));
  }, photo);
  await expect(page.getByTestId('photo-progress')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('card-photo')).toHaveCount(0);
  expect((await app.call('cards')).cards.map((c) => c.id)).toEqual([kept!.id]);

  // ---- A picture with no card in it, and a file that is no picture: one sentence each.
  await page.getByTestId('card-photo-file').setInputFiles(resolve(FIXTURES, 'vision-surfaces/gimp-walnut.png'));
  await expect(page.getByTestId('photo-failed')).toHaveText(/^No card could be read in this picture: .+\.$/, { timeout: 120_000 });
  await shots(page, app, 'card-photo-none');
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByTestId('card-photo-file').setInputFiles(resolve(FIXTURES, 'cards/small-card.txt'));
  await expect(page.getByTestId('photo-failed')).toHaveText(
    'This file is not a picture that can be opened: choose a JPEG or PNG photo or scan of the card.',
  );
  await page.getByRole('button', { name: 'Close' }).click();

  // ---- Usable: offered at setup.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.keyboard.press('n');
  await page.getByLabel('Card for this session').selectOption({ label: `Porch card (2026), ${truth.hands.length} hands` });
});

test('a long card read from a scan: the page scrolls, Keep stays in view, nothing runs sideways', async ({ page, app }, info) => {
  test.setTimeout(300_000);
  // Drawn now from the invented 50-line card (tools/card/render-card.ts's own shooter), as a scan.
  const shooter = await openShooter();
  const scan = info.outputPath('long-card.png');
  try {
    const { bytes } = await shooter.shoot(drawnCard(readFileSync(resolve(FIXTURES, 'cards/long-card.txt'), 'utf8')), 2, 'scan');
    writeFileSync(scan, bytes);
  } finally {
    await shooter.close();
  }
  await page.setViewportSize(SIZES[0]!);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.keyboard.press('c');
  await page.getByTestId('card-photo-file').setInputFiles(scan);
  const rows = page.getByTestId('photo-line');
  await expect(page.getByRole('heading', { name: 'Check the card read from your photo' })).toBeVisible({ timeout: 180_000 });
  // Most of the 49 lines after the head are read (the reader's accuracy is the bench's to measure).
  expect(await rows.count()).toBeGreaterThan(40);
  expect(await page.evaluate(() => document.documentElement.scrollHeight > 4 * innerHeight)).toBe(true);
  await noSideways(page);
  await shots(page, app, 'card-photo-long');
  // Scrolled to the last line: Keep and the count still to look at stay at the top.
  await rows.last().scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: /^Keep this card/ })).toBeInViewport();
  await expect(page.getByTestId('photo-summary')).toBeInViewport();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: resolve(import.meta.dirname, `../../test-results/screens/card-photo-long-end-1280x800-${scheme}.png`) });
  }
});
