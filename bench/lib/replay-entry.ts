// What bench/replay.ts times, bundled as shipped (see shipped.ts).
export { parseRecord, replaySession, serialiseRecord } from '../../src/core/record';
export { eventCount, generateRecord } from '../../test/records/generate';
