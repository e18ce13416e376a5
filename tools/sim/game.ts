/**
 * The game loop of the table simulator: from a seed, a whole legal game as the players would
 * play it, with its table record (every pick explicit; drop any of them to get the same game with
 * picks implied) and the table's truth after every event.
 */
import { rightOf, seatsFor, type GameEvent, type Seat, type Tile } from '../../src/core';
import { rng } from '../lib/random';
import { callFor, chooseDiscard, exchangeOffer, holdsJoker, isComplete, newPlayer, removeTiles, type Player } from './player';
import { newTable, truthOf, type Truth } from './truth';
import { buildAndDeal, pickFrom, putBack, wallLeft } from './wall';

export interface SimOptions {
  players?: 3 | 4;
  /** A fifth player sits out and bets. */
  bettor?: boolean;
}

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
}

const VALUES = [25, 25, 30, 30, 35, 40, 50];

export const simulateGame = (seed: number, opts: SimOptions = {}): SimGame => {
  const rand = rng(seed);
  const players = opts.players ?? (rand() < 0.2 ? 3 : 4);
  const bettor = opts.bettor ?? (players === 4 && rand() < 0.25);
  const { wall, hands, dice } = buildAndDeal(players, rand);
  const seats = seatsFor(players);
  const table = newTable(seats, wallLeft(wall));
  const who = {} as Record<Seat, Player>;
  for (const s of seats) who[s] = newPlayer(hands[s]!);
  const game: SimGame = { seed, players, bettor, dice, events: [], truths: [], interrupted: [] };
  const emit = (e: GameEvent): void => {
    game.events.push(e);
    game.truths.push(truthOf(table));
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
  /** The player in turn picks before a rival's call, and puts the tile back (§4.3). */
  const interruptedPick = (x: Seat, caller: Seat): void => {
    if (x === caller || wallLeft(wall) === 0 || rand() >= 0.3) return;
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
      const offer = exchangeOffer(who[s], seats.map((x) => ({ seat: x, list: table.exposures[x] })));
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
  const win = (s: Seat, how: { from: Seat } | { selfPick: true }, extra: Tile[] = []): void => {
    table.status = 'mahjong';
    emit({ type: 'mahjong', seat: s, value: value(), jokerless: jokerless(s, extra), ...how });
  };

  if (bettor) emit({ type: 'bet', on: seats[Math.floor(rand() * seats.length)]! });
  const deadAt = rand() < 0.12 ? 3 + Math.floor(rand() * 30) : -1;
  let discards = 0;
  let actor: Seat = 'E';
  for (;;) {
    // `actor` holds her 14th tile and discards.
    const d = chooseDiscard(who[actor], rand);
    removeTiles(who[actor].hand, [d]);
    table.floor.push(d);
    table.live = { tile: d, seat: actor, window: d === 'J' ? 'closed' : 'open' };
    table.turn = nextLive(actor);
    emit({ type: 'discard', seat: actor, tile: d });
    if (++discards === deadAt) {
      const victims = seats.filter((s) => s !== table.turn && !table.dead.has(s));
      const v = victims[Math.floor(rand() * victims.length)]!;
      table.dead.add(v);
      emit({ type: 'dead', seat: v, cause: 'wrong-count' });
    }
    const discarder = actor;
    const claimants = d === 'J' ? [] : distanceOrder(discarder);
    const mj = claimants.find((s) => isComplete([...who[s].hand, d]));
    if (mj) {
      interruptedPick(table.turn, mj);
      table.floor.pop();
      table.live = null;
      if (rand() < 0.5) {
        table.turn = mj;
        emit({ type: 'call', seat: mj, mahjong: true });
      }
      win(mj, { from: discarder }, [d]);
      return game;
    }
    let caller: Seat | undefined;
    let exposure: Tile[] | null = null;
    for (const s of claimants) {
      exposure = callFor(who[s], d, rand);
      if (exposure) {
        caller = s;
        break;
      }
    }
    if (caller && exposure) {
      interruptedPick(table.turn, caller);
      removeTiles(who[caller].hand, exposure.slice(1));
      table.floor.pop();
      table.exposures[caller].push({ kind: d, tiles: [...exposure] });
      table.live = null;
      table.turn = caller;
      emit({ type: 'call', seat: caller, exposure: [...exposure] });
      if (isComplete(who[caller].hand)) {
        win(caller, { from: discarder });
        return game;
      }
      if (exchanges(caller) && isComplete(who[caller].hand)) {
        win(caller, { selfPick: true });
        return game;
      }
      actor = caller;
      continue;
    }
    // Nobody calls: the next live player picks.
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
