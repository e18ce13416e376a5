/**
 * Ten years of play-by-play in the UI (issue 23): the 520 weekly sessions of fully recorded games
 * (bench/lib/ten-years.ts, migrated on opening as an upgrade would), the built renderer in
 * Chromium opening home, History, Stats, a session's ledger and its settlement
 * (bench/lib/ui-screens.ts). Prints `large10y.ui_<screen>_ms` (goal: each under 200). The
 * services are bundled as shipped (bench/lib/shipped.ts).
 */
import { join } from 'node:path';
import { importShipped } from './lib/shipped';
import { tenYearsCopy } from './lib/ten-years';
import { timeScreens } from './lib/ui-screens';

const { createServices, openStore } = await importShipped<typeof import('./lib/large10y-entry')>(join(import.meta.dirname, 'lib/large10y-entry.ts'), {
  externalPackages: true,
});

const copy = tenYearsCopy();
const store = openStore(copy.path);
try {
  await timeScreens('large10y', createServices(store, { background: true }), { ledgerGames: 12 });
} finally {
  store.close();
  copy.done();
}
