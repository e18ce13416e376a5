import { parseCard } from '../../../src/core/card';
import type { CardEntry } from '../../../src/shared/contract/cards';
import { cardsRepo, type StoredCard } from '../store/cards.repo';
import type { Handlers, ServiceContext } from './context';
import { notFound, ServiceError } from './errors';

type CardChannels = 'cards' | 'saveCard' | 'removeCard' | 'useCard' | 'sessionCard' | 'groupCard';

const bad = (message: string): never => {
  throw new ServiceError('ERR_BAD_INPUT', message);
};

/** Read a card's text with the core's reader: the card, or a refusal naming its first problem's line. */
const readCard = (text: string) => {
  const r = parseCard(text);
  if (!r.ok) {
    const n = r.error.length;
    return bad(`${r.error[0]?.message ?? 'This card cannot be read.'}${n > 1 ? ` (and ${n - 1} more problem${n > 2 ? 's' : ''}: the Cards screen marks each line)` : ''}`);
  }
  return r.value;
};

const entry = (c: StoredCard): CardEntry => {
  const r = parseCard(c.text);
  return { id: c.id, name: c.name, year: c.year, text: c.text, hands: r.ok ? r.value.hands.length : 0, savedAt: c.savedAt };
};

const titled = (name: string, year: number | null): string => `“${name}”${year === null ? '' : ` (${year})`}`;

/** The group cards, kept in the database; a session's card is its own copy of the chosen one. */
export const cardServices = (ctx: ServiceContext): Handlers<CardChannels> => {
  const repo = cardsRepo(ctx.store);
  const session = (sessionId: number): void => {
    if (!ctx.store.getSession(sessionId)) throw notFound(`session ${sessionId}`);
  };
  return {
    cards: () => repo.all().map(entry),
    saveCard: ({ text, id }) => {
      const card = readCard(text);
      const kept = { name: card.name, year: card.year ?? null, text };
      const same = repo.named(kept.name, kept.year);
      if (same && same.id !== id)
        bad(`A card named ${titled(same.name, same.year)} is already kept: open it to change it, or give this one another name or year.`);
      if (id !== undefined) {
        if (!repo.replace(id, kept)) throw notFound(`card ${id}`);
        return entry(repo.get(id)!);
      }
      return entry(repo.get(repo.add(kept))!);
    },
    removeCard: ({ id }) => {
      if (!repo.remove(id)) throw notFound(`card ${id}`);
      return repo.all().map(entry);
    },
    useCard: ({ sessionId, cardId }) => {
      session(sessionId);
      if (cardId !== null && !repo.get(cardId)) throw notFound(`card ${cardId}`);
      repo.useForSession(sessionId, cardId);
      return repo.ofSession(sessionId);
    },
    sessionCard: ({ sessionId }) => {
      session(sessionId);
      return repo.ofSession(sessionId);
    },
    groupCard: ({ players }) => {
      const cardId = repo.forGroup(players);
      return { cardId: cardId !== null && repo.get(cardId) ? cardId : null };
    },
  };
};
