// Long file: a table by design, one row per operator route with its roles, read best in one place.
// Who may call each operator route: the product's decision, written out by hand, one row per route.
// It is test data (staff.routes.test.ts checks the server against it), not read by the server. The roles
// of a row are listed by name on purpose and NOT computed from the contract's ROLE_PERMISSIONS: a wrong
// permission declared on a route, or a permission given to the wrong role, must show up as a difference
// with this table. Changing a row is a product decision; say why in the group's comment.
import type { StaffPermission, StaffRole } from '@panalo/contract/staff-rules';

export interface OperatorAccessRow {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The URL pattern exactly as the server registers it. */
  url: string;
  /** The permission the route declares (`self`: any signed-in staff member, about itself). */
  permission: StaffPermission | 'self';
  /** The roles let through; every other role is refused (403 no_permission). */
  roles: readonly StaffRole[];
}

/** Routes under /api/ops that need no staff session (they are not in the table). */
export const PUBLIC_OPS_ROUTES = ['POST /api/ops/login', 'POST /api/ops/setup'] as const;

export const OPERATOR_ACCESS: readonly OperatorAccessRow[] = [
  // Console account: every staff member reads its own role and permissions (the console hides the rest).
  {
    method: 'GET',
    url: '/api/ops/me',
    permission: 'self',
    roles: ['owner', 'finance', 'risk', 'support', 'marketing', 'content', 'viewer'],
  },

  // Figures: the home dashboard for the desks that steer the business (not support or content); the
  // profit-and-loss report and its CSV (GGR, NGR, commissions) only for owner, finance and risk.
  {
    method: 'GET',
    url: '/api/ops/dashboard',
    permission: 'dashboard',
    roles: ['owner', 'finance', 'risk', 'marketing', 'viewer'],
  },
  {
    method: 'GET',
    url: '/api/ops/reports/pnl',
    permission: 'reports',
    roles: ['owner', 'finance', 'risk', 'viewer'],
  },
  {
    method: 'GET',
    url: '/api/ops/reports/pnl/export',
    permission: 'reports',
    roles: ['owner', 'finance', 'risk', 'viewer'],
  },

  // The daily close (issue 52): read by the desks that read the books (an auditor through `viewer` too);
  // signed by finance and the owner only.
  {
    method: 'GET',
    url: '/api/ops/daily-close',
    permission: 'reports',
    roles: ['owner', 'finance', 'risk', 'viewer'],
  },
  {
    method: 'GET',
    url: '/api/ops/daily-close/:day',
    permission: 'reports',
    roles: ['owner', 'finance', 'risk', 'viewer'],
  },
  {
    method: 'GET',
    url: '/api/ops/daily-close/:day/csv',
    permission: 'reports',
    roles: ['owner', 'finance', 'risk', 'viewer'],
  },
  {
    method: 'POST',
    url: '/api/ops/daily-close/:day/sign',
    permission: 'close.sign',
    roles: ['owner', 'finance'],
  },
  {
    method: 'GET',
    url: '/api/ops/daily-close/:day/reconciliation',
    permission: 'reports',
    roles: ['owner', 'finance', 'risk', 'viewer'],
  },
  {
    method: 'POST',
    url: '/api/ops/daily-close/:day/reconcile',
    permission: 'close.sign',
    roles: ['owner', 'finance'],
  },
  {
    method: 'GET',
    url: '/api/ops/reconciliation/breaks',
    permission: 'reports',
    roles: ['owner', 'finance', 'risk', 'viewer'],
  },
  {
    method: 'GET',
    url: '/api/ops/reconciliation/breaks/:id',
    permission: 'reports',
    roles: ['owner', 'finance', 'risk', 'viewer'],
  },
  {
    method: 'POST',
    url: '/api/ops/reconciliation/breaks/:id/resolve',
    permission: 'close.sign',
    roles: ['owner', 'finance'],
  },
  // Anti-money-laundering cases: the risk desk (issue 53).
  { method: 'GET', url: '/api/ops/aml/cases', permission: 'aml', roles: ['owner', 'risk'] },
  { method: 'GET', url: '/api/ops/aml/cases/:id', permission: 'aml', roles: ['owner', 'risk'] },
  { method: 'POST', url: '/api/ops/aml/cases/:id/decide', permission: 'aml', roles: ['owner', 'risk'] },
  { method: 'GET', url: '/api/ops/aml/reports/:kind', permission: 'aml', roles: ['owner', 'risk'] },
  // Identity verification (issue 53): the risk desk (compliance) and support review documents; the
  // settings — what each level allows — move money limits, so they are set with site.control (the owner).
  { method: 'GET', url: '/api/ops/kyc/settings', permission: 'kyc', roles: ['owner', 'risk', 'support'] },
  { method: 'PUT', url: '/api/ops/kyc/settings', permission: 'site.control', roles: ['owner'] },
  { method: 'GET', url: '/api/ops/kyc/documents', permission: 'kyc', roles: ['owner', 'risk', 'support'] },
  {
    method: 'GET',
    url: '/api/ops/kyc/documents/:id',
    permission: 'kyc',
    roles: ['owner', 'risk', 'support'],
  },
  {
    method: 'GET',
    url: '/api/ops/kyc/documents/:id/images/:slot',
    permission: 'kyc',
    roles: ['owner', 'risk', 'support'],
  },
  {
    method: 'POST',
    url: '/api/ops/kyc/documents/:id/review',
    permission: 'kyc',
    roles: ['owner', 'risk', 'support'],
  },

  // Audit: who did what is read by the owner and risk only, the desk that investigates staff and members.
  { method: 'GET', url: '/api/ops/audit', permission: 'audit', roles: ['owner', 'risk', 'viewer'] },
  { method: 'GET', url: '/api/ops/audit/export', permission: 'audit', roles: ['owner', 'risk', 'viewer'] },
  { method: 'GET', url: '/api/ops/staff-actions', permission: 'audit', roles: ['owner', 'risk', 'viewer'] },

  // Cashier: money in and out of members' wallets (deposit and withdrawal queues, full card numbers,
  // balance adjustments) is finance's desk and the owner's; no other role moves or sees it.
  {
    method: 'GET',
    url: '/api/ops/deposits',
    permission: 'cashier.deposits',
    roles: ['owner', 'finance'],
  },
  {
    method: 'GET',
    url: '/api/ops/deposits/export',
    permission: 'cashier.deposits',
    roles: ['owner', 'finance'],
  },
  {
    method: 'POST',
    url: '/api/ops/deposits/:id/approve',
    permission: 'cashier.deposits',
    roles: ['owner', 'finance'],
  },
  {
    method: 'POST',
    url: '/api/ops/deposits/:id/reject',
    permission: 'cashier.deposits',
    roles: ['owner', 'finance'],
  },
  {
    method: 'GET',
    url: '/api/ops/withdrawals',
    permission: 'cashier.withdrawals',
    roles: ['owner', 'finance'],
  },
  {
    method: 'GET',
    url: '/api/ops/withdrawals/export',
    permission: 'cashier.withdrawals',
    roles: ['owner', 'finance'],
  },
  {
    method: 'POST',
    url: '/api/ops/withdrawals/:id/approve',
    permission: 'cashier.withdrawals',
    roles: ['owner', 'finance'],
  },
  {
    method: 'POST',
    url: '/api/ops/withdrawals/:id/reject',
    permission: 'cashier.withdrawals',
    roles: ['owner', 'finance'],
  },
  {
    method: 'POST',
    url: '/api/ops/adjustments',
    permission: 'cashier.adjust',
    roles: ['owner', 'finance'],
  },

  // Maker-checker: a second finance person (or the owner) approves a large adjustment or withdrawal; the
  // thresholds themselves are a control over finance, so only the owner sets them (declared `staff`, the
  // owner-only permission).
  { method: 'GET', url: '/api/ops/approvals', permission: 'approvals', roles: ['owner', 'finance'] },
  {
    method: 'POST',
    url: '/api/ops/approvals/:id/:decision',
    permission: 'approvals',
    roles: ['owner', 'finance'],
  },
  {
    method: 'GET',
    url: '/api/ops/approvals/thresholds',
    permission: 'approvals',
    roles: ['owner', 'finance'],
  },
  { method: 'PUT', url: '/api/ops/approvals/thresholds', permission: 'staff', roles: ['owner'] },

  // Members, reading: search, profile, activity, notes and limits for every desk that serves members
  // (content, which never deals with a member, is left out).
  {
    method: 'GET',
    url: '/api/ops/members',
    permission: 'members.read',
    roles: ['owner', 'finance', 'risk', 'support', 'marketing', 'viewer'],
  },
  {
    method: 'GET',
    url: '/api/ops/members/:id',
    permission: 'members.read',
    roles: ['owner', 'finance', 'risk', 'support', 'marketing', 'viewer'],
  },
  {
    method: 'GET',
    url: '/api/ops/members/:id/activity',
    permission: 'members.read',
    roles: ['owner', 'finance', 'risk', 'support', 'marketing', 'viewer'],
  },
  {
    method: 'GET',
    url: '/api/ops/members/:id/notes',
    permission: 'members.read',
    roles: ['owner', 'finance', 'risk', 'support', 'marketing', 'viewer'],
  },
  {
    method: 'GET',
    url: '/api/ops/members/:id/limits',
    permission: 'members.read',
    roles: ['owner', 'finance', 'risk', 'support', 'marketing', 'viewer'],
  },

  // Members, account care: locking, ending sessions, a temporary password and notes are support's daily
  // work and risk's tools; they move no money.
  {
    method: 'POST',
    url: '/api/ops/members/:id/lock',
    permission: 'members.write',
    roles: ['owner', 'risk', 'support'],
  },
  {
    method: 'POST',
    url: '/api/ops/members/:id/sessions/end',
    permission: 'members.write',
    roles: ['owner', 'risk', 'support'],
  },
  {
    method: 'POST',
    url: '/api/ops/members/:id/notes',
    permission: 'members.write',
    roles: ['owner', 'risk', 'support'],
  },
  {
    method: 'POST',
    url: '/api/ops/members/:id/password/reset',
    permission: 'members.write',
    roles: ['owner', 'risk', 'support'],
  },

  // Player protection: limits and exclusions the operator imposes on a member are risk's decision (the
  // responsible-gaming desk), never support's or marketing's.
  // Decided: setting a member's limits is `protection`, as exclusions are (support no longer sets them).
  {
    method: 'PUT',
    url: '/api/ops/members/:id/limits',
    permission: 'protection',
    roles: ['owner', 'risk'],
  },
  { method: 'POST', url: '/api/ops/exclusions', permission: 'protection', roles: ['owner', 'risk'] },

  // Agency: agents' rates, quotas, the tree and the rebate runs decide who earns on whose play (agent
  // chains are where chips pass between accounts), so the owner and risk hold them; finance, support and
  // marketing never change an agent's rate or run rebates.
  { method: 'GET', url: '/api/ops/agency/terms', permission: 'agency', roles: ['owner', 'risk'] },
  { method: 'PUT', url: '/api/ops/agency/terms', permission: 'agency', roles: ['owner', 'risk'] },
  { method: 'GET', url: '/api/ops/agency/tree', permission: 'agency', roles: ['owner', 'risk'] },
  { method: 'GET', url: '/api/ops/agency/rates', permission: 'agency', roles: ['owner', 'risk'] },
  { method: 'PUT', url: '/api/ops/agency/rates', permission: 'agency', roles: ['owner', 'risk'] },
  { method: 'PUT', url: '/api/ops/agency/quotas', permission: 'agency', roles: ['owner', 'risk'] },
  { method: 'POST', url: '/api/ops/agency/move', permission: 'agency', roles: ['owner', 'risk'] },
  { method: 'GET', url: '/api/ops/agency/rebate-runs', permission: 'agency', roles: ['owner', 'risk'] },
  { method: 'POST', url: '/api/ops/agency/rebate-runs', permission: 'agency', roles: ['owner', 'risk'] },

  // Agent contracts: salaries and dividends are payables, settled (and force-paid or voided when an upline
  // is short) by finance and the owner.
  { method: 'POST', url: '/api/ops/contracts', permission: 'contracts', roles: ['owner', 'finance'] },
  {
    method: 'GET',
    url: '/api/ops/contracts/settlements',
    permission: 'contracts',
    roles: ['owner', 'finance'],
  },
  {
    method: 'POST',
    url: '/api/ops/contracts/settlements/:id/:action',
    permission: 'contracts',
    roles: ['owner', 'finance'],
  },
  {
    method: 'GET',
    url: '/api/ops/contracts/terms',
    permission: 'contracts',
    roles: ['owner', 'finance'],
  },
  {
    method: 'PUT',
    url: '/api/ops/contracts/terms',
    permission: 'contracts',
    roles: ['owner', 'finance'],
  },
  { method: 'POST', url: '/api/ops/contracts/runs', permission: 'contracts', roles: ['owner', 'finance'] },

  // Promotions and VIP: bonuses are marketing's budget (a granted reward is paid only within its
  // promotion's budget, with its turnover requirement); marketing and the owner create promotions, grant
  // them, review applications and set the VIP levels. Finance does not run marketing's budget.
  {
    method: 'GET',
    url: '/api/ops/promotions/applications',
    permission: 'promotions',
    roles: ['owner', 'marketing'],
  },
  {
    method: 'POST',
    url: '/api/ops/promotions/applications/:id/review',
    permission: 'promotions',
    roles: ['owner', 'marketing'],
  },
  { method: 'GET', url: '/api/ops/promotions', permission: 'promotions', roles: ['owner', 'marketing'] },
  { method: 'POST', url: '/api/ops/promotions', permission: 'promotions', roles: ['owner', 'marketing'] },
  {
    method: 'GET',
    url: '/api/ops/promotions/:id',
    permission: 'promotions',
    roles: ['owner', 'marketing'],
  },
  {
    method: 'PUT',
    url: '/api/ops/promotions/:id',
    permission: 'promotions',
    roles: ['owner', 'marketing'],
  },
  {
    method: 'POST',
    url: '/api/ops/promotions/:id/grants',
    permission: 'promotions',
    roles: ['owner', 'marketing'],
  },
  { method: 'GET', url: '/api/ops/vip-levels', permission: 'promotions', roles: ['owner', 'marketing'] },
  { method: 'PUT', url: '/api/ops/vip-levels', permission: 'promotions', roles: ['owner', 'marketing'] },

  // Talking to members: mail goes out from support (one member), marketing (campaigns) and content
  // (notices); feedback is answered by support and content. Neither moves money.
  {
    method: 'POST',
    url: '/api/ops/mail',
    permission: 'mail',
    roles: ['owner', 'support', 'marketing', 'content'],
  },
  {
    method: 'GET',
    url: '/api/ops/feedback',
    permission: 'feedback',
    roles: ['owner', 'support', 'content'],
  },
  {
    method: 'POST',
    url: '/api/ops/feedback/:id/reply',
    permission: 'feedback',
    roles: ['owner', 'support', 'content'],
  },

  // Content: announcements, banners, help, pages and service links per language are written by the
  // content desk and marketing (campaign banners), and the owner.
  {
    method: 'GET',
    url: '/api/ops/content/announcements',
    permission: 'content',
    roles: ['owner', 'marketing', 'content'],
  },
  {
    method: 'POST',
    url: '/api/ops/content/announcements',
    permission: 'content',
    roles: ['owner', 'marketing', 'content'],
  },
  {
    method: 'PUT',
    url: '/api/ops/content/announcements/:id',
    permission: 'content',
    roles: ['owner', 'marketing', 'content'],
  },
  {
    method: 'POST',
    url: '/api/ops/content/announcements/:id/image',
    permission: 'content',
    roles: ['owner', 'marketing', 'content'],
  },
  {
    method: 'GET',
    url: '/api/ops/content/help',
    permission: 'content',
    roles: ['owner', 'marketing', 'content'],
  },
  {
    method: 'POST',
    url: '/api/ops/content/help',
    permission: 'content',
    roles: ['owner', 'marketing', 'content'],
  },
  {
    method: 'PUT',
    url: '/api/ops/content/help/:id',
    permission: 'content',
    roles: ['owner', 'marketing', 'content'],
  },
  {
    method: 'DELETE',
    url: '/api/ops/content/help/:id',
    permission: 'content',
    roles: ['owner', 'marketing', 'content'],
  },
  {
    method: 'GET',
    url: '/api/ops/content/pages',
    permission: 'content',
    roles: ['owner', 'marketing', 'content'],
  },
  {
    method: 'PUT',
    url: '/api/ops/content/pages/:slug',
    permission: 'content',
    roles: ['owner', 'marketing', 'content'],
  },
  {
    method: 'GET',
    url: '/api/ops/content/service-links',
    permission: 'content',
    roles: ['owner', 'marketing', 'content'],
  },
  {
    method: 'PUT',
    url: '/api/ops/content/service-links',
    permission: 'content',
    roles: ['owner', 'marketing', 'content'],
  },

  // The site: its look (theme colours) and the registration form's fields are the content desk's; what
  // the site does — feature switches that pay money or let it pass between accounts, the domains it is
  // served at — is the owner's alone (`site.control`); the content desk reads them (`site`).
  { method: 'GET', url: '/api/ops/site', permission: 'site', roles: ['owner', 'content'] },
  { method: 'PUT', url: '/api/ops/site/theme', permission: 'site', roles: ['owner', 'content'] },
  // Decided: the flags pay money (VIPBENEFIT, MANPLAYREB3, AGETRANSFERUP3) and set sign-in: `site.control`.
  { method: 'PUT', url: '/api/ops/site/flags', permission: 'site.control', roles: ['owner'] },
  {
    method: 'GET',
    url: '/api/ops/site/registration',
    permission: 'site',
    roles: ['owner', 'content'],
  },
  {
    method: 'PUT',
    url: '/api/ops/site/registration',
    permission: 'site',
    roles: ['owner', 'content'],
  },
  { method: 'GET', url: '/api/ops/site/domains', permission: 'site', roles: ['owner', 'content'] },
  // Decided: where the brand is served is infrastructure, not look: `site.control`, as for the flags.
  { method: 'POST', url: '/api/ops/site/domains', permission: 'site.control', roles: ['owner'] },
  // Decided: as the row above (stopping a domain takes that address of the site offline).
  {
    method: 'DELETE',
    url: '/api/ops/site/domains/:domain',
    permission: 'site.control',
    roles: ['owner'],
  },

  // Games and the lottery: what is sold, at which odds and stake limits, and cancelling a period (refunds
  // every bet) are the owner's alone.
  { method: 'POST', url: '/api/ops/vendors/HUB88/sync', permission: 'games', roles: ['owner'] },
  { method: 'GET', url: '/api/ops/games', permission: 'games', roles: ['owner'] },
  { method: 'PUT', url: '/api/ops/games/:id', permission: 'games', roles: ['owner'] },
  { method: 'GET', url: '/api/ops/vendors', permission: 'games', roles: ['owner'] },
  { method: 'PUT', url: '/api/ops/vendors/:code', permission: 'games', roles: ['owner'] },
  { method: 'GET', url: '/api/ops/lottery/games', permission: 'games', roles: ['owner'] },
  { method: 'PUT', url: '/api/ops/lottery/games/:code', permission: 'games', roles: ['owner'] },
  { method: 'GET', url: '/api/ops/lottery/games/:code/periods', permission: 'games', roles: ['owner'] },
  {
    method: 'POST',
    url: '/api/ops/lottery/games/:code/periods/:numero/cancel',
    permission: 'games',
    roles: ['owner'],
  },

  // Payment providers: the PayMongo keys and the methods collected decide where members' money goes: the
  // owner's alone.
  { method: 'GET', url: '/api/ops/payments/paymongo', permission: 'payments', roles: ['owner'] },
  { method: 'PUT', url: '/api/ops/payments/paymongo', permission: 'payments', roles: ['owner'] },

  // Staff: accounts, roles, passwords and second factors are the owner's alone (no one raises their own
  // role).
  { method: 'GET', url: '/api/ops/staff', permission: 'staff', roles: ['owner'] },
  { method: 'POST', url: '/api/ops/staff', permission: 'staff', roles: ['owner'] },
  { method: 'PUT', url: '/api/ops/staff/:id', permission: 'staff', roles: ['owner'] },
  { method: 'POST', url: '/api/ops/staff/:id/password', permission: 'staff', roles: ['owner'] },
  {
    method: 'POST',
    url: '/api/ops/staff/:id/second-factor/reset',
    permission: 'staff',
    roles: ['owner'],
  },
];
