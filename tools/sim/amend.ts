/**
 * The amendment property (issue 25): a simulated game recorded with random mistakes, and with
 * some events typed, undone and typed again, then fixed in place with amendEvents (one fix at a
 * time, as a table would notice them; a fix that leaves a later event illegal takes the next fix
 * with it) ends in exactly the table and payments of the same game recorded right, and its audit
 * trail walks back to the log as it was typed. Used by test/sim/amend.test.ts and bench/sim-amend.ts.
 *
 * Typed the way a host types (issue 37): every discard, pick, rack and joker exchange by the player
 * in turn is a bare line the app gives to the player in turn (`implied`), so after a mistake the
 * app gives the bare lines that follow to whoever is then in turn. The `seat` family: a call given
 * to the wrong seat, or a bare discard forgotten (fixed with `fix N before w 7b`, the seat typed);
 * one fix line each, the events after it following the turn. A typed discard the fix leaves out of
 * turn is confirmed as typed (the host types it again), the usual choice.
 */
import {
  amendEvents,
  followTurn,
  isImplied,
  outcomeOf,
  payments,
  replayGame,
  TILES,
  unwindAmendments,
  sameEvent,
  type Amendment,
  type Change,
  type GameEvent,
  type Seat,
} from '../../src/core';
import { rng } from '../lib/random';
import { setupOf } from './check';
import { withPicks, type SimGame } from './game';
import { agrees, differences } from './truth';

/** One line of the typed log: the event and where it came from (`id` of a right event, or a typed-only one). */
interface Line {
  id: string;
  e: GameEvent;
}

/** A mistake as typed, and how to find it again to fix it. */
type Mistake =
  | { kind: 'tile' | 'seat' | 'value'; id: string; right: GameEvent }
  | { kind: 'forgot' | 'seat'; right: GameEvent; beforeId: string }
  | { kind: 'extra'; id: string };

export interface AmendCheck {
  seed: number;
  /** The mistakes typed ("tile at 12", ...), for a failing seed's report. */
  mistakes: string[];
  /** Fixes made (amendEvents calls that were kept). */
  fixes: number;
  /** What went wrong, or null. */
  mismatch: string | null;
}

const NATURALS = TILES.filter((t) => t !== 'J');
const WHEN = '2026-11-25T08:00:00.000Z';

/** What a host types for the player in turn: discards (before her pick too), picks, racks, joker exchanges. */
const IMPLIABLE = new Set<GameEvent['type']>(['discard', 'pick', 'rack', 'jokerExchange']);

/** The right game as a host types it: each impliable event by the player in turn marked implied. */
const asHostTypes = (events: readonly GameEvent[], setup: ReturnType<typeof setupOf>): GameEvent[] => {
  const r = replayGame(events, setup, (s, e) =>
    IMPLIABLE.has(e.type) && 'seat' in e && e.seat === s.turn ? ({ ...e, implied: true } as GameEvent) : e,
  );
  return r.ok ? r.value.log.slice() : events.slice();
};

/** The same event with its seat typed (what `fix N before w 7b` puts in). */
const typedSeat = (e: GameEvent): GameEvent => {
  const { implied: _, ...rest } = e as GameEvent & { implied?: boolean };
  return rest as GameEvent;
};

/** A mistaken copy of `e`, or null when this kind of mistake does not apply to it. */
const misTyped = (e: GameEvent, kind: 'tile' | 'seat' | 'value', seats: readonly Seat[], rand: () => number): GameEvent | null => {
  if (kind === 'tile' && e.type === 'discard') return { ...e, tile: NATURALS[Math.floor(rand() * NATURALS.length)]! };
  // A seat typed wrong: a call (c n 3 for c w 3), or a discard, rack or pick typed with a seat.
  if (kind === 'seat' && (e.type === 'call' || (!isImplied(e) && (e.type === 'discard' || e.type === 'rack' || e.type === 'pick')))) {
    const other = seats.filter((s) => s !== e.seat);
    return { ...e, seat: other[Math.floor(rand() * other.length)]! };
  }
  if (kind === 'value' && e.type === 'mahjong') return { ...e, value: e.value + 5 * (1 + Math.floor(rand() * 4)) };
  return null;
};

export const checkAmended = (g: SimGame, seed = g.seed): AmendCheck => {
  const rand = rng(seed ^ 0xa3e7d);
  const setup = setupOf(g);
  // A host types no picks (the discard implies them); one game in three records them all.
  const right = asHostTypes(seed % 3 === 0 ? g.events : withPicks(g.events, () => false).events, setup);
  const out: AmendCheck = { seed, mistakes: [], fixes: 0, mismatch: null };
  const fail = (m: string): AmendCheck => ({ ...out, mismatch: m });
  const rightState = replayGame(right, setup);
  if (!rightState.ok) return fail(`the right game does not replay: ${rightState.error.error.message}`);

  // Typed: the right game, with some events typed, undone (u) and typed again.
  let typed: Line[] = right.map((e, i) => ({ id: `r${i}`, e }));
  for (let k = Math.floor(rand() * 3); k > 0; k--) {
    const at = Math.floor(rand() * (typed.length - 1));
    const line = typed[at]!;
    if (line.e.type === 'retract' || !line.id.startsWith('r')) continue;
    typed.splice(at, 0, { id: `u${k}a`, e: line.e }, { id: `u${k}b`, e: { type: 'retract' } });
  }
  /** What the line should be: the right game's event (an earlier mistake may have moved its seat as typed). */
  const rightOf = (line: Line): GameEvent => right[Number(line.id.slice(1))]!;
  /** The lines as the app records them (implied ones given to the player then in turn), or null if the table refuses one. */
  const asRecorded = (lines: Line[]): Line[] | null => {
    const f = followTurn(
      lines.map((l) => l.e),
      setup,
    );
    return f.failed ? null : lines.map((l, i) => ({ id: l.id, e: f.events[i]! }));
  };

  // Up to three mistakes, each kept only if the game as typed is still legal (the table would have refused it).
  const mistakes: Mistake[] = [];
  const touched = new Set<string>();
  const kinds = ['tile', 'tile', 'seat', 'seat', 'seat', 'seat', 'forgot', 'extra', 'value'] as const;
  /** A seat mistake is typed on a call or a bare discard (half each, when the game has them). */
  const seatLine = (): number => {
    const want =
      rand() < 0.5 ? (e: GameEvent) => e.type === 'call' && !('mahjong' in e) : (e: GameEvent) => e.type === 'discard' && isImplied(e);
    const at = typed.map((l, j) => (want(l.e) ? j : -1)).filter((j) => j >= 0 && j < typed.length - 1);
    return at.length ? at[Math.floor(rand() * at.length)]! : Math.floor(rand() * (typed.length - 1));
  };
  for (let tries = 0, want = 1 + Math.floor(rand() * 3); tries < 24 && mistakes.length < want; tries++) {
    const kind = kinds[Math.floor(rand() * kinds.length)]!;
    const i = kind === 'value' ? typed.length - 1 : kind === 'seat' ? seatLine() : Math.floor(rand() * (typed.length - 1));
    const line = typed[i]!;
    // Mistakes stay apart (no two on the same or neighbouring lines), so each is found again unambiguously.
    if (!line.id.startsWith('r') || line.e.type === 'retract' || [i - 1, i, i + 1].some((j) => touched.has(typed[j]?.id ?? ''))) continue;
    const next = typed.slice();
    let m: Mistake;
    if (kind === 'forgot' || (kind === 'seat' && line.e.type === 'discard' && isImplied(line.e))) {
      // Forgotten: the bare lines after it go to whoever the app then has in turn.
      const after = typed[i + 1]!;
      if (!after.id.startsWith('r')) continue;
      next.splice(i, 1);
      m = { kind, right: kind === 'seat' ? typedSeat(rightOf(line)) : rightOf(line), beforeId: after.id };
    } else if (kind === 'extra') {
      const id = `x${tries}`;
      const seat =
        setup.players === 3
          ? (['E', 'S', 'W'] as const)[Math.floor(rand() * 3)]!
          : (['E', 'S', 'W', 'N'] as const)[Math.floor(rand() * 4)]!;
      next.splice(i, 0, { id, e: { type: 'discard', seat, tile: NATURALS[Math.floor(rand() * NATURALS.length)]! } });
      m = { kind, id };
    } else {
      const wrong = misTyped(line.e, kind, g.players === 3 ? ['E', 'S', 'W'] : ['E', 'S', 'W', 'N'], rand);
      if (!wrong || sameEvent(wrong, line.e)) continue;
      next[i] = { id: line.id, e: wrong };
      m = { kind, id: line.id, right: rightOf(line) };
    }
    const recorded = asRecorded(next);
    if (!recorded) continue;
    for (const j of [i - 1, i, i + 1]) if (typed[j]) touched.add(typed[j]!.id);
    if ('id' in m) touched.add(m.id);
    typed = recorded;
    mistakes.push(m);
    out.mistakes.push(`${kind} at ${i + 1}`);
  }
  const asTyped = typed.map((l) => l.e);

  // Fix them in the order the events come in the game, one at a time.
  const where = (id: string): number => typed.findIndex((l) => l.id === id);
  const order = mistakes
    .map((m) => ({ m, pos: where('beforeId' in m ? m.beforeId : m.id) }))
    .sort((a, b) => a.pos - b.pos)
    .map((x) => x.m);
  const trail: Amendment[] = [];
  // `typed` moves with every fix as it is decided; `kept` is the log as the last kept fix left it.
  let kept = asTyped;
  let waiting: Change[] = [];
  for (const m of order) {
    if ('beforeId' in m) {
      const at = where(m.beforeId);
      waiting.push({ at: at + 1, action: 'insert', event: m.right });
      typed.splice(at, 0, { id: 'fixed', e: m.right });
    } else if (m.kind === 'extra') {
      const at = where(m.id);
      waiting.push({ at: at + 1, action: 'delete' });
      typed.splice(at, 1);
    } else {
      const at = where(m.id);
      waiting.push({ at: at + 1, action: 'replace', event: m.right });
      typed[at] = { id: m.id, e: m.right };
    }
    let r = amendEvents(kept, setup, waiting, WHEN);
    // A typed discard the fix leaves out of turn: the host keeps it as typed (fix it too, the same).
    for (let k = 0; !r.ok && r.error.kind === 'later' && r.error.outOfTurn && k < 20; k++) {
      waiting.push({ at: r.error.at, action: 'replace', event: r.error.event });
      r = amendEvents(kept, setup, waiting, WHEN);
    }
    if (!r.ok && r.error.kind === 'change') return fail(`fix ${JSON.stringify(waiting)} refused: ${r.error.message}`);
    if (!r.ok) continue; // a later event is illegal until the next fix: made together with it
    // The bare lines after the fix follow the turn: the log the fixes describe, as the app records it.
    const followed = followTurn(
      typed.map((l) => l.e),
      setup,
    );
    if (followed.failed) return fail(`the fixed log does not replay: ${followed.failed.error.message}`);
    typed = typed.map((l, i) => ({ id: l.id, e: followed.events[i]! }));
    if (!r.value.events.every((e, i) => sameEvent(e, typed[i]?.e)) || r.value.events.length !== typed.length)
      return fail('the fixed log is not the log the fixes describe');
    trail.push(...r.value.amendments);
    kept = r.value.events;
    out.fixes++;
    waiting = [];
  }
  if (waiting.length) return fail(`the last fixes left a later event illegal: ${JSON.stringify(waiting)}`);

  // The fixed game is the right game: the table and the payments.
  const fixed = replayGame(
    typed.map((l) => l.e),
    setup,
  );
  if (!fixed.ok) return fail(`the fixed game does not replay: ${fixed.error.error.message}`);
  const truth = g.truths.at(-1)!;
  if (!agrees(fixed.value, truth)) return fail(`the fixed game's table differs: ${differences(fixed.value, truth).join('; ')}`);
  const pay = (s: typeof fixed.value) => JSON.stringify(payments(outcomeOf(s), { bettor: setup.bettor, rules: setup.rules }));
  if (pay(fixed.value) !== pay(rightState.value)) return fail(`the payments differ: ${pay(fixed.value)} against ${pay(rightState.value)}`);
  if (JSON.stringify(outcomeOf(fixed.value)) !== JSON.stringify(outcomeOf(rightState.value))) return fail('the outcome differs');
  // The trail walks back to the game as typed.
  const back = unwindAmendments(
    typed.map((l) => l.e),
    trail,
  );
  if (!back.ok) return fail(back.error.message);
  if (back.value.length !== asTyped.length || back.value.some((e, i) => !sameEvent(e, asTyped[i])))
    return fail('the trail does not walk back to the game as typed');
  return out;
};
