// What bench/large10y.ts times, bundled as shipped (see shipped.ts): the services, the store and the engine.
export { createServices, dispatch } from '../../electron/main/services/dispatch';
export { openStore } from '../../electron/main/store/store';
export { parseRecord, replaySession } from '../../src/core/record';
