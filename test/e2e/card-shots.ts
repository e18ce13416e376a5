/** The Cards screens' screenshots, shared by cards.spec.ts, cards-quick.spec.ts and cards-photo.spec.ts. */
import { axe } from './axe';
import { expect, type MahjmateApp, type Page } from './harness';
import { atEverySize } from './shots';

export { SIZES } from './shots';

/** Screenshots at both sizes, light and dark (axe-core's serious and critical findings checked in both); back to 1280x800 light after. */
export const shots = (page: Page, app: MahjmateApp, name: string): Promise<void> =>
  atEverySize(page, async (size, scheme) => {
    await app.screenshot(`${name}-${size.width}x${size.height}-${scheme}`);
    if (size.width === 1280) expect(await axe(page), `${name}, ${scheme}: serious or critical accessibility problems`).toEqual([]);
  });
