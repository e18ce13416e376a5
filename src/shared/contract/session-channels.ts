/** The session screens' channel names, apart from their schemas so the preload never bundles zod. */
export const SESSION_CHANNELS = [
  'setupSession',
  'quickScore',
  'sessionLedger',
  'playerStats',
  'statsProgress',
  'exportHistory',
  'printSettlement',
  'removeLastGame',
  'sessionAudit',
] as const;
