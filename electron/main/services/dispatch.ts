import type { z } from 'zod';
import { contract, type Channel } from '../../../src/shared/ipc-contract';
import { describeIssues, playerSentence } from '../../../src/shared/sentences';
import { isChannel } from '../../../src/shared/channels';
import { replyErr, replyOk, type Reply } from '../../../src/shared/reply';
import type { Store } from '../store/store';
import { StoreError } from '../store/store';
import { amendServices } from './amend';
import { appServices } from './app';
import type { ServiceContext, Services } from './context';
import { GameCache } from './gameCache';
import { ServiceError } from './errors';
import { flowServices } from './flow';
import { gameServices } from './games';
import { groupServices, type GroupHost } from './group';
import { groupHistoryServices } from './groupSessions';
import { playerServices } from './players';
import { recordServices } from './records';
import { sessionServices } from './sessions';
import { sessionCorrectServices } from './sessionCorrect';
import { sessionPlayServices } from './sessionPlay';
import { fillStatsInBackground, statsFillServices } from './statsFill';
import { shareServices } from '../share/services';
import { tileSetServices } from './tileSets';
import { cardServices } from './cards';

export type { Services } from './context';

/**
 * Every channel's service, over one store. Pure of Electron: the IPC layer, the test bridge
 * and the bench all call `dispatch` on what this returns.
 */
export const createServices = (
  store: Store,
  /** `background`: start the one-time work out of the player's way (the app; tests leave it off to stay deterministic). */
  /** `group`: the group's sync process and token keeper, when the app runs them. */
  options: { app?: { name: string; version: string }; background?: boolean; group?: GroupHost } = {},
): Services => {
  const ctx: ServiceContext = {
    store,
    games: new GameCache(),
    app: options.app ?? { name: 'MahjMate', version: '0.0.0' },
  };
  const services: Services = {
    ...appServices(ctx),
    ...statsFillServices(ctx),
    ...playerServices(ctx),
    ...sessionServices(ctx),
    ...gameServices(ctx),
    ...recordServices(ctx),
    ...sessionPlayServices(ctx),
    ...flowServices(ctx),
    ...tileSetServices(ctx),
    ...cardServices(ctx),
    ...amendServices(ctx),
    ...sessionCorrectServices(ctx),
    ...shareServices(),
    ...groupServices(ctx, options.group),
    ...groupHistoryServices(ctx),
  };
  if (!options.background) return services;
  // The one-time work runs while the player reads, never while a screen waits for its answers:
  // every call marks the page busy (the app's start counts as a call: the first screen comes first),
  // except Stats asking how far the work is, which wants it done.
  let lastCall = performance.now();
  fillStatsInBackground(ctx, () => performance.now() - lastCall);
  return Object.fromEntries(
    Object.entries(services).map(([channel, handler]) => [
      channel,
      (input: unknown) => {
        if (channel !== 'statsProgress') lastCall = performance.now();
        return (handler as (i: unknown) => unknown)(input);
      },
    ]),
  ) as unknown as Services;
};

/** Check the channel, parse the payload with its zod schema, call the service, wrap the reply. Never throws. */
export const dispatch = async (services: Services, channel: string, payload: unknown): Promise<Reply<unknown>> => {
  if (!isChannel(channel)) return replyErr('ERR_UNKNOWN_CHANNEL', `no channel named ${JSON.stringify(String(channel)).slice(0, 60)}`);
  const parsed = (contract[channel].input as z.ZodType).safeParse(payload);
  if (!parsed.success) return replyErr('ERR_BAD_INPUT', describeIssues(parsed.error));
  try {
    const handler = services[channel] as (input: unknown) => unknown;
    return replyOk(await handler(parsed.data));
  } catch (e) {
    // Every refusal a player may read goes through the one sentence mapper (src/shared/sentences.ts).
    if (e instanceof ServiceError || e instanceof StoreError) return replyErr(e.code, playerSentence(e.code, e.message));
    return replyErr('ERR_INTERNAL', `${channel} failed: ${e instanceof Error ? e.message : String(e)}`);
  }
};

export type { Channel };
