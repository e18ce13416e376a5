import { applyChanges, undoneBy, type Change } from '../../../core/amend';
import { eventName } from '../../../core/eventName';
import { replayGame, type GameState } from '../../../core/game';
import type { GameEvent } from '../../../core/events';
import { SEAT_NAMES, type Seat } from '../../../core/seats';
import type { Tile } from '../../../core/tiles';
import { api } from '../../lib/api';
import { router } from '../../lib/router.svelte';
import { GameStore } from '../../lib/state/game.svelte';
import { parseCommand, type Command } from './command';
import { echoOf, recentEvents, type RecentRow, type Stored } from './echo';
import { fixHints, fixRows, isFixLine, parseFix, standing, type FixCommand, type FixHint, type FixRow } from './fixCommand';
import { HandPicker } from './handPicker.svelte';

/** A fix waiting on a later event it made illegal: fix that one too, or drop it (or Esc). */
export interface PendingFix {
  changes: Change[];
  /** The later event, in the log as the changes leave it. */
  at: number;
  message: string;
  /** A stored event today's rules refuse (the game was kept by an earlier app): no Esc back to it. */
  held?: boolean;
}

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
  /** teaching the camera a tile set, or a floor check's result: the camera takes the whole centre */
  cameraWide = $state(false);
  cameraPanel = $state<CameraKeys | null>(null);
  nextProblem = $state<string | null>(null);
  /** The echo of the last event stored from this screen. */
  last = $state.raw<Stored | null>(null);
  reviewing = $state(false);
  step = $state(0);
  now = $state(Date.now());
  openedAt = $state(Date.now());
  #seenLive = -1;
  #pending = $state.raw<PendingFix | null>(null);
  /**
   * A fix waiting on a later event it made illegal; else a stored event today's rules refuse,
   * which waits the same way (fix it or drop it) and cannot be put aside with Esc.
   */
  get pending(): PendingFix | null {
    const h = this.store.held;
    return this.#pending ?? (h ? { changes: [], at: h.at, message: h.message, held: true } : null);
  }
  set pending(v: PendingFix | null) {
    this.#pending = v;
  }
  /** The events the last fix changed or put in (the recent list tags them). */
  fixedAt = $state.raw<number[]>([]);

  /** Mah jongg with the session's card: `m s` lists the hands that fit her exposures (handPick.ts). */
  readonly hands: HandPicker;

  constructor(
    readonly store: GameStore,
    readonly sessionId: number,
  ) {
    this.hands = new HandPicker(this, sessionId);
  }

  get s(): GameState | null {
    return this.store.state;
  }
  get names(): Partial<Record<Seat, string>> {
    return this.store.game?.seating ?? {};
  }
  get over(): boolean {
    return this.s !== null && this.s.status !== 'in-progress';
  }
  /*
   * What the screen reads on every keystroke and every event is derived once per change (the
   * line, the state): the preview, the tone and the fix list each read the command, and a
   * getter would parse it again for each of them.
   */
  readonly command: Command | null = $derived(this.s ? parseCommand(this.line, this.s, this.names) : null);

  /** Fixing an earlier event: the line is a fix, or a fix waits on a later event. */
  readonly fixing: boolean = $derived(this.pending !== null || isFixLine(this.line, false));
  /** The log a fix line is read against: the stored log, as a waiting fix leaves it. */
  get fixLog(): readonly GameEvent[] {
    const stored = this.store.storedLog;
    if (!this.pending) return stored;
    const r = applyChanges(stored, this.pending.changes, this.store.setup ?? undefined);
    return r.ok ? r.value : stored;
  }
  readonly fixCommand: FixCommand | null = $derived.by(() => {
    const setup = this.store.setup;
    if (!this.s || !setup || !isFixLine(this.line, this.pending !== null)) return null;
    return parseFix(this.line, this.fixLog, setup, this.names, this.pending?.at, this.pending ? [] : this.store.staged);
  });
  /** The event the fix line names (for the list's highlight). */
  get fixAt(): number | undefined {
    const c = this.fixCommand;
    if (c?.kind === 'fixList') return c.at;
    if (c?.kind === 'fix') return c.change.at;
    return this.pending?.at;
  }
  /** How to fix the event the line names (else the latest): examples about that event. */
  get fixHints(): FixHint[] {
    const setup = this.store.setup;
    const log = this.fixLog;
    const ok = standing(log);
    const n = this.fixAt ?? ok.at(-1);
    return setup && n !== undefined ? fixHints(log, n, setup) : [];
  }
  get fixList(): FixRow[] {
    // While a fix waits on a later event, its sentence and choices take the room: a few rows only.
    return fixRows(this.fixLog, this.fixAt, this.pending ? 3 : 7);
  }

  /** Send the fix on the line (with any waiting one). */
  async #fix(change: Change): Promise<void> {
    const changes = [...(this.pending?.changes ?? []), change];
    const r = await this.store.amend(changes);
    // Refused, or asked first (a confirmed game): the line stays for Enter again.
    if (r.kind === 'refused' || r.kind === 'asked') return;
    if (r.kind === 'later') {
      this.pending = { changes, at: r.at, message: r.message };
      this.line = `fix ${r.at} `;
      this.#focusLine();
      return;
    }
    this.pending = null;
    this.line = '';
    // One sentence: "Fixed: event 35, ... is now ...; event 36, ... is now ...".
    // Then the events typed for the player in turn that moved with it: "Events 24-31 now follow West: ...".
    const text = r.lines.map((l, i) => (i ? l.replace(/^Fixed: /, '') : l)).join('; ');
    this.last = { ...echoOf({ type: 'wallGame' }, null), text: r.follows ? `${text}. ${r.follows}` : text, fix: true };
    this.fixedAt = r.at;
  }

  /** Drop the waiting fix: nothing of it was kept. */
  cancelFix = (): void => {
    if (this.#pending) this.last = { ...echoOf({ type: 'wallGame' }, null), text: 'Fix not kept: the game is as it was', fix: true };
    this.pending = null;
    this.line = '';
    this.store.refusal = null;
  };
  /** The recent list: numbered, undone events labelled, the last fix's events tagged. */
  readonly recent: (RecentRow & { fixed: boolean })[] = $derived.by(() => {
    const log = this.s?.log ?? [];
    const before = this.#recentBefore;
    // A row that says the same as before stays the same object: the echo redraws only the rows that changed.
    const rows = recentEvents(log).map((r) => {
      const fixed = !r.undone && this.fixedAt.includes(r.n);
      return before.find((b) => b.n === r.n && b.undone === r.undone && b.fixed === fixed && b.text === r.text) ?? { ...r, fixed };
    });
    this.#recentBefore = rows;
    return rows;
  });
  #recentBefore: (RecentRow & { fixed: boolean })[] = [];
  /** The waiting fix's later event: put `fix N ` on the line to type what it should be. */
  fixToo = (): void => {
    if (this.pending) this.line = `fix ${this.pending.at} `;
    this.#focusLine();
  };
  /** Drop the later event the waiting fix made illegal. */
  dropLater = (): void => {
    if (this.pending) void this.#fix({ at: this.pending.at, action: 'delete' });
  };
  /** From the review timeline: fix the event at the step. */
  fixStep = (n: number): void => {
    this.reviewing = false;
    this.line = `fix ${n} `;
    this.#focusLine();
  };
  /** Arrow keys on a fix line (or an empty one) step through the events that stand. */
  #stepFix(dir: -1 | 1): boolean {
    const t = this.line.trim();
    if (t !== '' && !isFixLine(t, false)) return false;
    const ok = standing(this.fixLog);
    if (ok.length === 0) return false;
    const cur = this.fixAt;
    const i = cur === undefined ? ok.length : ok.findIndex((n) => n >= cur);
    const next = ok[Math.min(ok.length - 1, Math.max(0, (i === -1 ? ok.length : i) + dir))]!;
    this.line = `fix ${next}`;
    return true;
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
  readonly counts: GameState['tiles'] | null = $derived.by(() => {
    const s = this.s;
    if (this.reviewing && s && this.store.setup) {
      const r = replayGame(s.log.slice(0, this.step), this.store.setup);
      if (r.ok) return r.value.tiles;
    }
    return s?.tiles ?? null;
  });
  /** What the review step shows (only while reviewing: the log is not walked on every event). */
  readonly stepText: string = $derived.by(() => {
    const s = this.s;
    if (!s || !this.reviewing) return '';
    const e = this.step > 0 ? s.log[this.step - 1] : undefined;
    // An undone event is labelled, never shown as if it stood.
    const gone = e && e.type !== 'retract' && undoneBy(s.log).has(this.step - 1) ? ' (undone)' : '';
    return `after ${this.step} of ${s.log.length}${e ? `: ${eventName(e)}${gone}` : ''}`;
  });

  readonly preview: string = $derived.by(() => {
    const s = this.s;
    if (!s) return '';
    const f = this.fixCommand;
    if (f) return f.kind === 'problem' ? f.message : f.preview;
    // The sentence is in the fix list above: the line says only what to type.
    if (this.pending)
      return `Event ${this.pending.at} waits: type fix ${this.pending.at} and what it was, or drop${this.pending.held ? '' : '; Esc keeps the game as it was'}`;
    const picked = this.hands.preview;
    if (picked !== null) return picked;
    const c = this.command;
    if (c?.kind === 'event' || c?.kind === 'undo' || c?.kind === 'meta') return c.preview;
    if (c?.kind === 'problem') return c.message;
    if (this.over && this.store.staged.length) return 'Type ok to confirm the payouts, or u to undo';
    if (this.over) return 'Type next for the next game, or ledger';
    return `${SEAT_NAMES[s.turn]}${this.names[s.turn] ? ` (${this.names[s.turn]})` : ''} to play: type a tile and Enter`;
  });
  /** ok; bad: the line cannot be recorded; warn: a discard out of turn (said before Enter). */
  readonly tone: 'ok' | 'bad' | 'warn' = $derived.by(() => {
    const f = this.fixCommand;
    if (f) return f.kind === 'problem' ? 'bad' : 'ok';
    if (this.pending) return 'bad';
    const picked = this.hands.tone;
    if (picked !== null) return picked;
    const c = this.command;
    if (c?.kind === 'problem') return 'bad';
    return c?.kind === 'event' && c.event.type === 'discard' && c.preview.includes('out of turn') ? 'warn' : 'ok';
  });

  /** A mah jongg (or an error) chosen on the hand list by pointer: recorded, and the line cleared. */
  recordHand = (event: GameEvent | null): void => {
    if (event && this.record(event) === null) this.line = '';
    this.#focusLine();
  };

  /** Record one event; the echo says what was stored. */
  record(event: GameEvent): string | null {
    this.fixedAt = [];
    const refused = this.store.dispatch(event);
    if (refused === null) this.last = echoOf(event, this.store.state);
    return refused;
  }

  async submit(): Promise<void> {
    const { store } = this;
    const fix = this.fixCommand;
    if (fix) {
      if (fix.kind === 'problem') return void (store.refusal = fix.message);
      if (fix.kind === 'fix') return this.#fix(fix.change);
      return;
    }
    if (this.pending)
      return void (store.refusal = this.pending.held
        ? `Fix event ${this.pending.at} first: fix ${this.pending.at} and what it was, or drop`
        : `Finish the fix first: fix ${this.pending.at} and what it was, or drop; Esc keeps the game as it was`);
    const picked = this.hands.enter();
    if (picked) {
      if ('refusal' in picked) return void (store.refusal = picked.refusal);
      if ('asked' in picked) return;
      if (this.record(picked.event) === null) this.line = '';
      return;
    }
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
      if (this.pending) return this.cancelFix();
      this.line = '';
      this.store.refusal = null;
    } else if (this.hands.key(e)) {
      e.preventDefault();
    } else if ((e.key === 'ArrowUp' || e.key === 'ArrowDown') && this.#stepFix(e.key === 'ArrowUp' ? -1 : 1)) {
      e.preventDefault();
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
    this.line =
      parsed.length === 1 && ['e', 's', 'w', 'n'].includes(parsed[0]!.toLowerCase())
        ? `${parsed[0]} ${t}`
        : /^x\s+\w$/i.test(line)
          ? `${line} ${t}`
          : t;
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
