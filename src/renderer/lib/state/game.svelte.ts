import { amendEvents, heldRefusal, replayHolding, sameEvent, type Change, type HeldEvent } from '../../../core/amend';
import { SEAT_NAMES } from '../../../core/seats';
import { fixIsLast, lastFixGroup, takesBack } from '../../../core/fixUndo';
import { apply, outcomeOf, type GameSetup, type GameState } from '../../../core/game';
import type { GameEvent } from '../../../core/events';
import { gameSetupOf } from '../../../core/gameSetup';
import type { AmendmentLine } from '../../../shared/contract/amend';
import { eventName } from '../../../core/eventName';
import type { Ledger } from '../../../shared/contract/session';
import type { GameInfo, SessionDetail } from '../../../shared/types';
import { api } from '../api';
import { router } from '../router.svelte';

export type SaveStatus = 'saved' | 'saving' | 'failed';

/** What a fix did: stored (its sentences), stopped on a later event it made illegal, or refused. */
export type AmendOutcome =
  /** `lines`: one sentence per change made; `follows`: the events typed for the player in turn that moved with it. */
  | { kind: 'stored'; lines: string[]; at: number[]; follows: string }
  /** The game's payouts are confirmed and the fix would reopen or change them: asked first (the same fix again makes it). */
  | { kind: 'asked' }
  | { kind: 'later'; at: number; message: string }
  | { kind: 'refused'; message: string };

/**
 * One game at the table. `dispatch` runs the rules engine's `apply` here first, so the screen
 * moves at once and a refusal shows the engine's own sentence and changes nothing; then the
 * event goes to main (which re-runs the engine and writes it durably). Only main's
 * acknowledgement turns "saving" into "saved".
 *
 * Events wait in an outbox and go one at a time, each naming the seq it follows (main answers
 * the new seq). At the first refusal the outbox stops: nothing behind the refused event is
 * sent (each was judged on a state main does not have), the refusal is shown, and the game is
 * re-based on what is stored. So no event is ever written out of order or twice.
 *
 * The ending of a game is staged, not sent to the log: the payout sheet shows what the engine
 * makes of it, and `confirm` commits it (with any challenge settled at the end). The staged
 * ending is kept in the database too (`stageEnding`), so a restart reopens its payout sheet.
 *
 * Undo never loses a settled game silently: `u` after a confirmed ending, or on the first line
 * of a game just started with `next` (the previous game's ending), asks first; the same undo
 * again does it. A fix that would reopen or change a confirmed game's payouts asks the same way.
 * `u` right after a fix takes the fix back (main keeps the inverse amendments).
 */
export class GameStore {
  /** The engine's state including staged events (what the screen shows). */
  state = $state.raw<GameState | null>(null);
  game = $state.raw<GameInfo | null>(null);
  session = $state.raw<SessionDetail | null>(null);
  ledger = $state.raw<Ledger | null>(null);
  /** Events applied here but not yet on disk: saving until main acknowledges. */
  unsaved = $state(0);
  status = $state<SaveStatus>('saved');
  #refusal = $state<string | null>(null);
  /** The engine's (or main's) refusal of the last try. Clearing it (Escape) also drops a question. */
  get refusal(): string | null {
    return this.#refusal;
  }
  set refusal(v: string | null) {
    this.#refusal = v;
    if (v === null) this.#ask(null);
  }
  /** What the last undo took back, as a sentence. */
  undone = $state<string | null>(null);
  problem = $state<string | null>(null);
  /** The ending (and challenge settlements) waiting for the payout sheet's confirm. */
  staged = $state.raw<GameEvent[]>([]);
  /** Set once the payout sheet is confirmed and main stored the ending. */
  committed = $state(false);
  /** What an undo would reopen, asked before it is done: the same undo again does it; anything else drops it. */
  question = $state<string | null>(null);
  #asked: 'reopen' | 'previous' | 'fix' | null = null;
  /** The fix asked about (its changes), so only that same fix goes ahead on the second Enter. */
  #askedFix = '';
  /**
   * A stored event today's rules refuse (a game kept by an earlier app): the state stands just
   * before it, and nothing can be typed until it is fixed or dropped (docs/keyboard.md).
   */
  held = $state.raw<HeldEvent | null>(null);
  /** The held event and the stored events after it, kept as they are until the fix. */
  #heldLog: GameEvent[] = [];
  /** This game's fixes, oldest first (the audit trail), with their sentences. */
  amendments = $state.raw<AmendmentLine[]>([]);

  /** The last stored seq, as main acknowledged it. */
  #seq = 0;
  /** Applied here, not yet acknowledged by main, in order; the first is in flight. */
  #outbox: GameEvent[] = [];
  #pumping: Promise<void> | null = null;
  /** Reloading what is stored after a refusal: new events wait until it is done. */
  #rebasing = false;
  /** The staged ending being written to the database, in order, each after the outbox drained. */
  #staging: Promise<void> = Promise.resolve();
  #setup: GameSetup | null = null;

  constructor(
    readonly gameId: number,
    readonly sessionId: number,
  ) {}

  get setup(): GameSetup | null {
    return this.#setup;
  }

  async load(): Promise<void> {
    const [g, s, l, a] = await Promise.all([
      api.loadGame({ gameId: this.gameId }),
      api.getSession({ sessionId: this.sessionId }),
      api.sessionLedger({ sessionId: this.sessionId }),
      api.gameAmendments({ gameId: this.gameId }),
    ]);
    if (!g.ok) return void (this.problem = g.error.message);
    if (!s.ok) return void (this.problem = s.error.message);
    this.session = s.value;
    if (l.ok) this.ledger = l.value;
    if (a.ok) this.amendments = a.value;
    this.game = g.value.game;
    const info = g.value.game;
    this.#setup = gameSetupOf(info, s.value.setup.rules);
    // Fold the stored log here too, so `retract` has its cheap history links.
    const log = g.value.events.map((e) => e.event);
    const { state, held } = replayHolding(log, this.#setup);
    this.held = held ?? null;
    this.#heldLog = held ? log.slice(held.at - 1) : [];
    this.#seq = g.value.events.at(-1)?.seq ?? 0;
    this.state = state;
    this.staged = [];
    this.committed = state.status !== 'in-progress';
    this.unsaved = 0;
    this.status = 'saved';
    this.#ask(null);
    // An ending typed before a restart (not yet confirmed) comes back on its payout sheet.
    if (state.status === 'in-progress' && !held) {
      const k = await api.stagedEnding({ gameId: this.gameId });
      if (k.ok && k.value.events.length) this.#restage(state, k.value.events);
    }
  }

  /** Put a stored staged ending back on the payout sheet (each event judged by the engine again). */
  #restage(from: GameState, events: GameEvent[]): void {
    let cur = from;
    for (const e of events) {
      const r = apply(cur, e);
      if (!r.ok) return;
      cur = r.value;
    }
    this.staged = events;
    this.state = cur;
  }

  #ask(kind: 'reopen' | 'previous' | 'fix' | null, text: string | null = null): void {
    this.#asked = kind;
    this.question = text;
  }

  /**
   * The game's last fix when it is the last thing done (nothing typed or staged since, and not
   * itself the taking back of the fix before it): what `u` takes back.
   */
  get lastFix(): AmendmentLine[] | null {
    const trail = this.amendments;
    const group = lastFixGroup(trail);
    if (group.length === 0 || this.staged.length > 0 || !fixIsLast(this.storedLog, trail)) return null;
    const before = lastFixGroup(trail.slice(0, trail.length - group.length));
    return before.length > 0 && takesBack(group, before) ? null : (group as AmendmentLine[]);
  }

  /** Record one event. Returns the refusal sentence (nothing changed), or null. */
  dispatch(event: GameEvent): string | null {
    const cur = this.state;
    if (!cur) return 'the game is still loading';
    if (this.#rebasing) return this.#refuse(REBASING);
    if (this.held) return this.#refuse(heldRefusal(this.held));
    if (this.staged.length > 0 && !(event.type === 'dead' && event.upheld !== undefined)) {
      return this.#refuse('The game is over: confirm the payout sheet, or undo the ending');
    }
    this.#ask(null);
    const r = apply(cur, event);
    if (!r.ok) return this.#refuse(r.error.message);
    this.refusal = null;
    this.undone = null;
    // The ending is staged for the payout sheet; a challenge settled after it joins it.
    if (r.value.status !== 'in-progress' && !this.committed) {
      this.staged = [...this.staged, event];
      this.state = r.value;
      this.#keepStaged();
      return null;
    }
    this.state = r.value;
    this.#send(event);
    return null;
  }

  /** Take back the last action: a staged ending, or a stored event (a `retract` is stored). */
  undo(): string | null {
    const cur = this.state;
    if (!cur) return 'the game is still loading';
    if (this.#rebasing) return this.#refuse(REBASING);
    if (this.held) return this.#refuse(heldRefusal(this.held));
    const asked = this.#asked;
    this.#ask(null);
    if (this.staged.length > 0) {
      const r = apply(cur, { type: 'retract' });
      if (!r.ok) return this.#refuse(r.error.message);
      this.staged = this.staged.slice(0, -1);
      this.state = r.value;
      this.undone = r.value.undone ? eventName(r.value.undone.event) : null;
      this.refusal = null;
      this.#keepStaged();
      return null;
    }
    // The last thing done was a fix: take the fix back (as one more fix, kept by main).
    const fix = this.lastFix;
    if (fix) {
      void this.#takeBackFix(fix[0]!.when);
      return null;
    }
    // A confirmed ending is settled: reopen it only when asked twice.
    if (this.committed && cur.status !== 'in-progress' && asked !== 'reopen') {
      this.refusal = null;
      this.#ask('reopen', `Game ${this.game?.number ?? ''}’s payouts are confirmed. Type u again to reopen its ending; Escape keeps it.`);
      return null;
    }
    const r = apply(cur, { type: 'retract' });
    if (!r.ok) {
      // The first line of a game just started with `next`: offer the previous game's ending.
      const n = this.game?.number ?? 1;
      if (cur.log.length === 0 && n > 1) {
        if (asked === 'previous') {
          void this.#reopenPrevious();
          return null;
        }
        this.refusal = null;
        this.#ask(
          'previous',
          `Nothing to take back in game ${n}. Type u again to reopen game ${n - 1}’s ending (its payouts are confirmed); game ${n} is then taken back. Escape keeps both.`,
        );
        return null;
      }
      return this.#refuse(r.error.message);
    }
    this.state = r.value;
    this.undone = r.value.undone ? eventName(r.value.undone.event) : null;
    this.refusal = null;
    // Undoing a confirmed ending reopens the game: its next ending goes to the payout sheet again.
    if (r.value.status === 'in-progress') this.committed = false;
    this.#send({ type: 'retract' });
    return null;
  }

  /** `u` after a fix: main takes it back; the game is reloaded and the echo says what was taken back. */
  async #takeBackFix(when: string): Promise<void> {
    await this.settled();
    await this.#staging;
    const r = await api.takeBackFix({ gameId: this.gameId, when, afterSeq: this.#seq });
    if (!r.ok) return void this.#refuse(r.error.message);
    await this.load();
    this.refusal = null;
    this.undone = r.value.text.replace(/^Took back /, '');
  }

  /** The stored log (what a fix changes): the state's log without the staged ending, and any held events. */
  get storedLog(): readonly GameEvent[] {
    const s = this.state;
    if (!s) return [];
    return this.#heldLog.length ? [...s.log, ...this.#heldLog] : s.log.slice(0, s.log.length - this.staged.length);
  }

  /**
   * Fix earlier events in place (src/core/amend.ts): judged here first, so a refusal or a later
   * event made illegal shows at once and nothing changes; then main replays and keeps the amended
   * log with its fixes in one transaction, and the game (state, ledger, staged ending) is
   * reloaded from what is stored. Waits for every event typed before it to be saved.
   */
  async amend(changes: Change[]): Promise<AmendOutcome> {
    if (!this.state || !this.#setup) return { kind: 'refused', message: 'the game is still loading' };
    if (this.#rebasing) return { kind: 'refused', message: this.#refuse(REBASING) };
    const asked = this.#asked === 'fix' ? this.#askedFix : '';
    this.#ask(null);
    await this.settled();
    await this.#staging;
    // The time only labels the trial here: main stamps the amendments it keeps.
    const local = amendEvents(this.storedLog, this.#setup, changes, '');
    if (!local.ok) {
      if (local.error.kind === 'later') return { kind: 'later', at: local.error.at, message: local.error.message };
      return { kind: 'refused', message: this.#refuse(local.error.message) };
    }
    // A confirmed game: a fix that reopens its ending or changes its payouts is asked first, as `u` after `ok` is.
    const cur = this.state;
    const key = JSON.stringify(changes);
    if (this.committed && cur.status !== 'in-progress' && asked !== key) {
      const reopens = local.value.state.status === 'in-progress';
      if (reopens || JSON.stringify(outcomeOf(local.value.state)) !== JSON.stringify(outcomeOf(cur))) {
        this.refusal = null;
        this.#ask(
          'fix',
          `Game ${this.game?.number ?? ''}’s payouts are confirmed: this fix ${reopens ? 'reopens its ending' : 'changes them'}. Press Enter again to fix it; Escape keeps it as it is.`,
        );
        this.#askedFix = key;
        return { kind: 'asked' };
      }
    }
    const r = await api.amendGame({ gameId: this.gameId, changes, afterSeq: this.#seq });
    if (!r.ok) return { kind: 'refused', message: this.#refuse(r.error.message) };
    if (!r.value.stored) return { kind: 'later', at: r.value.later.at, message: r.value.later.message };
    await this.load();
    this.refusal = null;
    this.undone = null;
    // The events the fix leaves changed or put in, at their places once every change is made.
    const at: number[] = [];
    const moves = r.value.moved.length;
    const made = r.value.lines.slice(0, r.value.lines.length - moves);
    for (const l of made) {
      if (l.action === 'delete') for (let i = 0; i < at.length; i++) if (at[i]! > l.at) at[i]!--;
      if (l.action === 'insert') for (let i = 0; i < at.length; i++) if (at[i]! >= l.at) at[i]!++;
      if (l.action !== 'delete' && !at.includes(l.at)) at.push(l.at);
    }
    return { kind: 'stored', lines: made.map(fixEcho), at: [...at, ...r.value.moved], follows: r.value.follows };
  }

  /** Commit the staged ending: stored in order, then the ledger reloaded (the next seating). */
  async confirm(): Promise<string | null> {
    const events = this.staged;
    if (events.length === 0) return null;
    this.#ask(null);
    this.staged = [];
    this.committed = true;
    for (const e of events) this.#send(e);
    await this.settled();
    this.#keepStaged();
    await this.#staging;
    if (this.status === 'failed') return this.problem;
    const l = await api.sessionLedger({ sessionId: this.sessionId });
    if (l.ok) this.ledger = l.value;
    return null;
  }

  /** Resolves once the outbox is empty: every event sent so far stored, or refused and re-based. */
  async settled(): Promise<void> {
    while (this.#pumping) await this.#pumping;
  }

  /** Keep the staged ending in the database (after every append before it), or clear it. */
  #keepStaged(): void {
    const events = this.staged;
    this.#staging = this.#staging.then(async () => {
      await this.settled();
      const r = await api.stageEnding({ gameId: this.gameId, events, afterSeq: this.#seq });
      if (!r.ok && events.length) this.problem = `The ending is not kept yet: ${r.error.message}`;
    });
  }

  /** Take back this empty game and reopen the previous one's ending, then show that game. */
  async #reopenPrevious(): Promise<void> {
    await this.settled();
    await this.#staging;
    const r = await api.reopenPrevious({ gameId: this.gameId });
    if (!r.ok) return void this.#refuse(r.error.message);
    router.go('table', { sessionId: this.sessionId, gameId: r.value.id });
  }

  #refuse(message: string): string {
    this.refusal = message;
    return message;
  }

  #send(event: GameEvent): void {
    this.#outbox.push(event);
    this.unsaved = this.#outbox.length;
    this.status = 'saving';
    this.#pumping ??= this.#pump().finally(() => (this.#pumping = null));
  }

  async #pump(): Promise<void> {
    // The screen first: the send starts in a task of its own, right after this one has redrawn the
    // table (a message, not a timer, which a hidden window would slow to once a second).
    await afterThisTask();
    while (this.#outbox.length > 0) {
      const r = await api.appendEvent({ gameId: this.gameId, event: this.#outbox[0]!, afterSeq: this.#seq });
      if (r.ok) {
        this.#seq = r.value.seq;
        this.#outbox.shift();
        this.unsaved = this.#outbox.length;
        if (this.problem?.startsWith(NOT_SAVED)) this.problem = null;
        continue;
      }
      // Main refused (it re-ran the engine, or the game moved on): stop, send nothing behind it,
      // and fall back to what is on disk.
      const behind = this.#outbox.length - 1;
      this.#outbox = [];
      this.#rebasing = true;
      try {
        await this.load();
      } finally {
        this.#rebasing = false;
      }
      this.status = 'failed';
      this.problem = `${NOT_SAVED}${r.error.message}${behind > 0 ? ` (the ${behind === 1 ? 'entry' : `${behind} entries`} after it ${behind === 1 ? 'was' : 'were'} not sent either: enter ${behind === 1 ? 'it' : 'them'} again)` : ''}`;
      return;
    }
    this.status = 'saved';
  }
}

/** A change as the echo says it: a seat alone changed is said short ("Fixed: event 12 is West’s, not North’s"), so what moved with it fits too. */
const fixEcho = (l: AmendmentLine): string => {
  const { was, event } = l;
  if (l.action !== 'replace' || !was || !event || !('seat' in was) || !('seat' in event) || was.seat === event.seat) return l.text;
  const unseated = (e: GameEvent) => ({ ...e, seat: undefined, implied: undefined }) as unknown as GameEvent;
  return sameEvent(unseated(was), unseated(event))
    ? `Fixed: event ${l.at} is ${SEAT_NAMES[event.seat]}’s, not ${SEAT_NAMES[was.seat]}’s`
    : l.text;
};

/** Resolves in the next task: after the microtasks of this one (Svelte's redraw among them). */
const afterThisTask = (): Promise<void> =>
  new Promise((done) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      done();
    };
    port2.postMessage(null);
  });

const NOT_SAVED = 'Not saved: ';
const REBASING = 'Wait a moment: the game is being reloaded from what is saved';
