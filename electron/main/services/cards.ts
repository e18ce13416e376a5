import { parseCard } from '../../../src/core/card';
import type { Cards, SessionCard, StoredCardView } from '../../../src/shared/contract/cards';
import { cardsRepo, type StoredCard } from '../store/cards.repo';
import type { Handlers, ServiceContext } from './context';
import { notFound } from './errors';

type CardChannels = 'cards' | 'saveCard' | 'removeCard' | 'chooseCard' | 'sessionCard';

/** A stored card's text read again: it read when saved, and the reader only grows more lenient. */
const view = (c: StoredCard): StoredCardView | null => {
  const r = parseCard(c.text);
  return r.ok ? { id: c.id, name: c.name, year: c.year, text: c.text, card: r.value, savedAt: c.savedAt } : null;
};

/** The group's cards (docs/card.md) and the card each session plays with. */
export const cardServices = (ctx: ServiceContext): Handlers<CardChannels> => {
  const repo = cardsRepo(ctx.store);
  const now = (): Cards => ({ cards: repo.all().flatMap((c) => view(c) ?? []), remembered: repo.remembered()?.id ?? null });
  const sessionCard = (sessionId: number): SessionCard | null => {
    const s = repo.ofSession(sessionId);
    const r = s ? parseCard(s.text) : null;
    return s && r?.ok ? { sessionId, cardId: s.cardId, text: s.text, card: r.value } : null;
  };
  const session = (sessionId: number): void => {
    if (!ctx.store.getSession(sessionId)) throw notFound(`session ${sessionId}`);
  };
  return {
    cards: () => now(),
    saveCard: ({ text }) => {
      const saved = repo.save({ name: text.card.name, year: text.card.year ?? null, text: text.text });
      return { ...now(), saved };
    },
    removeCard: ({ id }) => {
      if (!repo.remove(id)) throw notFound(`card ${id}`);
      return now();
    },
    chooseCard: ({ sessionId, cardId }) => {
      session(sessionId);
      if (cardId !== null && !repo.get(cardId)) throw notFound(`card ${cardId}`);
      repo.choose(sessionId, cardId);
      return sessionCard(sessionId);
    },
    sessionCard: ({ sessionId }) => {
      session(sessionId);
      return sessionCard(sessionId);
    },
  };
};
