/** The correction channel's name, apart from its schema so the preload never bundles zod. */
export const CORRECT_CHANNELS = ['correctGame'] as const;
