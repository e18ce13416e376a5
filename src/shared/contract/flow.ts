import { z } from 'zod';
import type { GameEvent } from '../../core/events';
import { gameEventSchema } from '../core-schema';
import type { GameInfo } from '../types';
import { FLOW_CHANNELS } from './flow-channels';
import { out } from './reply-type';

/**
 * The flow from home to the table and back: the game to resume, and an ending typed at the
 * table but not yet confirmed (kept in the database, so a restart reopens the payout sheet).
 * Merged into the central contract (ipc-contract.ts) and CHANNELS (channels.ts) by one
 * spread line each.
 */

const id = z.number().int().positive();

/** The game to go back to from the home screen. */
export interface Resumable {
  sessionId: number;
  gameId: number;
  /** The game's number in its session. */
  number: number;
  /** Whose table: the session's first East. */
  host: string;
  players: string[];
  /** An ending is typed and waits for its payout sheet to be confirmed. */
  staged: boolean;
  /** Events recorded so far. */
  events: number;
}

export const flowContract = {
  /** Keep the ending typed (not yet confirmed) beside its game; no events: clear it. */
  stageEnding: {
    input: z.strictObject({
      gameId: id,
      events: z.array(gameEventSchema).max(12, 'an ending is a few events'),
      /** The game's last stored seq the ending follows. */
      afterSeq: z.number().int().nonnegative(),
    }),
    output: out<{ staged: number }>(),
  },
  /** The ending waiting for the payout sheet, if it still follows the stored log. */
  stagedEnding: { input: z.strictObject({ gameId: id }), output: out<{ events: GameEvent[] }>() },
  /** The latest game, when it is still being played or its ending waits for a confirm. */
  resumable: { input: z.union([z.undefined(), z.strictObject({})]), output: out<Resumable | null>() },
  /**
   * `u` on the first line of a game just started with `next`: take that empty game back and
   * reopen the previous game's confirmed ending. Returns the previous game.
   */
  reopenPrevious: { input: z.strictObject({ gameId: id }), output: out<GameInfo>() },
} satisfies Record<(typeof FLOW_CHANNELS)[number], { input: z.ZodType; output: unknown }>;
