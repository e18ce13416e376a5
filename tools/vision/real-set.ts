/**
 * A folder of real tile photographs with a truth file (`[{"file", "tile"}]`, paths relative to the
 * truth file), split the way the bench scores it: the first `shots` photographs of each kind in
 * file order calibrate, all the others are read.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { isTile, type Tile } from '../../src/core/tiles';

export interface TruthEntry {
  file: string;
  tile: Tile;
}

/** Read a truth file; throws a sentence naming the first bad entry. */
export const readTruth = (truthPath: string): TruthEntry[] => {
  const raw: unknown = JSON.parse(readFileSync(truthPath, 'utf8'));
  if (!Array.isArray(raw)) throw new Error(`${truthPath} is not a list of {"file", "tile"} entries.`);
  const base = dirname(truthPath);
  return raw.map((e: unknown, i) => {
    const x = e as { file?: unknown; tile?: unknown };
    if (!x || typeof x.file !== 'string' || typeof x.tile !== 'string' || !isTile(x.tile))
      throw new Error(`Entry ${i + 1} of ${truthPath} needs a "file" and a tile such as "5B".`);
    return { file: resolve(base, x.file), tile: x.tile };
  });
};

/**
 * Labels in the shared real photographs that the photograph itself contradicts, checked by eye:
 * camerash-350.jpg is labelled Eight Dot in its source but shows nine dots and a 9 in the corner.
 * Corrected only where the label is the known wrong one, so a fixed source is left alone.
 */
export const TRUTH_CORRECTIONS: readonly { file: string; labelled: Tile; shows: Tile }[] = [
  { file: 'camerash-350.jpg', labelled: '8D', shows: '9D' },
];
export const correctTruth = <T extends { file: string; tile: Tile }>(entries: T[]): { entries: T[]; corrected: number } => {
  let corrected = 0;
  const out = entries.map((e) => {
    const c = TRUTH_CORRECTIONS.find((x) => basename(e.file) === x.file && e.tile === x.labelled);
    if (!c) return e;
    corrected++;
    return { ...e, tile: c.shows };
  });
  return { entries: out, corrected };
};

/** The bench's cross-validation folds: every FOLDS-th photograph read, in order, is one fold
 *  (export-faces.ts marks them for training, bench/vision-real.ts reads each with its network). */
export const FOLDS = 4;
export const foldOf = (readIndex: number): number => readIndex % FOLDS;

/** `shots` per kind, or per kind by a function (the calibration asks for every flower picture). */
export const splitCalibration = <T extends { tile: Tile }>(entries: T[], shots: number | ((tile: Tile) => number) = 3) => {
  const seen = new Map<Tile, number>();
  const calibrate: T[] = [],
    read: T[] = [];
  const want = typeof shots === 'number' ? () => shots : shots;
  for (const e of entries) {
    const n = seen.get(e.tile) ?? 0;
    seen.set(e.tile, n + 1);
    (n < want(e.tile) ? calibrate : read).push(e);
  }
  return { calibrate, read };
};

/** Where the bench looks for the real photographs: VISION_REAL_DIR, else the repository's own copy
 *  (test/fixtures/vision-real-set), else ../shared/vision-real next to the project (in a git
 *  worktree, next to the main checkout: .git is then a file naming it). */
export const realPhotosCandidates = (): string[] => {
  if (process.env.VISION_REAL_DIR) return [resolve(process.env.VISION_REAL_DIR)];
  const main = (() => {
    try {
      const m = /gitdir: (.*)\/\.git\/worktrees\//.exec(readFileSync('.git', 'utf8'));
      return m ? [join(m[1]!, '..', 'shared', 'vision-real')] : [];
    } catch {
      return [];
    }
  })();
  return [join('test', 'fixtures', 'vision-real-set'), join('..', 'shared', 'vision-real'), ...main].map((d) => resolve(d));
};
/** The folder of real photographs with its truth.json, or null when there is none. */
export const realPhotosDir = (): string | null => realPhotosCandidates().find((c) => existsSync(join(c, 'truth.json'))) ?? null;
