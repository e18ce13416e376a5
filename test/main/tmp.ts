import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh temp folder per test, removed afterwards. */
export const tempDir = (): { dir: string; db: string; cleanup: () => void } => {
  const dir = mkdtempSync(join(tmpdir(), 'mahjmate-test-'));
  return { dir, db: join(dir, 'mahjmate.db'), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
};
