/**
 * A group's characters as read, made into tile tokens (1-9, 0, D, R, G, N, E, W, S, F) and its
 * suit from its ink. Tesseract confuses look-alikes (O and 0, I and 1, S and 5, G and 6); the ink
 * settles the last two, since printed cards colour suited groups and print winds and dragons
 * without a suit in black. Whatever cannot be settled is said, never guessed silently.
 */
export const TOKENS = /^[0-9NEWSFDRG]+$/;

// A lower-case letter of a token is the token (tesseract reads a wide W as w).
const CASE: Record<string, string> = { w: 'W', n: 'N', e: 'E', s: 'S', f: 'F', d: 'D', r: 'R' };
// Shapes tesseract takes for one another.
const LOOKALIKE: Record<string, string> = {
  O: '0',
  o: '0',
  Q: '0',
  I: '1',
  l: '1',
  i: '1',
  '|': '1',
  '!': '1',
  ']': '1',
  '[': '1',
  Z: '2',
  z: '2',
  B: '8',
  A: '4',
  T: '7',
  g: '9',
  b: '6',
  $: 'S',
  '§': '5',
};

/** Characters made tokens: `null` when some character is no token nor a known look-alike. */
export const asTokens = (raw: string): { tokens: string; lookalikes: number } | null => {
  let tokens = '',
    lookalikes = 0;
  for (const ch of raw.replace(/[.,;:'"`~_-]+$/g, '')) {
    if (TOKENS.test(ch)) tokens += ch;
    else if (CASE[ch]) tokens += CASE[ch];
    else if (LOOKALIKE[ch]) {
      tokens += LOOKALIKE[ch];
      lookalikes++;
    } else return null;
  }
  return tokens ? { tokens, lookalikes } : null;
};

/** Does the group need a suit letter (a number 1-9, or D)? */
export const takesSuit = (tokens: string) => /[1-9D]/.test(tokens);

export type InkKind = 'black' | 'colour' | 'unsure';

/**
 * Settle look-alikes by the ink: in colour, S is 5, G is 6 and a group of zeros is the suit's
 * dragon; in black, 5 and 8 are S, 6 is G and D is Soap (0). Returns the tokens and why the group is
 * unsure, if it is.
 */
export const settleByInk = (tokens: string, ink: InkKind): { tokens: string; unsure: string | null } => {
  let t = tokens;
  if (ink === 'colour') {
    if (!/[NEWFR]/.test(t)) t = t.replace(/S/g, '5').replace(/G/g, '6'); // not among winds (NEWS)
    if (/^[0D]+$/.test(t)) t = t.replace(/0/g, 'D'); // Soap is printed in a suit's ink only within a year
  } else if (ink === 'black') {
    if (/^[56D0]+$/.test(t) || /^[58S]+$/.test(t) || /^[6G]+$/.test(t)) t = t.replace(/[58]/g, 'S').replace(/6/g, 'G').replace(/D/g, '0');
  }
  if (ink === 'unsure') return { tokens: t, unsure: 'its colour is unclear' };
  if (ink === 'black' && takesSuit(t)) return { tokens: t, unsure: 'it is printed black but needs a suit' };
  return { tokens: t, unsure: null };
};
