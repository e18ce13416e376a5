import { handsFitting, matchHand, readDeclaredHand, type Card, type CardHand } from '../../../core/card';
import { describeExposures } from '../../../core/recordCard';
import type { GameEvent, HandCategory } from '../../../core/events';
import type { GameState } from '../../../core/game';
import { SEAT_NAMES, type Seat } from '../../../core/seats';
import { parseTile, type Tile } from '../../../core/tiles';

/**
 * Mah jongg with the session's card (docs/keyboard.md, "Picking the hand"). `m s` lists the
 * card's hands that fit South's recorded exposures (the core's handsFitting: concealed hands drop
 * out once she has exposed, a kong fits only a kong), best value first; what follows narrows it:
 *
 *   m s                 every fitting hand            m s 2026 #2    that hand (a name's start narrows the list)
 *   m s 30              the fitting hands worth 30    m s hand 5b 5b ...   her 14 tiles: the hands they match (matchHand)
 *   j, self             jokerless, self-picked (as without a card)
 *
 * The host picks one (arrows, Enter): its value, concealed and Singles and Pairs follow from it,
 * and the event names it. A value or a name that no fitting hand has is a question, never a
 * silent record: the host may record it anyway (house cards have typos) or a mah jongg in error.
 */
export interface HandPick {
  seat: Seat;
  /** Her exposures in words ("kong of Five Bam, pung of Flowers"), or '' when she has none. */
  exposed: string;
  /** Every hand of the card that fits her exposures, best value first. */
  fitting: CardHand[];
  /** The hands offered to pick from, as narrowed by what was typed. */
  offered: CardHand[];
  /** Why nothing can be picked or recorded yet (a sentence), or null. */
  problem: string | null;
  /** A value or a hand typed that no fitting hand has: the sentence, and what "record anyway" records. */
  offCard: { sentence: string; value: number; hand?: CardHand } | null;
  /** Her 14 tiles, when typed (`hand ...`); while fewer, how many so far. */
  tiles: Tile[] | null;
  typed: number;
  jokerless: boolean | null;
  selfPick: boolean;
}

const FLAGS = new Set(['j', 'self', 'c', 'sp', 'q']);

/** "2026#2", "2026 # 2" and "2026 #2" are the same name, in any case. */
const norm = (s: string): string =>
  s
    .toLowerCase()
    .replace(/\s*#\s*/g, ' #')
    .replace(/\s+/g, ' ')
    .trim();

const listed = (hands: readonly CardHand[]): string => hands.map((h) => `${h.name} (${h.value})`).join(', ');

/** A hand of a quint or sextet of one kind is a Quints hand for the house rule on jokerless quints. */
const categoryOf = (h: CardHand): HandCategory | undefined => {
  if (h.sp) return 'singles-pairs';
  const quint = h.patterns.some((p) => p.split(/\s+/).some((g) => /^([0-9A-Z])\1{4,}[a-c]?$/i.test(g)));
  return quint ? 'quints' : undefined;
};

/** Whether the line is a mah jongg the card can check: `m` and a seat. */
export const isPickLine = (line: string): boolean => /^\s*m\s+[eswn](\s|$)/i.test(line);

export const readPick = (line: string, state: GameState, card: Card): HandPick | null => {
  if (!isPickLine(line)) return null;
  const [, seatTok, ...rest] = line.trim().toLowerCase().split(/\s+/);
  const seat = seatTok!.toUpperCase() as Seat;
  if (!state.seats.includes(seat)) return null;
  return pickOnCard(
    card,
    seat,
    state.exposures[seat].map((e) => [...e.tiles]),
    rest,
  );
};

/**
 * The hands of the card a seat's mah jongg can be, given her exposures and the words typed after
 * `m <seat>` (a value, a name or its start, `hand` and her tiles, `j`, `self`). Quick scoring
 * asks the same with no exposures recorded.
 */
export const pickOnCard = (card: Card, seat: Seat, exposures: Tile[][], rest: string[]): HandPick => {
  const seatTok = seat.toLowerCase();
  const fitting = handsFitting(card, exposures);
  const exposed = describeExposures(exposures);
  const whose = `${SEAT_NAMES[seat]}’s exposures (${exposed})`;
  const base: HandPick = {
    seat,
    exposed,
    fitting,
    offered: fitting,
    problem: null,
    offCard: null,
    tiles: null,
    typed: 0,
    jokerless: null,
    selfPick: false,
  };

  const at = rest.indexOf('hand');
  const words = (at < 0 ? rest : rest.slice(0, at)).filter((w) => {
    if (w === 'self') base.selfPick = true;
    else if (w === 'j') base.jokerless = true;
    return !FLAGS.has(w);
  });
  if (exposures.some((e) => e.includes('J'))) base.jokerless = false;
  const none = fitting.length === 0 ? (exposed ? `No hand of the card fits ${whose}` : 'The card has no hand') : null;

  // Her 14 tiles: the hands they match, jokerless from the tiles.
  if (at >= 0) {
    const tiles: Tile[] = [];
    for (const w of rest.slice(at + 1)) {
      const t = parseTile(w);
      if (!t) return { ...base, problem: `“${w}” is not a tile (5b, 3c, 9d, n, e, w, s, r, g, 0, f, j)` };
      tiles.push(t);
    }
    if (tiles.length < 14)
      return {
        ...base,
        typed: tiles.length,
        problem: tiles.length ? null : 'then her 14 tiles, exposed ones included: m s hand 5b 5b 5b j …',
      };
    if (tiles.length > 14) return { ...base, typed: tiles.length, problem: `${tiles.length} tiles: a mah jongg hand holds 14` };
    const read = readDeclaredHand({ tiles, exposures });
    if (!read.ok) return { ...base, tiles, typed: 14, problem: `Her tiles: ${read.error}` };
    const m = matchHand(card, { tiles, exposures });
    const offered = m.matches.map((x) => card.hands.find((h) => h.name === x.name)!).filter(Boolean);
    return {
      ...base,
      tiles,
      typed: 14,
      jokerless: m.jokerless,
      offered,
      problem: offered.length
        ? null
        : `These 14 tiles match no hand of the card${exposed ? ` with ${whose}` : ''}: check them, or type the value (m ${seatTok} 30) to be asked about it`,
    };
  }

  if (words.length === 0) return { ...base, problem: none };
  // A value: the fitting hands worth that much.
  if (words.length === 1 && /^\d+$/.test(words[0]!)) {
    const value = Number(words[0]);
    if (value <= 0) return { ...base, offered: [], problem: 'a hand value is a whole number above 0' };
    const offered = fitting.filter((h) => h.value === value);
    if (offered.length) return { ...base, offered };
    const these = fitting.length ? `; these do: ${listed(fitting)}` : ': none does';
    return {
      ...base,
      offered: [],
      offCard: { value, sentence: `No hand worth ${value} ${exposed ? `fits ${whose}` : 'is on the card'}${these}` },
    };
  }
  // A name, or the start of one.
  const typed = norm(words.join(' '));
  const exact = card.hands.find((h) => norm(h.name) === typed);
  if (exact) {
    if (fitting.includes(exact)) return { ...base, offered: [exact] };
    const why =
      exact.concealed && exposures.length
        ? `${exact.name} is concealed and ${SEAT_NAMES[seat]} has exposed`
        : `${exact.name} does not fit ${whose}`;
    return {
      ...base,
      offered: [],
      offCard: { value: exact.value, hand: exact, sentence: `${why}${fitting.length ? `; these do: ${listed(fitting)}` : ''}` },
    };
  }
  const starts = fitting.filter((h) => norm(h.name).startsWith(typed));
  if (starts.length) return { ...base, offered: starts };
  const onCard = card.hands.some((h) => norm(h.name).startsWith(typed));
  return {
    ...base,
    offered: [],
    problem: onCard
      ? `No hand starting “${words.join(' ')}” fits ${whose}`
      : `“${words.join(' ')}” is not a hand of the card: a hand is named by its section and number, like ${card.hands[0]?.name ?? '2026 #1'}`,
  };
};

/** The mah jongg the host picked: the hand's value, concealed and category, and its name. */
export const pickedEvent = (p: HandPick, h: CardHand): Extract<GameEvent, { type: 'mahjong' }> => {
  const category = categoryOf(h);
  return {
    type: 'mahjong',
    seat: p.seat,
    value: h.value,
    // Singles and Pairs hold no joker at all; otherwise her tiles say, or the host's j.
    jokerless: h.sp || p.jokerless === true,
    ...(category ? { category } : {}),
    ...(p.selfPick ? { selfPick: true } : {}),
    ...(h.concealed ? { concealed: true } : {}),
    hand: h.name,
    ...(p.tiles ? { tiles: p.tiles } : {}),
  };
};

/** Recorded anyway: the value typed (and the hand named, when one was), nothing else assumed. */
export const anywayEvent = (p: HandPick): Extract<GameEvent, { type: 'mahjong' }> | null => {
  const o = p.offCard;
  if (!o) return null;
  if (o.hand) return pickedEvent(p, o.hand);
  return { type: 'mahjong', seat: p.seat, value: o.value, jokerless: p.jokerless === true, ...(p.selfPick ? { selfPick: true } : {}) };
};
