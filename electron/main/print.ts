import { writeFile } from 'node:fs/promises';
import { dialog, type BrowserWindow } from 'electron';
import { installPrinter } from './services/sessionPrint';

/**
 * The settlement's print and PDF, with Electron: the window is showing the settlement route,
 * whose @media print stylesheet lays it out on one A4/Letter page. Call once with the main
 * window (electron/main/index.ts). Needs the Electron binary, so it does not run in this
 * repository's tests: the Playwright tests make the PDF of the same route and stylesheet with
 * Chromium's page.pdf() instead (test/e2e/session-*.spec.ts).
 */
export const installSettlementPrinter = (win: BrowserWindow): void =>
  installPrinter({
    dialog: () =>
      new Promise<void>((ok, fail) =>
        win.webContents.print({ printBackground: false }, (done, reason) =>
          done || reason === 'cancelled' ? ok() : fail(new Error(reason)),
        ),
      ),
    pdf: async (suggestedName) => {
      const choice = await dialog.showSaveDialog(win, {
        title: 'Save the settlement as PDF',
        defaultPath: suggestedName,
        filters: [{ name: 'PDF', extensions: ['pdf'] }],
      });
      if (choice.canceled || !choice.filePath) return null;
      const pdf = await win.webContents.printToPDF({ printBackground: false, preferCSSPageSize: true, pageSize: 'A4' });
      await writeFile(choice.filePath, pdf);
      return choice.filePath;
    },
  });
