/**
 * The declared hands of a table record checked against the card it carries (docs/table-record.md,
 * "The card"), as the table checks them at mah jongg: the hands the winner's exposures fit (and,
 * when her 14 tiles are recorded, the hands they match), the hand named, its value. Never an
 * error: a house card may have a typo and the host may record a hand anyway, so each disagreement
 * is a note naming the game and the event, and nothing about the payments changes.
 */
import { handsFitting, matchHand, parseCard, type Card, type CardHand } from './card';
import type { GameEvent } from './events';
import { apply, newGame } from './game';
import { gameSetupOf } from './gameSetup';
import { SEAT_NAMES } from './seats';
import type { TableRecord } from './tableRecord';
import { tileName, type Tile } from './tiles';

/** A note about one declared hand: `game` and `event` are 1-based; both absent for the card itself. */
export interface CardNote {
  game?: number;
  event?: number;
  message: string;
}

const SIZE_NAMES: Record<number, string> = { 3: 'pung', 4: 'kong', 5: 'quint', 6: 'sextet' };

/** "kong of Five Bam, pung of Flowers". */
export const describeExposures = (exposures: readonly (readonly Tile[])[]): string =>
  exposures
    .map((e) => {
      const t = e.find((x) => x !== 'J') ?? 'J';
      return `${SIZE_NAMES[e.length] ?? `${e.length} tiles`} of ${t === 'F' ? 'Flowers' : tileName(t)}`;
    })
    .join(', ');

const listHands = (hs: readonly Pick<CardHand, 'name' | 'value'>[]): string =>
  hs.length === 0
    ? 'none does'
    : `these do: ${hs
        .slice(0, 6)
        .map((h) => `${h.name} (${h.value})`)
        .join(', ')}${hs.length > 6 ? ` and ${hs.length - 6} more` : ''}`;

type Mahjong = Extract<GameEvent, { type: 'mahjong' }>;

/** The notes for one mah jongg: `exposures` are the winner's, made before it. */
export const declaredHandNotes = (card: Card, m: Mahjong, exposures: readonly (readonly Tile[])[]): string[] => {
  const who = SEAT_NAMES[m.seat];
  const shown = exposures.length === 0 ? 'no exposure' : `exposures (${describeExposures(exposures)})`;
  const fitting = handsFitting(card, exposures);
  const notes: string[] = [];
  const named = m.hand === undefined ? undefined : card.hands.find((h) => h.name.toLowerCase() === m.hand!.toLowerCase());
  if (m.hand !== undefined && named === undefined)
    notes.push(`${who}'s mah jongg names ${m.hand}, which is not a hand of the card "${card.name}"`);
  if (named !== undefined) {
    if (!fitting.includes(named)) notes.push(`${who}'s mah jongg names ${named.name}, which does not fit ${who}'s ${shown}`);
    if (named.value !== m.value)
      notes.push(`${who}'s mah jongg is recorded at ${m.value}, but ${named.name} is worth ${named.value} on the card`);
  } else if (m.hand === undefined && !fitting.some((h) => h.value === m.value))
    notes.push(`no hand worth ${m.value} fits ${who}'s ${shown}; ${listHands(fitting)}`);
  if (m.tiles !== undefined) {
    const r = matchHand(card, { tiles: m.tiles, exposures: exposures.map((e) => [...e]) });
    if (named !== undefined && !r.matches.some((x) => x.name === named.name))
      notes.push(
        `${who}'s 14 recorded tiles are not ${named.name}; ${r.matches.length === 0 ? 'they match no hand of the card' : `they match ${r.matches.map((x) => `${x.name} (${x.value})`).join(', ')}`}`,
      );
    else if (named === undefined && !r.matches.some((x) => x.value === m.value))
      notes.push(
        `${who}'s 14 recorded tiles match no hand worth ${m.value}; ${r.matches.length === 0 ? 'they match no hand of the card' : `they match ${r.matches.map((x) => `${x.name} (${x.value})`).join(', ')}`}`,
      );
    if (r.jokerless !== m.jokerless)
      notes.push(
        `${who}'s mah jongg is recorded ${m.jokerless ? 'jokerless' : 'with a joker'}, but her 14 recorded tiles ${r.jokerless ? 'hold no joker' : 'hold a joker'}`,
      );
  }
  return notes;
};

/** Every declared hand of the record checked against its card (none without a card). */
export const cardNotes = (record: TableRecord): CardNote[] => {
  if (record.card === undefined) return [];
  const parsed = parseCard(record.card.text);
  if (!parsed.ok) return [{ message: `the record's card cannot be read, so its hands are not checked: ${parsed.error[0]!.message}` }];
  const notes: CardNote[] = [];
  record.games.forEach((g, gi) => {
    let s = newGame(gameSetupOf({ seating: g.seating ?? record.seating, bettor: record.bettor, dice: g.dice }, record.rules));
    for (const [i, e] of g.events.entries()) {
      if (e.type === 'mahjong') {
        const exposures = s.exposures[e.seat]?.map((x) => x.tiles) ?? [];
        for (const message of declaredHandNotes(parsed.value, e, exposures))
          notes.push({ game: gi + 1, event: i + 1, message: `game ${gi + 1}, event ${i + 1}: ${message}` });
      }
      const r = apply(s, e);
      if (!r.ok) break; // the replay itself reports the refusal
      s = r.value;
    }
  });
  return notes;
};
