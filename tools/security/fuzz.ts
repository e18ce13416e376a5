/**
 * The fuzzers of issue 7.2, shared by the fixed-seed tests (test/core/fuzz-engine.test.ts,
 * test/main/fuzz-ipc.test.ts, test/main/fuzz-records.test.ts) and bench/fuzz.ts (10,000 cases
 * each). Every case runs inside try/catch: a throw is a crash, counted with its input, never
 * the end of the run. What each checks:
 * - engine: apply() on random and adversarial events never throws; a refusal carries a code and
 *   a message and leaves the state as it was (deep); replayGame() agrees with apply() step by step.
 * - ipc: dispatch() on every channel with malformed payloads (wrong types, huge strings, deep
 *   nesting, __proto__/constructor keys) never throws; a refusal has an ERR_ code and a message
 *   and wrote nothing to the database; Object.prototype is never polluted.
 * - records: parseRecord/replaySession (what `replay` runs) and importRecord on mutated records
 *   never throw; a refusal says why; a refused import wrote nothing.
 */
import fc from 'fast-check';
import type { GameEvent } from '../../src/core/events';
import { apply, newGame, replayGame, type GameSetup, type GameState } from '../../src/core/game';
import { describeRecordError, parseRecord, replaySession } from '../../src/core/record';
import { OFFICIAL_RULES, type HouseRules } from '../../src/core/rules';
import { SEATS } from '../../src/core/seats';
import { describeReplayError } from '../../src/core/summary';
import { TILES } from '../../src/core/tiles';
import { CHANNELS } from '../../src/shared/channels';
import { createServices, dispatch } from '../../electron/main/services/dispatch';
import type { Store } from '../../electron/main/store/store';

export interface FuzzFigures {
  cases: number;
  crashes: string[];
  /** Checks that failed without a throw (a refusal without a reason, a changed state...). */
  failures: string[];
  /** Cases refused (with a reason) and cases accepted, to show the fuzzer reaches both. */
  refused: number;
  accepted: number;
  /** Imports that made a new session (a record already here is named, not imported twice). */
  imported?: number;
}

const figures = (): FuzzFigures => ({ cases: 0, crashes: [], failures: [], refused: 0, accepted: 0 });
const show = (x: unknown): string => {
  try {
    const s = JSON.stringify(x);
    return s === undefined ? typeof x : s.length > 300 ? `${s.slice(0, 300)}...` : s;
  } catch {
    return `(${typeof x}, not printable: too deep, cyclic or a BigInt)`;
  }
};
const note = (list: string[], s: string) => {
  if (list.length < 50) list.push(s);
};

// ---------------------------------------------------------------- (a) the rules engine

const seat = fc.constantFrom(...SEATS);
const tile = fc.constantFrom(...TILES);
/** Mostly well-formed numbers, and the edges: 0, negatives, fractions, huge, NaN, Infinity. */
const points = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 200 }) },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, -25, 0.5, 1e308, Number.MAX_SAFE_INTEGER, NaN, Infinity, -Infinity) },
);
const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
const strip = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

export const eventArb: fc.Arbitrary<GameEvent> = fc.oneof(
  { weight: 10, arbitrary: fc.record({ type: fc.constant('discard' as const), seat, tile, named: opt(tile) }).map(strip) },
  { weight: 6, arbitrary: fc.record({ type: fc.constant('pick' as const), seat }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('rack' as const), seat, tap: opt(fc.boolean()) }).map(strip) },
  {
    weight: 3,
    arbitrary: fc
      .record({
        type: fc.constant('call' as const),
        seat,
        exposure: fc.array(fc.oneof(tile, fc.constant('J' as const)), { maxLength: 7 }),
        together: opt(fc.boolean()),
      })
      .map(strip),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({ type: fc.constant('call' as const), seat, mahjong: fc.constant(true as const), together: opt(fc.boolean()) })
      .map(strip),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('jokerExchange' as const), seat, from: seat, tile }) },
  {
    weight: 1,
    arbitrary: fc
      .record({
        type: fc.constant('dead' as const),
        seat,
        by: opt(seat),
        upheld: opt(fc.boolean()),
        disputed: opt(fc.boolean()),
        cause: opt(
          fc.constantFrom(
            'wrong-count',
            'mahjong-in-error',
            'challenge',
            'broke-wall',
            'wrong-wall',
            'unwinnable',
            'faulty-exchange' as const,
          ),
        ),
      })
      .map(strip),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({
        type: fc.constant('mahjong' as const),
        seat,
        value: points,
        jokerless: fc.boolean(),
        category: opt(fc.constantFrom('singles-pairs', 'quints' as const)),
        from: opt(seat),
        selfPick: opt(fc.boolean()),
        special: opt(fc.constantFrom('heavenly', 'earthly' as const)),
      })
      .map(strip),
  },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant('mahjongInError' as const), seat, exposed: fc.boolean(), value: opt(points) }).map(strip),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('wrongWall' as const), seat }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('bet' as const), on: seat }) },
  { weight: 1, arbitrary: fc.constant<GameEvent>({ type: 'wallGame' }) },
  { weight: 2, arbitrary: fc.constant<GameEvent>({ type: 'retract' }) },
);

/** A legal-looking turn cycle with adversarial events mixed in: reaches deep into a game. */
const playedStream = fc.array(fc.tuple(fc.boolean(), eventArb), { maxLength: 160 }).map((pairs) => {
  const out: GameEvent[] = [];
  let turn = 0;
  for (const [played, e] of pairs) {
    if (played) {
      const s = SEATS[turn % 4]!;
      out.push({ type: 'pick', seat: s }, { type: 'discard', seat: s, tile: TILES[(turn * 7) % TILES.length]! });
      turn++;
    } else out.push(e);
  }
  return out;
});

const rulesArb: fc.Arbitrary<HouseRules> = fc
  .record(
    Object.fromEntries(
      Object.entries(OFFICIAL_RULES).map(([k, v]) => [
        k,
        typeof v === 'boolean' ? fc.boolean() : typeof v === 'number' ? fc.constantFrom(v, 0, 10, 1e9) : fc.constant(v),
      ]),
    ) as { [K in keyof HouseRules]: fc.Arbitrary<HouseRules[K]> },
  )
  .map((r) => ({ ...OFFICIAL_RULES, ...r }));

const setupArb: fc.Arbitrary<GameSetup> = fc
  .record({
    players: fc.constantFrom(3 as const, 4 as const),
    bettor: fc.boolean(),
    rules: rulesArb,
    dice: opt(fc.integer({ min: 2, max: 12 })),
  })
  .map(strip);

export const engineCase = fc.record({ setup: setupArb, events: fc.oneof(fc.array(eventArb, { maxLength: 80 }), playedStream) });

/** Run one engine case; updates `f`. */
export const runEngineCase = (f: FuzzFigures, c: { setup: GameSetup; events: GameEvent[] }): void => {
  f.cases++;
  try {
    let state: GameState = newGame(c.setup);
    let firstRefusal = -1;
    for (let i = 0; i < c.events.length; i++) {
      const before = JSON.stringify(state);
      const r = apply(state, c.events[i]!);
      if (r.ok) {
        f.accepted++;
        state = r.value;
        continue;
      }
      f.refused++;
      if (firstRefusal < 0) firstRefusal = i;
      if (typeof r.error.code !== 'string' || !r.error.code || typeof r.error.message !== 'string' || r.error.message.length < 3)
        note(f.failures, `engine: refusal without a reason ${show(r.error)} for ${show(c.events[i])}`);
      if (JSON.stringify(state) !== before) note(f.failures, `engine: a refused ${show(c.events[i])} changed the state`);
    }
    // replayGame of the stream up to the first refusal agrees with apply; with it, names that event.
    const upTo = firstRefusal < 0 ? c.events.length : firstRefusal + 1;
    const rep = replayGame(c.events.slice(0, upTo), c.setup);
    if (firstRefusal < 0 ? !rep.ok : rep.ok || rep.error.index !== firstRefusal)
      note(
        f.failures,
        `engine: replayGame disagrees with apply (first refusal ${firstRefusal}, replay ${show(rep.ok ? 'ok' : rep.error)})`,
      );
  } catch (e) {
    note(f.crashes, `engine: ${e instanceof Error ? (e.stack ?? e.message).slice(0, 400) : String(e)} on ${show(c)}`);
  }
};

export const fuzzEngine = (runs: number, seed: number): FuzzFigures => {
  const f = figures();
  for (const c of fc.sample(engineCase, { numRuns: runs, seed })) runEngineCase(f, c);
  return f;
};

// ---------------------------------------------------------------- (b) every IPC channel

/** Nested `depth` deep, as arrays or objects. */
const nest = (depth: number, asArray: boolean): unknown => {
  let x: unknown = 'bottom';
  for (let i = 0; i < depth; i++) x = asArray ? [x] : { a: x };
  return x;
};

/** A payload with own `__proto__` / `constructor` / `prototype` keys (as JSON.parse or structured clone makes them). */
const pollution = fc
  .record({
    key: fc.constantFrom('__proto__', 'constructor', 'prototype'),
    value: fc.constantFrom<unknown>({ polluted: 1, isAdmin: true }, { prototype: { polluted: 1 } }, 'x', null),
    base: fc.constantFrom<Record<string, unknown>>(
      {},
      { name: 'Ann' },
      { gameId: 1 },
      { sessionId: 1 },
      { text: '{}' },
      { id: 1, name: 'Bea' },
    ),
  })
  .map(
    ({ key, value, base }) =>
      JSON.parse(
        `{${[...Object.keys(base).map((k) => `${JSON.stringify(k)}:${JSON.stringify(base[k])}`), `${JSON.stringify(key)}:${JSON.stringify(value)}`].join(',')}}`,
      ) as unknown,
  );

const hugeString = fc
  .constantFrom(1_000, 100_000, 5_000_000)
  .chain((n) => fc.constantFrom('A', '\u0000', '💥', '"}').map((c) => c.repeat(n)));

/** Field-wise wrong versions of the shapes the channels take. */
const wrongValue = fc.oneof(
  fc.constantFrom<unknown>(null, undefined, NaN, Infinity, -1, 0, 1.5, 2 ** 53, -(2 ** 31), '', ' ', '1', true, [], {}, [1], 'Ann'),
  hugeString,
  fc.string(),
  fc.integer(),
  fc.double(),
);
const fieldNames = fc.constantFrom(
  'name',
  'id',
  'gameId',
  'sessionId',
  'text',
  'event',
  'afterSeq',
  'players',
  'seating',
  'bettor',
  'limit',
  'mode',
  'dice',
  'rules',
  'stakes',
  'pie',
  'scores',
  'winner',
  'tile',
  'seat',
);
const wrongShape = fc.dictionary(
  fieldNames,
  fc.oneof(wrongValue, fc.constant({ type: 'discard', seat: 'X', tile: 'ZZ' }), fc.constant({ type: 'pick', seat: 'E', extra: 1 })),
  { maxKeys: 5 },
);

export const payloadArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: wrongShape },
  {
    weight: 3,
    arbitrary: fc.anything({
      maxDepth: 4,
      withNullPrototype: true,
      withObjectString: true,
      withMap: true,
      withSet: true,
      withDate: true,
      withTypedArray: true,
      withSparseArray: true,
      withBigInt: true,
    }),
  },
  { weight: 2, arbitrary: wrongValue },
  { weight: 2, arbitrary: pollution },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 100, max: 20_000 }), fc.boolean()).map(([d, a]) => nest(d, a)) },
  {
    weight: 1,
    arbitrary: fc.record({
      event: fc.tuple(fc.integer({ min: 50, max: 5_000 }), fc.boolean()).map(([d, a]) => nest(d, a)),
      gameId: fc.constant(1),
    }),
  },
);

export const ipcCase = fc.record({
  channel: fc.oneof(
    { weight: 20, arbitrary: fc.constantFrom(...CHANNELS) },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', '', 'appInfo ', 'APPINFO') },
  ),
  payload: payloadArb,
});

/** The database's write counter (total_changes): unchanged means nothing was written. */
const changes = (store: Store): number => (store.db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
const protoKeys = (): string => Object.getOwnPropertyNames(Object.prototype).sort().join(',');

/** Seed a store with one session, one game and a few events so ids 1.. exist. */
export const seedStore = async (store: Store): Promise<void> => {
  const s = createServices(store);
  const must = async (channel: string, payload: unknown) => {
    const r = await dispatch(s, channel, payload);
    if (!r.ok) throw new Error(`seeding ${channel}: ${r.error.message}`);
    return r.value as { id: number };
  };
  const session = await must('setupSession', { setup: { players: ['Ann', 'Bea', 'Cy', 'Dot'], seating: ['Ann', 'Bea', 'Cy', 'Dot'] } });
  const game = await must('startGame', { sessionId: session.id });
  await must('appendEvent', { gameId: game.id, event: { type: 'discard', seat: 'E', tile: '5B' } });
  await must('appendEvent', { gameId: game.id, event: { type: 'pick', seat: 'S' } });
};

export const fuzzIpc = async (store: Store, runs: number, seed: number): Promise<FuzzFigures> => {
  const f = figures();
  const services = createServices(store);
  const proto = protoKeys();
  for (const c of fc.sample(ipcCase, { numRuns: runs, seed })) await runIpcCase(f, store, services, proto, c);
  return f;
};

export const runIpcCase = async (
  f: FuzzFigures,
  store: Store,
  services: ReturnType<typeof createServices>,
  proto: string,
  c: { channel: string; payload: unknown },
): Promise<void> => {
  f.cases++;
  const label = `${c.channel}(${show(c.payload).slice(0, 120)})`;
  try {
    const before = changes(store);
    const r = await dispatch(services, c.channel, c.payload);
    if (r.ok) f.accepted++;
    else {
      f.refused++;
      if (!/^ERR_[A-Z_]+$/.test(r.error.code) || typeof r.error.message !== 'string' || r.error.message.length < 5)
        note(f.failures, `ipc: refusal without a reason ${show(r.error)} for ${label}`);
      if (changes(store) !== before) note(f.failures, `ipc: a refused ${label} wrote to the database`);
      if (r.error.code === 'ERR_INTERNAL') note(f.failures, `ipc: internal error ${r.error.message.slice(0, 200)} for ${label}`);
    }
  } catch (e) {
    note(f.crashes, `ipc: ${label} threw ${e instanceof Error ? e.message : String(e)}`);
  }
  if (protoKeys() !== proto || ({} as Record<string, unknown>)['polluted'] !== undefined)
    note(f.failures, `ipc: Object.prototype polluted by ${label}`);
};

// ---------------------------------------------------------------- (c) records and replay

/** A mutation of a record's JSON: somewhere in the tree, replace, delete, duplicate or retype a value. */
const mutateTree = (root: unknown, picks: number[]): unknown => {
  const copy = structuredClone(root) as Record<string, unknown>;
  const wrong: unknown[] = [
    null,
    -1,
    0,
    1.5,
    1e308,
    '',
    'J',
    'ZZ',
    'X',
    true,
    [],
    {},
    '__proto__',
    'A'.repeat(10_000),
    [{ type: 'retract' }],
    { type: 'pick', seat: 'E' },
  ];
  let p = 0;
  const next = () => picks[p++ % picks.length]!;
  const rounds = 1 + (next() % 3);
  for (let k = 0; k < rounds; k++) {
    // Walk down to a random container.
    let node: unknown = copy;
    for (let d = 0; d < 6; d++) {
      if (node === null || typeof node !== 'object') break;
      const keys = Object.keys(node);
      if (keys.length === 0) break;
      const child = (node as Record<string, unknown>)[keys[next() % keys.length]!];
      if (child === null || typeof child !== 'object' || next() % 4 === 0) break;
      node = child;
    }
    if (node === null || typeof node !== 'object') continue;
    const obj = node as Record<string, unknown>;
    const keys = Object.keys(obj);
    const key = keys.length ? keys[next() % keys.length]! : 'x';
    switch (next() % 6) {
      case 0:
        obj[key] = wrong[next() % wrong.length];
        break;
      case 1:
        if (Array.isArray(obj)) obj.splice(Number(key), 1);
        else delete obj[key];
        break;
      case 2:
        if (Array.isArray(obj)) obj.push(structuredClone(obj[next() % Math.max(1, obj.length)]));
        else obj[['extra', '__proto__', 'constructor', 'type'][next() % 4]!] = wrong[next() % wrong.length];
        break;
      case 3:
        if (Array.isArray(obj) && obj.length > 1) {
          const i = next() % obj.length;
          const j = next() % obj.length;
          [obj[i], obj[j]] = [obj[j], obj[i]];
        } else obj[key] = String(obj[key]);
        break;
      case 4:
        obj[key] =
          typeof obj[key] === 'number' ? -(obj[key] as number) : typeof obj[key] === 'string' ? (obj[key] as string).toLowerCase() : 7;
        break;
      default:
        obj[key] = nest(next() % 200, next() % 2 === 0);
    }
  }
  return copy;
};

/** Text-level damage: truncate, flip bytes, insert junk. */
const mutateText = (text: string, picks: number[]): string => {
  const at = picks[0]! % Math.max(1, text.length);
  switch (picks[1]! % 4) {
    case 0:
      return text.slice(0, at);
    case 1:
      return text.slice(0, at) + String.fromCharCode(picks[2]! % 0x3000) + text.slice(at + 1);
    case 2:
      return text.slice(0, at) + ['"__proto__":{"polluted":1},', '{', ']', '\u0000', 'NaN', '1e999'][picks[2]! % 6] + text.slice(at);
    default:
      return text.replace(/"(E|S|W|N)"/g, '"X"');
  }
};

export const recordCase = (seeds: readonly string[]) =>
  fc.record({
    seedIndex: fc.nat({ max: seeds.length - 1 }),
    level: fc.constantFrom('tree', 'tree', 'tree', 'text'),
    picks: fc.array(fc.nat({ max: 1_000_000 }), { minLength: 40, maxLength: 40 }),
  });

/** Run one mutated record through parse + replay (what `replay` runs) and, when given, import. */
export const runRecordCase = async (
  f: FuzzFigures,
  seeds: readonly string[],
  c: { seedIndex: number; level: string; picks: number[] },
  importer?: { store: Store; services: ReturnType<typeof createServices> },
): Promise<string> => {
  f.cases++;
  const seedText = seeds[c.seedIndex]!;
  const text = c.level === 'text' ? mutateText(seedText, c.picks) : JSON.stringify(mutateTree(JSON.parse(seedText), c.picks));
  try {
    const parsed = parseRecord(text);
    let replayRefusal: string | null = null;
    if (!parsed.ok) replayRefusal = describeRecordError(parsed.error);
    else {
      const s = replaySession(parsed.value);
      if (!s.ok) replayRefusal = describeReplayError(s.error);
      else JSON.stringify(s.value);
    }
    if (replayRefusal !== null && replayRefusal.trim().length < 5)
      note(f.failures, `record: a refusal without a reason for ${text.slice(0, 200)}`);
    if (importer) {
      const before = changes(importer.store);
      const r = await dispatch(importer.services, 'importRecord', { text });
      if (!r.ok) {
        if (changes(importer.store) !== before) note(f.failures, `record: a refused import wrote to the database (${r.error.message})`);
        if (r.error.code === 'ERR_INTERNAL') note(f.failures, `record: import internal error ${r.error.message.slice(0, 200)}`);
        if (r.error.message.length < 5) note(f.failures, `record: import refused without a reason`);
      } else if (replayRefusal !== null && parsed.ok) note(f.failures, `record: import accepted what replay refused (${replayRefusal})`);
      else if (!(r.value as { alreadyThere?: true }).alreadyThere) f.imported = (f.imported ?? 0) + 1;
    }
    if (replayRefusal === null) f.accepted++;
    else f.refused++;
  } catch (e) {
    note(f.crashes, `record: ${e instanceof Error ? (e.stack ?? e.message).slice(0, 400) : String(e)} on ${text.slice(0, 200)}`);
  }
  return text;
};

export const fuzzRecords = async (
  seeds: readonly string[],
  runs: number,
  seed: number,
  importer?: { store: Store; services: ReturnType<typeof createServices> },
): Promise<FuzzFigures> => {
  const f = figures();
  for (const c of fc.sample(recordCase(seeds), { numRuns: runs, seed })) await runRecordCase(f, seeds, c, importer);
  return f;
};
