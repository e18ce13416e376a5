// What bench/sim-amend.ts runs, bundled as shipped (see shipped.ts).
export { checkAmended } from '../../tools/sim/amend';
export { simulateGame } from '../../tools/sim/game';
