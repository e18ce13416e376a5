/** Typing at the table by keyboard, as the e2e tests do: one line recorded, and the table opened. */
import { expect, type Page } from './harness';

/** Type one command line (checking its preview when given) and press Enter: it is recorded once the line is empty again. */
export const rec = async (page: Page, line: string, preview?: string | RegExp): Promise<void> => {
  await page.keyboard.type(line);
  if (preview) await expect(page.getByTestId('preview')).toHaveText(preview);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('command'), `"${line}" should be recorded`).toHaveValue('');
};

/** From home: open the newest session and play its game at the table, the command line focused. */
export const openTable = async (page: Page): Promise<void> => {
  await page.locator('button.session').first().click();
  await page.getByRole('button', { name: 'Play this game at the table' }).click();
  await expect(page.getByTestId('command')).toBeFocused();
};
