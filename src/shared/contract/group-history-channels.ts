/** The group-wide history's channel names, apart from their schemas so the preload never bundles zod. */
export const GROUP_HISTORY_CHANNELS = ['historyList', 'groupSession'] as const;
