/**
 * Pictures of a card from Debian's Chromium (playwright-core): a scan as PNG, a photo as JPEG at
 * the look's quality. The card is scaled to fill most of the frame, as a player frames a photo.
 * A photo is 1600x1200 unless another size is asked for (a phone's 12 MP is 4032x3024).
 */
import { chromium, type Browser } from 'playwright-core';
import { cardPage, styleFor, type Look } from './card-page';
import type { DrawnCard } from './card-text';

export const CHROMIUM = '/usr/bin/chromium';

export type PhotoSize = readonly [width: number, height: number];
export const SMALL_PHOTO: PhotoSize = [1600, 1200];
/** A phone's 12 MP photo. */
export const PHONE_PHOTO: PhotoSize = [4032, 3024];

export interface Shooter {
  shoot(card: DrawnCard, seed: number, look: Look, frame?: PhotoSize): Promise<{ bytes: Buffer; type: 'png' | 'jpeg' }>;
  close(): Promise<void>;
}

export const openShooter = async (): Promise<Shooter> => {
  const browser: Browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--font-render-hinting=none'] });
  const page = await browser.newPage({ viewport: { width: 1600, height: 1200 } });
  return {
    async shoot(card, seed, look, frame = SMALL_PHOTO) {
      const style = styleFor(seed, look);
      if (look === 'photo') await page.setViewportSize({ width: frame[0], height: frame[1] });
      await page.setContent(cardPage(card, style));
      await page.evaluate(`document.fonts.ready`);
      // Fit the card: about 88% of the frame for a photo, the whole page (with a margin) for a scan.
      const size = (await page.evaluate(
        `(() => { const c = document.getElementById('card'); return [c.offsetWidth, c.offsetHeight]; })()`,
      )) as [number, number];
      if (look === 'photo') {
        const fit = Math.min((frame[0] * 0.88) / size[0], (frame[1] * 0.88) / size[1]);
        await page.evaluate(`document.getElementById('card').style.setProperty('--fit', '${fit.toFixed(3)}')`);
      } else {
        await page.setViewportSize({ width: size[0] + 60, height: size[1] + 60 });
      }
      const type = look === 'photo' ? 'jpeg' : 'png';
      // A phone-sized page on a busy machine can take longer than Playwright's 30 s default.
      const bytes = await page.screenshot(
        type === 'jpeg' ? { type, quality: style.jpegQuality, timeout: 180_000 } : { type, timeout: 180_000 },
      );
      return { bytes, type };
    },
    close: () => browser.close(),
  };
};
