import { nameKey } from '../../../core/names';
import type { Player } from '../../../shared/types';
import { api } from '../../lib/api';

/** A table holds 4 players, and a fifth who sits out and bets. */
export const MAX_AT_TABLE = 5;

/**
 * Who plays, for the setup screen: the roster, the players picked (East first, then to her
 * right) and the name line. Keyboard first: a name and Enter picks a player on the list, or
 * adds a new one and picks her while there is room; never past the table size.
 */
export class Picks {
  roster = $state.raw<Player[]>([]);
  chosen = $state<string[]>([]);
  name = $state('');
  /** Why the last name was not picked (refusal), or what happened to it (note). */
  problem = $state<string | null>(null);
  note = $state<string | null>(null);
  drawn = $state<string | null>(null);

  readonly active = $derived(this.roster.filter((p) => !p.retired));
  readonly seated = $derived(this.chosen.length === 5 ? this.chosen.slice(0, 4) : this.chosen);
  readonly bettor = $derived(this.chosen.length === 5 ? this.chosen[4] : undefined);

  async loadRoster(): Promise<void> {
    const r = await api.listPlayers();
    if (r.ok) this.roster = r.value;
  }

  /** Her button: unpick her, or pick her while there is room (a sixth is refused with a sentence). */
  toggle(name: string): void {
    this.problem = null;
    this.note = null;
    if (this.chosen.includes(name)) {
      this.drawn = null;
      this.chosen = this.chosen.filter((n) => n !== name);
    } else this.#pickIfRoom(name);
  }

  /** Pick her unless the table is full: then she waits on the list, and the screen says so. */
  #pickIfRoom(name: string): void {
    if (this.chosen.includes(name)) return;
    if (this.chosen.length >= MAX_AT_TABLE) {
      this.note = `${name} is not picked: a table holds ${MAX_AT_TABLE} players at most (4 play, the 5th sits out and bets). Unpick someone first.`;
      return;
    }
    this.drawn = null;
    this.chosen = [...this.chosen, name];
  }

  /** Enter on the name line. Returns false when the line was empty (the caller starts the session). */
  async enter(): Promise<boolean> {
    this.note = null;
    const name = this.name.trim();
    if (!name) return false;
    const known = this.active.find((p) => nameKey(p.name) === nameKey(name));
    if (known) {
      if (this.chosen.includes(known.name)) {
        this.problem = `${known.name} is already picked (her button above unpicks her).`;
        return true;
      }
      this.name = '';
      this.#pickIfRoom(known.name);
      return true;
    }
    const r = await api.addPlayer({ name });
    if (!r.ok) {
      this.problem = r.error.message;
      return true;
    }
    this.name = '';
    await this.loadRoster();
    this.#pickIfRoom(r.value.name);
    return true;
  }

  /** Dice decide the seats: a fair shuffle (each player's roll, highest is East). */
  draw(): void {
    const rolls = this.chosen.map((n) => ({ n, roll: crypto.getRandomValues(new Uint32Array(1))[0]! }));
    this.chosen = rolls.sort((a, b) => b.roll - a.roll).map((r) => r.n);
    this.drawn = `Seats drawn: ${this.chosen[0]} is East${this.chosen.length === 5 ? `, ${this.chosen[4]} sits out first` : ''}.`;
  }
}
