// Long file: the agency API's schemas, one per route, kept together as the server registers them.
import { z } from 'zod';
import { calendarDay, ok } from './common';
import { amountString, signedAmountString } from './wallet';
import { PRODUCT_GROUPS } from './rebate';
import { MAX_TRANSFER_LINES } from './agent-menu';

/**
 * The agency centre (issue 16): an agent's team is every member below it in the downline tree (the
 * agent itself excluded). Every figure is read from per-member daily figures on the server.
 */
/** The longest range a team report covers, in the merchant's days. */
export const MAX_TEAM_REPORT_DAYS = 90;

const day = calendarDay;

/** Spec §7 team KPI call: startDate and endDate (today, YYYY-MM-DD) and size 0 (API-068). */
export const teamKpiQuery = z.object({
  startDate: day,
  endDate: day,
  size: z.coerce.number().int().min(0).max(0).default(0),
});
/** Spec §3 team KPI footer (AGENT-010): the four counters, 0 when there is nothing to count. */
export const teamKpiFooter = z.object({
  teamLoginMemberCount: z.number().int().default(0),
  teamBetMemberCount: z.number().int().default(0),
  teamRegisterMemberCount: z.number().int().default(0),
  teamOnlineCount: z.number().int().default(0),
});
export type TeamKpiFooter = z.infer<typeof teamKpiFooter>;
export const teamKpiResponse = ok(z.object({ footer: teamKpiFooter }));

export const teamRangeQuery = z.object({ from: day, to: day });

/** A team's money over a range: turnover is stakes less refunds; profit is what play gave the team. */
export const teamMoney = z.object({
  turnover: signedAmountString,
  wins: signedAmountString,
  bonuses: signedAmountString,
  rebates: signedAmountString,
  commissions: signedAmountString,
  deposits: signedAmountString,
  withdrawals: signedAmountString,
  /** wins + bonuses + rebates + commissions − turnover (spec: the member's profit and loss). */
  profit: signedAmountString,
});
export type TeamMoney = z.infer<typeof teamMoney>;

export const teamOverviewDay = z.object({
  date: z.string(),
  turnover: signedAmountString,
  registrations: z.number().int(),
  bettors: z.number().int(),
  deposits: signedAmountString,
});
export const teamOverview = z.object({
  from: z.string(),
  to: z.string(),
  directDownlines: z.number().int(),
  teamSize: z.number().int(),
  registrations: z.number().int(),
  firstDeposits: z.number().int(),
  depositCount: z.number().int(),
  withdrawalCount: z.number().int(),
  bettors: z.number().int(),
  money: teamMoney,
  days: z.array(teamOverviewDay),
});
export type TeamOverview = z.infer<typeof teamOverview>;
export const teamOverviewResponse = ok(teamOverview);

export const TEAM_MEMBER_SORTS = ['registered', 'lastLogin', 'username'] as const;
export const teamMembersQuery = z.object({
  /** Whose direct downlines to list (the agent itself when absent); must be in the agent's team. */
  parentId: z
    .string()
    .regex(/^\d{1,18}$/)
    .optional(),
  /** A username prefix searched over the whole team. */
  search: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,32}$/)
    .optional(),
  /** Where a search looks: the whole team, or only the direct downlines of `parentId` (or the agent). */
  searchIn: z.enum(['team', 'direct']).default('team'),
  sort: z.enum(TEAM_MEMBER_SORTS).default('registered'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const teamMember = z.object({
  id: z.string(),
  username: z.string(),
  nickname: z.string().nullable(),
  type: z.number().int(),
  /** 1 = a direct downline of the agent. */
  level: z.number().int(),
  status: z.string(),
  directDownlines: z.number().int(),
  registeredAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** Shown for direct downlines only (the merchant's policy); null otherwise. */
  balance: signedAmountString.nullable(),
});
export type TeamMember = z.infer<typeof teamMember>;
export const teamMembersResponse = ok(
  z.object({
    parent: z.object({ id: z.string(), username: z.string(), level: z.number().int() }),
    list: z.array(teamMember),
    pageNum: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
  }),
);

export type TeamMembersPage = z.infer<typeof teamMembersResponse>['value'];

export const TEAM_PNL_SORTS = ['profit', 'turnover', 'username'] as const;
export const teamPnlQuery = teamRangeQuery.extend({
  /** Whose direct downlines to list (a member of the caller's team); the caller itself when absent. */
  parentId: z
    .string()
    .regex(/^[0-9]{1,19}$/)
    .optional(),
  /** Members of the whole team whose username starts with it, instead of the parent's direct downlines. */
  search: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,32}$/)
    .optional(),
  sort: z.enum(TEAM_PNL_SORTS).default('turnover'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
/**
 * One line of the team's profit and loss: a member with its own team below it. The money fields are the
 * whole line (the member and its team); `own` is the member's own part.
 */
export const teamPnlRow = teamMoney.extend({
  id: z.string(),
  username: z.string(),
  level: z.number().int(),
  directDownlines: z.number().int(),
  own: teamMoney,
});
export type TeamPnlRow = z.infer<typeof teamPnlRow>;
export const teamPnlResponse = ok(
  z.object({
    from: z.string(),
    to: z.string(),
    /** The member whose lines are listed (the caller, or the drilled-down member). */
    parent: z.object({ id: z.string(), username: z.string(), level: z.number().int() }),
    /** The parent's whole team (below it) over the range, whatever the page. */
    team: teamMoney,
    list: z.array(teamPnlRow),
    pageNum: z.number().int(),
    totalPages: z.number().int(),
    /** Lines with activity in the range (the list's length over every page). */
    total: z.number().int(),
  }),
);
export type TeamPnlPage = z.infer<typeof teamPnlResponse>['value'];

// ---------------------------------------------------------------------------------------------
// Rebate settings (spec /m/member/agent/agentRebeat; issue 16 item 2)
// ---------------------------------------------------------------------------------------------
const productGroup = z.enum(PRODUCT_GROUPS);
/** A rate as a percent string with at most two decimals, e.g. '7.80'. */
export const rateString = z.string().regex(/^\d{1,2}(\.\d{1,2})?$/);
const memberIdString = z.string().regex(/^\d{1,18}$/);
export const rebateQuery = z.object({ memberId: memberIdString.optional() });
const rateRange = z.object({ min: rateString, max: rateString }).nullable();
export const rebateView = z.object({
  /** The agent's own rates. */
  rates: z.record(productGroup, rateString),
  /** How far below its agent a downline must stay. */
  minGap: rateString,
  /** A direct downline's rates and what the agent may set each to (null: no room left). */
  member: z
    .object({
      id: z.string(),
      username: z.string(),
      rates: z.record(productGroup, rateString),
      ranges: z.record(productGroup, rateRange),
    })
    .nullable(),
});
export type RebateView = z.infer<typeof rebateView>;
export const rebateResponse = ok(rebateView);
export const setRebateRequest = z.object({
  memberId: memberIdString,
  rates: z.partialRecord(productGroup, rateString),
});

// ---------------------------------------------------------------------------------------------
// Opening a downline's account (spec /m/agentRegister; issue 16 items 2 and 6)
// ---------------------------------------------------------------------------------------------
export const DOWNLINE_KINDS = ['player', 'agent'] as const;
export const openDownlineRequest = z.object({
  username: z.string().min(1).max(32),
  password: z.string().min(1).max(64),
  confirmPassword: z.string().min(1).max(64),
  kind: z.enum(DOWNLINE_KINDS).default('player'),
  rates: z.partialRecord(productGroup, rateString).default({}),
});
export type OpenDownlineRequest = z.input<typeof openDownlineRequest>;
export const openedDownline = z.object({
  id: z.string(),
  username: z.string(),
  kind: z.enum(DOWNLINE_KINDS),
  rates: z.record(productGroup, rateString),
  /** The quota's rate when the opening spent one; null when every rate was free. */
  quotaSpent: rateString.nullable(),
});
export type OpenedDownline = z.infer<typeof openedDownline>;
export const openDownlineResponse = ok(openedDownline);

export const quota = z.object({ rate: rateString, remaining: z.number().int() });
export const quotasView = z.object({
  /** Rates up to this are free to give. */
  freeThreshold: rateString,
  quotas: z.array(quota),
});
export type QuotasView = z.infer<typeof quotasView>;
export const quotasResponse = ok(quotasView);

export const giveQuotaRequest = z.object({
  memberId: memberIdString,
  rate: rateString,
  count: z.number().int().min(1).max(1000),
});

export const usernameCheckQuery = z.object({ username: z.string().min(1).max(32) });
export const usernameCheckResponse = ok(z.object({ available: z.boolean() }));

// ---------------------------------------------------------------------------------------------
// Agent rebate income (spec /m/member/teamRebate, AGEREBINC3; issue 16 items 3 and 4)
// ---------------------------------------------------------------------------------------------
export const rebateIncomeQuery = teamRangeQuery.extend({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
/** One day's payment: what the day's lines came to, what reached the wallet, what is carried on. */
export const rebateIncomeDay = z.object({
  day: z.string(),
  turnover: signedAmountString,
  amount: signedAmountString,
  paid: signedAmountString,
  /** Reversals (refunds of earlier days' bets) above the day's earnings, netted from the next payment. */
  carried: signedAmountString,
});
export type RebateIncomeDay = z.infer<typeof rebateIncomeDay>;
/** What the agent earned on a day from one source (its own play, or a direct downline's branch). */
export const rebateIncomeLine = z.object({
  day: z.string(),
  source: z.string(),
  /** The agent's own play (player rebate) rather than a downline's branch. */
  own: z.boolean(),
  product: z.enum(PRODUCT_GROUPS),
  turnover: signedAmountString,
  /** The rate earned: the agent's own, or its difference over the branch. */
  rate: rateString,
  amount: signedAmountString,
});
export type RebateIncomeLine = z.infer<typeof rebateIncomeLine>;
export const rebateIncome = z.object({
  from: z.string(),
  to: z.string(),
  /** Paid into the wallet over the range. */
  paid: signedAmountString,
  /** The days' lines over the range, reversals included. */
  earned: signedAmountString,
  /** Today so far at today's rates, paid after the day closes (null when today is not in the range). */
  today: z.object({ day: z.string(), turnover: signedAmountString, amount: signedAmountString }).nullable(),
  days: z.array(rebateIncomeDay),
  list: z.array(rebateIncomeLine),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type RebateIncome = z.infer<typeof rebateIncome>;
export const rebateIncomeResponse = ok(rebateIncome);

// ---------------------------------------------------------------------------------------------
// Operator calls of the agency (issue 16 item 9; the back office drives them)
// ---------------------------------------------------------------------------------------------
const username = z.string().min(1).max(64);
const reason = z.string().trim().min(3).max(200);
const partialRates = z.partialRecord(productGroup, rateString);
export const opsAgencyTerms = z.object({
  maxRates: z.record(productGroup, rateString),
  minGap: rateString,
  freeThreshold: rateString,
  payPlayerRebate: z.boolean(),
});
export type OpsAgencyTerms = z.infer<typeof opsAgencyTerms>;
export const opsAgencyTermsResponse = ok(opsAgencyTerms);
export const opsAgencyTermsRequest = z.object({
  maxRates: partialRates.optional(),
  minGap: rateString.optional(),
  freeThreshold: rateString.optional(),
  payPlayerRebate: z.boolean().optional(),
  reason,
});
export const opsAgentRatesRequest = z.object({ username, rates: partialRates, reason });
export const opsAgentRatesResponse = ok(z.object({ rates: z.record(productGroup, rateString) }));
export const opsAgentRatesQuery = z.object({ username });
/** A member's rates and, per product, the range an operator may set it to (null: no room at all). */
export const opsAgentRates = z.object({
  username: z.string(),
  rates: z.record(productGroup, rateString),
  ranges: z.record(productGroup, z.object({ min: rateString, max: rateString }).nullable()),
});
export type OpsAgentRates = z.infer<typeof opsAgentRates>;
export const opsAgentRatesViewResponse = ok(opsAgentRates);
export const opsQuotaRequest = z.object({
  username,
  rate: rateString,
  remaining: z.number().int().min(0).max(1_000_000),
  reason,
});
export const opsQuotaResponse = ok(quota);
export const opsMoveRequest = z.object({ username, upline: username.nullable(), reason });
export const opsMoveResponse = ok(z.object({ username: z.string(), upline: z.string().nullable() }));
export const opsRebateRun = z.object({
  day: z.string(),
  lines: z.number().int(),
  beneficiaries: z.number().int(),
  turnover: signedAmountString,
  amount: signedAmountString,
  paid: signedAmountString,
  computedAt: z.string(),
  paidAt: z.string().nullable(),
});
export type OpsRebateRun = z.infer<typeof opsRebateRun>;
export const opsRebateRunsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const opsRebateRunsResponse = ok(
  z.object({
    list: z.array(opsRebateRun),
    pageNum: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
  }),
);
export const opsRunRebatesResponse = ok(
  z.object({
    runs: z.array(
      z.object({ day: z.string(), computed: z.boolean(), settled: z.number().int(), busy: z.boolean() }),
    ),
  }),
);

/** The operator's agents' tree: one node's direct downline (the top agents when no node is given). */
export const opsAgentTreeQuery = z.object({
  under: username.optional(),
  agentsOnly: z
    .enum(['0', '1'])
    .default('0')
    .transform((v) => v === '1'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const opsTreeMember = z.object({
  id: z.string(),
  username: z.string(),
  type: z.number().int(),
  status: z.string(),
  createdAt: z.string(),
  /** Members directly below it, and its whole team (every level). */
  direct: z.number().int(),
  team: z.number().int(),
  /** The team's turnover (stakes less refunds) over the merchant's last 30 days, today included. */
  teamTurnover30: signedAmountString,
  rates: z.record(productGroup, rateString),
  quotas: z.array(quota),
});
export type OpsTreeMember = z.infer<typeof opsTreeMember>;
export const opsAgentTree = z.object({
  /** The node asked for (null: the top of the tree) and its uplines from the top down. */
  node: opsTreeMember.nullable(),
  ancestors: z.array(z.object({ id: z.string(), username: z.string() })),
  list: z.array(opsTreeMember),
  pageNum: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type OpsAgentTree = z.infer<typeof opsAgentTree>;
export const opsAgentTreeResponse = ok(opsAgentTree);

// ---------------------------------------------------------------------------------------------
// Transfer to several downlines (AGENTRANSMULTDOWN3; issue 16 item 5)
// ---------------------------------------------------------------------------------------------
export const downlineTransferRequest = z.object({
  lines: z
    .array(z.object({ memberId: memberIdString, amount: amountString }))
    .min(1)
    .max(MAX_TRANSFER_LINES),
  paymentPassword: z.string().max(32),
});
export type DownlineTransferRequest = z.infer<typeof downlineTransferRequest>;
export const downlineTransferResponse = ok(
  z.object({ sumBalance: signedAmountString, transferId: z.string(), lines: z.number().int() }),
);

// ---------------------------------------------------------------------------------------------
// Invitation (affiliate) links: a registration through one joins the agent's team at its rates.

/** How long a new link stays open, in days; null: until it is deleted. */
export const LINK_EXPIRY_DAYS = [1, 7, 30, 90] as const;
export const createAffiliateLinkRequest = z.object({
  kind: z.enum(DOWNLINE_KINDS).default('player'),
  rates: z.partialRecord(productGroup, rateString).default({}),
  expiresInDays: z
    .union([z.literal(1), z.literal(7), z.literal(30), z.literal(90)])
    .nullable()
    .default(null),
});
export type CreateAffiliateLinkRequest = z.input<typeof createAffiliateLinkRequest>;
export const affiliateLink = z.object({
  id: z.string(),
  code: z.string(),
  /** The registration page with the code, to put after the site's own address. */
  path: z.string(),
  kind: z.enum(DOWNLINE_KINDS),
  rates: z.record(productGroup, rateString),
  /** The quota's rate the link spent when it was made; null when every rate was free. */
  quotaSpent: rateString.nullable(),
  expiresAt: z.string().nullable(),
  expired: z.boolean(),
  registrations: z.number().int(),
  createdAt: z.string(),
});
export type AffiliateLink = z.infer<typeof affiliateLink>;
export const affiliateLinkResponse = ok(affiliateLink);
export const affiliateLinksQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const affiliateLinksResponse = ok(
  z.object({
    list: z.array(affiliateLink),
    pageNum: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
  }),
);
export type AffiliateLinksPage = z.infer<typeof affiliateLinksResponse>['value'];
export const affiliateLinkParams = z.object({ id: memberIdString });
export const deletedAffiliateLinkResponse = ok(
  z.object({
    id: z.string(),
    /** The quota's rate given back (the link was deleted before anyone registered through it). */
    quotaReturned: rateString.nullable(),
  }),
);

/** The agent's own invitation code and its register link (the downline register link of spec §7). */
export const registerLinkResponse = ok(
  z.object({
    code: z.string(),
    path: z.string(),
    /** Members who joined the team through this code or one of the agent's links. */
    registrations: z.number().int(),
  }),
);

// ---------------------------------------------------------------------------------------------
// Team betting (/m/teamBetting, TEAMBETTING3): the bets of my team, newest first.

export const TEAM_BET_PRODUCTS = ['all', 'games', 'lottery'] as const;
export const teamBetsQuery = teamRangeQuery.extend({
  /** One member of my team (its exact username); the whole team when absent. */
  username: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,32}$/)
    .optional(),
  product: z.enum(TEAM_BET_PRODUCTS).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const teamBet = z.object({
  /** 'game:<round id>' or 'lottery:<bet id>'. */
  id: z.string(),
  kind: z.enum(['game', 'lottery']),
  username: z.string(),
  level: z.number().int(),
  /** The game (a catalogue game's code, or the lottery game and its draw). */
  game: z.string(),
  stake: amountString,
  /** Wins and refunds paid back on it so far. */
  returned: amountString,
  /** returned − stake, from the member's side. */
  net: signedAmountString,
  status: z.enum(['open', 'settled', 'refunded']),
  at: z.string(),
});
export type TeamBet = z.infer<typeof teamBet>;
export const teamBetsResponse = ok(
  z.object({
    from: z.string(),
    to: z.string(),
    list: z.array(teamBet),
    pageNum: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
    /** Over every bet of the filter, not only this page. */
    totals: z.object({ stake: amountString, returned: amountString, net: signedAmountString }),
  }),
);
export type TeamBetsPage = z.infer<typeof teamBetsResponse>['value'];
