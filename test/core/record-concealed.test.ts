import { describe, expect, test } from 'vitest';
import { parseRecord, replaySession, serialiseRecord } from '../../src/core/record';
import { gameEventSchema } from '../../src/shared/core-schema';

// The mah jongg's `concealed` extension: kept through parse and serialise, refused when not a
// boolean, accepted by the IPC schema, and never a change to what anyone pays.
const recordWith = (mahjong: Record<string, unknown>): string =>
  JSON.stringify({
    format: 'mahjmate/table-record',
    version: 2,
    players: ['Ann', 'Bea', 'Cy', 'Dot'],
    seating: ['Ann', 'Bea', 'Cy', 'Dot'],
    rules: {},
    games: [{ events: [{ type: 'discard', seat: 'E', tile: '5b' }, { type: 'call', seat: 'W', mahjong: true }, mahjong] }],
  });
const win = { type: 'mahjong', seat: 'W', value: 35, jokerless: false, from: 'E' };

describe('mahjong.concealed in the table record', () => {
  test('round-trips in canonical key order, last of the mah jongg fields', () => {
    const r = parseRecord(recordWith({ concealed: true, ...win }));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.games[0]!.events[2]).toEqual({ ...win, concealed: true });
    const text = serialiseRecord(r.value);
    expect(text).toContain('"jokerless": false,\n          "concealed": true\n');
    const again = parseRecord(text);
    expect(again.ok && again.value).toEqual(r.value);
    expect(again.ok && serialiseRecord(again.value)).toBe(text);
  });

  test('false is kept as written; absent stays absent', () => {
    const f = parseRecord(recordWith({ ...win, concealed: false }));
    expect(f.ok && f.value.games[0]!.events[2]).toEqual({ ...win, concealed: false });
    const none = parseRecord(recordWith(win));
    expect(none.ok && 'concealed' in none.value.games[0]!.events[2]!).toBe(false);
  });

  test('a concealed that is not true/false is refused with the field named', () => {
    const r = parseRecord(recordWith({ ...win, concealed: 'yes' }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/mahjong\.concealed must be true or false, got "yes"/);
  });

  test('does not change any payment (NMJL prices a concealed hand in its card value)', () => {
    const plain = parseRecord(recordWith(win));
    const conc = parseRecord(recordWith({ ...win, concealed: true }));
    if (!plain.ok || !conc.ok) throw new Error('fixture');
    const a = replaySession(plain.value);
    const b = replaySession(conc.value);
    if (!a.ok || !b.ok) throw new Error('replay');
    expect(b.value.games[0]!.payments).toEqual(a.value.games[0]!.payments);
    expect(a.value.games[0]!.payments.length).toBeGreaterThan(0);
  });

  test('the IPC event schema accepts it and refuses a non-boolean', () => {
    expect(gameEventSchema.safeParse({ ...win, concealed: true }).success).toBe(true);
    expect(gameEventSchema.safeParse({ ...win, concealed: 1 }).success).toBe(false);
  });
});
