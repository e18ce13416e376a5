import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCard, type Card } from '../../../src/core/card';
import type { Tile } from '../../../src/core/tiles';

export const root = join(import.meta.dirname, '..', '..', '..');
export const sampleText = readFileSync(join(root, 'resources', 'cards', 'sample-card.txt'), 'utf8');

export const cardOf = (text: string): Card => {
  const r = parseCard(text);
  if (!r.ok) throw new Error(r.error.map((p) => p.message).join('\n'));
  return r.value;
};
export const sample = (): Card => cardOf(sampleText);

/**
 * Concrete tiles in a compact form: words of tile characters, a final B, C or D giving the suit
 * of the digits 1-9 in the word: "FF 2026B 222C J" is F F 2B 0 2B 6B 2C 2C 2C J (a joker is a word of its own).
 */
export const tiles = (spec: string): Tile[] =>
  spec
    .split(/\s+/)
    .filter((w) => w !== '')
    .flatMap((w) => {
      const suit = /[BCD]$/.test(w) ? w.slice(-1) : '';
      const body = suit === '' ? w : w.slice(0, -1);
      return [...body].map((ch) => (ch >= '1' && ch <= '9' ? `${ch}${suit}` : ch) as Tile);
    });

export const hand = (all: string, ...exposures: string[]) => ({ tiles: tiles(all), exposures: exposures.map(tiles) });
