/**
 * THE one place where a refusal becomes a sentence a player understands. Validator text
 * ("Too small: expected array to have >=3 items") and developer paths ("setup: players: ")
 * never reach a player: main's dispatch passes every bad-input and bad-record reply through
 * `playerSentence`, and zod issues through `describeIssues`.
 *
 * No zod import here (types only), so the renderer may use it too.
 */
import { DICE_MAX, DICE_MIN } from '../core/dice';
import { MAX_NAME } from '../core/names';

/** What a zod issue carries that we read (zod 4 issue shape). */
export interface IssueLike {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  keys?: readonly string[];
}

/** The sentence for a field, by the last name in its path (and the one before it where that matters). */
const FIELD_SENTENCES: Record<string, string> = {
  players: 'Pick 3, 4 or 5 players',
  seating: 'Seat 3 or 4 players, East first',
  bettor: 'With 5 players, the one not seated is the bettor; with 3 or 4 there is no bettor',
  name: `A name needs 1 to ${MAX_NAME} letters`,
  colour: 'A chip needs a colour (at most 20 letters)',
  'chips.points': 'A chip needs a value in points (a whole number, 1 or more)',
  chips: 'At most 8 chip colours',
  'pie.points': 'The pie needs a whole number of points',
  centsPerPoint: 'Cents per point must be more than 0 and at most 10,000 (like 1 or 0.5)',
  dice: `A dice throw is ${DICE_MIN} to ${DICE_MAX}`,
  reason: 'Say why the session is changed, in a few words (at most 200 letters)',
  text: 'The file is empty or too large',
  tile: 'That is not a tile (1B-9B, 1C-9C, 1D-9D, N E W S, R G 0, F, J)',
  seat: 'A seat is East, South, West or North',
  value: 'A hand value is a whole number above 0',
  limit: 'Ask for 1 to 500 sessions',
};

/** A developer's field prefix ("setup: players: ", "events.0: ") in front of a message. */
const PATH_PREFIX = /^(?:[a-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*: )+/;

/** zod's own English messages start like this; ours (written in the schemas) never do. */
const VALIDATOR_TEXT = /^(Invalid|Too (small|big)|Unrecognized key|Expected|Required)/;

const NAME_LISTS = new Set(['players', 'seating']);

const fieldKey = (path: readonly PropertyKey[]): string[] => {
  // An element of a list of names (players.1) is a name.
  if (typeof path.at(-1) === 'number' && NAME_LISTS.has(String(path.at(-2)))) return ['name'];
  const names = path.filter((p): p is string => typeof p === 'string');
  const last = names.at(-1);
  if (last === undefined) return [];
  const before = names.at(-2);
  return before === undefined ? [last] : [`${before}.${last}`, last];
};

/** A sentence starts with a capital and ends with a full stop (for the page's own refusals too). */
export const asSentence = (s: string): string => finish(s);

function finish(s: string): string {
  const t = s.trim();
  if (t === '') return t;
  const first = t[0]!.toLocaleUpperCase() + t.slice(1);
  return /[.!?]$/.test(first) ? first : `${first}.`;
}

/** One zod issue as a sentence: our schema's own words, else the field's sentence, never zod's text. */
export const issueSentence = (issue: IssueLike): string => {
  const keys = fieldKey(issue.path);
  // Our own words (custom refinements and messages written in the schemas) are kept.
  if (issue.code === 'custom' || !VALIDATOR_TEXT.test(issue.message)) {
    // A count that says what to pick reads better as the field's sentence (players, seating).
    const own =
      keys[0] === 'players' && (issue.code === 'too_small' || issue.code === 'too_big') ? FIELD_SENTENCES['players']! : issue.message;
    // The core's parsers name the field first ("players: ..."): the player reads the rest.
    return finish(own.replace(PATH_PREFIX, ''));
  }
  for (const k of keys) if (FIELD_SENTENCES[k]) return finish(FIELD_SENTENCES[k]);
  if (issue.code === 'unrecognized_keys') return 'MahjMate does not know part of this request; nothing was changed.';
  if (keys.length === 0) return 'MahjMate could not read this request; nothing was changed.';
  return `Something in “${keys.at(-1)}” is not right; nothing was changed.`;
};

/** A zod error as at most three sentences, each once. */
export const describeIssues = (e: { issues: readonly IssueLike[] }): string => {
  // One sentence per field, the first found; and "Pick 3, 4 or 5 players" says it all: the
  // seating that follows from the number of players is not repeated.
  const top = (i: IssueLike): string => String(i.path[0] ?? '');
  const players = e.issues.some((i) => top(i) === 'players' && i.path.length === 1 && (i.code === 'too_small' || i.code === 'too_big'));
  const seen = new Set<string>();
  const issues = e.issues.filter((i) => {
    if (players && top(i) === 'seating') return false;
    if (seen.has(top(i))) return false;
    seen.add(top(i));
    return true;
  });
  return [...new Set(issues.map(issueSentence))].slice(0, 3).join(' ');
};

/**
 * Any refusal as the sentence a player reads. Bad input and bad records lose their developer
 * prefixes and any validator text; a bad record says what the file is; conflicts and "not
 * found" start with a capital and end with a stop. The rules engine's own sentences (its
 * ERR_* rule codes) pass through unchanged.
 */
export const playerSentence = (code: string, message: string): string => {
  // Conflicts and missing things are the store's own words: made sentences, kept as they are.
  if (code === 'ERR_CONFLICT' || code === 'ERR_NOT_FOUND') return finish(message);
  if (code !== 'ERR_BAD_INPUT' && code !== 'ERR_BAD_RECORD') return message;
  // A developer path at the start ("setup: players: ") or after a place ("event 2: discard.tile: ") goes.
  const body = message.replace(PATH_PREFIX, '').replace(/: [a-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+: /g, ': ');
  if (VALIDATOR_TEXT.test(body)) return 'MahjMate could not read this request; nothing was changed.';
  if (code === 'ERR_BAD_RECORD') return `This file is not a table record MahjMate can import: ${finish(body)}`;
  return finish(body);
};
