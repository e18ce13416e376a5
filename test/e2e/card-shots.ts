/** The Cards screens' screenshots, shared by cards.spec.ts and cards-photo.spec.ts. */
import { axe } from './axe';
import { expect, type MahjmateApp, type Page } from './harness';

export const SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];

/** Screenshots at both sizes, light and dark (axe-core's serious and critical findings checked in both); back to 1280x800 light after. */
export const shots = async (page: Page, app: MahjmateApp, name: string): Promise<void> => {
  for (const size of SIZES)
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      await app.screenshot(`${name}-${size.width}x${size.height}-${scheme}`);
      if (size.width === 1280) expect(await axe(page), `${name}, ${scheme}: serious or critical accessibility problems`).toEqual([]);
    }
  await page.setViewportSize(SIZES[0]!);
  await page.emulateMedia({ colorScheme: 'light' });
};
