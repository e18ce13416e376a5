import { z } from 'zod';
import type { GameEvent } from '../../core/events';
import type { SessionSummary } from '../types';
import type { GROUP_HISTORY_CHANNELS } from './group-history-channels';
import type { Ledger } from './session';
import { out } from './reply-type';

/**
 * History across the group's laptops (docs/groups.md). With no group joined, History lists this
 * laptop's sessions as it always did; once joined, the sessions the group's other laptops
 * recorded are listed with them, newest first, each marked with the laptop it was recorded on,
 * and open read-only (their games are fixed through the group: `groupFixGame`).
 */

/** A session recorded on another laptop of the group, as the group's replay holds it. */
export interface GroupSessionLine {
  /** The session's global id. */
  session: string;
  createdAt: string;
  players: string[];
  games: number;
  /** The laptop it was recorded on ("Bea’s laptop"). */
  laptop: string;
  /** Its games the group's laptops recorded differently and the group has not chosen between. */
  disputed: number;
}

/**
 * A session of History. This laptop's own (`here`) carries, in a group, how many of its games the
 * laptops recorded differently and the group has not chosen between yet (chosen on the Group screen).
 */
export type HistoryEntry = ({ kind: 'here'; disputed?: number } & SessionSummary) | ({ kind: 'group' } & GroupSessionLine);

/** One game of another laptop's session: what the group-fix form needs. */
export interface GroupSessionGame {
  game: string;
  number: number;
  /** Laptops recorded it differently and the group has not chosen: it counts for nothing until chosen. */
  disputed: boolean;
  /** The game's log as the group holds it. */
  events: GameEvent[];
}

export interface GroupSessionView extends GroupSessionLine {
  /** Its ledger, replayed by the rules engine from the group's rows (`sessionId` and each `gameId` 0: not a session of this laptop). */
  ledger: Ledger;
  gameList: GroupSessionGame[];
}

const gid = z.string().regex(/^[0-9a-f]{32}$/, 'That does not name a session of the group');

export const groupHistoryContract = {
  /** History's list: this laptop's sessions and (in a group) the other laptops', newest first, a page at a time. */
  historyList: {
    input: z.union([
      z.undefined(),
      z.strictObject({
        limit: z.number().int().positive().max(500, 'at most 500 sessions at a time').optional(),
        offset: z.number().int().nonnegative().optional(),
      }),
    ]),
    output: out<HistoryEntry[]>(),
  },
  /** A session another laptop of the group recorded: its ledger and games. */
  groupSession: { input: z.strictObject({ session: gid }), output: out<GroupSessionView>() },
} satisfies Record<(typeof GROUP_HISTORY_CHANNELS)[number], { input: z.ZodType; output: unknown }>;
