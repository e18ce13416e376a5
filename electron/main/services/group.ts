import { randomBytes } from 'node:crypto';
import type { GameEvent } from '../../../src/core/events';
import type { GroupInvitation, GroupStatus } from '../../../src/shared/contract/group';
import { invitationCode } from '../../../src/shared/contract/group';
import { groupFile, joinGroup, laptopName, leaveGroup, noteGroupRow } from '../store/group.repo';
import type { Handlers, ServiceContext } from './context';
import { ServiceError } from './errors';
import { fixGroupGame, groupViewOf, samePersonRow, choiceRow } from './groupView';

/** What the sync process last said (the app's supervisor), when one runs. */
export type LiveSync = () => { state: 'synced' | 'offline' | 'waiting' | 'failed'; notice?: string; message?: string } | undefined;

/** Where the group's token is kept: the OS's safe storage in the app (electron/main/sync/start.ts). */
export interface TokenKeeper {
  /** Whether this computer can keep a token encrypted (an OS key store is there). */
  canKeep(): boolean;
  save(token: string): void;
  read(): string | undefined;
  forget(): void;
}

/**
 * What the group services need from the app around them: the sync process (started on a join,
 * stopped on leaving) and the token keeper. The app gives Electron's; the test bridge gives a
 * Node child process and a keeper without an OS key store (as on a Linux box without one).
 */
export interface GroupHost {
  live: LiveSync;
  /** Start the sync process (a group was just joined). */
  start(): void;
  /** Stop it and drop the group file (the group was left). */
  stop(): Promise<void>;
  /** A write was acknowledged: sync soon. */
  nudge(): void;
  tokens: TokenKeeper;
}

/** No sync process and no key store: the services alone (unit tests, the bench). */
export const NO_GROUP_HOST: GroupHost = {
  live: () => undefined,
  start: () => {},
  stop: async () => {},
  nudge: () => {},
  tokens: { canKeep: () => false, save: () => {}, read: () => undefined, forget: () => {} },
};

const NO_KEY_STORE =
  'This computer cannot keep the group’s token safely (it has no key store MahjMate can use), so nothing was changed. A group whose server needs no token can still be joined.';
const notIn = () => new ServiceError('ERR_CONFLICT', 'This laptop is not in a group. Create one or join one first');

/**
 * Groups on the Group screen and the Home screen's group line. Waiting rows and the last sync come
 * from the local file (the outbox), so they hold whether or not the sync process runs; the state
 * comes from the process.
 */
export const groupServices = (
  ctx: ServiceContext,
  host: GroupHost = NO_GROUP_HOST,
): Handlers<
  | 'groupStatus'
  | 'groupCreate'
  | 'groupInvite'
  | 'groupJoin'
  | 'groupLeave'
  | 'groupView'
  | 'groupChoose'
  | 'groupSamePerson'
  | 'groupFixGame'
> => {
  const status = (): GroupStatus => {
    const file = groupFile(ctx.store.db);
    const link = file.link();
    if (!link) return { joined: false };
    const waiting = file.waiting();
    const lastSyncAt = (ctx.store.db.prepare('SELECT max(sent_at) AS at FROM outbox').get() as { at: string | null }).at;
    const now = host.live();
    // No sync process (it has not started, or runs nowhere here): what waits cannot leave.
    const state = now?.state ?? (waiting === 0 ? 'synced' : 'offline');
    const notice = now?.notice ?? (now?.state === 'failed' ? now.message : undefined);
    return {
      joined: true,
      name: link.name,
      url: link.url,
      laptop: laptopName(ctx.store) ?? 'This laptop',
      state: state === 'waiting' && waiting === 0 ? 'synced' : state,
      waiting,
      lastSyncAt,
      ...(notice ? { notice } : {}),
    };
  };

  /** Join: the token kept first (refused: nothing changes), then the link and the history, then the sync. */
  const join = (groupId: string, name: string, url: string, token: string | undefined, laptop: string): GroupStatus => {
    if (groupFile(ctx.store.db).link()) throw new ServiceError('ERR_CONFLICT', 'This laptop is already in a group. Leave it first');
    if (token) {
      if (!host.tokens.canKeep()) throw new ServiceError('ERR_UNAVAILABLE', NO_KEY_STORE);
      host.tokens.save(token);
    }
    try {
      ctx.store.transaction(() => {
        joinGroup(ctx.store, { groupId, name, url });
        ctx.store.outbox.note('laptop', { name: laptop });
      });
    } catch (e) {
      if (token) host.tokens.forget();
      throw e;
    }
    host.start();
    return status();
  };

  const joined = () => {
    if (!groupFile(ctx.store.db).link()) throw notIn();
  };

  return {
    groupStatus: status,
    groupCreate: ({ name, url, token, laptop }) => join(randomBytes(16).toString('hex'), name, url, token || undefined, laptop),
    groupJoin: ({ invitation, laptop }) => join(invitation.g, invitation.n, invitation.u, invitation.t, laptop),
    groupInvite: (): GroupInvitation => {
      const link = groupFile(ctx.store.db).link();
      if (!link) throw notIn();
      const t = host.tokens.read();
      const code = invitationCode({ v: 1, g: link.groupId, n: link.name, u: link.url, ...(t ? { t } : {}) });
      const text = [
        `MahjMate group invitation: ${link.name}`,
        'Open MahjMate, choose Group, then "Join a group", and open this file (or paste the code below).',
        t
          ? 'This code carries the group’s token: whoever holds it can read and add to the group’s history. Share it only with the group.'
          : '',
        '',
        code,
        '',
      ].join('\n');
      const fileName = `${link.name.replace(/[^A-Za-z0-9 _-]+/g, '').trim() || 'group'} invitation.mahjmate-group.txt`;
      return { code, fileName, text, withToken: t !== undefined };
    },
    groupLeave: async () => {
      joined();
      leaveGroup(ctx.store);
      await host.stop();
      host.tokens.forget();
      return status();
    },
    groupView: () => groupViewOf(ctx.store),
    groupChoose: ({ game, device }) => {
      joined();
      noteGroupRow(ctx.store, 'choice', choiceRow(ctx.store, game, device));
      host.nudge();
      return groupViewOf(ctx.store);
    },
    groupSamePerson: ({ player, same }) => {
      joined();
      noteGroupRow(ctx.store, 'same-person', samePersonRow(ctx.store, player, same));
      host.nudge();
      return groupViewOf(ctx.store);
    },
    groupFixGame: ({ game, change, ending }) => {
      joined();
      noteGroupRow(ctx.store, 'amendment', fixGroupGame(ctx.store, game, { change, ending: ending as GameEvent[] | undefined }));
      host.nudge();
      return groupViewOf(ctx.store);
    },
  };
};
