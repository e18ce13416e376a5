import { expect, test } from 'vitest';
import fc from 'fast-check';
import type { GameEvent } from '../../src/core/events';
import { parseRecord, replaySession, serialiseRecord, type TableRecord } from '../../src/core/record';
import { generateRecord } from '../records/generate';

const sessions = [generateRecord(1, 600), generateRecord(7, 900, 60), generateRecord(42, 400, 120)];

test('generated sessions are valid records and replay legally', () => {
  for (const rec of sessions) {
    const parsed = parseRecord(serialiseRecord(rec));
    expect(parsed.ok).toBe(true);
    const r = replaySession(rec);
    if (!r.ok) throw new Error(`game ${r.error.game}, event ${r.error.index}: ${r.error.message}`);
    expect(r.value.games).toHaveLength(rec.games.length);
    for (const g of r.value.games) {
      expect(Object.values(g.net).reduce((a, b) => a + b, 0)).toBe(0);
      for (const n of Object.values(g.net)) expect(Number.isInteger(n)).toBe(true);
    }
    // Pie 2000: no session balance below −2000.
    let bal: Record<string, number> = {};
    for (const g of r.value.games) {
      bal = Object.fromEntries(Object.entries(g.net).map(([k, v]) => [k, (bal[k] ?? 0) + v]));
      for (const v of Object.values(bal)) expect(v).toBeGreaterThanOrEqual(-2000);
    }
  }
});

const prefix = (rec: TableRecord, game: number, events: number): TableRecord => ({
  ...rec,
  games: rec.games.slice(0, game + 1).map((g, i) => (i === game ? { ...g, events: g.events.slice(0, events) } : g)),
});

test('property: any prefix of a valid record replays (every event in it was accepted in that order)', () => {
  fc.assert(
    fc.property(fc.nat(sessions.length - 1), fc.nat(), fc.nat(), (s, gi, ei) => {
      const rec = sessions[s]!;
      const game = gi % rec.games.length;
      const cut = prefix(rec, game, ei % (rec.games[game]!.events.length + 1));
      const r = replaySession(cut);
      expect(r.ok, r.ok ? '' : JSON.stringify(r.error)).toBe(true);
      if (r.ok) expect(r.value.games).toHaveLength(game + 1);
    }),
    { numRuns: 150 },
  );
});

test('quick scoring: a lone-outcome game pays exactly like the same game fully recorded', () => {
  const rec = sessions[0]!;
  const full = replaySession(rec);
  if (!full.ok) throw new Error(full.error.message);
  const quickGames = rec.games.map((g) => {
    const keep: GameEvent[] = [];
    const bet = g.events.find((e) => e.type === 'bet');
    if (bet) keep.push(bet);
    const end = g.events.at(-1)!;
    if (end.type === 'wallGame') keep.push(end);
    else if (end.type === 'mahjong') {
      const fromCall = g.events.at(-2)?.type === 'call';
      keep.push({ ...end, ...(fromCall ? { from: end.from! } : { selfPick: true }) });
    }
    return { events: keep };
  });
  const quick = replaySession({ ...rec, games: quickGames });
  if (!quick.ok) throw new Error(`game ${quick.error.game}, event ${quick.error.index}: ${quick.error.message}`);
  expect(quick.value.games.map((g) => [g.payments, g.net, g.winner, g.selfPick, g.discarder])).toEqual(
    full.value.games.map((g) => [g.payments, g.net, g.winner, g.selfPick, g.discarder]),
  );
  expect(quick.value.session).toEqual(full.value.session);
});
