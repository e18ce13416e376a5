import type { Card, CardHand } from '../../../core/card';
import type { GameEvent } from '../../../core/events';
import type { GameState } from '../../../core/game';
import { SEAT_NAMES, type Seat } from '../../../core/seats';
import { api } from '../../lib/api';
import { anywayEvent, pickedEvent, readPick, type HandPick } from './handPick';

/** What the picker reads from the table screen. */
interface Table {
  readonly line: string;
  readonly s: GameState | null;
  readonly fixing: boolean;
  readonly names: Partial<Record<Seat, string>>;
}

/**
 * The table's hand picker (handPick.ts) with its state: the session's card, the hand the arrows
 * are on, and the question asked about a value no fitting hand has (Enter once asks, Enter again
 * records it anyway). Only while a game is played, a card is chosen and the line is `m <seat> ...`.
 */
export class HandPicker {
  card = $state.raw<Card | null>(null);
  cardName = $state<string | null>(null);
  /** The offered hand the arrows are on, for the line they were pressed on (typing starts again at the best). */
  #at = $state({ line: '', i: 0 });
  get at(): number {
    return this.#at.line === this.table.line ? this.#at.i : 0;
  }
  /** The line whose value (or hand) off the card was asked about: Enter again records it anyway. */
  asked = $state<string | null>(null);

  constructor(
    private readonly table: Table,
    sessionId: number,
  ) {
    void this.#load(sessionId);
  }

  async #load(sessionId: number): Promise<void> {
    const r = await api.sessionCard({ sessionId });
    if (!r.ok || !r.value) return;
    const c = r.value.card;
    this.card = c;
    this.cardName = `${c.name}${c.year === undefined ? '' : ` (${c.year})`}`;
  }

  readonly pick: HandPick | null = $derived.by(() => {
    const { s, card } = { s: this.table.s, card: this.card };
    if (!s || !card || s.status !== 'in-progress' || this.table.fixing) return null;
    return readPick(this.table.line, s, card);
  });

  /** The hand Enter records. */
  get chosen(): CardHand | null {
    const p = this.pick;
    if (!p || p.problem || p.offCard || p.offered.length === 0) return null;
    return p.offered[Math.min(this.at, p.offered.length - 1)] ?? null;
  }

  get preview(): string | null {
    const p = this.pick;
    if (!p) return null;
    const who = `${SEAT_NAMES[p.seat]}${this.table.names[p.seat] ? ` (${this.table.names[p.seat]})` : ''}`;
    if (p.problem) return p.problem;
    if (p.offCard)
      return this.asked === this.table.line
        ? `Enter again records ${p.offCard.hand ? p.offCard.hand.name : p.offCard.value} anyway; Esc to change it`
        : p.offCard.sentence;
    const h = this.chosen;
    if (!h) return null;
    return `Mah jongg by ${who}: ${h.name}, ${h.value}${h.concealed ? ', concealed' : ''}${h.sp ? ', Singles & Pairs' : ''}${p.selfPick ? ', self-picked' : ''}`;
  }

  get tone(): 'ok' | 'bad' | null {
    const p = this.pick;
    if (!p) return null;
    // (warn is the command line's out-of-turn badge: a question about the card is not that.)
    return p.problem || p.offCard ? 'bad' : 'ok';
  }

  /** Arrow keys move through the offered hands. */
  key(e: KeyboardEvent): boolean {
    const p = this.pick;
    if (!p || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') || p.offered.length === 0) return false;
    const n = p.offered.length;
    this.#at = { line: this.table.line, i: (Math.min(this.at, n - 1) + (e.key === 'ArrowDown' ? 1 : n - 1)) % n };
    return true;
  }

  /**
   * Enter: the event to record (the hand picked, or a value recorded anyway after the question),
   * 'asked' when the question was just asked, or a refusal sentence.
   */
  enter(): { event: GameEvent } | { asked: true } | { refusal: string } | null {
    const p = this.pick;
    if (!p) return null;
    if (p.problem) return { refusal: p.problem };
    if (p.offCard) {
      if (this.asked !== this.table.line) {
        this.asked = this.table.line;
        return { asked: true };
      }
      return { event: anywayEvent(p)! };
    }
    const h = this.chosen;
    return h ? { event: pickedEvent(p, h) } : { refusal: 'Pick a hand of the card' };
  }

  /** The host chose by pointer: record the hand (or the value anyway) at once. */
  eventFor(h: CardHand): GameEvent | null {
    const p = this.pick;
    return p ? pickedEvent(p, h) : null;
  }
  anyway(): GameEvent | null {
    const p = this.pick;
    return p ? anywayEvent(p) : null;
  }
  /** Point at an offered hand (the pointer's hover or click). */
  point(i: number): void {
    this.#at = { line: this.table.line, i };
  }
}
