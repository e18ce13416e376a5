/** The card channels' names, apart from their schemas so the preload never bundles zod. */
export const CARD_CHANNELS = ['cards', 'saveCard', 'removeCard', 'chooseCard', 'sessionCard'] as const;
