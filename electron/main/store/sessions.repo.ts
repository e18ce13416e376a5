import type { Store } from './store';

/** A chip of the pie as stored (src/shared/contract/session.ts Chip). */
export interface StoredChip {
  colour: string;
  points: number;
}

/** One change to a reopened session. */
export interface AuditEntry {
  at: string;
  action: string;
  reason: string;
  /** What was there before, when something was removed (a game's seating and events). */
  before: unknown;
}

/** The session screens' own rows (migrations 3 and 4), over the store's connection and transactions. */
export interface SessionsRepo {
  setChips(sessionId: number, chips: readonly StoredChip[]): void;
  chips(sessionId: number): StoredChip[];
  audit(sessionId: number, action: string, reason: string, before?: unknown): void;
  auditLog(sessionId: number): AuditEntry[];
  /** The roster ids of a session's players, in the order of its `players` list. */
  playerIds(sessionId: number): number[];
}

export const sessionsRepo = (store: Store): SessionsRepo => {
  const q = {
    set: store.db.prepare('INSERT OR REPLACE INTO session_chips (session_id, chips) VALUES (?, ?)'),
    get: store.db.prepare('SELECT chips FROM session_chips WHERE session_id = ?'),
    audit: store.db.prepare('INSERT INTO session_audit (session_id, at, action, reason, before) VALUES (?, ?, ?, ?, ?)'),
    auditLog: store.db.prepare('SELECT at, action, reason, before FROM session_audit WHERE session_id = ? ORDER BY id'),
    playerIds: store.db.prepare('SELECT player_id FROM session_players WHERE session_id = ? ORDER BY position'),
  };
  return {
    setChips: (sessionId, chips) => store.transaction(() => void q.set.run(sessionId, JSON.stringify(chips))),
    chips: (sessionId) => {
      const r = q.get.get(sessionId) as { chips: string } | undefined;
      return r ? (JSON.parse(r.chips) as StoredChip[]) : [];
    },
    audit: (sessionId, action, reason, before) =>
      store.transaction(
        () => void q.audit.run(sessionId, new Date().toISOString(), action, reason, before === undefined ? null : JSON.stringify(before)),
      ),
    auditLog: (sessionId) =>
      (q.auditLog.all(sessionId) as { at: string; action: string; reason: string; before: string | null }[]).map((r) => ({
        at: r.at,
        action: r.action,
        reason: r.reason,
        before: r.before === null ? null : (JSON.parse(r.before) as unknown),
      })),
    playerIds: (sessionId) => (q.playerIds.all(sessionId) as { player_id: number }[]).map((r) => r.player_id),
  };
};
