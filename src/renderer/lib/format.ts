/** "Sat 3 Jan 2026, 14:05" in the player's locale. */
// One formatter each, made once: toLocaleString with options builds a new one per call, which
// cost History and Stats most of their first paint on a long history (2,000 sessions).
const WHEN = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const DAY = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });

/** "Tue, 24 Nov 2026, 22:41" in the player's locale. */
export const formatWhen = (iso: string): string => WHEN.format(new Date(iso));

/** "24 Nov" in the player's locale. */
export const formatDay = (iso: string): string => DAY.format(new Date(iso));

/** "Ann, Bea, Cy and Dot". */
export const listNames = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
