/**
 * Draws resources/icon.png (512x512): an ivory tile showing a big "one dot" on jade, rendered
 * from SVG by Debian's Chromium. Run: npx tsx resources/make-icon.ts
 * electron-builder derives the .ico/.icns from this PNG.
 */
import { chromium } from 'playwright-core';
import { join } from 'node:path';

const svg = `
<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <rect x="16" y="16" width="480" height="480" rx="104" fill="#1d6b58"/>
  <rect x="122" y="70" width="284" height="380" rx="40" fill="#0f3d32" opacity="0.55"/>
  <rect x="110" y="56" width="284" height="380" rx="40" fill="#fbf7ee"/>
  <rect x="110" y="56" width="284" height="380" rx="40" fill="none" stroke="#d9d0bc" stroke-width="6"/>
  <g transform="translate(252 246)">
    <circle r="104" fill="#1d6b58"/>
    <circle r="84" fill="#fbf7ee"/>
    <circle r="70" fill="#c0392b"/>
    <circle r="50" fill="#fbf7ee"/>
    <circle r="36" fill="#1f4e9c"/>
    <circle r="14" fill="#fbf7ee"/>
    ${Array.from({ length: 12 }, (_, i) => {
      const a = (i * Math.PI) / 6;
      return `<circle cx="${(94 * Math.cos(a)).toFixed(1)}" cy="${(94 * Math.sin(a)).toFixed(1)}" r="5" fill="#fbf7ee"/>`;
    }).join('')}
  </g>
</svg>`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 512, height: 512 } });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
  await page.locator('svg').screenshot({ path: join(import.meta.dirname, 'icon.png'), omitBackground: true });
} finally {
  await browser.close();
}
