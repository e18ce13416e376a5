import { handsFitting, matchHand, parseCard } from './card';
import { groupName } from './claims';
import { GAME_ENGINE, type GameState } from './game';
import { SEAT_NAMES } from './seats';
import { replaySessionWith } from './summary';
import type { TableRecord } from './tableRecord';
import { tileName, type Tile } from './tiles';

/** "kong of Five Bam": an exposure by its size and its kind (a joker stands for the kind). */
export const exposureWords = (tiles: readonly Tile[]): string => {
  const kind = tiles.find((t) => t !== 'J') ?? 'J';
  return `${groupName(tiles.length)} of ${tileName(kind)}${kind === 'F' ? 's' : ''}`;
};

/**
 * Each mah jongg of a record checked against the record's card, as the table checked it when it
 * was typed (docs/card.md): a hand named that does not fit the winner's exposures or is not worth
 * the value recorded, a value no fitting hand has (recorded anyway), and 14 tiles typed that do not
 * match the hand named. One sentence per disagreement, naming the game; none without a card. A
 * record that does not replay has no checks (the replay says why).
 */
export const cardChecks = (record: TableRecord): string[] => {
  if (!record.card) return [];
  const card = parseCard(record.card.text);
  if (!card.ok) return [];
  const states: GameState[] = [];
  const engine = {
    ...GAME_ENGINE,
    replayGame: (...a: Parameters<typeof GAME_ENGINE.replayGame>) => {
      const r = GAME_ENGINE.replayGame(...a);
      if (r.ok) states.push(r.value);
      return r;
    },
  };
  if (!replaySessionWith(record, engine).ok) return [];
  const out: string[] = [];
  states.forEach((s, i) => {
    const w = s.win;
    if (s.status !== 'mahjong' || !w || w.quick) return;
    const e = s.log[w.eventIndex];
    if (e?.type !== 'mahjong') return;
    const exposures = s.exposures[w.winner].map((x) => [...x.tiles]);
    const fitting = handsFitting(card.value, exposures);
    const whose = `${SEAT_NAMES[w.winner]}’s exposures${exposures.length ? ` (${exposures.map(exposureWords).join(', ')})` : ''}`;
    const game = `game ${i + 1}: `;
    if (e.hand !== undefined) {
      const h = card.value.hands.find((x) => x.name === e.hand);
      if (!h) return;
      if (!fitting.includes(h)) out.push(`${game}${SEAT_NAMES[w.winner]}’s mah jongg names ${h.name}, which does not fit ${whose}: recorded anyway`);
      if (h.value !== e.value) out.push(`${game}${SEAT_NAMES[w.winner]}’s mah jongg of ${e.value} names ${h.name}, worth ${h.value} on the card`);
      if (e.tiles && !matchHand(card.value, { tiles: e.tiles, exposures }).matches.some((m) => m.name === h.name))
        out.push(`${game}${SEAT_NAMES[w.winner]}’s 14 tiles do not match ${h.name}`);
    } else if (!fitting.some((h) => h.value === e.value)) {
      out.push(`${game}no hand worth ${e.value} fits ${whose}: recorded anyway${fitting.length ? `; these do: ${fitting.map((h) => `${h.name} (${h.value})`).join(', ')}` : ''}`);
    }
  });
  return out;
};
