import type { Store } from './store';

/** A chip of the pie as stored (src/shared/contract/session.ts Chip). */
export interface StoredChip {
  colour: string;
  points: number;
}

/** The session screens' own rows (migration 3), over the store's connection and transactions. */
export interface SessionsRepo {
  setChips(sessionId: number, chips: readonly StoredChip[]): void;
  chips(sessionId: number): StoredChip[];
}

export const sessionsRepo = (store: Store): SessionsRepo => {
  const q = {
    set: store.db.prepare('INSERT OR REPLACE INTO session_chips (session_id, chips) VALUES (?, ?)'),
    get: store.db.prepare('SELECT chips FROM session_chips WHERE session_id = ?'),
  };
  return {
    setChips: (sessionId, chips) => store.transaction(() => void q.set.run(sessionId, JSON.stringify(chips))),
    chips: (sessionId) => {
      const r = q.get.get(sessionId) as { chips: string } | undefined;
      return r ? (JSON.parse(r.chips) as StoredChip[]) : [];
    },
  };
};
