import { z } from 'zod';
import type { Channel } from './channels';
import { diceSchema, gameEventSchema, playerNameSchema } from './core-schema';
import { sessionContract } from './contract/session';
import { flowContract } from './contract/flow';
import { tileSetContract } from './contract/tile-sets';
import { cardContract } from './contract/cards';
import { shareContract } from './contract/share';
import { amendContract } from './contract/amend';
import { correctContract } from './contract/correct';
import { groupContract } from './contract/group';
import { groupHistoryContract } from './contract/group-history';
import type { Reply } from './reply';
import type {
  AppendResult,
  AppInfo,
  ExportedRecord,
  GameInfo,
  GameView,
  Player,
  SessionDetail,
  SessionSummary,
  StartupReport,
} from './types';
import { out } from './contract/reply-type';

/**
 * THE IPC contract: every channel between the page and main, with the zod schema main parses
 * its payload with and the type of its reply value. To add a channel: add its name to
 * CHANNELS (channels.ts), an entry here, and a handler in electron/main/services/.
 */
const id = z.number().int().positive();
/** A name and a dice throw are judged by the core's one rule for each (src/core/names.ts, dice.ts). */
const playerName = playerNameSchema;
/** Channels without input accept nothing (or an empty object). */
const noInput = z.union([z.undefined(), z.strictObject({})]);

export const contract = {
  appInfo: { input: noInput, output: out<AppInfo>() },
  startupReport: { input: noInput, output: out<StartupReport>() },
  listPlayers: { input: noInput, output: out<Player[]>() },
  addPlayer: { input: z.strictObject({ name: playerName }), output: out<Player>() },
  renamePlayer: { input: z.strictObject({ id, name: playerName }), output: out<Player>() },
  retirePlayer: { input: z.strictObject({ id }), output: out<Player>() },
  listSessions: {
    /** `offset`: skip that many of the newest (History reads a page at a time). */
    input: z.union([
      z.undefined(),
      z.strictObject({ limit: z.number().int().min(1).max(500).optional(), offset: z.number().int().min(0).max(1_000_000).optional() }),
    ]),
    output: out<SessionSummary[]>(),
  },
  getSession: { input: z.strictObject({ sessionId: id }), output: out<SessionDetail>() },
  startGame: {
    input: z.strictObject({
      sessionId: id,
      /** The table deviated from the rotation: this game's own seating (and bettor). */
      seating: z.array(playerName).min(3).max(4).optional(),
      bettor: playerName.optional(),
      /** East's dice throw, when the table records it. */
      dice: diceSchema.optional(),
    }),
    output: out<GameInfo>(),
  },
  loadGame: { input: z.strictObject({ gameId: id }), output: out<GameView>() },
  appendEvent: {
    input: z.strictObject({
      gameId: id,
      event: gameEventSchema,
      /** The last seq the page has seen: a stale page is refused instead of appending blind. */
      afterSeq: z.number().int().nonnegative().optional(),
    }),
    output: out<AppendResult>(),
  },
  exportSession: { input: z.strictObject({ sessionId: id }), output: out<ExportedRecord>() },
  importRecord: {
    input: z.strictObject({
      text: z.string().min(1, 'the file is empty').max(20_000_000, 'the file is too large'),
      /** Import it even when the same record is already a session here (a copy, asked for). */
      copy: z.boolean().optional(),
    }),
    /**
     * The new session; or, with `alreadyThere`, the session that already holds this record (nothing
     * written). `notes`: sentences for the player about a file of an earlier version that the app
     * which wrote it read differently (docs/table-record.md, Versions).
     */
    output: out<SessionSummary & { alreadyThere?: true; notes?: string[] }>(),
  },
  ...sessionContract,
  ...flowContract,
  ...shareContract,
  ...groupContract,
  ...groupHistoryContract,
  ...tileSetContract,
  ...amendContract,
  ...correctContract,
  ...cardContract,
} satisfies { [K in Channel]: { input: z.ZodType; output: unknown } };

// Compile-time check that CHANNELS (channels.ts) lists exactly the contract's keys.
type Contract = typeof contract;
type _SameKeys = [Exclude<keyof Contract, Channel>, Exclude<Channel, keyof Contract>] extends [never, never] ? true : never;
export const _channelsMatch: _SameKeys = true;

export type Input<K extends Channel> = z.input<Contract[K]['input']>;
export type ParsedInput<K extends Channel> = z.output<Contract[K]['input']>;
export type Output<K extends Channel> = Contract[K]['output'];

/** The API the preload exposes as `window.mahjmate`: one function per channel. */
export type MahjmateApi = {
  [K in Channel]: undefined extends Input<K>
    ? (input?: Input<K>) => Promise<Reply<Output<K>>>
    : (input: Input<K>) => Promise<Reply<Output<K>>>;
};

export type { Channel } from './channels';
export { CHANNELS } from './channels';
export type { Reply, ReplyError } from './reply';
