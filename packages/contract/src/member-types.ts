// Zod-free member-type rules, for the web bundle (member.ts re-exports them for the server).

/**
 * Member (customer) types. The spec fixes 0 (player, no agency), 4 (free trial), 40 (excluded from
 * agency), 41/42 (no contracts or dividend), 2 (may not transfer to the upline); the rest are ours.
 * Types from 90 up are staff (operators): "non-members" that the member login refuses.
 */
export const MEMBER_TYPE = {
  PLAYER: 0,
  AGENT: 1,
  PLAYER_AGENT: 2,
  TRIAL: 4,
  TEST_PLAYER: 40,
  TRIAL_AGENT: 41,
  TEST_AGENT: 42,
  OPERATOR: 90,
} as const;

/** Agency centre and agent home are for types other than 0, 4 and 40 (spec §6), never staff. */
export const isAgentType = (type: number) => type < 90 && ![0, 4, 40].includes(type);
/** Spec §6/§9: members of types 4, 40, 41 and 42 have no contracts (nor their check); staff neither. */
export const hasContracts = (type: number) => type < 90 && ![4, 40, 41, 42].includes(type);
export const isTrialType = (type: number) => type === MEMBER_TYPE.TRIAL;
export const isStaffType = (type: number) => type >= 90;
