import { isAgentType } from '@panalo/contract/member-types';

/** Spec §4/§6 (AGENT-021/022): agent home without a session, or for types 0, 4 and 40, replaces to home. */
export const agentHomeAllowed = (current: { type: number } | null): boolean =>
  current !== null && isAgentType(current.type);
