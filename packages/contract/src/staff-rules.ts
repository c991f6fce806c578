// Zod-free: the operator console (apps/admin) hides what a role may not do with these, and the server
// refuses it with the same table (every operator route declares its permission next to its schema).

/** A merchant's staff roles (issue 20): each is a fixed set of permissions. */
export const STAFF_ROLES = ['owner', 'finance', 'risk', 'support', 'marketing', 'content', 'viewer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What an operator route asks of the staff member calling it. */
export const STAFF_PERMISSIONS = [
  /** The console's home figures and its audit log. */
  'dashboard',
  'audit',
  /** Profit and loss over any range (by day, product group, vendor, game) and its CSV. */
  'reports',
  /** Deposit queue: confirm or reject bank transfers. */
  'cashier.deposits',
  /** Withdrawal queue: pay or reject; sees the full card number. */
  'cashier.withdrawals',
  /** Balance adjustments. */
  'cashier.adjust',
  /** The second approval of a large adjustment or withdrawal (never one's own). */
  'approvals',
  /** Member search and profile. */
  'members.read',
  /** Locking a member, ending their sessions. */
  'members.write',
  /** Exclusions and limits set by the operator. */
  'protection',
  /** Agency terms, rates, quotas, moving members, rebate runs. */
  'agency',
  /** Agent contracts, their terms and settlements. */
  'contracts',
  /** Promotions, grants, application review, VIP levels. */
  'promotions',
  /** Mail and broadcasts to members. */
  'mail',
  /** Members' feedback and its replies. */
  'feedback',
  /** Announcements, banners, notices and popups, per language. */
  'content',
  /** The site's look and rules: theme colours, the registration form; reading its flags and domains. */
  'site',
  /**
   * The site's switches that move money or change sign-in (white-label flags) and the domains the brand
   * is served at.
   */
  'site.control',
  /** Games and vendors: the aggregators' catalogue sync, visibility, vendor settings. */
  'games',
  /** Payment providers: the merchant's PayMongo keys, webhook secret and the methods it collects. */
  'payments',
  /** Staff accounts and their roles. */
  'staff',
  /** Signing a balanced daily close (issue 52; never a day one made a manual correction in). */
  'close.sign',
  /** Anti-money-laundering cases: reading their evidence, escalating, closing, filing (issue 53). */
  'aml',
  /** Identity verification: reviewing members' documents (every image view audited) (issue 53). */
  'kyc',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

const ALL: readonly StaffPermission[] = STAFF_PERMISSIONS;

/** Who may do what: the owner everything; the others what their desk needs. */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly StaffPermission[]> = {
  owner: ALL,
  finance: [
    'dashboard',
    'reports',
    'approvals',
    'cashier.deposits',
    'cashier.withdrawals',
    'cashier.adjust',
    'members.read',
    'contracts',
    'close.sign',
  ],
  risk: [
    'dashboard',
    'reports',
    'audit',
    'members.read',
    'members.write',
    'protection',
    'agency',
    'aml',
    'kyc',
  ],
  support: ['members.read', 'members.write', 'feedback', 'mail', 'kyc'],
  marketing: ['dashboard', 'promotions', 'mail', 'members.read', 'content'],
  content: ['mail', 'feedback', 'site', 'content'],
  /**
   * Reads only (every permission here guards reads): the provider's audited "view as" (issue 51) signs in
   * with it, and an owner may give it to an auditor.
   */
  viewer: ['dashboard', 'reports', 'audit', 'members.read'],
};

export const roleAllows = (role: StaffRole, permission: StaffPermission): boolean =>
  ROLE_PERMISSIONS[role].includes(permission);

/** A staff session ends after this long without a request (the console signs out). */
export const STAFF_IDLE_MINUTES = 30;
/** TOTP (RFC 6238): 30 s steps, 6 digits, SHA-1 — what every authenticator app reads from the QR code. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;

/** The owner's staff management (issue 20 screen 9): the merchant's staff accounts. */
export const STAFF_ADMIN_PATHS = {
  /** GET the staff; POST a new staff member (username, first password, role). */
  list: '/ops/staff',
  /** PUT a staff member's role and status (active or disabled: its sessions end). */
  one: '/ops/staff/:id',
  /** POST a new password (its sessions end). */
  password: '/ops/staff/:id/password',
  /** POST: forget the authenticator (set up again at the next sign-in; its sessions end). */
  resetSecondFactor: '/ops/staff/:id/second-factor/reset',
} as const;

/** A staff username: 4–32 lower-case letters, digits or underscores, starting with a letter. */
export const STAFF_USERNAME = /^[a-z][a-z0-9_]{3,31}$/;
/** A staff password: 10–64 characters with a letter and a digit. */
export const STAFF_PASSWORD = /^(?=.*[A-Za-z])(?=.*\d).{10,64}$/;
