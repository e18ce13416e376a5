import type { Card, CardHand } from '../../../core/card';
import { pickOnCard, pickedEvent, type HandPick } from '../../screens/Table/handPick';
import type { QuickEntry } from './quickLine';

/**
 * Quick scoring with the session's card: the hands the winner's mah jongg can be, picked the way
 * `m s` picks them at the table (handPick.ts). Nothing exposed is recorded in quick scoring, so
 * every hand fits; the value typed narrows the list, or the Hand field's words (a name or its
 * start, a value, `hand` and her 14 tiles) as after `m s`.
 */
export const quickPick = (card: Card | null, e: QuickEntry, handWords: string): HandPick | null => {
  if (!card || !e.winner || e.wall) return null;
  const typed = handWords.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const words = typed.length ? typed : e.value ? [String(e.value)] : [];
  return pickOnCard(card, e.winner, [], [...words, ...(e.jokerless ? ['j'] : []), ...(e.from === 'self' ? ['self'] : [])]);
};

/** The entry with the hand picked: its value, jokerless (Singles and Pairs, or her tiles), concealed and name. */
export const withHand = (e: QuickEntry, p: HandPick, h: CardHand): QuickEntry => {
  const ev = pickedEvent(p, h);
  return {
    ...e,
    value: ev.value,
    jokerless: ev.jokerless,
    hand: { name: h.name, ...(ev.concealed ? { concealed: true } : {}), ...(ev.category ? { category: ev.category } : {}) },
  };
};
