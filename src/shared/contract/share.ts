import { z } from 'zod';
import type { TableView } from '../../core/tableView';
import type { SHARE_CHANNELS } from './share-channels';
import { out } from './reply-type';

/**
 * Showing the table on other screens: the display window, and "Share the table" (a read-only
 * page for phones on the same network). Merged into the central contract by one spread line.
 */
export interface ShareStatus {
  on: boolean;
  /** The address to open on a phone (carries the secret token), or null when off. */
  url: string | null;
  /** The same address as a QR code (an SVG data URL), or null when off. */
  qr: string | null;
  /** Phones and tablets watching now. */
  viewers: number;
  /** The address the QR code carries (the server listens there only), or null when off. */
  address: string | null;
  /** This computer's addresses on its networks, best guess first: the host may pick another. */
  addresses: { address: string; iface: string }[];
  /** What the host should know when sharing stopped or started again by itself (the share process failed), else null. */
  problem: string | null;
}

/** Sharing off (also what the page shows before it has asked). */
export const SHARE_OFF: ShareStatus = { on: false, url: null, qr: null, viewers: 0, address: null, addresses: [], problem: null };

/** What the display window and each phone receive: the view, and the host's clock when sent. */
export interface ViewFrame {
  view: TableView;
  sentAt: number;
}

/** The first frame of a phone's stream (event `seat`): its seat, and how often to say it is still watching. */
export interface SeatFrame {
  seat: string;
  ping: number;
}

export const shareContract = {
  /** Start (with a new token) or stop sharing; stopping closes every viewer's page. */
  /** `address`: one of the status's addresses, for when phones cannot reach the one chosen (sharing starts again on it, with a new link). */
  shareTable: {
    input: z.strictObject({
      on: z.boolean({ error: 'say on or off' }),
      address: z.string().max(64, 'an address is at most 64 characters').optional(),
    }),
    output: out<ShareStatus>(),
  },
  shareStatus: { input: z.union([z.undefined(), z.strictObject({})]), output: out<ShareStatus>() },
  /** Open the table display window (a second display, full screen, when there is one). */
  openTableDisplay: { input: z.union([z.undefined(), z.strictObject({})]), output: out<{ opened: boolean }>() },
} satisfies Record<(typeof SHARE_CHANNELS)[number], { input: z.ZodType; output: unknown }>;
