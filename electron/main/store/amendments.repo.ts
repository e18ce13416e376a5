import { sameEvent, unwindAmendments, type Amendment } from '../../../src/core/amend';
import type { GameEvent } from '../../../src/core/events';
import { StoreError, type Store } from './store';

/**
 * Amended games (migration 8). `amend` writes a game's amended log and appends its amendments
 * in one transaction: a kill at any moment leaves the old game or the new one, never a mix. The
 * trail is checked against the stored log before anything is written (walking the amendments
 * back from the new log must give the log as stored), so the two can never disagree.
 */
export interface AmendmentsRepo {
  /**
   * Replace game `gameId`'s log with `events`, made from it by `amendments` (in order). `afterSeq`:
   * the game's last seq the change was judged on (a stale page is refused). Returns the new last seq.
   */
  amend(gameId: number, events: readonly GameEvent[], amendments: readonly Amendment[], afterSeq: number): number;
  /** A game's amendments, oldest first. */
  list(gameId: number): Amendment[];
  /** Append amendments made elsewhere (an imported record's trail), without touching the log. */
  append(gameId: number, amendments: readonly Amendment[]): void;
}

interface Row {
  seq: number;
  payload: string;
  recorded_at: string;
}

export const amendmentsRepo = (store: Store): AmendmentsRepo => {
  const q = {
    rows: store.db.prepare('SELECT seq, payload, recorded_at FROM events WHERE game_id = ? ORDER BY seq'),
    dropFrom: store.db.prepare('DELETE FROM events WHERE game_id = ? AND seq > ?'),
    insertEvent: store.db.prepare('INSERT INTO events (game_id, seq, type, payload, recorded_at) VALUES (?, ?, ?, ?, ?)'),
    updateEvent: store.db.prepare('UPDATE events SET type = ?, payload = ?, recorded_at = ? WHERE game_id = ? AND seq = ?'),
    insert: store.db.prepare('INSERT INTO amendments (game_id, at, action, event, was, length, made_at) VALUES (?, ?, ?, ?, ?, ?, ?)'),
    list: store.db.prepare('SELECT at, action, event, was, length, made_at FROM amendments WHERE game_id = ? ORDER BY id'),
  };
  /** `trail`: the amendments are already in the stored log (an import): the group gets them as history only. */
  const appendRows = (gameId: number, amendments: readonly Amendment[], trail: boolean): void => {
    const game = store.outbox.joined() ? store.outbox.gid('games', gameId) : null;
    for (const a of amendments) {
      q.insert.run(
        gameId,
        a.at,
        a.action,
        a.event ? JSON.stringify(a.event) : null,
        a.was ? JSON.stringify(a.was) : null,
        a.length,
        a.when,
      );
      if (game !== null) store.outbox.note('amendment', { game, ...a, ...(trail ? { trail: true } : {}) });
    }
  };
  return {
    amend: (gameId, events, amendments, afterSeq) =>
      store.transaction(() => {
        if (!store.getGame(gameId)) throw new StoreError('ERR_NOT_FOUND', `no game with id ${gameId}`);
        const rows = q.rows.all(gameId) as unknown as Row[];
        if (rows.length !== afterSeq)
          throw new StoreError('ERR_CONFLICT', `the game has moved on (last event ${rows.length}, not ${afterSeq}): reload it`);
        const back = unwindAmendments(events, amendments);
        // Each event as stored is its payload's text: compare texts first (cheap), then the events.
        const same = (e: GameEvent, r: Row): boolean => JSON.stringify(e) === r.payload || sameEvent(e, JSON.parse(r.payload) as GameEvent);
        if (!back.ok || back.value.length !== rows.length || back.value.some((e, i) => !same(e, rows[i]!)))
          throw new StoreError('ERR_CONFLICT', 'the fix does not match the game as stored: reload it');
        // Where each new event came from (its row, for the time it was first recorded), or -1: new.
        const from = rows.map((_, i) => i);
        for (const a of amendments) {
          if (a.action === 'insert') from.splice(a.at - 1, 0, -1);
          else if (a.action === 'delete') from.splice(a.at - 1, 1);
        }
        // Only the rows that change are written: a replaced event is one UPDATE; an insert or a
        // drop moves the rows after it by one place.
        const now = new Date().toISOString();
        events.forEach((e, i) => {
          const payload = JSON.stringify(e);
          const origin = from[i]!;
          const at = origin >= 0 ? rows[origin]!.recorded_at : now;
          const old = rows[i];
          if (!old) q.insertEvent.run(gameId, i + 1, e.type, payload, at);
          else if (old.payload !== payload || old.recorded_at !== at) q.updateEvent.run(e.type, payload, at, gameId, i + 1);
        });
        q.dropFrom.run(gameId, events.length);
        appendRows(gameId, amendments, false);
        return events.length;
      }),
    list: (gameId) =>
      (
        q.list.all(gameId) as unknown as {
          at: number;
          action: Amendment['action'];
          event: string | null;
          was: string | null;
          length: number;
          made_at: string;
        }[]
      ).map((r) => {
        const a: Amendment = { at: r.at, action: r.action, length: r.length, when: r.made_at };
        if (r.event !== null) a.event = JSON.parse(r.event) as GameEvent;
        if (r.was !== null) a.was = JSON.parse(r.was) as GameEvent;
        return a;
      }),
    append: (gameId, amendments) => store.transaction(() => appendRows(gameId, amendments, true)),
  };
};
