import { z } from 'zod';
import type { Revision } from '../../core/correction';
import { gameEventSchema } from '../core-schema';
import { CORRECT_CHANNELS } from './correct-channels';
import { out } from './reply-type';

/**
 * Correcting a confirmed earlier game of a session (src/core/correction.ts): its new ending as
 * the quick-score form sends it. Main turns it into amendments of that game's log (the amend
 * channel's model), replays the game, and only a game that still ends is kept.
 */

const id = z.number().int().positive();

/** What a correction did: the session's new revision, and a sentence per amended event. */
export interface CorrectResult {
  revision: Revision;
  lines: string[];
}

export const correctContract = {
  correctGame: {
    input: z.strictObject({
      sessionId: id,
      gameId: id,
      /** The whole new ending: `bet` (optional, first), errors, then `mahjong` or `wallGame` (or errors that end the game). */
      events: z
        .array(gameEventSchema)
        .min(1, 'give the corrected ending')
        .max(12, 'a corrected ending is a bet, a few errors and an ending'),
      /** Set when editing a reopened session: the correction is written to its audit too. */
      reason: z
        .string()
        .trim()
        .min(3, 'say why the session is changed (a few words)')
        .max(200, 'a reason has at most 200 characters')
        .optional(),
    }),
    output: out<CorrectResult>(),
  },
} satisfies Record<(typeof CORRECT_CHANNELS)[number], { input: z.ZodType; output: unknown }>;
