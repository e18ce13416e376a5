// What bench/sim.ts runs, bundled as shipped (see shipped.ts).
export { checkGame, referee } from '../../tools/sim/check';
export { simulateGame } from '../../tools/sim/game';
export { recordedEvents } from '../../tools/sim/session';
