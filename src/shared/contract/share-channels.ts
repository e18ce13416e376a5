/** The share channels' names, apart from their schemas so the preload never bundles zod. */
export const SHARE_CHANNELS = ['shareTable', 'shareStatus', 'openTableDisplay'] as const;
