import type { Store } from './store';

/** A stored group card (migration 10). */
export interface StoredCard {
  id: number;
  name: string;
  year: number | null;
  text: string;
  savedAt: string;
  chosenAt: string | null;
}

type Row = { id: number; name: string; year: number | null; text: string; saved_at: string; chosen_at: string | null };
const stored = (r: Row): StoredCard => ({ id: r.id, name: r.name, year: r.year, text: r.text, savedAt: r.saved_at, chosenAt: r.chosen_at });

/** The group's cards, by name and year (unique whatever the name's case), and each session's card. */
export interface CardsRepo {
  /** Every card, newest year first, then by name. */
  all(): StoredCard[];
  get(id: number): StoredCard | null;
  /** Save a card that reads, replacing the card of the same name and year: its id. */
  save(card: { name: string; year: number | null; text: string }): number;
  /** false when there is no such card. Sessions keep their own copy of its text. */
  remove(id: number): boolean;
  /** The session plays with this card (null: none), and the group remembers it for the next session. */
  choose(sessionId: number, cardId: number | null): void;
  /** A session's own copy of a card's text with no stored card behind it (an imported record's). */
  keep(sessionId: number, text: string): void;
  /** The card a session plays with: its text, and the stored card it came from (null once deleted). */
  ofSession(sessionId: number): { cardId: number | null; text: string } | null;
  /** The card chosen last, for the next session's setup. */
  remembered(): StoredCard | null;
}

export const cardsRepo = (store: Store): CardsRepo => {
  const db = store.db;
  const q = {
    all: db.prepare('SELECT * FROM cards ORDER BY IFNULL(year, 0) DESC, name COLLATE NOCASE, id'),
    get: db.prepare('SELECT * FROM cards WHERE id = ?'),
    find: db.prepare('SELECT id FROM cards WHERE name = ? COLLATE NOCASE AND IFNULL(year, 0) = IFNULL(?, 0)'),
    insert: db.prepare('INSERT INTO cards (name, year, text, saved_at) VALUES (?, ?, ?, ?)'),
    update: db.prepare('UPDATE cards SET name = ?, year = ?, text = ?, saved_at = ? WHERE id = ?'),
    remove: db.prepare('DELETE FROM cards WHERE id = ?'),
    chosen: db.prepare('UPDATE cards SET chosen_at = ? WHERE id = ?'),
    setSession: db.prepare(
      `INSERT INTO session_cards (session_id, card_id, text) VALUES (?, ?, ?)
       ON CONFLICT(session_id) DO UPDATE SET card_id = excluded.card_id, text = excluded.text`,
    ),
    clearSession: db.prepare('DELETE FROM session_cards WHERE session_id = ?'),
    ofSession: db.prepare('SELECT card_id, text FROM session_cards WHERE session_id = ?'),
    remembered: db.prepare('SELECT * FROM cards WHERE chosen_at IS NOT NULL ORDER BY chosen_at DESC, id DESC LIMIT 1'),
  };
  return {
    all: () => (q.all.all() as Row[]).map(stored),
    get: (id) => {
      const r = q.get.get(id) as Row | undefined;
      return r ? stored(r) : null;
    },
    save: ({ name, year, text }) =>
      store.transaction(() => {
        const now = new Date().toISOString();
        const old = q.find.get(name, year) as { id: number } | undefined;
        if (old) {
          q.update.run(name, year, text, now, old.id);
          return old.id;
        }
        return Number(q.insert.run(name, year, text, now).lastInsertRowid);
      }),
    remove: (id) => store.transaction(() => Number(q.remove.run(id).changes) === 1),
    choose: (sessionId, cardId) =>
      store.transaction(() => {
        if (cardId === null) {
          q.clearSession.run(sessionId);
          return;
        }
        const card = q.get.get(cardId) as Row;
        q.setSession.run(sessionId, cardId, card.text);
        q.chosen.run(new Date().toISOString(), cardId);
      }),
    keep: (sessionId, text) => {
      q.setSession.run(sessionId, null, text);
    },
    ofSession: (sessionId) => {
      const r = q.ofSession.get(sessionId) as { card_id: number | null; text: string } | undefined;
      return r ? { cardId: r.card_id, text: r.text } : null;
    },
    remembered: () => {
      const r = q.remembered.get() as Row | undefined;
      return r ? stored(r) : null;
    },
  };
};
