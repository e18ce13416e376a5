/**
 * The rules engine's public surface, for tools outside the app (the table simulator, its
 * property tests): pure TypeScript, no Node, DOM, Electron or Svelte.
 */
export * from './tiles';
export * from './seats';
export * from './events';
export * from './rules';
export * from './outcome';
export * from './result';
export * from './errors';
export * from './claims';
export * from './tileCounts';
export * from './deadHands';
export * from './window';
export * from './game';
export * from './payments';
export * from './pie';
export * from './session';
export * from './settlement';
export * from './record';
export * from './copies';
export * from './gameSetup';
export * from './amend';
export * from './followTurn';
export * from './fixUndo';
export { eventName } from './eventName';
export {
  centsOf,
  describeReplayError,
  replaySessionWith,
  type GameEngine,
  type GameSummary,
  type GameView,
  type ReplayError,
  type SessionSummary,
  type LiveDiscard as SummaryLiveDiscard,
} from './summary';
