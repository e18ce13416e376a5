import type { GameEvent, HandCategory } from '../../../core/events';
import type { GameState } from '../../../core/game';
import { groupName } from '../../../core/claims';
import { SEAT_NAMES, type Seat } from '../../../core/seats';
import { parseTile, tileName, type Tile } from '../../../core/tiles';

/**
 * The table's command line (docs/keyboard.md). One line, Enter to record. Tiles and seats are
 * single letters, so every command word is a letter that is neither a tile nor a seat.
 *
 *   5b            discard by the player in turn          s 5b        discard by South (out of turn if not hers)
 *   5b=n          a Five Bam down, called “North” (misnamed discard, RULES §4.8; also s 5b=n)
 *   5b!           a Five Bam the table marked hot (house rule hotTilePenalty; also s 5b!, 5b=n!)
 *   p             pick (player in turn)                  k           rack (player in turn)
 *   bp 5b         the player in turn discarded before picking (RULES §4.6; also bp 5b=n, bp 5b!, bp x w 5b)
 *   c w 3         West calls a pung (c w 4j2: kong, 2 jokers; add t: spoken together with the last call)
 *   c w m         West calls for mah jongg
 *   m s 30 [j] [c] [sp|q] [self]   South's mah jongg: value, jokerless, concealed, category; the engine infers discard / self-pick
 *   x w 5b        the player in turn gives a Five Bam for West's joker
 *   d s [w] [?|y|n]  South's hand dead [called by West] [disputed | upheld | challenge wrong]
 *   err s [x] [30]   South's mah jongg in error [exposed, her hand's value]
 *   ww s          South pushed out the wrong wall (RULES §2.8)
 *   b s           the bettor bets on South               wall        wall game       u   undo
 *
 * An event whose seat was not typed (5b, p, k, x w 5b, bp 5b) is the player in turn's and carries
 * `implied: true`, so a fix that changes whose turn it is moves it with the turn (src/core/followTurn.ts).
 */
export type Command =
  | { kind: 'event'; event: GameEvent; preview: string }
  | { kind: 'undo'; preview: string }
  | { kind: 'empty' }
  /** ok (confirm the payout sheet), next (next game), ledger (the session ledger), home (the home screen): handled by the screen. */
  | { kind: 'meta'; word: 'ok' | 'next' | 'ledger' | 'home'; preview: string }
  | { kind: 'problem'; message: string };

export type Names = Partial<Record<Seat, string>>;

const SEAT_KEYS: Record<string, Seat> = { e: 'E', s: 'S', w: 'W', n: 'N' };
const who = (names: Names, s: Seat): string => (names[s] ? `${SEAT_NAMES[s]} (${names[s]})` : SEAT_NAMES[s]);

const seatOf = (tok: string | undefined, state: GameState): Seat | string => {
  if (tok === undefined) return 'say which seat (e, s, w or n)';
  const s = SEAT_KEYS[tok];
  if (!s) return `“${tok}” is not a seat (e, s, w or n)`;
  if (!state.seats.includes(s)) return `there is no ${SEAT_NAMES[s]} at this table`;
  return s;
};
const tileOf = (tok: string | undefined): Tile | string => {
  if (tok === undefined) return 'type a tile (5b, 3c, 9d, n, e, w, s, r, g, 0, f, j)';
  return parseTile(tok) ?? `“${tok}” is not a tile (5b, 3c, 9d, n, e, w, s, r, g, 0, f, j)`;
};
const isErr = (x: unknown): x is string => typeof x === 'string' && x.length > 2;

/** Parse one command line against the current state (for the default seat). Never throws. */
export const parseCommand = (line: string, state: GameState, names: Names): Command => {
  const toks = line.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (toks.length === 0) return { kind: 'empty' };
  const [head, ...rest] = toks as [string, ...string[]];
  const problem = (message: string): Command => ({ kind: 'problem', message });
  const ev = (event: GameEvent, preview: string): Command => ({ kind: 'event', event, preview });
  const turn = state.turn;

  switch (head) {
    case 'ok':
      return {
        kind: 'meta',
        word: 'ok',
        preview: state.status === 'in-progress' ? 'ok confirms the payout sheet at the end of the game' : 'Confirm the payouts',
      };
    case 'next':
      return { kind: 'meta', word: 'next', preview: 'Start the next game' };
    case 'ledger':
      return { kind: 'meta', word: 'ledger', preview: 'Open the session ledger' };
    case 'bp': {
      // Before picking (RULES §4.6): her discard, or her joker exchange (D9), made before her pick.
      if (rest.length === 0) return problem('bp: then the tile she discarded before picking (bp 5b), or her joker exchange (bp x w 5b)');
      const inner = parseCommand(rest.join(' '), state, names);
      if (inner.kind === 'problem') return problem(`bp: ${inner.message}`);
      if (inner.kind !== 'event')
        return problem('bp: then the tile she discarded before picking (bp 5b), or her joker exchange (bp x w 5b)');
      const e = inner.event;
      if ((e.type === 'discard' && e.seat === turn) || e.type === 'jokerExchange')
        return ev(
          { ...e, beforePick: true },
          `${inner.preview}, before picking: ${e.type === 'discard' ? 'nobody may call it' : 'her hand is dead'}`,
        );
      return problem(
        `bp is for the player in turn (${SEAT_NAMES[turn]}): a discard (bp 5b) or a joker exchange (bp x w 5b) made before her pick`,
      );
    }
    case 'home':
      return { kind: 'meta', word: 'home', preview: 'Back to the home screen (r there comes back to this game)' };
    case 'u':
    case 'undo':
      return rest.length ? problem('u takes nothing after it') : { kind: 'undo', preview: 'Undo the last action' };
    case 'p':
      return rest.length
        ? problem('p (pick) is for the player in turn; type just p')
        : ev({ type: 'pick', seat: turn, implied: true }, `${who(names, turn)} picks a tile`);
    case 'k':
      return rest.length
        ? problem('k (rack) is for the player in turn; type just k')
        : ev({ type: 'rack', seat: turn, implied: true }, `${who(names, turn)} racks her tile`);
    case 'wall':
      return rest.length ? problem('wall takes nothing after it') : ev({ type: 'wallGame' }, 'Wall game: the wall ran out');
    case 'ww': {
      const seat = seatOf(rest[0], state);
      if (isErr(seat)) return problem(`ww: ${seat} (who pushed out the wrong wall)`);
      if (rest.length > 1) return problem('ww: just the seat that pushed out the wrong wall, e.g. ww s');
      return ev(
        { type: 'wrongWall', seat: seat as Seat },
        `${who(names, seat as Seat)} pushed out the wrong wall: a mah jongg from it costs her 4×`,
      );
    }
    case 'b': {
      // "b wall": the bet on a wall game (house rule "bet on a wall game"; the engine refuses it otherwise).
      if (rest[0] === 'wall' && rest.length === 1) return ev({ type: 'bet', on: 'wall' }, 'The bettor bets on a wall game');
      const on = seatOf(rest[0], state);
      if (isErr(on)) return problem(`b: ${on}`);
      return ev({ type: 'bet', on: on as Seat }, `The bettor bets on ${who(names, on as Seat)}`);
    }
    case 'c': {
      const seat = seatOf(rest[0], state);
      if (isErr(seat)) return problem(`c: ${seat}`);
      const s = seat as Seat;
      const together = rest.includes('t');
      const what = rest.filter((t, i) => i > 0 && t !== 't');
      if (what.length !== 1)
        return problem('c: then the size (3 pung, 4 kong, 5 quint, 6 sextet; 4j1 = kong with 1 joker) or m for mah jongg');
      const t = what[0]!;
      const called = state.live?.tile;
      if (t === 'm')
        return ev(
          { type: 'call', seat: s, mahjong: true, ...(together ? { together } : {}) },
          `${who(names, s)} calls${called ? ` the ${tileName(called)}` : ''} for mah jongg${together ? ' (at the same moment)' : ''}`,
        );
      const m = /^([3-6])(?:j([0-6]))?$/.exec(t);
      if (!m) return problem(`c: “${t}” is not a size (3, 4, 5, 6, with j and a count of jokers: 4j1) or m`);
      const size = Number(m[1]);
      const jokers = Number(m[2] ?? 0);
      if (jokers >= size) return problem(`c: a ${groupName(size)} needs at least the called tile: at most ${size - 1} jokers`);
      const base = state.pendingClaim?.tile ?? called;
      if (!base) return problem('c: there is no discard to call');
      const tile = state.pendingClaim?.named ?? state.live?.named ?? base;
      const exposure: Tile[] = [...Array(size - jokers).fill(tile), ...Array(jokers).fill('J')];
      return ev(
        { type: 'call', seat: s, exposure, ...(together ? { together } : {}) },
        `${who(names, s)} calls the ${tileName(tile)} for a ${groupName(size)}${jokers ? ` with ${jokers} joker${jokers > 1 ? 's' : ''}` : ''}${together ? ' (at the same moment)' : ''}`,
      );
    }
    case 'm': {
      const seat = seatOf(rest[0], state);
      if (isErr(seat)) return problem(`m: ${seat}`);
      const s = seat as Seat;
      const value = Number(rest[1]);
      if (!rest[1] || !Number.isInteger(value) || value <= 0)
        return problem('m: then the hand value from the card (a whole number, e.g. m s 30)');
      let jokerless = false;
      let category: HandCategory | undefined;
      let selfPick = false;
      let concealed = false;
      for (const t of rest.slice(2)) {
        if (t === 'j') jokerless = true;
        else if (t === 'c') concealed = true;
        else if (t === 'sp') category = 'singles-pairs';
        else if (t === 'q') category = 'quints';
        else if (t === 'self') selfPick = true;
        else return problem(`m: “${t}” is not j (jokerless), c (concealed), sp (Singles & Pairs), q (Quints) or self (self-picked)`);
      }
      const extras = [
        jokerless ? 'jokerless' : '',
        concealed ? 'concealed' : '',
        category === 'singles-pairs' ? 'Singles & Pairs' : category === 'quints' ? 'Quints' : '',
        selfPick ? 'self-picked' : '',
      ]
        .filter(Boolean)
        .join(', ');
      return ev(
        {
          type: 'mahjong',
          seat: s,
          value,
          jokerless,
          ...(category ? { category } : {}),
          ...(selfPick ? { selfPick } : {}),
          ...(concealed ? { concealed } : {}),
        },
        `Mah jongg by ${who(names, s)}: ${value}${extras ? `, ${extras}` : ''}`,
      );
    }
    case 'x': {
      const from = seatOf(rest[0], state);
      if (isErr(from)) return problem(`x: ${from} (whose exposed joker)`);
      const tile = tileOf(rest[1]);
      if (isErr(tile)) return problem(`x: ${tile}`);
      if (rest.length > 2) return problem('x: then whose joker and the tile given, e.g. x w 5b');
      return ev(
        { type: 'jokerExchange', seat: turn, from: from as Seat, tile: tile as Tile, implied: true },
        `${who(names, turn)} gives a ${tileName(tile as Tile)} for ${who(names, from as Seat)}’s joker`,
      );
    }
    case 'd': {
      const seat = seatOf(rest[0], state);
      if (isErr(seat)) return problem(`d: ${seat}`);
      const s = seat as Seat;
      // Positional: d <seat> [<by>] [? | y | n], so "n" after the challenger is a flag, not North.
      if (rest.length > 3) return problem('d: the seat, then who called it, then ? (disputed), y (upheld) or n (challenge wrong)');
      let by: Seat | undefined;
      if (rest[1] !== undefined) {
        const b = seatOf(rest[1], state);
        if (isErr(b)) return problem(`d: ${b} (who called it dead)`);
        by = b as Seat;
      }
      const flag = rest[2];
      if (flag !== undefined && !['?', 'y', 'n'].includes(flag))
        return problem(`d: “${flag}” is not ? (disputed), y (upheld) or n (challenge wrong)`);
      const e: GameEvent = {
        type: 'dead',
        seat: s,
        ...(by ? { by } : {}),
        ...(flag === '?' ? { disputed: true } : flag === 'y' ? { upheld: true } : flag === 'n' ? { upheld: false } : {}),
        ...(by ? { cause: 'challenge' as const } : {}),
      };
      const text =
        flag === '?'
          ? `${who(names, by!)} calls ${who(names, s)}’s hand dead; disputed: settle at the end`
          : flag === 'y'
            ? `${who(names, by!)}’s challenge of ${who(names, s)} upheld: her hand is dead`
            : flag === 'n'
              ? `${who(names, by!)}’s challenge of ${who(names, s)} was wrong: ${SEAT_NAMES[by!]} pays`
              : by
                ? `${who(names, by)} calls ${who(names, s)}’s hand dead (agreed)`
                : `${who(names, s)}’s hand is dead`;
      return ev(e, text);
    }
    case 'err': {
      const seat = seatOf(rest[0], state);
      if (isErr(seat)) return problem(`err: ${seat}`);
      const s = seat as Seat;
      const exposed = rest.includes('x');
      const nums = rest.slice(1).filter((t) => t !== 'x');
      if (nums.length > 2 || nums.some((n) => !/^\d+$/.test(n)))
        return problem(
          'err: the seat, then x if she exposed her hand, then her hand’s value and, for three-dead rule (b), the survivor’s (err s x 30 25)',
        );
      const value = nums[0] !== undefined ? Number(nums[0]) : undefined;
      const survivorValue = nums[1] !== undefined ? Number(nums[1]) : undefined;
      return ev(
        { type: 'mahjongInError', seat: s, exposed, ...(value ? { value } : {}), ...(survivorValue ? { survivorValue } : {}) },
        `${who(names, s)}’s mah jongg in error${exposed ? ', hand exposed: dead' : ', not exposed: play on'}${value ? ` (${value})` : ''}${survivorValue ? `; the survivor’s hand ${survivorValue}` : ''}`,
      );
    }
  }
  // A discard: "5b" by the player in turn, or "s 5b" by South; "5b=n": a Five Bam called "North".
  const discard = (seat: Seat, token: string, implied = false): Command => {
    // A trailing "!" marks the tile hot (house rule hotTilePenalty, RULES §9.5).
    const hot = token.endsWith('!');
    const tok = hot ? token.slice(0, -1) : token;
    const [down, said, ...more] = tok.split('=');
    if (more.length) return problem(`“${tok}”: one = only: the tile down, then what was said (5b=n)`);
    const tile = tileOf(down || undefined);
    if (isErr(tile)) return problem(tile);
    let named: Tile | undefined;
    if (said !== undefined) {
      const n = tileOf(said || undefined);
      if (isErr(n)) return problem(`after =: ${n} (what she said)`);
      named = n as Tile;
      if (named === tile)
        return problem(`${tileName(named)} = ${tileName(named)}: after = type what she said when it differs from the tile down`);
    }
    const t = tile as Tile;
    return ev(
      { type: 'discard', seat, tile: t, ...(named ? { named } : {}), ...(hot ? { hot } : {}), ...(implied ? { implied } : {}) },
      `Discard ${hot ? 'hot ' : ''}${tileName(t)}${named ? `, called “${tileName(named)}”` : ''} by ${who(names, seat)}${seat !== turn ? ` (out of turn: it is ${SEAT_NAMES[turn]}’s turn)` : ''}`,
    );
  };
  if (toks.length === 1) return discard(turn, head, true);
  if (toks.length === 2 && SEAT_KEYS[head]) {
    const seat = seatOf(head, state);
    if (isErr(seat)) return problem(seat);
    return discard(seat as Seat, rest[0]!);
  }
  return problem(
    `“${line.trim()}” is not a command: a tile (5b), a seat and a tile (s 5b), a misnamed tile (5b=n), or p, k, bp, c, m, x, d, err, ww, b, wall, u`,
  );
};
