/**
 * Ten years of play-by-play in the UI (issue 23): the 520 weekly sessions of fully recorded games
 * (bench/lib/ten-years.ts, migrated on opening as an upgrade would), the built renderer in
 * Chromium opening home, History, Stats, a session's ledger and its settlement
 * (bench/lib/ui-screens.ts). Prints `large10y.ui_<screen>_ms` (goal: each under 200).
 */
import { tenYearsCopy } from './lib/ten-years';
import { benchScreens } from './lib/ui-screens';

await benchScreens(
  'large10y',
  (openStore) => {
    const copy = tenYearsCopy();
    return { store: openStore(copy.path), done: copy.done };
  },
  { ledgerGames: 12 },
);
