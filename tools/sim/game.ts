/**
 * The game loop of the table simulator: from a seed, a whole game as the players would play it,
 * mistakes included (two claims on one discard, misnamed and out-of-turn discards, mah jongg in
 * error, three dead hands), with its table record (every pick explicit; drop any of them to get
 * the same game with picks implied) and the table's truth after every event.
 */
import { rightOf, seatsFor, TILES, type GameEvent, type Seat, type Tile } from '../../src/core';
import { rng } from '../lib/random';
import { callFor, chooseDiscard, exchangeOffer, holdsJoker, isComplete, newPlayer, removeTiles, type Player } from './player';
import { newTable, truthOf, type Truth } from './truth';
import { buildAndDeal, pickFrom, putBack, wallLeft } from './wall';

export interface SimOptions {
  players?: 3 | 4;
  /** A fifth player sits out and bets. */
  bettor?: boolean;
  /**
   * The table's mistakes and rival claims (issue 25): two claims on one discard, misnamed and
   * out-of-turn discards, mah jongg in error, three dead hands. On unless false; drawn from their
   * own random stream, so a game that plays none of them is the same game as with them off.
   */
  mistakes?: boolean;
}

/** What a game played beyond plain turns (so tests can see the families are exercised). */
export type Family = 'mahjong-over-exposure' | 'nearer-exposure' | 'misnamed' | 'out-of-turn' | 'mahjong-in-error' | 'three-dead';

export interface SimGame {
  seed: number;
  players: 3 | 4;
  bettor: boolean;
  dice: number;
  /** The game's events, every pick recorded. */
  events: GameEvent[];
  /** The truth after each event (same length as events). */
  truths: Truth[];
  /** Positions of picks a call interrupted (the tile went back to the wall). */
  interrupted: number[];
  /** The families of mistakes and rival claims it played, in the order first played. */
  families: Family[];
}

const VALUES = [25, 25, 30, 30, 35, 40, 50];
const NATURALS = TILES.filter((t) => t !== 'J');

export const simulateGame = (seed: number, opts: SimOptions = {}): SimGame => {
  const rand = rng(seed);
  // The mistakes' own stream: plain play draws from `rand` exactly as without them.
  const mis = rng((seed ^ 0x2525) >>> 0);
  const mistakes = opts.mistakes !== false;
  const chance = (p: number): boolean => mistakes && mis() < p;
  const pickOf = <T>(xs: readonly T[]): T | undefined => xs[Math.floor(mis() * xs.length)];
  const players = opts.players ?? (rand() < 0.2 ? 3 : 4);
  const bettor = opts.bettor ?? (players === 4 && rand() < 0.25);
  const { wall, hands, dice } = buildAndDeal(players, rand);
  const seats = seatsFor(players);
  const table = newTable(seats, wallLeft(wall));
  const who = {} as Record<Seat, Player>;
  for (const s of seats) who[s] = newPlayer(hands[s]!);
  const game: SimGame = { seed, players, bettor, dice, events: [], truths: [], interrupted: [], families: [] };
  const emit = (e: GameEvent): void => {
    game.events.push(e);
    game.truths.push(truthOf(table));
  };
  const played = (f: Family): void => {
    if (!game.families.includes(f)) game.families.push(f);
  };
  const nextLive = (s: Seat): Seat => {
    let t = rightOf(s, seats);
    while (table.dead.has(t)) t = rightOf(t, seats);
    return t;
  };
  const closeWindow = (): void => {
    if (table.live) table.live.window = 'closed';
  };
  const value = (): number => VALUES[Math.floor(rand() * VALUES.length)]!;
  const jokerless = (s: Seat, extra: Tile[] = []): boolean =>
    !holdsJoker([...who[s].hand, ...extra]) && !table.exposures[s].some((x) => holdsJoker(x.tiles));
  const distanceOrder = (from: Seat): Seat[] => {
    const out: Seat[] = [];
    for (let t = rightOf(from, seats); t !== from; t = rightOf(t, seats)) if (!table.dead.has(t)) out.push(t);
    return out;
  };
  /** The player in turn picks before a rival's call, and puts the tile back (§4.3); never one of the callers (she is committed once she picks, §4.4). */
  const interruptedPick = (x: Seat, callers: readonly Seat[]): void => {
    if (callers.includes(x) || wallLeft(wall) === 0 || rand() >= 0.3) return;
    const t = pickFrom(wall);
    table.wall--;
    emit({ type: 'pick', seat: x });
    putBack(wall, t);
    table.wall++;
    game.interrupted.push(game.events.length - 1);
  };
  /** Joker exchanges on her own turn; returns whether she made one. */
  const exchanges = (s: Seat): boolean => {
    let made = false;
    for (;;) {
      const offer = exchangeOffer(
        who[s],
        seats.map((x) => ({ seat: x, list: table.exposures[x] })),
      );
      if (!offer || rand() < 0.2) return made;
      const from = offer.from as Seat;
      const x = table.exposures[from].find((y) => y.kind === offer.tile && y.tiles.includes('J'))!;
      x.tiles[x.tiles.lastIndexOf('J')] = offer.tile;
      removeTiles(who[s].hand, [offer.tile]);
      who[s].hand.push('J');
      closeWindow();
      emit({ type: 'jokerExchange', seat: s, from, tile: offer.tile });
      made = true;
    }
  };
  const win = (s: Seat, how: { from: Seat } | { selfPick: true }, extra: Tile[] = [], sole: Truth['sole'] = null): void => {
    table.status = 'mahjong';
    table.sole = sole;
    emit({ type: 'mahjong', seat: s, value: value(), jokerless: jokerless(s, extra), ...how });
  };
  /** Her hand is dead: she is skipped from now on; if it was her turn, play goes to her right (§7.2). */
  const die = (s: Seat, erred: boolean): void => {
    table.dead.add(s);
    table.deaths.push({ seat: s, erred });
    if (table.turn === s) table.turn = nextLive(s);
  };
  /** Three dead hands (two of three) end the game, settled by rule (b), (c) or (e) (§8.4); whether they did. */
  const threeDeadEnd = (): boolean => {
    if (table.dead.size < seats.length - 1) return false;
    const erred = table.deaths.filter((d) => d.erred);
    const first = table.deaths[0]!;
    const last = table.deaths.at(-1)!;
    table.threeDead =
      erred.length >= 2 && last.erred
        ? { rule: 'b', payer: last.seat }
        : erred.length === 1 && first.erred
          ? { rule: 'c', payer: first.seat }
          : { rule: 'e', payer: null };
    table.status = 'three-dead';
    closeWindow();
    played('three-dead');
    return true;
  };
  /** The first of `seats` who would expose the discard `d`, with her exposure (drawn from the mistakes' stream). */
  const rivalExposer = (candidates: readonly Seat[], d: Tile): { seat: Seat; exposure: Tile[] } | null => {
    for (const s of candidates) {
      const exposure = callFor(who[s], d, mis);
      if (exposure) return { seat: s, exposure };
    }
    return null;
  };
  /** A claimant who spoke first (§5.4) lays out her exposure of `d`, then takes it back: the other claim wins. */
  const spokeFirst = (rival: { seat: Seat; exposure: Tile[] }, d: Tile): void => {
    table.exposures[rival.seat].push({ kind: d, tiles: [...rival.exposure] });
    table.turn = rival.seat;
    emit({ type: 'call', seat: rival.seat, exposure: [...rival.exposure] });
    table.exposures[rival.seat].pop();
  };

  /**
   * Claims on `d`, just discarded by `discarder` (misnamed or out of turn as said): returns 'won'
   * when a mah jongg ended the game, the caller who now holds her 14th tile, or null.
   */
  const claims = (discarder: Seat, d: Tile, misnamed: boolean, outOfTurn: boolean): 'won' | Seat | null => {
    const sole: Truth['sole'] = misnamed ? 'misnamed' : outOfTurn ? 'out-of-turn' : null;
    const claimants = d === 'J' ? [] : distanceOrder(discarder);
    const mj = claimants.find((s) => isComplete([...who[s].hand, d]));
    if (mj) {
      // §5.4: now and then an exposure claimant spoke first; mah jongg beats her and her tiles go back.
      const rival =
        !misnamed && chance(0.8)
          ? rivalExposer(
              claimants.filter((s) => s !== mj),
              d,
            )
          : null;
      interruptedPick(table.turn, rival ? [mj, rival.seat] : [mj]);
      table.floor.pop();
      table.live = null;
      if (rival) {
        spokeFirst(rival, d);
        table.turn = mj;
        emit({ type: 'call', seat: mj, mahjong: true });
        played('mahjong-over-exposure');
      } else if (rand() < 0.5) {
        table.turn = mj;
        emit({ type: 'call', seat: mj, mahjong: true });
      }
      // Claimed, it left the counts; won on, it is counted as discarded again: it lies in sight
      // with her hand (docs/table-record.md).
      table.floor.push(d);
      win(mj, { from: discarder }, [d], sole);
      return 'won';
    }
    // An exposure of a misnamed tile is refused or kills the exposer (§4.8): nobody exposes it here.
    if (misnamed) return null;
    let caller: Seat | undefined;
    let exposure: Tile[] | null = null;
    for (const s of claimants) {
      exposure = callFor(who[s], d, rand);
      if (exposure) {
        caller = s;
        break;
      }
    }
    if (!caller || !exposure) return null;
    // §5.4: now and then a farther claimant spoke first, and the nearer one at the same moment: the nearer takes it.
    const far = chance(0.4) ? rivalExposer(claimants.slice(claimants.indexOf(caller) + 1), d) : null;
    interruptedPick(table.turn, far ? [caller, far.seat] : [caller]);
    table.floor.pop();
    table.live = null;
    if (far) {
      spokeFirst(far, d);
      played('nearer-exposure');
    }
    removeTiles(who[caller].hand, exposure.slice(1));
    table.exposures[caller].push({ kind: d, tiles: [...exposure] });
    table.turn = caller;
    emit({ type: 'call', seat: caller, exposure: [...exposure], ...(far ? { together: true } : {}) });
    if (isComplete(who[caller].hand)) {
      win(caller, { from: discarder }, [], outOfTurn ? 'out-of-turn' : null);
      return 'won';
    }
    if (exchanges(caller) && isComplete(who[caller].hand)) {
      win(caller, { selfPick: true });
      return 'won';
    }
    return caller;
  };

  /** A live player not in turn throws a tile (§4.7); she is a tile short, so her hand is dead (D1). */
  const outOfTurnDiscard = (): 'won' | Seat | null | 'over' => {
    const o = pickOf(seats.filter((s) => s !== table.turn && !table.dead.has(s) && who[s].hand.length > 1));
    if (!o) return null;
    const t = chooseDiscard(who[o], mis);
    removeTiles(who[o].hand, [t]);
    table.floor.push(t);
    table.live = { tile: t, seat: o, window: t === 'J' ? 'closed' : 'open' };
    emit({ type: 'discard', seat: o, tile: t });
    played('out-of-turn');
    die(o, false);
    const over = threeDeadEnd();
    emit({ type: 'dead', seat: o, cause: 'wrong-count' });
    return over ? 'over' : claims(o, t, false, true);
  };

  /** A live player declares mah jongg in error (§8.2); exposed, she is dead, and now and then the others throw in (§8.4). Whether the game ended. */
  const mahjongInError = (): boolean => {
    const e = pickOf(seats.filter((s) => !table.dead.has(s)))!;
    const exposed = mis() < 0.7;
    const errValue = (): number => VALUES[Math.floor(mis() * VALUES.length)]!;
    if (exposed) {
      closeWindow();
      die(e, true);
    }
    const over = exposed && threeDeadEnd();
    emit({ type: 'mahjongInError', seat: e, exposed, value: errValue() });
    played('mahjong-in-error');
    if (over || !exposed || !chance(0.5)) return over;
    // Until one live hand is left: plain dead hands (rule c), now and then another error (rule b).
    for (;;) {
      const v = pickOf(seats.filter((s) => !table.dead.has(s)))!;
      const erred = mis() < 0.3;
      die(v, erred);
      const ended = threeDeadEnd();
      emit(erred ? { type: 'mahjongInError', seat: v, exposed: true, value: errValue() } : { type: 'dead', seat: v });
      if (ended) return true;
    }
  };

  if (bettor) emit({ type: 'bet', on: seats[Math.floor(rand() * seats.length)]! });
  const deadAt = rand() < 0.12 ? 3 + Math.floor(rand() * 30) : -1;
  let discards = 0;
  let actor: Seat = 'E';
  for (;;) {
    // `actor` holds her 14th tile and discards; now and then she names it wrong (§4.8).
    const d = chooseDiscard(who[actor], rand);
    removeTiles(who[actor].hand, [d]);
    const named = d !== 'J' && chance(0.006) ? NATURALS.find((t, i) => t !== d && i >= Math.floor(mis() * NATURALS.length)) : undefined;
    table.floor.push(d);
    table.live = { tile: d, seat: actor, window: d === 'J' ? 'closed' : 'open' };
    table.turn = nextLive(actor);
    emit({ type: 'discard', seat: actor, tile: d, ...(named ? { named } : {}) });
    if (named) played('misnamed');
    if (++discards === deadAt) {
      const victims = seats.filter((s) => s !== table.turn && !table.dead.has(s));
      const v = victims[Math.floor(rand() * victims.length)];
      if (v) {
        die(v, false);
        const over = threeDeadEnd();
        emit({ type: 'dead', seat: v, cause: 'wrong-count' });
        if (over) return game;
      }
    }
    const called = claims(actor, d, named !== undefined, false);
    if (called === 'won') return game;
    if (called) {
      actor = called;
      continue;
    }
    // Nobody calls. Now and then a mistake first: an out-of-turn discard, or a mah jongg in error.
    if (wallLeft(wall) > 0 && chance(0.004)) {
      const r = outOfTurnDiscard();
      if (r === 'won' || r === 'over') return game;
      if (r) {
        actor = r;
        continue;
      }
    } else if (wallLeft(wall) > 0 && chance(0.004) && mahjongInError()) return game;
    // The next live player picks.
    const x = table.turn;
    if (wallLeft(wall) === 0) {
      table.status = 'wall';
      closeWindow();
      emit({ type: 'wallGame' });
      return game;
    }
    who[x].hand.push(pickFrom(wall));
    table.wall--;
    emit({ type: 'pick', seat: x });
    if (rand() < 0.25) {
      closeWindow();
      emit({ type: 'rack', seat: x });
    }
    exchanges(x);
    if (isComplete(who[x].hand)) {
      closeWindow();
      win(x, { selfPick: true });
      return game;
    }
    actor = x;
  }
};

/** The same events with only the picks `keep` says to keep (the others are implied). */
export const withPicks = (events: readonly GameEvent[], keep: (index: number) => boolean): { events: GameEvent[]; from: number[] } => {
  const out: GameEvent[] = [];
  const from: number[] = [];
  events.forEach((e, i) => {
    if (e.type === 'pick' && !keep(i)) return;
    out.push(e);
    from.push(i);
  });
  return { events: out, from };
};
