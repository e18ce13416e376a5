import type { Tile } from '../../../core/tiles';

/** What a tile's face shows: the rank or letter (big), its suit word, and its colour class. */
export interface Face {
  big: string;
  /** BAM, CRAK, DOT, WIND, DRAGON, SOAP, FLOWER, JOKER. */
  small: string;
  kind: string;
}

export const faceOf = (tile: Tile): Face =>
  tile.length === 2
    ? { big: tile[0]!, small: tile[1] === 'B' ? 'BAM' : tile[1] === 'C' ? 'CRAK' : 'DOT', kind: tile[1]! }
    : tile === 'J'
      ? { big: 'J', small: 'JOKER', kind: 'J' }
      : tile === 'F'
        ? { big: 'F', small: 'FLOWER', kind: 'F' }
        : tile === '0'
          ? { big: '0', small: 'SOAP', kind: 'W0' }
          : tile === 'R' || tile === 'G'
            ? { big: tile, small: 'DRAGON', kind: tile === 'R' ? 'C' : 'B' }
            : { big: tile, small: 'WIND', kind: 'H' };
