import type { Page } from '@playwright/test';
import { expect } from './harness';
import { setUp } from './session-helpers';
import { DEFAULT_REFERENCES } from '../../src/vision/default-references';

/**
 * A table with the camera open on a set an earlier version kept in the page (localStorage): one
 * set, in use, its art references with shots taught for real photographs the way that version
 * described them (version 2: this version's network cannot read them).
 */
export const cameraOnOldSet = async (page: Page): Promise<void> => {
  await setUp(page, { players: ['Ann', 'Bea', 'Cy', 'Dot'], centsPerPoint: 2 });
  await page.getByRole('button', { name: 'Play this game at the table' }).click();
  await page.evaluate((old) => {
    const taught = { version: 2, name: 'Old set', entries: [{ tile: '5B', d: 'AAAA' }] };
    localStorage.setItem('mahjmate.vision.sets', JSON.stringify({ 'Old set': { ...old, name: 'Old set', taught } }));
    localStorage.setItem('mahjmate.vision.activeSet', 'Old set');
  }, DEFAULT_REFERENCES);
  await page.getByRole('button', { name: 'Camera', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Tile set' })).toHaveValue('Old set');
};
