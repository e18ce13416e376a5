import { sameEvent } from './amend';
import type { GameEvent } from './events';
import { replayGame } from './game';
import { gameSetupOf } from './gameSetup';
import { parseEvent } from './parse/event';
import type { HouseRules } from './rules';

/**
 * A group's shared history, rebuilt from its rows (docs/groups.md). Every laptop of a group holds
 * the same rows, written once each by the laptop that made them (`device`, in its own order `n`);
 * every laptop folds them in the same fixed order through the rules engine, so all show the
 * same games. Nothing here trusts a row: a body that does not read is listed, not applied.
 *
 * A game's log: its author's rows (the laptop that started it) in the author's order, then each
 * other laptop's rows for it, by (madeAt, device, n). An event appends when its seq is next; the
 * same event at a seq already held changes nothing. An amendment applies when the log still
 * stands as it was made on (`length`, and the event it replaces or drops). A row that does not
 * apply (two laptops recorded a different event at one place, or changed the game differently)
 * makes the game disputed: each laptop's version is kept, with who and when, for the group to
 * choose; nothing is dropped.
 */
export interface GroupRow {
  id: string;
  device: string;
  n: number;
  kind: string;
  body: unknown;
  madeAt: string;
}

export interface GroupPlayer {
  name: string;
  retired: boolean;
  createdAt: string;
}

export interface GroupSession {
  session: string;
  createdAt: string;
  /** Player global ids, in the session's order. */
  players: string[];
  rules: Partial<HouseRules>;
  /** The first game's seating (player global ids, East first) and bettor, as the session was set up. */
  seating: string[];
  bettor?: string;
  /** The stakes and pie as set up (a row without them: 1 cent a point, no pie). */
  centsPerPoint: number;
  pie?: number;
  device: string;
}

/** One laptop's version of a disputed game. */
export interface GameVersion {
  device: string;
  /** Its latest row's time. */
  lastAt: string;
  events: GameEvent[];
  /** The rules engine's verdict on this version: how the game stands, or the sentence refusing it. */
  verdict: { ok: true; status: string } | { ok: false; at: number; message: string };
}

export interface GroupGame {
  game: string;
  session: string;
  number: number;
  /** Player global ids in turn order, East first. */
  seating: string[];
  bettor?: string;
  dice?: number;
  /** The laptop that started it. */
  device: string;
  /** The game's log (when disputed: as it stood before the first row that did not apply). */
  events: GameEvent[];
  verdict: GameVersion['verdict'];
  /** Set when laptops disagree: one version per laptop that wrote to the game. */
  disputed?: GameVersion[];
  /** The group's choice between the versions (a `choice` row): the game is then that version. */
  chosen?: { device: string; by: string; at: string };
}

export interface GroupHistory {
  players: Map<string, GroupPlayer>;
  sessions: Map<string, GroupSession>;
  /** By session (oldest first), then game number. */
  games: GroupGame[];
  /** Rows that could not be read, each with why. */
  unread: { id: string; reason: string }[];
  /** "Same person" links: a player's global id to the one the group knows them by (the oldest of those linked). */
  same: Map<string, string>;
  /** Each laptop's name in the group (its latest `laptop` row), by device id. */
  laptops: Map<string, string>;
}

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const str = (o: Obj, k: string): string => {
  const v = o[k];
  if (typeof v !== 'string' || v === '') throw new Error(`${k} is missing`);
  return v;
};
const strs = (o: Obj, k: string): string[] => {
  const v = o[k];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw new Error(`${k} is not a list of ids`);
  return v as string[];
};
const event = (x: unknown): GameEvent => {
  const r = parseEvent(x);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

/** The fixed order every laptop folds rows in: by device, then the device's own order. */
const byAuthorOrder = (a: GroupRow, b: GroupRow): number => (a.device < b.device ? -1 : a.device > b.device ? 1 : a.n - b.n);
/** Other laptops' rows for a game: by time made, then device, then order (a tie broken the same way everywhere). */
const byTime = (a: GroupRow, b: GroupRow): number => (a.madeAt < b.madeAt ? -1 : a.madeAt > b.madeAt ? 1 : byAuthorOrder(a, b));

type Step =
  | { kind: 'event'; seq: number; event: GameEvent }
  | { kind: 'amendment'; at: number; action: string; event?: GameEvent; was?: GameEvent; length: number };

/** Apply one step to a log in place. Returns false when it does not apply to the log as it stands. */
const apply = (log: GameEvent[], s: Step): boolean => {
  if (s.kind === 'event') {
    if (s.seq === log.length + 1) return (void log.push(s.event), true);
    return s.seq >= 1 && s.seq <= log.length && sameEvent(log[s.seq - 1], s.event);
  }
  if (s.length !== log.length || s.at < 1 || s.at > log.length + (s.action === 'insert' ? 1 : 0)) return false;
  if (s.action !== 'insert' && !sameEvent(log[s.at - 1], s.was)) return false;
  if (s.action === 'replace') log[s.at - 1] = s.event!;
  else if (s.action === 'delete') log.splice(s.at - 1, 1);
  else if (s.action === 'insert') log.splice(s.at - 1, 0, s.event!);
  else return false;
  return true;
};

/** A laptop's own version: where its row does not apply, its recording or change wins over what stood. */
const applyOwn = (log: GameEvent[], s: Step): void => {
  if (apply(log, s)) return;
  if (s.kind === 'event' && s.seq >= 1 && s.seq <= log.length + 1) log.splice(s.seq - 1, log.length, s.event);
  // A fix made on a game that stood otherwise here (another laptop's fix came first): made where it says.
  if (s.kind !== 'amendment' || s.at < 1) return;
  if (s.action === 'replace' && s.event && s.at <= log.length) log[s.at - 1] = s.event;
  else if (s.action === 'delete' && s.at <= log.length) log.splice(s.at - 1, 1);
  else if (s.action === 'insert' && s.event && s.at <= log.length + 1) log.splice(s.at - 1, 0, s.event);
};

/**
 * Players linked as one person ("Ann on Bea's laptop is Ann on yours"): each group of linked ids
 * goes by its oldest member (by creation time, then id), so every laptop picks the same one.
 */
const samePeople = (players: ReadonlyMap<string, GroupPlayer>, links: readonly [string, string][]): Map<string, string> => {
  const parent = new Map<string, string>();
  const root = (x: string): string => {
    let r = x;
    while (parent.has(r)) r = parent.get(r)!;
    return r;
  };
  const older = (a: string, b: string): boolean => {
    const ta = players.get(a)?.createdAt ?? '';
    const tb = players.get(b)?.createdAt ?? '';
    return ta < tb || (ta === tb && a < b);
  };
  for (const [a, b] of links) {
    if (!players.has(a) || !players.has(b)) continue;
    const ra = root(a);
    const rb = root(b);
    if (ra === rb) continue;
    if (older(ra, rb)) parent.set(rb, ra);
    else parent.set(ra, rb);
  }
  return new Map([...parent.keys()].map((k) => [k, root(k)]));
};

export const rebuildGroup = (rows: readonly GroupRow[]): GroupHistory => {
  const out: GroupHistory = { players: new Map(), sessions: new Map(), games: [], unread: [], same: new Map(), laptops: new Map() };
  const choices: { game: string; device: string; row: GroupRow; at: string }[] = [];
  const links: [string, string][] = [];
  const sorted = [...rows].sort(byAuthorOrder);
  const renames: { player: string; name: string; row: GroupRow; at: string }[] = [];
  const games = new Map<string, Omit<GroupGame, 'events' | 'verdict'>>();
  const steps = new Map<string, { row: GroupRow; step: Step }[]>();
  const removed = new Set<string>();
  for (const row of sorted) {
    try {
      const b = row.body;
      if (!isObj(b)) throw new Error('the row is not an object');
      switch (row.kind) {
        case 'player':
          if (!out.players.has(str(b, 'player')))
            out.players.set(str(b, 'player'), { name: str(b, 'name'), retired: false, createdAt: str(b, 'createdAt') });
          break;
        case 'rename':
          renames.push({ player: str(b, 'player'), name: str(b, 'name'), at: str(b, 'at'), row });
          break;
        case 'retire':
          renames.push({ player: str(b, 'player'), name: '', at: str(b, 'at'), row });
          break;
        case 'session': {
          const setup = isObj(b['setup']) ? b['setup'] : {};
          const rules = isObj(setup['rules']) ? (setup['rules'] as Partial<HouseRules>) : {};
          const players = strs(b, 'players');
          const seating =
            Array.isArray(setup['seating']) && setup['seating'].every((x) => typeof x === 'string') ? setup['seating'] : players;
          const stakes = isObj(setup['stakes']) ? setup['stakes']['centsPerPoint'] : undefined;
          const pie = isObj(setup['pie']) ? setup['pie']['points'] : undefined;
          out.sessions.set(str(b, 'session'), {
            session: str(b, 'session'),
            createdAt: str(b, 'createdAt'),
            players,
            rules,
            seating: seating as string[],
            ...(typeof setup['bettor'] === 'string' ? { bettor: setup['bettor'] } : {}),
            centsPerPoint: typeof stakes === 'number' && stakes >= 0 ? stakes : 1,
            ...(typeof pie === 'number' && pie > 0 ? { pie } : {}),
            device: row.device,
          });
          break;
        }
        case 'game': {
          const number = b['number'];
          if (typeof number !== 'number' || !Number.isInteger(number) || number < 1) throw new Error('number is not a game number');
          const g: Omit<GroupGame, 'events' | 'verdict'> = {
            game: str(b, 'game'),
            session: str(b, 'session'),
            number,
            seating: strs(b, 'seating'),
            device: row.device,
          };
          if (typeof b['bettor'] === 'string') g.bettor = b['bettor'];
          if (typeof b['dice'] === 'number') g.dice = b['dice'];
          if (!games.has(g.game)) games.set(g.game, g);
          break;
        }
        case 'game-removed':
          removed.add(str(b, 'game'));
          break;
        case 'event': {
          const seq = b['seq'];
          if (typeof seq !== 'number' || !Number.isInteger(seq) || seq < 1) throw new Error('seq is not a place in the log');
          const list = steps.get(str(b, 'game')) ?? [];
          list.push({ row, step: { kind: 'event', seq, event: event(b['event']) } });
          steps.set(str(b, 'game'), list);
          break;
        }
        case 'amendment': {
          if (b['trail'] === true) break; // already in the events sent (an import or the history sent at join)
          const { at, length, action } = b;
          if (typeof at !== 'number' || typeof length !== 'number' || typeof action !== 'string')
            throw new Error('the amendment does not read');
          const step: Step = { kind: 'amendment', at, length, action };
          if (b['event'] !== undefined) step.event = event(b['event']);
          if (b['was'] !== undefined) step.was = event(b['was']);
          const list = steps.get(str(b, 'game')) ?? [];
          list.push({ row, step });
          steps.set(str(b, 'game'), list);
          break;
        }
        case 'choice':
          choices.push({ game: str(b, 'game'), device: str(b, 'device'), at: str(b, 'at'), row });
          break;
        case 'laptop':
          out.laptops.set(row.device, str(b, 'name')); // rows in each device's own order: its latest name stays
          break;
        case 'same-person':
          links.push([str(b, 'player'), str(b, 'same')]);
          break;
        default:
          throw new Error(`unknown kind "${row.kind}"`);
      }
    } catch (e) {
      out.unread.push({ id: row.id, reason: e instanceof Error ? e.message : String(e) });
    }
  }
  // Names: the latest rename wins (by its time, then device and order: the same everywhere).
  renames.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : byAuthorOrder(a.row, b.row)));
  for (const r of renames) {
    const p = out.players.get(r.player);
    if (!p) continue;
    if (r.name === '') p.retired = true;
    else p.name = r.name;
  }
  out.same = samePeople(out.players, links);
  // A choice: the latest made wins (by its time, then device and order: the same everywhere).
  choices.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : byAuthorOrder(a.row, b.row)));
  const chosen = new Map<string, typeof choices>();
  for (const c of choices) chosen.set(c.game, [...(chosen.get(c.game) ?? []), c]);

  for (const [gid, g] of games) {
    if (removed.has(gid)) continue;
    const session = out.sessions.get(g.session);
    const setup = gameSetupOf({ seating: g.seating, bettor: g.bettor, dice: g.dice }, session?.rules ?? {});
    const verdict = (events: GameEvent[]): GameVersion['verdict'] => {
      const r = replayGame(events, setup);
      return r.ok ? { ok: true, status: r.value.status } : { ok: false, at: r.error.index + 1, message: r.error.error.message };
    };
    const all = steps.get(gid) ?? [];
    const own = all.filter((s) => s.row.device === g.device);
    const others = all.filter((s) => s.row.device !== g.device).sort((a, b) => byTime(a.row, b.row));
    const log: GameEvent[] = [];
    let clash = false;
    for (const s of [...own, ...others]) if (!clash && !apply(log, s.step)) clash = true;
    const game: GroupGame = { ...g, events: log, verdict: verdict(log) };
    if (clash) {
      const devices = [...new Set(all.map((s) => s.row.device))];
      game.disputed = devices.map((device) => {
        const v: GameEvent[] = [];
        const mine = device === g.device ? own : [...own, ...others.filter((s) => s.row.device === device)];
        for (const s of mine) applyOwn(v, s.step);
        const lastAt = all.filter((s) => s.row.device === device).reduce((t, s) => (s.row.madeAt > t ? s.row.madeAt : t), '');
        return { device, lastAt, events: v, verdict: verdict(v) };
      });
      // The latest choice naming one of the versions (one naming a laptop without a version is ignored).
      const choice = (chosen.get(gid) ?? []).filter((c) => game.disputed!.some((v) => v.device === c.device)).at(-1);
      const version = choice && game.disputed.find((v) => v.device === choice.device);
      if (choice && version)
        Object.assign(game, {
          chosen: { device: choice.device, by: choice.row.device, at: choice.at },
          events: version.events,
          verdict: version.verdict,
        });
    }
    out.games.push(game);
  }
  const sessionAt = (s: string): string => out.sessions.get(s)?.createdAt ?? '';
  out.games.sort((a, b) =>
    sessionAt(a.session) < sessionAt(b.session)
      ? -1
      : sessionAt(a.session) > sessionAt(b.session)
        ? 1
        : a.session < b.session
          ? -1
          : a.session > b.session
            ? 1
            : a.number - b.number,
  );
  return out;
};
