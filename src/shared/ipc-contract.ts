import { z } from 'zod';
import type { Channel } from './channels';
import { OFFICIAL_RULES, type HouseRules } from '../core/rules';
import { gameEventSchema } from './event-schema';
import { sessionContract } from './contract/session';
import { shareContract } from './contract/share';
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

/**
 * THE IPC contract: every channel between the page and main, with the zod schema main parses
 * its payload with and the type of its reply value. To add a channel: add its name to
 * CHANNELS (channels.ts), an entry here, and a handler in electron/main/services/.
 */
const id = z.number().int().positive();
const playerName = z.string().trim().min(1, 'a name cannot be empty').max(40, 'a name has at most 40 characters');
/** Channels without input accept nothing (or an empty object). */
const noInput = z.union([z.undefined(), z.strictObject({})]);

/** House-rule switches: only known names, each with the type of its official default. */
const rulesSchema = z.strictObject(
  Object.fromEntries(
    Object.entries(OFFICIAL_RULES).map(([k, v]) => [
      k,
      (typeof v === 'boolean' ? z.boolean() : typeof v === 'number' ? z.number().nonnegative() : z.string()).optional(),
    ]),
  ),
) as unknown as z.ZodType<Partial<HouseRules>>;

export const sessionSetupSchema = z
  .strictObject({
    players: z.array(playerName).min(3, 'a session has 3, 4 or 5 players').max(5, 'a session has 3, 4 or 5 players'),
    seating: z.array(playerName).min(3).max(4),
    bettor: playerName.optional(),
    stakes: z.strictObject({ centsPerPoint: z.number().positive().max(10_000) }).optional(),
    pie: z.strictObject({ points: z.number().int().positive() }).optional(),
    rules: rulesSchema.optional(),
  })
  .superRefine((s, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (new Set(s.players).size !== s.players.length) fail('players', 'player names must be distinct');
    if (new Set(s.seating).size !== s.seating.length) fail('seating', 'a player sits in one seat only');
    for (const n of s.seating) if (!s.players.includes(n)) fail('seating', `"${n}" is seated but not a player`);
    const expected = s.players.length === 5 ? 4 : s.players.length;
    if (s.seating.length !== expected) fail('seating', `${s.players.length} players fill ${expected} seats`);
    if (s.players.length === 5) {
      const out = s.players.find((p) => !s.seating.includes(p));
      if (s.bettor === undefined) fail('bettor', 'with 5 players the one not seated is the bettor');
      else if (s.bettor !== out) fail('bettor', `the bettor must be the player not seated ("${out}")`);
    } else if (s.bettor !== undefined) fail('bettor', 'a bettor sits out only with 5 players');
  });

const out = <T>() => undefined as unknown as T;

export const contract = {
  appInfo: { input: noInput, output: out<AppInfo>() },
  startupReport: { input: noInput, output: out<StartupReport>() },
  listPlayers: { input: noInput, output: out<Player[]>() },
  addPlayer: { input: z.strictObject({ name: playerName }), output: out<Player>() },
  renamePlayer: { input: z.strictObject({ id, name: playerName }), output: out<Player>() },
  retirePlayer: { input: z.strictObject({ id }), output: out<Player>() },
  listSessions: {
    input: z.union([z.undefined(), z.strictObject({ limit: z.number().int().min(1).max(500).optional() })]),
    output: out<SessionSummary[]>(),
  },
  createSession: { input: sessionSetupSchema, output: out<SessionSummary>() },
  getSession: { input: z.strictObject({ sessionId: id }), output: out<SessionDetail>() },
  startGame: {
    input: z.strictObject({
      sessionId: id,
      /** The table deviated from the rotation: this game's own seating (and bettor). */
      seating: z.array(playerName).min(3).max(4).optional(),
      bettor: playerName.optional(),
      /** East's dice throw, when the table records it. */
      dice: z.number().int().min(2, 'a dice throw is 2 to 12').max(12, 'a dice throw is 2 to 12').optional(),
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
    input: z.strictObject({ text: z.string().min(1, 'the file is empty').max(20_000_000, 'the file is too large') }),
    output: out<SessionSummary>(),
  },
  ...sessionContract,
  ...shareContract,
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
