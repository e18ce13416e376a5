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
}

/** What the display window and each phone receive: the view, and the host's clock when sent. */
export interface ViewFrame {
  view: TableView;
  sentAt: number;
}

export const shareContract = {
  /** Start (with a new token) or stop sharing; stopping closes every viewer's page. */
  shareTable: { input: z.strictObject({ on: z.boolean({ error: 'say on or off' }) }), output: out<ShareStatus>() },
  shareStatus: { input: z.union([z.undefined(), z.strictObject({})]), output: out<ShareStatus>() },
  /** Open the table display window (a second display, full screen, when there is one). */
  openTableDisplay: { input: z.union([z.undefined(), z.strictObject({})]), output: out<{ opened: boolean }>() },
} satisfies Record<(typeof SHARE_CHANNELS)[number], { input: z.ZodType; output: unknown }>;
