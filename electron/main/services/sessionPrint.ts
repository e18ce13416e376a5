import type { Handlers, ServiceContext } from './context';
import { notFound, ServiceError } from './errors';

/**
 * Printing the settlement needs Electron (webContents.print / printToPDF and the save dialog),
 * so main installs a printer at start (electron/main/print.ts); without one (tests, the
 * Playwright bridge) the channel says so. The page prints itself: it is showing the
 * settlement route with its print stylesheet when it asks.
 */
export interface SettlementPrinter {
  /** The system print dialog for the page on screen. */
  dialog(): Promise<void>;
  /** The page as a PDF, saved where the user chooses; null when she cancels. */
  pdf(suggestedName: string): Promise<string | null>;
}

let printer: SettlementPrinter | null = null;
export const installPrinter = (p: SettlementPrinter | null): void => {
  printer = p;
};

export const sessionPrintServices = (ctx: ServiceContext): Handlers<'printSettlement'> => ({
  printSettlement: async ({ sessionId, mode }) => {
    const s = ctx.store.getSession(sessionId);
    if (!s) throw notFound(`session ${sessionId}`);
    if (!printer) throw new ServiceError('ERR_UNAVAILABLE', 'printing needs the MahjMate desktop app (no printer here)');
    if (mode === 'dialog') {
      await printer.dialog();
      return { savedTo: null };
    }
    return { savedTo: await printer.pdf(`mahjmate-settlement-${s.createdAt.slice(0, 10)}-session-${s.id}.pdf`) };
  },
});
