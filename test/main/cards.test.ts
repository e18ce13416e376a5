import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from 'vitest';
import type { Cards, SessionCard } from '../../src/shared/contract/cards';
import type { SessionSummary } from '../../src/shared/types';
import { useServices } from './fixture';

/**
 * The group's cards in the database (migration 10): saved by name and year (a card that does not
 * read is refused with its first problem and changes nothing), replaced, removed, chosen for a
 * session and remembered, kept across a restart, exported with the session and imported back.
 * Real services on a real SQLite file.
 */
const f = useServices();

const SAMPLE = readFileSync(join(import.meta.dirname, '..', '..', 'resources', 'cards', 'sample-card.txt'), 'utf8');
const RECORD = readFileSync(resolve(import.meta.dirname, '../records/quick-four.json'), 'utf8');
const small = (name: string, year: number | null, value = 25) =>
  `card "${name}"${year === null ? '' : ` year=${year}`}\nsection "S"\n${value} X NNNN EEEE WWW SSS\n`;

test('cards are saved by name and year, replaced, listed newest year first, removed, and kept across a restart', async () => {
  expect(await f.value<Cards>('cards')).toEqual({ cards: [], remembered: null });
  const a = await f.value<Cards & { saved: number }>('saveCard', { text: SAMPLE });
  expect(a.cards).toHaveLength(1);
  expect(a.cards[0]).toMatchObject({ id: a.saved, name: 'MahjMate sample (invented)', year: 2026, text: SAMPLE });
  expect(a.cards[0]!.card.hands.length).toBe(49);

  const old = await f.value<Cards & { saved: number }>('saveCard', { text: small('Tuesday', 2025) });
  await f.value('saveCard', { text: small('Tuesday', 2026) });
  // The same name (any case) and year replaces the card.
  const replaced = await f.value<Cards & { saved: number }>('saveCard', { text: small('TUESDAY', 2025, 30) });
  expect(replaced.saved).toBe(old.saved);
  expect(replaced.cards.map((c) => `${c.name} ${c.year}`)).toEqual(['MahjMate sample (invented) 2026', 'Tuesday 2026', 'TUESDAY 2025']);
  expect(replaced.cards.find((c) => c.id === old.saved)!.card.hands[0]!.value).toBe(30);

  f.restart();
  expect((await f.value<Cards>('cards')).cards).toHaveLength(3);
  const left = await f.value<Cards>('removeCard', { id: old.saved });
  expect(left.cards.map((c) => c.name)).toEqual(['MahjMate sample (invented)', 'Tuesday']);
  expect(await f.refusal('removeCard', { id: old.saved })).toMatch(/not found/i);
});

test('a card that does not read is refused with its first problem, and nothing is stored', async () => {
  const message = await f.refusal('saveCard', { text: 'card "Bad"\nsection "S"\n25 X FF 2027a 222b 2222c\n' });
  expect(message).toBe('Card line 3: FF holds 2 tiles, 2027a 4, 222b 3, 2222c 4, the pattern 13, not 14.');
  expect(await f.refusal('saveCard', { text: 42 })).toMatch(/A card is its text/);
  expect((await f.value<Cards>('cards')).cards).toEqual([]);
});

test('a card chosen for a session is remembered, exported with it, kept when deleted, and imported back', async () => {
  const session = await f.value<SessionSummary>('importRecord', { text: RECORD });
  const { saved } = await f.value<Cards & { saved: number }>('saveCard', { text: SAMPLE });
  expect(await f.value('sessionCard', { sessionId: session.id })).toBeNull();

  const chosen = await f.value<SessionCard>('chooseCard', { sessionId: session.id, cardId: saved });
  expect(chosen).toMatchObject({ sessionId: session.id, cardId: saved, text: SAMPLE });
  expect((await f.value<Cards>('cards')).remembered).toBe(saved);

  const exported = await f.value<{ text: string }>('exportSession', { sessionId: session.id });
  expect(JSON.parse(exported.text).card).toEqual({ text: SAMPLE });

  // Deleting the card leaves the session its own copy.
  await f.value('removeCard', { id: saved });
  expect(await f.value('sessionCard', { sessionId: session.id })).toMatchObject({ cardId: null, text: SAMPLE });

  // The exported file imported as a copy brings its card along; importing it again finds it there.
  const copy = await f.value<SessionSummary>('importRecord', { text: exported.text, copy: true });
  expect(await f.value('sessionCard', { sessionId: copy.id })).toMatchObject({ cardId: null, text: SAMPLE });
  expect(await f.value('importRecord', { text: exported.text })).toMatchObject({ alreadyThere: true });

  // No card for the session: none exported.
  await f.value('chooseCard', { sessionId: session.id, cardId: null });
  expect(JSON.parse((await f.value<{ text: string }>('exportSession', { sessionId: session.id })).text).card).toBeUndefined();
  expect(await f.refusal('chooseCard', { sessionId: 9999, cardId: null })).toMatch(/session 9999 not found/i);
  expect(await f.refusal('chooseCard', { sessionId: session.id, cardId: 9999 })).toMatch(/card 9999 not found/i);
});
