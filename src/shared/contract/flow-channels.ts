/** The flow channels' names (resume, staged endings), apart from their schemas so the preload never bundles zod. */
export const FLOW_CHANNELS = ['stageEnding', 'stagedEnding', 'resumable', 'reopenPrevious'] as const;
