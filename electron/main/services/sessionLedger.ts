import { replayHolding } from '../../../src/core/amend';
import { ok } from '../../../src/core/result';
import { GAME_ENGINE, outcomeOf, type GameState } from '../../../src/core/game';
import { payments, type Payer } from '../../../src/core/payments';
import { applyPie, type Debt } from '../../../src/core/pie';
import { replaySession, rulesOf, type TableRecord } from '../../../src/core/record';
import { OFFICIAL_RULES, type HouseRules } from '../../../src/core/rules';
import type { Seat } from '../../../src/core/seats';
import { afterGame, deviate, firstRotation, tableOf, type Rotation } from '../../../src/core/session';
import { describeReplayError, replaySessionWith } from '../../../src/core/summary';
import type { Ledger, LedgerGame, LedgerLine, NextTable } from '../../../src/shared/contract/session';
import type { GameInfo } from '../../../src/shared/types';
import { sessionsRepo } from '../store/sessions.repo';
import type { ServiceContext } from './context';
import { ServiceError } from './errors';
import { ledgerRevision } from './sessionRevision';
import { recordOfSession } from './sessionRecord';

const nameOf = (seating: Partial<Record<Seat, string>>, bettor: string | null, p: Payer): string =>
  p === 'bettor' ? bettor! : seating[p]!;

/**
 * The running ledger of a session, every figure from the engine: `replaySession` over the
 * session's record gives the seating, nets after pie caps, balances, cents and transfers; the
 * reasons come from the engine's `payments` for the same outcome, and the capped amounts from
 * its `applyPie`. Nothing here re-derives a payment rule.
 */
export const buildLedger = (ctx: ServiceContext, sessionId: number): Ledger => {
  const { session, record, gameIds } = recordOfSession(ctx, sessionId);
  return ledgerOfRecord(record, {
    sessionId,
    createdAt: session.createdAt,
    gameIds,
    chips: sessionsRepo(ctx.store).chips(sessionId),
    openGame: (i) => session.gameList[i]!,
  });
};

/**
 * The ledger of a table record: a stored session's (buildLedger) or a session the group's other
 * laptops recorded (groupSessions.ts: `sessionId` and `gameIds` 0, no game to play next there).
 */
export const ledgerOfRecord = (
  record: TableRecord,
  meta: {
    sessionId: number;
    createdAt: string;
    gameIds: readonly number[];
    chips: Ledger['chips'];
    /** The started game at this index, to continue at the table; absent: nothing to play here. */
    openGame?: (index: number) => GameInfo;
  },
): Ledger => {
  const { sessionId, gameIds } = meta;
  // One replay of each game: the summary's own, whose final states the lines below reuse.
  // A game holding an event today's rules refuse (kept by an earlier app) counts as it stands
  // just before that event, and says so: the session opens, and the player fixes it at the table.
  const states: GameState[] = [];
  const held: (string | undefined)[] = [];
  const summary = replaySessionWith(record, {
    ...GAME_ENGINE,
    replayGame: (events, setup) => {
      const r = replayHolding(events, setup);
      states.push(r.state);
      held.push(r.held?.message);
      return ok(r.state);
    },
  });
  if (!summary.ok) throw new ServiceError('ERR_INTERNAL', `the stored session does not replay: ${describeReplayError(summary.error)}`);
  const rules = rulesOf(record);
  const players = record.players;
  const pie = record.pie?.points;
  const balance: Record<string, number> = Object.fromEntries(players.map((p) => [p, 0]));

  const games: LedgerGame[] = summary.value.games.map((g, i) => {
    const outcome = outcomeOf(states[i]!);
    const owed = payments(outcome, { bettor: g.bettor !== null, rules });
    const debts: Debt[] = owed.map((p) => ({
      from: nameOf(g.seating, g.bettor, p.from),
      to: nameOf(g.seating, g.bettor, p.to),
      points: p.points,
    }));
    // The same cap the summary applied, so each line can say what was actually paid.
    const capped = applyPie(players, balance, debts, pie).paid;
    let k = 0;
    const lines: LedgerLine[] = owed.map((p, j) => {
      const d = debts[j]!;
      const c = capped[k];
      const paid = c && c.from === d.from && c.to === d.to ? (k++, c.points) : 0;
      return { from: d.from, to: d.to, points: d.points, paid, reason: p.reason };
    });
    for (const p of players) balance[p] = balance[p]! + g.net[p]!;
    const won = g.status === 'mahjong';
    return {
      number: g.number,
      gameId: gameIds[i]!,
      seating: g.seating,
      bettor: g.bettor,
      betOn: g.betOn === null ? null : g.betOn === 'wall' ? 'a wall game' : (g.seating[g.betOn] ?? null),
      status: g.status,
      winner: won && g.winner ? g.seating[g.winner]! : null,
      value: won ? (outcome.value ?? null) : null,
      jokerless: won && outcome.jokerless === true,
      selfPick: g.selfPick,
      discarder: g.discarder ? g.seating[g.discarder]! : null,
      dead: g.dead.map((d) => g.seating[d]!),
      lines,
      net: g.net,
      balance: { ...balance },
      ...(held[i] ? { held: held[i] } : {}),
    };
  });

  const openIndex = games.findIndex((g) => g.status === 'in-progress');
  const openGame = openIndex >= 0 && meta.openGame ? meta.openGame(openIndex) : null;
  const s = summary.value.session;
  return {
    sessionId,
    createdAt: meta.createdAt,
    players,
    centsPerPoint: record.stakes.centsPerPoint,
    pie: pie ?? null,
    chips: meta.chips,
    rules,
    houseRules: (Object.keys(OFFICIAL_RULES) as (keyof HouseRules)[]).filter((k) => rules[k] !== OFFICIAL_RULES[k]),
    games,
    balances: players.map((name) => {
      const points = s.net[name]!;
      const pieLeft = pie === undefined ? null : Math.max(0, pie + points);
      return { name, points, cents: s.cents[name]!, pieLeft, py: pieLeft === 0 };
    }),
    transfers: s.transfers,
    next: openGame || !meta.openGame ? null : nextTable(record, rules),
    openGame,
    ...ledgerRevision(record, games),
  };
};

/** The rotation the next game is played at, replayed as the summary does (deviations included). */
const rotationBefore = (record: Parameters<typeof replaySession>[0], rules: HouseRules): { prev: Rotation | null; next: Rotation } => {
  const setup = { players: record.players, seating: record.seating, bettor: record.bettor, rules };
  let rot = firstRotation(setup);
  record.games.forEach((g, i) => {
    if (i > 0) rot = afterGame(rot, rules);
    if (g.seating) rot = deviate(rot, g.seating, g.bettor);
  });
  return record.games.length === 0 ? { prev: null, next: rot } : { prev: rot, next: afterGame(rot, rules) };
};

/** Whether the step from `r` to the next game includes the Pivot swap, and with whom. */
const swapAfter = (r: Rotation, rules: HouseRules): NextTable['pivotSwap'] => {
  const plain = afterGame(r, { ...rules, pivot: false });
  const real = afterGame(r, rules);
  if (plain.chairs.every((c, i) => real.chairs[i] === c)) return null;
  return { pivot: r.pivot, swapsWith: plain.chairs[(plain.dice + 1) % plain.chairs.length]! };
};

const nextTable = (record: Parameters<typeof replaySession>[0], rules: HouseRules): NextTable => {
  const { prev, next } = rotationBefore(record, rules);
  const table = tableOf(next);
  const pivotSwap = prev ? swapAfter(prev, rules) : null;
  const pivotOn = next.bettor !== undefined ? rules.pivot && rules.pivotWithFive : rules.pivot;
  let gamesToPivotSwap: number | null = null;
  if (pivotSwap) gamesToPivotSwap = 0;
  else if (pivotOn) {
    let r = next;
    for (let n = 1; n <= 2 * next.chairs.length + 2; n++) {
      if (swapAfter(r, rules)) {
        gamesToPivotSwap = n;
        break;
      }
      r = afterGame(r, rules);
    }
  }
  return {
    number: record.games.length + 1,
    seating: table.seating,
    bettor: table.bettor ?? null,
    pivotSwap,
    gamesToPivotSwap,
    pivot: next.pivot,
  };
};
