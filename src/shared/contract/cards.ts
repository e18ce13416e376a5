import { z } from 'zod';
import { playerNameSchema } from '../core-schema';
import { CARD_CHANNELS } from './cards-channels';
import { out } from './reply-type';

/**
 * The group cards (docs/card.md): typed or imported on the Cards screen, kept in the database by
 * name and year, and the one a session plays with (a copy, so the table record carries the card its
 * hands were checked against). Main reads every card with the core's card reader before keeping it:
 * a card with a problem is refused with the reader's first sentence. Merged into the central
 * contract by one spread.
 */

const id = z.number().int().positive();
/** A card's text: what the group typed or the file imported. The core's reader judges the rest. */
export const MAX_CARD_TEXT = 200_000;
const cardText = z
  .string()
  .max(MAX_CARD_TEXT, 'A card file has at most 200,000 letters: this is not a card.')
  .refine((t) => t.trim() !== '', 'The card is empty: type its first line, card "NAME" year=YYYY, then its hands.');

/** A kept card. */
export interface CardEntry {
  id: number;
  name: string;
  year: number | null;
  text: string;
  /** How many hands the card has. */
  hands: number;
  savedAt: string;
}

/** The card a session plays with (its copy of the text). */
export interface SessionCardEntry {
  name: string;
  year: number | null;
  text: string;
}

export const cardContract = {
  /** Every kept card, newest year first. */
  cards: { input: z.union([z.undefined(), z.strictObject({})]), output: out<CardEntry[]>() },
  /** Keep a card (`id`: replace that one). Refused with a sentence when the card has a problem or its name and year are taken. */
  saveCard: { input: z.strictObject({ text: cardText, id: id.optional() }), output: out<CardEntry>() },
  removeCard: { input: z.strictObject({ id }), output: out<CardEntry[]>() },
  /** The session plays with card `cardId` (null: with no card); its group remembers the choice. */
  useCard: { input: z.strictObject({ sessionId: id, cardId: id.nullable() }), output: out<SessionCardEntry | null>() },
  sessionCard: { input: z.strictObject({ sessionId: id }), output: out<SessionCardEntry | null>() },
  /** The card these players chose last (else the one chosen last by anyone), for setup to offer. */
  groupCard: { input: z.strictObject({ players: z.array(playerNameSchema).max(5) }), output: out<{ cardId: number | null }>() },
} satisfies Record<(typeof CARD_CHANNELS)[number], { input: z.ZodType; output: unknown }>;
