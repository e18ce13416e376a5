// The only file of main that touches ipcMain: one handler per channel of the contract.
import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { CHANNELS } from '../../src/shared/channels';
import { replyErr } from '../../src/shared/reply';
import { dispatch, type Services } from './services/dispatch';
import { senderOk, type AppPage } from './security';

export const registerIpc = (services: Services, page: AppPage): void => {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (e: IpcMainInvokeEvent, payload: unknown) =>
      senderOk(page, e.senderFrame)
        ? dispatch(services, channel, payload)
        : replyErr('ERR_FORBIDDEN', `${channel}: the request did not come from MahjMate's own page`),
    );
  }
};
