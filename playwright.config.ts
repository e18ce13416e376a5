import { defineConfig } from '@playwright/test';

/** Debian's Chromium (no browser download here or in CI); the flags keep it offline and quiet. */
export const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'test/e2e',
  // test-results/screens (screenshots for people to look at) is kept apart from Playwright's own output.
  outputDir: 'test-results/playwright',
  workers: 2,
  fullyParallel: true,
  forbidOnly: !!process.env['CI'],
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: CHROMIUM,
    viewport: { width: 1280, height: 860 },
    trace: 'off',
  },
  projects: [
    { name: 'app', testIgnore: /large\.spec\.ts$/ },
    // The no-task-over-100-ms check of a 40,000-game history runs after everything else, alone,
    // so the other worker's Chromium does not steal the page's CPU on a 2-core machine.
    { name: 'large', testMatch: /large\.spec\.ts$/, dependencies: ['app'] },
  ],
});
