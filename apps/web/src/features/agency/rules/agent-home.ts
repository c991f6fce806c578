import { AGENT_GRID, visibleAgentGrid, type AgentGridEntry } from '@panalo/contract/agent-menu';
import type { WhitelabelFlag } from '@panalo/contract/merchant';

// (agentHomeAllowed lives apart: the route guard in the first page's code needs only it.)
export { agentHomeAllowed } from './agent-access';

/** The grid entries whose screens this build has (every entry of the spec's grid, since issue 19's mail). */
export const BUILT_ENTRIES: ReadonlySet<AgentGridEntry['id']> = new Set([
  'teamOverview',
  'transactionRecord',
  'teamManagement',
  'redRain',
  'teamPnl',
  'teamBetting',
  'rebateSettings',
  'rebateIncome',
  'securityCenter',
  'mail',
  'customerService',
]);

/** The grid the agent sees: the merchant's white-label menu (AGENT-015/016), in the spec's order (AGENT-012). */
export function agentGrid(flag: (name: WhitelabelFlag) => boolean): AgentGridEntry[] {
  const flags = Object.fromEntries(
    AGENT_GRID.flatMap((e) => (e.permission ? [[e.permission, flag(e.permission)]] : [])),
  ) as Partial<Record<WhitelabelFlag, boolean>>;
  return visibleAgentGrid(flags).filter((e) => BUILT_ENTRIES.has(e.id));
}

/** An unread badge (mail, agent announcements) shows only above 0 (AGENT-014, AGENT-019). */
export const unreadBadge = (unread: number): string | null =>
  unread > 0 ? (unread > 99 ? '99+' : String(unread)) : null;
