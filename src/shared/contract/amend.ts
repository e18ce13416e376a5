import { z } from 'zod';
import type { Amendment } from '../../core/amend';
import type { GameEvent } from '../../core/events';
import { gameEventSchema } from '../core-schema';
import { AMEND_CHANNELS } from './amend-channels';
import { out } from './reply-type';

/**
 * Fixing a game's log in place (src/core/amend.ts): replace an earlier event, drop it, or put a
 * forgotten one in before it. Main replays the whole game with the rules engine and keeps the
 * amended log and the amendments (append-only) in one transaction, or nothing.
 */

const id = z.number().int().positive();
const at = z.number().int().min(1, 'an event number starts at 1').max(1_000_000);

export const changeSchema = z.discriminatedUnion('action', [
  z.strictObject({ at, action: z.literal('replace'), event: gameEventSchema }),
  z.strictObject({ at, action: z.literal('insert'), event: gameEventSchema }),
  z.strictObject({ at, action: z.literal('delete') }),
]);

/** An amendment as the page shows it: the audit entry and its sentence. */
export interface AmendmentLine extends Amendment {
  /** "Fixed: event 41, Seven Bam by South is now Seven Dot by South". */
  text: string;
}

/**
 * What an amendment did. `stored`: the game's new last seq and a sentence per change. Not
 * stored: a later event the change made illegal (`at` in the log after the change, its sentence);
 * the page offers to fix that one too or drop it, and sends the whole amendment again.
 */
export type AmendResult =
  /** `moved`: events typed for the player in turn that moved with the turn (their amendments end `lines`); `follows` says so. */
  | { stored: true; seq: number; lines: AmendmentLine[]; moved: number[]; follows: string }
  | { stored: false; later: { at: number; event: GameEvent; undone: boolean; message: string } };

export const amendContract = {
  amendGame: {
    input: z.strictObject({
      gameId: id,
      /** In order; each position is in the log as the changes before it left it. */
      changes: z.array(changeSchema).min(1, 'say which event to fix').max(50, 'at most 50 changes at once'),
      /** The last seq the page has seen: a stale page is refused instead of fixing blind. */
      afterSeq: z.number().int().nonnegative().optional(),
    }),
    output: out<AmendResult>(),
  },
  /** A game's amendments, oldest first, each with its sentence (the audit trail). */
  gameAmendments: { input: z.strictObject({ gameId: id }), output: out<AmendmentLine[]>() },
  /**
   * `u` after a fix: take back the game's last fix (the amendments made at `when`), as one more
   * fix of their inverses; refused when anything was typed after it. `text`: what was taken back.
   */
  takeBackFix: {
    input: z.strictObject({ gameId: id, when: z.string().min(1).max(40), afterSeq: z.number().int().nonnegative() }),
    output: out<{ seq: number; text: string }>(),
  },
} satisfies Record<(typeof AMEND_CHANNELS)[number], { input: z.ZodType; output: unknown }>;
