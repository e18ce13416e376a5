/** The amendment channels' names, apart from their schemas so the preload never bundles zod. */
export const AMEND_CHANNELS = ['amendGame', 'gameAmendments', 'takeBackFix'] as const;
