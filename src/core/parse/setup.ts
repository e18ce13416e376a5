import { findName, nameKey, parseName } from '../names';
import type { Result } from '../result';
import type { HouseRules } from '../rules';
import { parseRules } from './rules';
import { attempt, Invalid, isObj, must, show } from './read';

/** The cheapest hand on the card is 25 points: a pie smaller than that cannot pay one hand. */
export const CHEAPEST_HAND = 25;
/** At most $100 a point: a larger stake overflows the payouts (found by fuzzing). */
export const MAX_CENTS_PER_POINT = 10_000;

/** A session's header, as a table record and the setup screen give it. */
export interface SessionSetup {
  /** 3, 4 or 5 names, distinct whatever their case. */
  players: string[];
  /** Who sits where, East first: 3 names, or 4 (with 4 or 5 players). */
  seating: string[];
  /** With 5 players: the one not seated. */
  bettor?: string;
  stakes: { centsPerPoint: number };
  pie?: { points: number };
  /** Only the switches set; the rest are the official defaults. */
  rules: Partial<HouseRules>;
}

/** `n` seated names, each one of the players (whatever the case: the player's own spelling comes back), each once. */
export const parseSeating = (x: unknown, what: string, players: readonly string[], n: number): Result<string[], string> =>
  attempt(() => {
    if (!Array.isArray(x)) throw new Invalid(`${what}: seat ${n} players, East first`);
    if (x.length !== n) throw new Invalid(`${what}: seat ${n} players, East first`);
    const names = x.map((v) => {
      const name = must(parseName(v, what));
      const player = findName(players, name);
      if (player === undefined) throw new Invalid(`${what}: "${name}" is not one of the players`);
      return player;
    });
    if (new Set(names.map(nameKey)).size !== names.length) throw new Invalid(`${what}: a player is seated twice`);
    return names;
  });

/** The bettor: with 5 players, the one not seated; else none. */
export const parseBettor = (
  x: unknown,
  what: string,
  players: readonly string[],
  seating: readonly string[],
): Result<string | undefined, string> =>
  attempt(() => {
    if (players.length < 5) {
      if (x !== undefined && x !== null) throw new Invalid(`${what}: only a table of 5 has a bettor`);
      return undefined;
    }
    const out = players.find((p) => findName(seating, p) === undefined);
    const bettor = typeof x === 'string' ? findName(players, x.trim()) : undefined;
    if (bettor === undefined) throw new Invalid(`${what}: with 5 players the one not seated is the bettor (here ${out})`);
    if (findName(seating, bettor) !== undefined) throw new Invalid(`${what}: ${bettor} cannot both sit in and bet`);
    return bettor;
  });

const SETUP_FIELDS = ['players', 'seating', 'bettor', 'stakes', 'pie', 'rules'];

/**
 * A session header from untrusted JSON (the setup screen, or a table record's header): the one
 * judge of names, seating, bettor, stakes, pie and house rules, so whatever a session holds,
 * its exported record reads back. A table record's header ignores fields it does not know
 * ('ignore'); the setup screen's must not send any ('refuse').
 */
export const parseSetup = (x: unknown, unknownFields: 'ignore' | 'refuse' = 'refuse'): Result<SessionSetup, string> =>
  attempt(() => {
    if (!isObj(x)) throw new Invalid(`a session setup must be an object, got ${show(x)}`);
    const extra = unknownFields === 'refuse' ? Object.keys(x).find((k) => !SETUP_FIELDS.includes(k)) : undefined;
    if (extra !== undefined) throw new Invalid(`setup: unknown field ${show(extra)}`);
    const p = x.players;
    if (!Array.isArray(p) || p.length < 3 || p.length > 5) throw new Invalid('players: pick 3, 4 or 5 players');
    const players = p.map((v) => must(parseName(v, 'players')));
    const twin = players.find((n, i) => players.findIndex((m) => nameKey(m) === nameKey(n)) !== i);
    if (twin !== undefined) throw new Invalid(`players: "${twin}" is at the table twice (names must be distinct, whatever their case)`);
    const seated = players.length === 5 ? 4 : players.length;
    const seating = must(parseSeating(x.seating, 'seating', players, seated));
    const bettor = must(parseBettor(x.bettor, 'bettor', players, seating));

    let centsPerPoint = 1;
    if (x.stakes !== undefined) {
      if (!isObj(x.stakes)) throw new Invalid(`stakes must be an object like {"centsPerPoint": 1}, got ${show(x.stakes)}`);
      const c = x.stakes.centsPerPoint ?? 1;
      if (typeof c !== 'number' || !Number.isFinite(c) || c <= 0 || c > MAX_CENTS_PER_POINT)
        throw new Invalid(
          `stakes.centsPerPoint: cents per point must be more than 0 and at most ${MAX_CENTS_PER_POINT.toLocaleString('en-US')} (like 1 or 0.5)`,
        );
      centsPerPoint = c;
    }
    let pie: { points: number } | undefined;
    if (x.pie !== undefined && x.pie !== null) {
      const pts = isObj(x.pie) ? x.pie.points : undefined;
      if (typeof pts !== 'number' || !Number.isSafeInteger(pts) || pts <= 0)
        throw new Invalid(`pie.points: the pie needs a whole number of points`);
      if (pts < CHEAPEST_HAND) throw new Invalid(`pie.points: ${pts} points cannot pay even the cheapest hand (${CHEAPEST_HAND})`);
      pie = { points: pts };
    }
    const rules = must(parseRules(x.rules));
    const setup: SessionSetup = { players, seating, stakes: { centsPerPoint }, rules };
    if (bettor !== undefined) setup.bettor = bettor;
    if (pie) setup.pie = pie;
    return setup;
  });
