/**
 * A pattern's groups, read from the card text: `222b` (a pung of Twos of suit b), `FF` (a pair of
 * Flowers), `2026a` (four single tiles 2, Soap, 2, 6 of suit a), `NEWS` (four single winds).
 * Suits and the `any` shift are chosen later (pattern.ts); here a group is its tokens.
 */
import type { Tile } from '../tiles';

export const LETTERS = ['a', 'b', 'c'] as const;
export type Letter = (typeof LETTERS)[number];

/** A tile of the pattern before suits and shift are chosen. */
export type Token =
  | { kind: 'number'; n: number } // 1-9 of the group's suit
  | { kind: 'dragon' } // D: the dragon of the group's suit
  | { kind: 'fixed'; tile: Tile }; // 0 R G N E W S F: the same whatever the suits

export type Group = {
  /** As typed, e.g. `2222b`. */
  text: string;
  tokens: Token[];
  letter: Letter | null;
  /** All tokens alike: a single, pair, pung, kong, quint or sextet of one tile. */
  set: boolean;
};

const FIXED: Record<string, Tile> = { '0': '0', R: 'R', G: 'G', N: 'N', E: 'E', W: 'W', S: 'S', F: 'F' };
const TILE_CHAR = /[0-9DRGNEWSF]/;

const sameToken = (x: Token, y: Token): boolean =>
  x.kind === y.kind &&
  (x.kind !== 'number' || x.n === (y as { n: number }).n) &&
  (x.kind !== 'fixed' || x.tile === (y as { tile: Tile }).tile);

/** Why a character cannot be in a group: the clause after "card line N: ". */
const badChar = (ch: string, text: string): string => {
  if (ch === 'A' || ch === 'B' || ch === 'C')
    return `"${text}" has "${ch}": suit letters are a, b and c in lower case, each standing for any one suit`;
  if (ch === 'J' || ch === 'j') return `"${text}" has a joker: a card prints the tiles, and jokers stand in for them`;
  if (TILE_CHAR.test(ch.toUpperCase()))
    return `"${text}" has "${ch}": winds, dragons and Flowers are written in capitals (${ch.toUpperCase()})`;
  return `"${text}" has "${ch}", which is not a tile: a group is made of 1-9, 0, D, R, G, N, E, W, S, F and ends with a suit letter a, b or c`;
};

/** Tiles in a group as typed: every tile character counts, whatever else is wrong with it. */
export const groupTileCount = (text: string): number => [...text].filter((ch) => TILE_CHAR.test(ch)).length;

/** Reads one group (no spaces). A problem is the clause that follows "card line N: ". */
export const readGroup = (text: string): { ok: true; group: Group } | { ok: false; problem: string } => {
  const tokens: Token[] = [];
  let letter: Letter | null = null;
  const chars = [...text];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    if ((LETTERS as readonly string[]).includes(ch)) {
      if (i !== chars.length - 1)
        return { ok: false, problem: `"${text}" has the suit letter "${ch}" inside it: the suit letter ends the group` };
      letter = ch as Letter;
    } else if (ch >= '1' && ch <= '9') tokens.push({ kind: 'number', n: Number(ch) });
    else if (ch === 'D') tokens.push({ kind: 'dragon' });
    else if (FIXED[ch] !== undefined) tokens.push({ kind: 'fixed', tile: FIXED[ch]! });
    else return { ok: false, problem: badChar(ch, text) };
  }
  if (tokens.length === 0) return { ok: false, problem: `"${text}" holds no tile, only a suit letter` };
  const suited = tokens.some((t) => t.kind !== 'fixed');
  if (suited && letter === null) {
    const what = tokens.some((t) => t.kind === 'number') ? 'its numbers' : 'its D';
    return { ok: false, problem: `"${text}" needs a suit letter (a, b or c) at its end for ${what}` };
  }
  if (!suited && letter !== null)
    return { ok: false, problem: `"${text}" takes no suit letter: winds, Flowers and R, G, 0 alone have no suit` };
  const set = tokens.every((t) => sameToken(t, tokens[0]!));
  return { ok: true, group: { text, tokens, letter, set } };
};

/** A year group (`2026a`): numbers beside a Soap, whose digits `any` would shift. */
export const isYearGroup = (g: Group): boolean =>
  !g.set && g.tokens.some((t) => t.kind === 'number') && g.tokens.some((t) => t.kind === 'fixed' && t.tile === '0');
