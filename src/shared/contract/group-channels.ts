/** The group channels' names, apart from their schemas so the preload never bundles zod. */
export const GROUP_CHANNELS = ['groupStatus'] as const;
