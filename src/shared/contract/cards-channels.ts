/** The card channels' names, apart from their schemas so the preload never bundles zod. */
export const CARD_CHANNELS = ['cards', 'saveCard', 'removeCard', 'useCard', 'sessionCard', 'groupCard'] as const;
