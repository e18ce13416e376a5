import { z } from 'zod';
import type { Card } from '../../core/card';
import { cardTextSchema } from '../core-schema';
import { CARD_CHANNELS } from './cards-channels';
import { out } from './reply-type';

/**
 * The group's own cards (docs/card.md), kept in the database by name and year, and the card each
 * session plays with. A card is stored only when it reads: saveCard refuses a text with a problem,
 * its message the first problem ("card line 7: ..."); the Cards screen shows them all live with
 * the core's readCardText before saving. Merged into the central contract by one spread.
 */

/** A stored card: `card` is its text read (hands, values), for the picker and the checks. */
export interface StoredCardView {
  id: number;
  name: string;
  year: number | null;
  text: string;
  card: Card;
  savedAt: string;
}

export interface Cards {
  /** Every card, newest year first, then by name. */
  cards: StoredCardView[];
  /** The card the group chose last: the setup screen's default for the next session. */
  remembered: number | null;
}

/** The card a session plays with (null: none): its own copy of the text, read. */
export interface SessionCard {
  sessionId: number;
  /** The stored card it was chosen from; null once that card is deleted (the session keeps its copy). */
  cardId: number | null;
  text: string;
  card: Card;
}

const id = z.number().int().positive();

export const cardContract = {
  cards: { input: z.union([z.undefined(), z.strictObject({})]), output: out<Cards>() },
  /** Save a card that reads, replacing the one of the same name and year; `saved` is its id. */
  saveCard: { input: z.strictObject({ text: cardTextSchema }), output: out<Cards & { saved: number }>() },
  removeCard: { input: z.strictObject({ id }), output: out<Cards>() },
  /** The session plays with this card (null: none); the group remembers it for the next session. */
  chooseCard: { input: z.strictObject({ sessionId: id, cardId: id.nullable() }), output: out<SessionCard | null>() },
  sessionCard: { input: z.strictObject({ sessionId: id }), output: out<SessionCard | null>() },
} satisfies Record<(typeof CARD_CHANNELS)[number], { input: z.ZodType; output: unknown }>;
