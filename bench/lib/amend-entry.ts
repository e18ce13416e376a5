// What bench/amend.ts runs, bundled as shipped (see shipped.ts): the real store and services.
export { createServices, dispatch } from '../../electron/main/services/dispatch';
export { openStore } from '../../electron/main/store/store';
export { amendEvents, replayGame, OFFICIAL_RULES, TILES } from '../../src/core';
export { simulateGame } from '../../tools/sim/game';
