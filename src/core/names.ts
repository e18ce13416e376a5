import type { Result } from './result';
import { attempt, Invalid } from './parse/read';

/**
 * A player's name: the one rule for the roster, a session's setup, a table record and every IPC
 * channel that carries one. Trimmed, inner runs of spaces made one, 1 to 40 characters, no line
 * breaks, tabs or other control characters (a name is printed on the settlement sheet and shown
 * on one line everywhere). Two names are the same player whatever their case or a Latin or Greek
 * letter's accents ("ann" is Ann, "ZOË" is Zoë, "Zoe" is Zoë): `nameKey` is the one comparison,
 * in the engine, the store and the screens alike.
 */
export const MAX_NAME = 40;

// C0 and C1 control characters (line breaks, tabs, escapes) and the Unicode line/paragraph separators.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** `what` names the field in the sentence ("players: a name ..."); the player reads the rest. */
export const parseName = (x: unknown, what: string): Result<string, string> =>
  attempt(() => {
    if (typeof x === 'string' && CONTROL.test(x.trim()))
      throw new Invalid(`${what}: a name is one line, without tabs or other control characters`);
    const name = typeof x === 'string' ? x.trim().replace(/ {2,}/g, ' ') : '';
    if (name === '') throw new Invalid(`${what}: a name cannot be empty`);
    if (name.length > MAX_NAME) throw new Invalid(`${what}: a name has at most ${MAX_NAME} characters`);
    return name;
  });

// A Latin or Greek letter and the accents on it (after NFKD: é is e and U+0301). Other scripts
// keep their marks: in Cyrillic, Devanagari or kana a mark can make another letter (й is not и).
const ACCENTED = /([\p{Script=Latin}\p{Script=Greek}])[\u0300-\u036f]+/gu;

/**
 * What every spelling of one player's name shares, in every alphabet: compatibility forms made
 * one (NFKD: a composed ë and e with a combining diaeresis, a full-width Ａ and A), accents off
 * Latin and Greek letters, and case folded by Unicode's full mapping (upper then lower: "ß" and
 * "SS", "Σ" and a final "ς" meet), not only for plain English letters.
 */
export const nameKey = (name: string): string =>
  name.normalize('NFKD').replace(ACCENTED, '$1').toUpperCase().toLowerCase().normalize('NFC');

/** The name in `names` that is `name` whatever its case, or undefined. */
export const findName = (names: readonly string[], name: string): string | undefined => {
  const key = nameKey(name);
  return names.find((n) => nameKey(n) === key);
};
