import { expect, type Page } from './harness';

/** The two screens the app is judged on: a 1280x800 laptop and a 1920x1080 display. */
export const SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];
export type Size = (typeof SIZES)[number];

/** The screen at both sizes, light and dark, `look` taking its screenshot and checking what it
 *  must in each; back to 1280x800, light, after. */
export const atEverySize = async (page: Page, look: (size: Size, scheme: 'light' | 'dark') => Promise<void>): Promise<void> => {
  for (const size of SIZES)
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: scheme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
      await look(size, scheme);
    }
  await page.setViewportSize(SIZES[0]!);
  await page.emulateMedia({ colorScheme: 'light' });
};

/** What a player sees (the window, not the whole page) saved for people to look at. */
export const viewShot = (page: Page, name: string, size: Size, scheme: string) =>
  page.screenshot({ path: `test-results/screens/${name}-${size.width}x${size.height}-${scheme}.png` });
