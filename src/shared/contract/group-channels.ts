/** The group channels' names, apart from their schemas so the preload never bundles zod. */
export const GROUP_CHANNELS = [
  'groupStatus',
  'groupCreate',
  'groupInvite',
  'groupJoin',
  'groupLeave',
  'groupView',
  'groupChoose',
  'groupSamePerson',
  'groupFixGame',
] as const;
