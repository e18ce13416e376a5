import { z } from 'zod';
import type { GroupGameLine, Standing } from '../../core/groupStandings';
import { gameEventSchema } from '../core-schema';
import { changeSchema } from './amend';
import type { GROUP_CHANNELS } from './group-channels';
import { out } from './reply-type';

/**
 * A group of laptops sharing one history (docs/groups.md): create one, invite, join, leave, and
 * the group's games, standings and disputes as every laptop of it rebuilds them. With no group
 * joined, `groupStatus` says `{ joined: false }` and the app makes no network request.
 */
export type GroupStatus =
  | { joined: false }
  | {
      joined: true;
      name: string;
      /** The group's sync server. */
      url: string;
      /** What this laptop is called in the group (shown beside its versions of a disputed game). */
      laptop: string;
      /** synced: nothing waits; offline: the server cannot be reached; waiting: rows are on their way; failed: the last round failed (`notice` says why). */
      state: 'synced' | 'offline' | 'waiting' | 'failed';
      /** What this laptop recorded that the group does not hold yet (counted from the outbox). */
      waiting: number;
      /** When this laptop's rows last reached the group (ISO), or null. */
      lastSyncAt: string | null;
      /** A sentence for the player: the sync stopped and was started again, or rows were refused. */
      notice?: string;
    };

/** An invitation: the code to read out or paste, and the same as a file's text. */
export interface GroupInvitation {
  code: string;
  fileName: string;
  text: string;
  /** Whether the code carries a token (anyone holding it can read and write the group). */
  withToken: boolean;
}

/** One laptop's version of a disputed game, as the Group screen shows it. */
export interface VersionView {
  device: string;
  /** The laptop's name in the group ("Bea's laptop"), or "This laptop". */
  who: string;
  /** Its latest change (ISO). */
  at: string;
  /** How the game ends in this version ("Ann won, 25 a player", "Wall game", or why the rules refuse it). */
  outcome: string;
  /** Where it parts from the other versions: event number and what it says there. */
  differs: { at: number; text: string } | null;
  events: number;
}

export interface DisputeView {
  game: string;
  session: string;
  sessionAt: string;
  number: number;
  players: string[];
  versions: VersionView[];
  /** The group's choice, once made. */
  chosen?: { device: string; who: string; by: string; at: string };
}

export interface GroupView {
  joined: boolean;
  /** Laptops whose rows this laptop holds, by name. */
  laptops: string[];
  games: GroupGameLine[];
  standings: Standing[];
  /** The night's standings: games of sessions started in the last 12 hours, every table together. */
  tonight: Standing[];
  disputes: DisputeView[];
  /** Two players created separately under one name, not linked yet. */
  offers: { player: string; same: string; name: string; where: string }[];
  /** Rows of the group that could not be read (another version's, or damaged). */
  unread: number;
}

const gid = z.string().regex(/^[0-9a-f]{32}$/, 'That does not name a game, player or laptop of the group');
const groupName = z.string().trim().min(1, 'Give the group a name (like Tuesday group)').max(60, 'A group name is at most 60 letters');
const laptopName = z
  .string()
  .trim()
  .min(1, 'Give this laptop a name the group will know it by (like Bea’s laptop)')
  .max(40, 'A laptop name is at most 40 letters');
const serverUrl = z
  .string()
  .trim()
  .max(300, 'A server address is at most 300 characters')
  .refine(
    (u) => {
      try {
        const p = new URL(u);
        return ['http:', 'https:', 'libsql:'].includes(p.protocol) && p.hostname !== '' && !p.username && !p.password;
      } catch {
        return false;
      }
    },
    { message: 'The server address starts with https:// or http:// (like https://club.example.org or http://192.168.1.20:8080)' },
  );
const token = z
  .string()
  .trim()
  .max(4000, 'A token is at most 4,000 characters')
  .regex(/^[\x21-\x7e]*$/, 'A token has no spaces or unusual letters');

/** The invitation's content: what a code carries. */
export const invitationBody = z.strictObject({
  v: z.literal(1),
  g: z.string().regex(/^[0-9a-f]{32}$/),
  n: groupName,
  u: serverUrl,
  t: token.optional(),
});
export type InvitationBody = z.infer<typeof invitationBody>;

export const INVITE_PREFIX = 'MJG1-';
const BAD_INVITATION =
  'That is not a MahjMate group invitation: paste the whole code (it starts with MJG1-), or open the file you were sent';

/** The code out of a pasted code or an invitation file's text (spaces and line breaks dropped), decoded. */
const readInvitation = (text: string, ctx: z.RefinementCtx): InvitationBody => {
  const m = /MJG1-[A-Za-z0-9_\-\s]+/.exec(text);
  let body: unknown;
  try {
    const b64 = m![0].slice(INVITE_PREFIX.length).replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/');
    body = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)))) as unknown;
  } catch {
    ctx.addIssue({ code: 'custom', message: BAD_INVITATION });
    return z.NEVER;
  }
  const r = invitationBody.safeParse(body);
  if (!r.success) {
    ctx.addIssue({ code: 'custom', message: BAD_INVITATION });
    return z.NEVER;
  }
  return r.data;
};

/** The code for an invitation: the prefix and its JSON in base64url (letters, digits, - and _). */
export const invitationCode = (b: InvitationBody): string => {
  const bytes = new TextEncoder().encode(JSON.stringify(b));
  return (
    INVITE_PREFIX +
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '')
  );
};

const none = z.union([z.undefined(), z.strictObject({})]);

export const groupContract = {
  groupStatus: { input: none, output: out<GroupStatus>() },
  /** Start a group on this laptop: its server and token (kept by the OS's safe storage), and this laptop's name in it. */
  groupCreate: {
    input: z.strictObject({ name: groupName, url: serverUrl, token: token.optional(), laptop: laptopName }),
    output: out<GroupStatus>(),
  },
  /** The invitation for the group this laptop is in. */
  groupInvite: { input: none, output: out<GroupInvitation>() },
  /** Join by an invitation: the code as typed or pasted, or an invitation file's text. */
  groupJoin: {
    input: z.strictObject({
      invitation: z
        .string()
        .max(20_000, BAD_INVITATION)
        .refine((s) => s.includes('MJG1-'), BAD_INVITATION)
        .transform(readInvitation),
      laptop: laptopName,
    }),
    output: out<GroupStatus>(),
  },
  /** Leave the group: this laptop stops sending; its own history stays, the group's copy here is dropped. */
  groupLeave: { input: none, output: out<GroupStatus>() },
  groupView: { input: none, output: out<GroupView>() },
  /** The group's choice for a disputed game: one laptop's version (a write-once row). */
  groupChoose: { input: z.strictObject({ game: gid, device: gid }), output: out<GroupView>() },
  /** Two players are one person (a write-once row). */
  groupSamePerson: { input: z.strictObject({ player: gid, same: gid }), output: out<GroupView>() },
  /** Fix a group game this laptop does not hold itself (another laptop's game): one change, or its corrected ending, as amendment rows. */
  groupFixGame: {
    input: z
      .strictObject({
        game: gid,
        change: changeSchema.optional(),
        /** The game's corrected ending as the quick-score line gives it (bet, errors, then mahjong or wallGame). */
        ending: z
          .array(gameEventSchema)
          .min(1, 'give the corrected ending')
          .max(12, 'a corrected ending is a bet, a few errors and an ending')
          .optional(),
      })
      .refine((x) => (x.change === undefined) !== (x.ending === undefined), 'Say what to fix: one change, or the corrected ending'),
    output: out<GroupView>(),
  },
} satisfies Record<(typeof GROUP_CHANNELS)[number], { input: z.ZodType; output: unknown }>;
