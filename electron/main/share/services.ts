import type { Handlers } from '../services/context';
import { ServiceError } from '../services/errors';

const off = () => {
  throw new ServiceError('ERR_UNAVAILABLE', 'Sharing the table works only in the MahjMate app, not here.');
};

/** Until main attaches the share (attachShare in share.ts), the share channels say it is not available. */
export const shareServices = (): Handlers<'shareTable' | 'shareStatus' | 'openTableDisplay'> => ({
  shareTable: off,
  shareStatus: () => ({ on: false, url: null, qr: null, viewers: 0 }),
  openTableDisplay: off,
});
