import type { GameEvent } from '../../../core/events';
import type { AuditEntry, Ledger } from '../../../shared/contract/session';
import { api } from '../api';

/**
 * One session as the screens see it: the ledger main builds with the rules engine, reloaded
 * after every change. The page never computes a payment, a balance or a seating itself.
 */
export class SessionState {
  ledger = $state.raw<Ledger | null>(null);
  problem = $state<string | null>(null);
  busy = $state(false);
  /** Changes made after the session was reopened. */
  audit = $state.raw<AuditEntry[]>([]);
  /** Set when a reopened session is being edited: every change is audited with it. */
  editReason = $state<string | null>(null);
  /** What the latest correction changed, one sentence per event ("Fixed: event 1, …"). */
  corrected = $state.raw<string[]>([]);

  constructor(readonly sessionId: number) {}

  async load(): Promise<void> {
    const r = await api.sessionLedger({ sessionId: this.sessionId });
    if (r.ok) {
      this.ledger = r.value;
      this.problem = null;
    } else this.problem = r.error.message;
    const a = await api.sessionAudit({ sessionId: this.sessionId });
    if (a.ok) this.audit = a.value;
  }

  /** Take the last game out (an audited edit); returns the refusal's message, or null. */
  async removeLastGame(): Promise<string | null> {
    const r = await api.removeLastGame({ sessionId: this.sessionId, reason: this.editReason ?? '' });
    await this.load();
    return r.ok ? null : r.error.message;
  }

  /** Record a game by its ending only (and the bet); returns the refusal's message, or null. */
  async quickScore(events: GameEvent[]): Promise<string | null> {
    if (this.busy) return 'still saving the last game';
    this.busy = true;
    try {
      const open = this.ledger?.openGame;
      const r = await api.quickScore({
        sessionId: this.sessionId,
        events,
        ...(open ? { gameId: open.id } : {}),
        ...(this.editReason ? { reason: this.editReason } : {}),
      });
      if (!r.ok) return r.error.message;
      await this.load();
      return null;
    } finally {
      this.busy = false;
    }
  }

  /**
   * Correct a confirmed game's ending (the whole ending as the quick-score form sends it); returns
   * the refusal's message, or null once the ledger is reloaded. `done` says what changed.
   */
  async correctGame(gameId: number, events: GameEvent[]): Promise<string | null> {
    if (this.busy) return 'still saving the last change';
    this.busy = true;
    try {
      const r = await api.correctGame({
        sessionId: this.sessionId,
        gameId,
        events,
        ...(this.editReason ? { reason: this.editReason } : {}),
      });
      if (!r.ok) return r.error.message;
      this.corrected = r.value.lines;
      await this.load();
      return null;
    } finally {
      this.busy = false;
    }
  }

  /** Start the next game by the rotation, with the bet if one was made; returns its id or a refusal. */
  async startAtTable(bet: GameEvent | null): Promise<{ gameId: number } | { problem: string }> {
    const g = await api.startGame({ sessionId: this.sessionId });
    if (!g.ok) return { problem: g.error.message };
    if (bet) {
      const b = await api.appendEvent({ gameId: g.value.id, event: bet, afterSeq: 0 });
      if (!b.ok) return { problem: b.error.message };
    }
    return { gameId: g.value.id };
  }
}
