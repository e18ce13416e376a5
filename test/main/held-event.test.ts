import { expect, test } from 'vitest';
import type { GameEvent } from '../../src/core/events';
import type { Seat } from '../../src/core/seats';
import type { Ledger } from '../../src/shared/contract/session';
import type { GameInfo, GameView } from '../../src/shared/types';
import { useServices } from './fixture';

/**
 * A game stored by the earlier app that holds an event today's rulings refuse (a claim after her
 * own pick; three dead hands without the erring value). Written straight into a real SQLite
 * file, as the older app did, then opened through the real services: it loads up to that event,
 * which is named in a sentence, and everything stored stays until the player fixes or drops it.
 */

const f = useServices();
const four = { players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'] };
const D = (seat: Seat, tile: string): GameEvent => ({ type: 'discard', seat, tile }) as GameEvent;
const pick = (seat: Seat): GameEvent => ({ type: 'pick', seat });
const pung = (seat: Seat, tile: string): GameEvent => ({ type: 'call', seat, exposure: [tile, tile, tile] }) as GameEvent;

/** The older app's log: West picked, then called South's Five Bam anyway (her pick went back). */
const claimAfterPick = [D('E', '1B'), D('S', '5B'), pick('W'), pung('W', '5B'), D('W', '9C'), D('N', '2D')];

/** A game whose events go straight into the store, unjudged, as the older app wrote them. */
const written = async (events: GameEvent[]): Promise<GameInfo> => {
  const s = await f.value<{ id: number }>('setupSession', { setup: four });
  const game = await f.value<GameInfo>('startGame', { sessionId: s.id });
  events.forEach((e, i) => f.store.appendEvent(game.id, e, i));
  return game;
};

test('a claim after her own pick: the game opens before it, says why, and keeps every stored event', async () => {
  const game = await written(claimAfterPick);
  f.restart();
  const v = await f.value<GameView>('loadGame', { gameId: game.id });
  expect(v.events.map((e) => e.event)).toEqual(claimAfterPick);
  expect(v.state.log).toEqual(claimAfterPick.slice(0, 3));
  expect(v.held).toMatchObject({ at: 4, kept: 3 });
  expect(v.held!.message).toBe(
    "Event 4, a pung of Five Bam called by West, is no longer allowed: West has picked from the wall: she can no longer claim South's Five Bam (the others may still call it while its window is open). The game stands just before it; events 4 to 6 are kept as stored until you fix it (fix 4 and what it was) or drop it (fix 4 drop)",
  );
});

test('nothing can be added behind a held event; dropping it lets the game go on', async () => {
  const game = await written(claimAfterPick);
  const refusal = await f.refusal('appendEvent', { gameId: game.id, event: D('E', '3C'), afterSeq: 6 });
  expect(refusal).toBe(
    'Event 4, a pung of Five Bam called by West, is no longer allowed: fix it first (fix 4 and what it was, or fix 4 drop).',
  );
  expect(f.store.loadEvents(game.id).map((e) => e.event)).toEqual(claimAfterPick);
  const r = await f.value<{ stored: boolean }>('amendGame', { gameId: game.id, changes: [{ at: 4, action: 'delete' }], afterSeq: 6 });
  expect(r.stored).toBe(true);
  const v = await f.value<GameView>('loadGame', { gameId: game.id });
  expect(v.held).toBeUndefined();
  expect(v.state.log).toEqual([...claimAfterPick.slice(0, 3), ...claimAfterPick.slice(4)]);
  await f.value('appendEvent', { gameId: game.id, event: D('E', '3C'), afterSeq: 5 });
});

test('a later event still refused after the fix is named, and nothing is written', async () => {
  // West's own discard after her refused call stands; a second call by West after a pick is refused too.
  const log = [...claimAfterPick.slice(0, 5), pick('N'), pung('N', '9C')];
  const game = await written(log);
  const v = await f.value<GameView>('loadGame', { gameId: game.id });
  expect(v.held?.at).toBe(4);
  const r = await f.value<{ stored: boolean; later?: { at: number; message: string } }>('amendGame', {
    gameId: game.id,
    changes: [{ at: 4, action: 'delete' }],
  });
  expect(r).toMatchObject({ stored: false, later: { at: 6 } });
  expect(f.store.loadEvents(game.id).map((e) => e.event)).toEqual(log);
});

test('three dead hands without the erring value: a confirmed game of the older app; the ledger and the session list still open', async () => {
  const s = await f.value<{ id: number }>('setupSession', { setup: four });
  const g1 = await f.value<GameInfo>('startGame', { sessionId: s.id });
  const erred: GameEvent = { type: 'mahjongInError', seat: 'W', exposed: true };
  const threeDead = [
    D('E', '1B'),
    D('S', '2B'),
    erred,
    { type: 'dead', seat: 'N', by: 'E' },
    { type: 'dead', seat: 'S', by: 'E' },
  ] as GameEvent[];
  threeDead.forEach((e, i) => f.store.appendEvent(g1.id, e, i));
  f.restart();
  const v = await f.value<GameView>('loadGame', { gameId: g1.id });
  expect(v.held?.at).toBe(5);
  expect(v.held?.message).toMatch(/^Event 5, .+, is no longer allowed: What was West's hand worth\? .+ \(fix 5 drop\)$/);
  const ledger = await f.value<Ledger>('sessionLedger', { sessionId: s.id });
  expect(ledger.games[0]).toMatchObject({ number: 1, status: 'in-progress', held: v.held!.message });
  expect((await f.value<{ id: number }[]>('listSessions', {})).map((x) => x.id)).toContain(s.id);
  // The fix: the value on her mah jongg in error; the game ends and pays.
  const fixed = await f.value<{ stored: boolean }>('amendGame', {
    gameId: g1.id,
    changes: [{ at: 3, action: 'replace', event: { ...erred, value: 25 } }],
  });
  expect(fixed.stored).toBe(true);
  const after = await f.value<Ledger>('sessionLedger', { sessionId: s.id });
  expect(after.games[0]).toMatchObject({ status: 'three-dead' });
  expect(after.games[0]!.held).toBeUndefined();
});
