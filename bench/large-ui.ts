/**
 * Large data in the UI (issue 7.4; every screen timed by issue 23): with 2,000 sessions of 20
 * quick-scored games (40,000 games) in a real store, the built renderer in Chromium opens home,
 * History (500 sessions), Stats, a session's ledger and its settlement (bench/lib/ui-screens.ts).
 * Prints `large.ui_<screen>_ms` (goal: each under 200) and what main spent of it, and the longest
 * main-thread task. The behaviour (every screen shows its data) is test/e2e/large.spec.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedHistory } from '../tools/security/large-history';
import { importShipped } from './lib/shipped';
import { timeScreens } from './lib/ui-screens';

// The services bundled as shipped (bench/lib/shipped.ts): tsx's wrapping would slow main's part.
const { createServices, openStore } = await importShipped<typeof import('./lib/large10y-entry')>(join(import.meta.dirname, 'lib/large10y-entry.ts'), {
  externalPackages: true,
});

const dir = mkdtempSync(join(tmpdir(), 'mahjmate-large-ui-'));
const store = openStore(join(dir, 'mahjmate.db'));
try {
  seedHistory(store);
  await timeScreens('large', createServices(store, { background: true }), { ledgerGames: 20 });
} finally {
  store.close();
  rmSync(dir, { recursive: true, force: true });
}
