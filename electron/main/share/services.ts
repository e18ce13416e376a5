import { SHARE_OFF } from '../../../src/shared/contract/share';
import type { Handlers } from '../services/context';
import { ServiceError } from '../services/errors';

const off = () => {
  throw new ServiceError('ERR_UNAVAILABLE', 'Sharing the table works only in the MahjMate app, not here.');
};

/** Until main attaches the share (attachShare in share.ts), the share channels say it is not available. */
export const shareServices = (): Handlers<'shareTable' | 'shareStatus' | 'openTableDisplay'> => ({
  shareTable: off,
  shareStatus: () => SHARE_OFF,
  openTableDisplay: off,
});
