/**
 * Large data in the UI (issue 7.4; every screen timed by issue 23): with 2,000 sessions of 20
 * quick-scored games (40,000 games) in a real store, the built renderer in Chromium opens home,
 * History (its first page), Stats, a session's ledger and its settlement (bench/lib/ui-screens.ts).
 * Prints `large.ui_<screen>_ms` (goal: each under 200) and what main spent of it, and the longest
 * main-thread task. The behaviour (every screen shows its data) is test/e2e/large.spec.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedHistory } from '../tools/security/large-history';
import { benchScreens } from './lib/ui-screens';

await benchScreens(
  'large',
  (openStore) => {
    const dir = mkdtempSync(join(tmpdir(), 'mahjmate-large-ui-'));
    const store = openStore(join(dir, 'mahjmate.db'));
    seedHistory(store);
    return { store, done: () => rmSync(dir, { recursive: true, force: true }) };
  },
  { ledgerGames: 20 },
);
