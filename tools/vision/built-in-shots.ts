/**
 * The shots the built-in set is made of (build-built-in-set.ts), and the same recipe for the
 * bench's untaught figures, where each fold's set leaves out the photographs it is scored on.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseTile, type Tile } from '../../src/core/tiles';
import type { Frame } from '../../src/vision/image';
import type { Net } from '../../src/vision/embedding';
import { teachSet, type TileSet } from '../../src/vision/tile-set';
import { BUILT_IN_NAME } from '../../src/vision/built-in-set';
import { readJpeg } from './decode';

/** The American renders in two art styles (the calibration fixtures; never the bench's images). */
export const RENDERED_SHOTS_DIR = 'test/fixtures/vision/calibration';

export const renderedShots = (dir = RENDERED_SHOTS_DIR): { frame: Frame; tile: Tile; label: string }[] =>
  ['classic', 'modern'].flatMap((style) =>
    readdirSync(join(dir, style))
      .filter((f) => f.endsWith('.jpg'))
      .flatMap((file) => {
        const tile = parseTile(file.replace(/\.jpg$/, ''));
        return tile ? [{ frame: readJpeg(join(dir, style, file)), tile, label: `${style}/${file}` }] : [];
      }),
  );

/** A built-in set from the renders and the given real photographs, one plain view per shot. */
export const builtInSetOf = async (real: readonly { frame: Frame; tile: Tile }[], net: Net): Promise<{ set: TileSet; skipped: number }> => {
  const { set, skipped } = await teachSet(BUILT_IN_NAME, [...renderedShots(), ...real], net, true);
  return { set, skipped: skipped.length };
};
