import type { Page } from '@playwright/test';
import { expect } from './harness';
import { setUp } from './session-helpers';

/**
 * A table with the camera open on a set an earlier version kept in the page (localStorage): one
 * set, in use, a tile-art description as that version kept beside its shots taught for real
 * photographs the way it described them (version 2: this version's network cannot read them).
 */
export const cameraOnOldSet = async (page: Page): Promise<void> => {
  await setUp(page, { players: ['Ann', 'Bea', 'Cy', 'Dot'], centsPerPoint: 2 });
  await page.getByRole('button', { name: 'Play this game at the table' }).click();
  await page.evaluate(() => {
    const taught = { version: 2, name: 'Old set', entries: [{ tile: '5B', d: 'AAAA' }] };
    const old = { version: 1, name: 'Old set', colourWeight: 0.25, entries: [{ tile: '5B', f: 'AAAA' }], taught };
    localStorage.setItem('mahjmate.vision.sets', JSON.stringify({ 'Old set': old }));
    localStorage.setItem('mahjmate.vision.activeSet', 'Old set');
  });
  await page.getByRole('button', { name: 'Camera', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Tile set' })).toHaveValue('Old set');
};
