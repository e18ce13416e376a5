import { z } from 'zod';
import type { GROUP_CHANNELS } from './group-channels';
import { out } from './reply-type';

/**
 * The group this laptop belongs to, as the Home screen shows it (docs/groups.md). With no group
 * joined: `{ joined: false }`, and the Home screen shows nothing about groups.
 */
export type GroupStatus =
  | { joined: false }
  | {
      joined: true;
      name: string;
      /** synced: nothing waits; offline: the server cannot be reached; waiting: rows are on their way; failed: the last round failed (`notice` says why). */
      state: 'synced' | 'offline' | 'waiting' | 'failed';
      /** What this laptop recorded that the group does not hold yet (counted from the outbox). */
      waiting: number;
      /** When this laptop's rows last reached the group (ISO), or null. */
      lastSyncAt: string | null;
      /** A sentence for the player: the sync stopped and was started again, or rows were refused. */
      notice?: string;
    };

export const groupContract = {
  groupStatus: { input: z.union([z.undefined(), z.strictObject({})]), output: out<GroupStatus>() },
} satisfies Record<(typeof GROUP_CHANNELS)[number], { input: z.ZodType; output: unknown }>;
