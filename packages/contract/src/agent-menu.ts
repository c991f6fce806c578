// Zod-free agent home rules, for the web bundle and the server alike.
import type { WhitelabelFlag } from './merchant';

/**
 * The agent home grid of spec §2 (AGENT-012), in the spec's order, each entry gated by its white-label
 * permission key (AGENT-015). Spec §6 lists the ten keys without saying which entry each gates; they are
 * read in the same order as the ten gated entries (requirements.md notes the gap). Customer service,
 * the last entry, is always shown (AGENT-016) and opens the chat link (AGENT-013).
 */
export const AGENT_GRID = [
  { id: 'teamOverview', permission: 'AGEPAG', path: '/m/agent/team/overview' },
  { id: 'transactionRecord', permission: 'TRANSREC3', path: '/m/transaction/record?types=A' },
  { id: 'teamManagement', permission: 'DOWNMAN', path: '/m/member/team' },
  { id: 'redRain', permission: 'AGENTRANSMULTDOWN3', path: '/m/redRain' },
  { id: 'teamPnl', permission: 'AGETEAMPNL3', path: '/m/agent/team/pnl' },
  { id: 'teamBetting', permission: 'TEAMBETTING3', path: '/m/teamBetting' },
  { id: 'rebateSettings', permission: 'GAMSER', path: '/m/member/agent/agentRebeat' },
  { id: 'rebateIncome', permission: 'AGEREBINC3', path: '/m/member/teamRebate' },
  { id: 'securityCenter', permission: 'SECPRIV', path: '/m/securityCenter' },
  { id: 'mail', permission: 'MAILCEN', path: '/m/webEmail' },
  { id: 'customerService', permission: null, path: null },
] as const satisfies readonly { id: string; permission: WhitelabelFlag | null; path: string | null }[];
export type AgentGridEntry = (typeof AGENT_GRID)[number];

/** The entries a merchant's white-label menu shows (customer service always). */
export const visibleAgentGrid = (flags: Partial<Record<WhitelabelFlag, boolean>>) =>
  AGENT_GRID.filter((e) => e.permission === null || flags[e.permission] === true);

/** The agency centre's calls, under /api. */
/** The most downlines one transfer may pay (the request's limit; the form says so before sending). */
export const MAX_TRANSFER_LINES = 50;

export const AGENT_API = {
  kpi: '/agent/team/kpi',
  overview: '/agent/team/overview',
  members: '/agent/team/members',
  pnl: '/agent/team/pnl',
  rebate: '/agent/rebate',
  downlines: '/agent/downlines',
  quotas: '/agent/quotas',
  giveQuota: '/agent/quotas/give',
  usernameCheck: '/agent/username-check',
  rebateIncome: '/agent/team/rebate-income',
  transfers: '/agent/transfers',
  affiliate: '/agent/affiliate',
  affiliateLinks: '/agent/affiliate-links',
  notices: '/agent/notices',
  bets: '/agent/team/bets',
} as const;

/**
 * The account record's agency types: what the agent grid's /m/transaction/record?types=A opens on (money
 * between an agent and its team, and what the rebate run paid). Names of TRANSACTION_TYPES (cashier.ts).
 */
export const AGENT_RECORD_TYPES = [
  'transfer_to_downline',
  'transfer_from_upline',
  'transfer_upline',
  'transfer_downline',
  'agent_commission',
  'agent_salary',
  'agent_dividend',
  'rebate',
  'rain_fund',
  'rain_claim',
  'rain_return',
] as const;

/** The permission key of each agent report route on the server (the same gate as the grid entry). */
export const AGENT_FEATURE = {
  overview: 'AGEPAG',
  members: 'DOWNMAN',
  pnl: 'AGETEAMPNL3',
  rebate: 'GAMSER',
  rebateIncome: 'AGEREBINC3',
  transfers: 'AGENTRANSMULTDOWN3',
  bets: 'TEAMBETTING3',
} as const satisfies Record<string, WhitelabelFlag>;

/** Spec §4 agent greeting by local hour: 0-10 morning, 11-14 early afternoon, 15-18 late afternoon, else evening. */
export type Greeting = 'morning' | 'earlyAfternoon' | 'lateAfternoon' | 'evening';
export function greetingFor(hour: number): Greeting {
  if (hour <= 10) return 'morning';
  if (hour <= 14) return 'earlyAfternoon';
  if (hour <= 18) return 'lateAfternoon';
  return 'evening';
}

/** Dividend info is loaded for agents other than types 4, 40, 41 and 42 (AGENT-027). */
export const loadsDividend = (type: number) => ![4, 40, 41, 42].includes(type);
