import { replayGame, type GameState } from '../../../core/game';
import type { GameEvent } from '../../../core/events';
import { SEAT_NAMES, type Seat } from '../../../core/seats';
import type { Tile } from '../../../core/tiles';
import { api } from '../../lib/api';
import { router } from '../../lib/router.svelte';
import { describe, GameStore } from '../../lib/state/game.svelte';
import { parseCommand, type Command } from './command';
import { echoOf, type Stored } from './echo';

/** What the camera panel offers a host screen that owns the keyboard. */
export interface CameraKeys {
  confirm(): boolean;
  dismiss(): boolean;
  pick(n: number): boolean;
}

/**
 * The table screen's state beside the game store: the command line and its preview, the echo
 * of what Enter stored, camera mode's keys, review, the live window's clock, the next game.
 */
export class TableScreen {
  line = $state('');
  input = $state<HTMLInputElement>();
  camera = $state(false);
  /** teaching the camera a tile set: it takes the whole centre */
  calibrating = $state(false);
  cameraPanel = $state<CameraKeys | null>(null);
  nextProblem = $state<string | null>(null);
  /** The echo of the last event stored from this screen. */
  last = $state.raw<Stored | null>(null);
  reviewing = $state(false);
  step = $state(0);
  now = $state(Date.now());
  openedAt = $state(Date.now());
  #seenLive = -1;

  constructor(readonly store: GameStore, readonly sessionId: number) {}

  get s(): GameState | null {
    return this.store.state;
  }
  get names(): Partial<Record<Seat, string>> {
    return this.store.game?.seating ?? {};
  }
  get over(): boolean {
    return this.s !== null && this.s.status !== 'in-progress';
  }
  get command(): Command | null {
    return this.s ? parseCommand(this.line, this.s, this.names) : null;
  }

  /** Called on every state: the live window's clock restarts with each new discard. */
  watchLive(): void {
    const idx = this.s?.live?.eventIndex ?? -1;
    if (idx !== this.#seenLive) {
      this.#seenLive = idx;
      this.openedAt = Date.now();
    }
  }
  get openFor(): number {
    return Math.max(0, Math.round((this.now - this.openedAt) / 1000));
  }

  /** The board's counts: at the review step, or now. */
  get counts(): GameState['tiles'] | null {
    const s = this.s;
    if (this.reviewing && s && this.store.setup) {
      const r = replayGame(s.log.slice(0, this.step), this.store.setup);
      if (r.ok) return r.value.tiles;
    }
    return s?.tiles ?? null;
  }
  get stepText(): string {
    const s = this.s;
    if (!s) return '';
    const e = this.step > 0 ? s.log[this.step - 1] : undefined;
    return `after ${this.step} of ${s.log.length}${e ? `: ${describe(e)}` : ''}`;
  }

  get preview(): string {
    const s = this.s;
    const c = this.command;
    if (!s) return '';
    if (c?.kind === 'event' || c?.kind === 'undo' || c?.kind === 'meta') return c.preview;
    if (c?.kind === 'problem') return c.message;
    if (this.over && this.store.staged.length) return 'Type ok to confirm the payouts, or u to undo';
    if (this.over) return 'Type next for the next game, or ledger';
    return `${SEAT_NAMES[s.turn]}${this.names[s.turn] ? ` (${this.names[s.turn]})` : ''} to play: type a tile and Enter`;
  }
  /** ok; bad: the line cannot be recorded; warn: a discard out of turn (said before Enter). */
  get tone(): 'ok' | 'bad' | 'warn' {
    const c = this.command;
    if (c?.kind === 'problem') return 'bad';
    return c?.kind === 'event' && c.event.type === 'discard' && c.preview.includes('out of turn') ? 'warn' : 'ok';
  }

  /** Record one event; the echo says what was stored. */
  record(event: GameEvent): string | null {
    const refused = this.store.dispatch(event);
    if (refused === null) this.last = echoOf(event, this.store.state);
    return refused;
  }

  async submit(): Promise<void> {
    const { store } = this;
    const command = this.command;
    if (!this.s || !command) return;
    if (command.kind === 'meta') {
      if (command.word === 'ledger') return void router.go('session', { sessionId: this.sessionId });
      if (command.word === 'home') return void router.home();
      if (command.word === 'next') {
        if (this.over && store.committed) return void this.nextGame();
        return void (store.refusal = 'The game is not over: next starts the next game once the payouts are confirmed');
      }
      if (!this.over || store.staged.length === 0) return void (store.refusal = 'There is no payout sheet to confirm');
      if ((await store.confirm()) === null) {
        this.line = '';
        this.last = { ...echoOf({ type: 'wallGame' }, null), text: 'Payouts confirmed and saved' };
      }
      return;
    }
    if (command.kind === 'empty') return;
    if (command.kind === 'problem') {
      store.refusal = command.message;
      return;
    }
    const refused = command.kind === 'undo' ? store.undo() : this.record(command.event);
    // A refusal keeps what was typed; a recorded action clears the line for the next one.
    if (refused === null) this.line = '';
  }

  /**
   * Camera mode: with nothing typed, Enter records the camera's proposal, 1-3 a runner-up and
   * Escape drops it; each falls through to the command line when there is no proposal.
   */
  #cameraKey(e: KeyboardEvent): boolean {
    const panel = this.cameraPanel;
    if (!this.camera || !panel || this.line.trim() !== '' || e.ctrlKey || e.metaKey || e.altKey) return false;
    if (e.key === 'Enter') return panel.confirm();
    if (e.key === 'Escape') return panel.dismiss();
    if (e.key === '1' || e.key === '2' || e.key === '3') return panel.pick(Number(e.key));
    return false;
  }

  /** Keys on the command line. */
  onkey = (e: KeyboardEvent): void => {
    if (this.#cameraKey(e)) {
      e.preventDefault();
      return;
    }
    if (e.key === 'Enter') {
      e.preventDefault();
      void this.submit();
    } else if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') {
      e.preventDefault();
      this.store.undo();
    } else if (e.key === 'Escape') {
      this.line = '';
      this.store.refusal = null;
    }
  };

  /** Typing anywhere on the screen goes to the command line. */
  onwindowkey = (e: KeyboardEvent): void => {
    const t = e.target as HTMLElement | null;
    if (t === this.input || (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT'))) return;
    if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) this.input?.focus();
  };

  #focusLine(): void {
    queueMicrotask(() => this.input?.focus());
  }

  /** A board tile completes a seat prefix or an exchange, else it is the discard itself. */
  choose = (tile: Tile): void => {
    const line = this.line.trim();
    const parsed = line.split(/\s+/).filter(Boolean);
    const t = tile.toLowerCase();
    this.line = parsed.length === 1 && ['e', 's', 'w', 'n'].includes(parsed[0]!.toLowerCase()) ? `${parsed[0]} ${t}` : /^x\s+\w$/i.test(line) ? `${line} ${t}` : t;
    this.#focusLine();
  };

  /** A seat's name puts its letter on the line (an empty line becomes a call). */
  pickSeat = (seat: Seat): void => {
    const k = seat.toLowerCase();
    this.line = this.line.trim() === '' ? `c ${k} ` : `${this.line.trimEnd()} ${k} `;
    this.#focusLine();
  };

  nextGame = async (): Promise<void> => {
    this.nextProblem = null;
    const g = await api.startGame({ sessionId: this.sessionId });
    if (!g.ok) this.nextProblem = g.error.message;
    else {
      this.line = '';
      this.last = null;
      router.go('table', { sessionId: this.sessionId, gameId: g.value.id });
    }
  };
}
