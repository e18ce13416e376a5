/**
 * The channel names of the IPC contract, as a plain array: the preload imports only this,
 * so zod never reaches the sandboxed preload bundle. `ipc-contract.ts` checks at compile
 * time that this list and the contract's keys are the same set.
 */
import { SESSION_CHANNELS } from './contract/session-channels';
import { FLOW_CHANNELS } from './contract/flow-channels';
import { SHARE_CHANNELS } from './contract/share-channels';
import { TILE_SET_CHANNELS } from './contract/tile-sets-channels';
import { AMEND_CHANNELS } from './contract/amend-channels';
import { CORRECT_CHANNELS } from './contract/correct-channels';
import { CARD_CHANNELS } from './contract/cards-channels';
import { GROUP_CHANNELS } from './contract/group-channels';
import { GROUP_HISTORY_CHANNELS } from './contract/group-history-channels';

export const CHANNELS = [
  'appInfo',
  'startupReport',
  'listPlayers',
  'addPlayer',
  'renamePlayer',
  'retirePlayer',
  'listSessions',
  'getSession',
  'startGame',
  'loadGame',
  'appendEvent',
  'exportSession',
  'importRecord',
  ...SESSION_CHANNELS,
  ...FLOW_CHANNELS,
  ...SHARE_CHANNELS,
  ...TILE_SET_CHANNELS,
  ...AMEND_CHANNELS,
  ...CORRECT_CHANNELS,
  ...CARD_CHANNELS,
  ...GROUP_CHANNELS,
  ...GROUP_HISTORY_CHANNELS,
] as const;

export type Channel = (typeof CHANNELS)[number];

export const isChannel = (c: unknown): c is Channel => typeof c === 'string' && (CHANNELS as readonly string[]).includes(c);
