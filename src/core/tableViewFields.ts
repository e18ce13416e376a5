import type { TableView } from './tableView';

/**
 * The ONE list of what the table feed may carry to the display window and to phones on the
 * network: every field of every frame of the stream and of view.json, each with what the page
 * shows it as. Every other list of the feed's fields is made from this one, and a field nobody has
 * written down here must not reach a phone.
 *
 * Adding a field to TableView does not typecheck until it is listed here (FieldPaths below), and a
 * listed field that no longer exists does not typecheck either.
 */

/** "a", "a.b", "a[].b": each field of T, arrays marked with []. */
type FieldPaths<T, P extends string = ''> = T extends readonly (infer U)[]
  ? FieldPaths<U, `${P}[]`>
  : T extends object
    ? { [K in keyof T & string]: `${P}${P extends '' ? '' : '.'}${K}` | FieldPaths<T[K], `${P}${P extends '' ? '' : '.'}${K}`> }[keyof T &
        string]
    : never;

export type TableViewField = FieldPaths<TableView>;

/** Each field of the table view (view.json, and `view` in a frame), and what the page shows for it. */
export const TABLE_VIEW_FIELDS: { readonly [K in TableViewField]: string } = {
  v: 'the format version of the view (1)',
  phase: 'whether a game is being played, has just ended, or none has started',
  game: 'the number of the game shown',
  seats: 'the seats at the table',
  'seats[].seat': 'the seat (E, S, W, N)',
  'seats[].wind': 'the seat’s wind as a word ("East")',
  'seats[].name': 'the player’s name',
  'seats[].turn': 'whether it is this player’s turn',
  'seats[].dead': 'whether the hand was called dead',
  'seats[].exposures': 'the groups the player exposed on her rack',
  'seats[].exposures[].tile': 'the kind a group is of',
  'seats[].exposures[].tiles': 'the tiles of a group, jokers included',
  'seats[].exposures[].locked': 'whether the group’s jokers can no longer be redeemed',
  bettor: 'the bettor’s name',
  betOn: 'the player the bettor backed',
  turn: 'whose turn it is',
  wall: 'the tiles left in the wall',
  lastWall: 'whether the tiles left are the last wall',
  live: 'the latest discard',
  'live.tile': 'the discarded tile',
  'live.name': 'the discarded tile as words ("Five Bam")',
  'live.seat': 'who discarded it (seat)',
  'live.by': 'who discarded it (name)',
  'live.open': 'whether its window of opportunity is open',
  'live.closedBy': 'why the window closed ("South racked")',
  'live.at': 'when it was discarded, for the window’s seconds',
  'live.outOfTurn': 'whether it was discarded out of turn',
  'live.hot': 'whether it is a hot tile',
  called: 'the call that took the latest discard, until the caller discards',
  'called.tile': 'the called tile',
  'called.name': 'the called tile as words ("Five Dot")',
  'called.seat': 'who called it (seat)',
  'called.by': 'who called it (name)',
  'called.from': 'whose discard it was (name)',
  'called.group': 'the group she called it for ("pung"), or none for mah jongg',
  latest: 'the last thing recorded, as the sentence the page shows ("Cy called Bea’s Five Dot")',
  dead: 'the dead tiles: kinds with no copy left unseen',
  'dead[].tile': 'a dead kind',
  'dead[].name': 'a dead kind as words',
  'dead[].unseen': 'copies of it unseen (0)',
  nearlyDead: 'kinds with one copy left unseen',
  'nearlyDead[].tile': 'such a kind',
  'nearlyDead[].name': 'such a kind as words',
  'nearlyDead[].unseen': 'copies of it unseen (1)',
  ending: 'how the last game ended, between games',
  'ending.status': 'mah jongg, a wall game or three dead hands',
  'ending.winner': 'who went mah jongg',
  'ending.value': 'the hand’s value',
  'ending.hand': 'the hand of the group’s card it was won with ("2026 #2"), when the host named it',
  'ending.selfPick': 'whether the winner picked the tile herself',
  'ending.discarder': 'who threw the winning tile',
  'ending.confirmed': 'whether the payout sheet is confirmed (else shown "not confirmed yet")',
  'ending.payout': 'the payout sheet, one line a payment',
  'ending.payout[].from': 'who pays',
  'ending.payout[].to': 'who is paid',
  'ending.payout[].points': 'the points the rules say',
  'ending.payout[].paid': 'the points paid after the pie caps',
  'ending.payout[].cents': 'the payment in money, in cents',
  'ending.payout[].reason': 'why, in words ("self-pick, twice")',
  'ending.deadHands': 'whose hands were dead at the end',
  standings: 'the session so far, best first',
  'standings[].name': 'a player',
  'standings[].points': 'her points after the pie caps',
  'standings[].cents': 'her money won or lost, in cents (the table sees the standings in money)',
  centsPerPoint: 'the stake (money per point), to show points as money',
  chips: 'the pie’s chips, to show payments in chips',
  'chips[].colour': 'a chip’s colour',
  'chips[].points': 'a chip’s worth in points',
  next: 'the next game’s seating, between games',
  'next.seats': 'who sits where next game',
  'next.seats[].seat': 'a seat',
  'next.seats[].name': 'who sits there',
  'next.bettor': 'next game’s bettor',
  updatedAt: 'when the last event was recorded',
};

/**
 * Each field of a frame of the event stream other than the view's own: the envelope of a view
 * frame, and the seat the server gives a phone (the end of sharing is an empty frame).
 */
export const FRAME_FIELDS = {
  view: 'the table view (the fields below)',
  sentAt: 'the host’s clock when the frame was sent, so the window’s seconds count right on the phone',
  seat: 'the seat the server gave this phone (a random name, first frame only): the page quotes it to say it is still watching',
  ping: 'how often, in ms, the page says it is still watching (first frame only)',
} as const;

const listed = new Set<string>([...Object.keys(FRAME_FIELDS), ...Object.keys(TABLE_VIEW_FIELDS).map((k) => `view.${k}`)]);

/** Every field path of a JSON value ("a.b", arrays as "a[].b"), parents included. */
export const fieldPathsOf = (value: unknown, prefix = ''): string[] => {
  const out = new Set<string>();
  const walk = (v: unknown, p: string): void => {
    if (Array.isArray(v)) for (const x of v) walk(x, `${p}[]`);
    else if (v !== null && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        const q = p === '' ? k : `${p}.${k}`;
        out.add(q);
        walk(x, q);
      }
  };
  walk(value, prefix);
  return [...out];
};

/** The fields of a frame (`frame`) or of view.json (`view`) that the list does not document. */
export const undocumentedFields = (value: unknown, as: 'frame' | 'view'): string[] =>
  fieldPathsOf(value, as === 'view' ? 'view' : '').filter((p) => !listed.has(p));

/** The security notes' table of the feed's fields, as generated from the lists above. */
export const feedFieldsTable = (): string[] => [
  '| Field | What the page shows |',
  '| --- | --- |',
  ...Object.entries(FRAME_FIELDS).map(([k, d]) => `| \`${k}\` | ${d} |`),
  ...Object.entries(TABLE_VIEW_FIELDS).map(([k, d]) => `| \`view.${k}\` | ${d} |`),
];
