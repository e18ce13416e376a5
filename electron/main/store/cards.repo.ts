import type { Store } from './store';

/** A card as kept (migration 10): the group's own text, by name and year. */
export interface StoredCard {
  id: number;
  name: string;
  year: number | null;
  text: string;
  savedAt: string;
}

/** The card a session plays with: a copy of the text chosen, never changed by later edits. */
export interface SessionCard {
  name: string;
  year: number | null;
  text: string;
}

/** The group cards (migration 10). A card is checked by the core's reader before it gets here. */
export interface CardsRepo {
  all(): StoredCard[];
  get(id: number): StoredCard | null;
  /** The kept card of that name and year (any case), or null. */
  named(name: string, year: number | null): StoredCard | null;
  /** Keep a new card; its id. */
  add(card: SessionCard): number;
  /** Replace card `id` with this text; false when there is no such card. */
  replace(id: number, card: SessionCard): boolean;
  /** false when there is no such card. Sessions keep their copies. */
  remove(id: number): boolean;
  /** The card a session plays with, or null. */
  ofSession(sessionId: number): SessionCard | null;
  /** The session plays with this card (an imported record's): nothing is remembered for its group. */
  setSessionCard(sessionId: number, card: SessionCard): void;
  /** The session plays with a copy of card `cardId` (null: with none), and its group remembers the choice. */
  useForSession(sessionId: number, cardId: number | null): void;
  /** The card the group of these players (names, any case) chose last; else the one any group chose last; else null. */
  forGroup(players: readonly string[]): number | null;
}

const groupKey = (ids: readonly number[]): string => [...ids].sort((a, b) => a - b).join(',');

type Row = { id: number; name: string; year: number | null; text: string; saved_at: string };
const card = (r: Row): StoredCard => ({ id: r.id, name: r.name, year: r.year, text: r.text, savedAt: r.saved_at });

export const cardsRepo = (store: Store): CardsRepo => {
  const db = store.db;
  const q = {
    all: db.prepare('SELECT id, name, year, text, saved_at FROM cards ORDER BY IFNULL(year, 0) DESC, name, id'),
    get: db.prepare('SELECT id, name, year, text, saved_at FROM cards WHERE id = ?'),
    named: db.prepare('SELECT id, name, year, text, saved_at FROM cards WHERE name = ? COLLATE NOCASE AND IFNULL(year, 0) = IFNULL(?, 0)'),
    add: db.prepare('INSERT INTO cards (name, year, text, saved_at) VALUES (?, ?, ?, ?)'),
    replace: db.prepare('UPDATE cards SET name = ?, year = ?, text = ?, saved_at = ? WHERE id = ?'),
    remove: db.prepare('DELETE FROM cards WHERE id = ?'),
    ofSession: db.prepare('SELECT name, year, text FROM session_cards WHERE session_id = ?'),
    setSession: db.prepare('INSERT OR REPLACE INTO session_cards (session_id, name, year, text) VALUES (?, ?, ?, ?)'),
    clearSession: db.prepare('DELETE FROM session_cards WHERE session_id = ?'),
    sessionPlayers: db.prepare('SELECT player_id FROM session_players WHERE session_id = ?'),
    remember: db.prepare('INSERT OR REPLACE INTO group_cards (players, card_id, chosen_at) VALUES (?, ?, ?)'),
    forget: db.prepare('DELETE FROM group_cards WHERE players = ?'),
    group: db.prepare('SELECT card_id FROM group_cards WHERE players = ?'),
    playerId: db.prepare('SELECT id FROM players WHERE name = ? COLLATE NOCASE'),
    latest: db.prepare('SELECT card_id FROM group_cards ORDER BY chosen_at DESC, rowid DESC LIMIT 1'),
  };
  const now = (): string => new Date().toISOString();
  return {
    all: () => (q.all.all() as Row[]).map(card),
    get: (id) => {
      const r = q.get.get(id) as Row | undefined;
      return r ? card(r) : null;
    },
    named: (name, year) => {
      const r = q.named.get(name, year) as Row | undefined;
      return r ? card(r) : null;
    },
    add: (c) => store.transaction(() => Number(q.add.run(c.name, c.year, c.text, now()).lastInsertRowid)),
    replace: (id, c) => store.transaction(() => Number(q.replace.run(c.name, c.year, c.text, now(), id).changes) === 1),
    remove: (id) => store.transaction(() => Number(q.remove.run(id).changes) === 1),
    ofSession: (sessionId) => {
      const r = q.ofSession.get(sessionId) as SessionCard | undefined;
      return r ? { name: r.name, year: r.year, text: r.text } : null;
    },
    setSessionCard: (sessionId, c) => store.transaction(() => void q.setSession.run(sessionId, c.name, c.year, c.text)),
    useForSession: (sessionId, cardId) =>
      store.transaction(() => {
        const key = groupKey((q.sessionPlayers.all(sessionId) as { player_id: number }[]).map((r) => r.player_id));
        if (cardId === null) {
          q.clearSession.run(sessionId);
          q.forget.run(key);
          return;
        }
        const c = q.get.get(cardId) as Row | undefined;
        if (!c) throw new Error(`no card ${cardId}`);
        q.setSession.run(sessionId, c.name, c.year, c.text);
        q.remember.run(key, cardId, now());
      }),
    forGroup: (players) => {
      const ids = players.map((n) => (q.playerId.get(n) as { id: number } | undefined)?.id);
      const mine = ids.every((i) => i !== undefined) && ids.length ? (q.group.get(groupKey(ids as number[])) as { card_id: number } | undefined) : undefined;
      if (mine) return mine.card_id;
      return (q.latest.get() as { card_id: number } | undefined)?.card_id ?? null;
    },
  };
};
