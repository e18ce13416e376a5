import type { GameEvent } from '../../../src/core/events';
import type { Store } from './store';

/** An ending typed at the table and not yet confirmed (migration 5). */
export interface StagedEnding {
  afterSeq: number;
  events: GameEvent[];
  stagedAt: string;
}

/** The flow around the table: staged endings, and the latest game to resume. */
export interface FlowRepo {
  staged(gameId: number): StagedEnding | null;
  stage(gameId: number, afterSeq: number, events: readonly GameEvent[]): void;
  unstage(gameId: number): void;
  /** The most recently started game (any session), or null. */
  latestGameId(): number | null;
}

export const flowRepo = (store: Store): FlowRepo => {
  const q = {
    get: store.db.prepare('SELECT after_seq, events, staged_at FROM staged_endings WHERE game_id = ?'),
    set: store.db.prepare('INSERT OR REPLACE INTO staged_endings (game_id, after_seq, events, staged_at) VALUES (?, ?, ?, ?)'),
    del: store.db.prepare('DELETE FROM staged_endings WHERE game_id = ?'),
    latest: store.db.prepare('SELECT id FROM games ORDER BY started_at DESC, id DESC LIMIT 1'),
  };
  return {
    staged: (gameId) => {
      const r = q.get.get(gameId) as { after_seq: number; events: string; staged_at: string } | undefined;
      return r ? { afterSeq: r.after_seq, events: JSON.parse(r.events) as GameEvent[], stagedAt: r.staged_at } : null;
    },
    stage: (gameId, afterSeq, events) =>
      store.transaction(() => void q.set.run(gameId, afterSeq, JSON.stringify(events), new Date().toISOString())),
    unstage: (gameId) => store.transaction(() => void q.del.run(gameId)),
    latestGameId: () => (q.latest.get() as { id: number } | undefined)?.id ?? null,
  };
};
