// Zod-free: the provider console hides what a role may not do with these, and the server refuses it with
// the same table (every provider route declares its permission next to its schema).

/**
 * The provider's staff (issue 51): the people who run the platform above the brands. They are not members
 * of any merchant and never act inside a merchant's console.
 */
export const PROVIDER_ROLES = ['owner', 'onboarding', 'finance', 'support'] as const;
export type ProviderRole = (typeof PROVIDER_ROLES)[number];

export const PROVIDER_PERMISSIONS = [
  /** The brands, their settings and their history. */
  'brands.read',
  /** Launch a brand: create it, change its draft, take it live, put it in and out of maintenance. */
  'brands.launch',
  /** Suspend a brand, lift a suspension, close it. */
  'brands.suspend',
  /** The brands' day figures and the provider's invoices. */
  'figures',
  /** A brand's commercial terms (a new version from its start date). */
  'billing',
  /** The provider's audit trail. */
  'audit',
  /** The platform's parts: the database, its replica and how far behind it is (issue 54). */
  'system',
] as const;
export type ProviderPermission = (typeof PROVIDER_PERMISSIONS)[number];

/** The owner everything; onboarding launches; finance reads the money; support only reads. */
export const PROVIDER_ROLE_PERMISSIONS: Record<ProviderRole, readonly ProviderPermission[]> = {
  owner: PROVIDER_PERMISSIONS,
  onboarding: ['brands.read', 'brands.launch'],
  finance: ['brands.read', 'figures', 'billing', 'audit'],
  support: ['brands.read', 'figures', 'audit', 'system'],
};

export const providerRoleAllows = (role: ProviderRole, permission: ProviderPermission): boolean =>
  PROVIDER_ROLE_PERMISSIONS[role].includes(permission);

/** A provider session ends after this long without a request. */
export const PROVIDER_IDLE_MINUTES = 30;

/**
 * A brand's life (docs: design/platform.md): draft (configured, seen only by provider staff through a
 * preview) → live → maintenance (players see the maintenance page) / suspended (no play and no deposits;
 * players see the maintenance page; the brand's staff still pay withdrawals) → closed (balances paid out;
 * nothing opens again; the ledger stays).
 */
export const BRAND_STATUSES = ['draft', 'live', 'maintenance', 'suspended', 'closed'] as const;
export type BrandStatus = (typeof BRAND_STATUSES)[number];

/** Where a brand may go from each status, and the permission that move needs. */
export const BRAND_TRANSITIONS: Record<BrandStatus, Partial<Record<BrandStatus, ProviderPermission>>> = {
  draft: { live: 'brands.launch', closed: 'brands.suspend' },
  live: { maintenance: 'brands.launch', suspended: 'brands.suspend' },
  maintenance: { live: 'brands.launch', suspended: 'brands.suspend' },
  suspended: { live: 'brands.suspend', closed: 'brands.suspend' },
  closed: {},
};

/** The permission a move needs; null when the move is not allowed from that status. */
export const brandMove = (from: BrandStatus, to: BrandStatus): ProviderPermission | null =>
  BRAND_TRANSITIONS[from][to] ?? null;

/** Players may use the site (sign in, play, deposit) only while the brand is live. */
export const brandOpenToPlayers = (status: BrandStatus): boolean => status === 'live';

/**
 * The brand's staff may work in its console while it is being prepared, live, in maintenance or suspended
 * (withdrawals are still paid); a closed brand's console is closed too.
 */
export const brandOpenToStaff = (status: BrandStatus): boolean => status !== 'closed';

/** A brand's code: its id in URLs and the `Merchant` header (lower-case letters, digits, dashes). */
export const BRAND_CODE = /^[a-z][a-z0-9-]{2,19}$/;
/** A host name the brand is served at (no scheme, no port). */
export const BRAND_DOMAIN =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
/** The currencies a brand may keep its books in. */
export const BRAND_CURRENCIES = ['PHP'] as const;
/** The languages a brand may offer today: those with complete catalogues (issue 55 brings the rest). */
export const BRAND_LANGUAGES = ['EN', 'TY'] as const;
/**
 * The modules a brand launched without a template starts without: every other module of the spec is on.
 * Social sign-in needs the brand's own OAuth clients and an SMS check at registration its own SMS sender;
 * the brand's console turns them on once it has them.
 */
export const BRAND_MODULES_OFF_BY_DEFAULT = ['FACEBOOKLOGIN3', 'GOOGLELOGIN3', 'REGMOBVERF3'] as const;

/** A set-up link for a brand's first owner is valid this long. */
export const OWNER_SETUP_HOURS = 72;

export const PROVIDER_PATHS = {
  login: '/provider/login',
  logout: '/provider/logout',
  me: '/provider/me',
  brands: '/provider/brands',
  brand: '/provider/brands/:code',
  status: '/provider/brands/:code/status',
  ownerLink: '/provider/brands/:code/owner-link',
  preview: '/provider/brands/:code/preview',
  viewAs: '/provider/brands/:code/view-as',
  logo: '/provider/brands/:code/logo',
  icon: '/provider/brands/:code/icon',
  maintenance: '/provider/brands/:code/maintenance',
  closingReport: '/provider/brands/:code/closing-report',
  catalogue: '/provider/catalogue',
  audit: '/provider/audit',
  figures: '/provider/figures',
  terms: '/provider/brands/:code/terms',
  invoices: '/provider/invoices',
  invoicesCsv: '/provider/invoices.csv',
  system: '/provider/system',
} as const;

/** The longest span the provider's day figures answer at once. */
export const FIGURES_MAX_DAYS = 92;
/** An invoice month: YYYY-MM. */
export const INVOICE_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A brand's logo, uploaded as one png or jpg (checked by its bytes, written again without metadata). */
export const BRAND_LOGO_LIMITS = {
  maxImages: 1,
  maxImageBytes: 1024 * 1024,
  imageTypes: ['image/png', 'image/jpeg'] as ('image/png' | 'image/jpeg')[],
  /** The longest side, in pixels. */
  maxSide: 2048,
};
/**
 * A brand's app icon (the installed site's, the browser tab's): one square png or jpg, at least 192 px a
 * side (the smallest icon a web manifest needs), at most 1024.
 */
export const BRAND_ICON_LIMITS = {
  maxImages: 1,
  maxImageBytes: 512 * 1024,
  imageTypes: ['image/png', 'image/jpeg'] as ('image/png' | 'image/jpeg')[],
  minSide: 192,
  maxSide: 1024,
};
/**
 * The registration form's fields a launch chooses (username, password and its confirmation are always
 * asked; the captcha always guards it; the date of birth follows the licence rule): each off, asked, or
 * required.
 */
export const LAUNCH_REGISTRATION_FIELDS = ['mobileNum', 'email', 'nickname', 'affiliateCode'] as const;
export type LaunchRegistrationField = (typeof LAUNCH_REGISTRATION_FIELDS)[number];
export const REGISTRATION_CHOICES = ['off', 'optional', 'required'] as const;
export type RegistrationChoice = (typeof REGISTRATION_CHOICES)[number];
/** The platform's registration form (a brand launched without a template): what the launch form shows. */
export const DEFAULT_REGISTRATION_CHOICES: Record<LaunchRegistrationField, RegistrationChoice> = {
  mobileNum: 'optional',
  email: 'optional',
  nickname: 'off',
  affiliateCode: 'optional',
};

/** The longest planned maintenance window the launch form and the brand's page take, in hours. */
export const MAINTENANCE_WINDOW_MAX_HOURS = 72;
/** A vendor's code in the shared game catalogue, and a game as `VENDOR:gameId`. */
export const VENDOR_CODE = /^[A-Z0-9]{2,12}$/;
export const GAME_KEY = /^[A-Z0-9]{2,12}:[A-Za-z0-9_.-]{1,64}$/;

/** Where the brands' uploaded pictures are served (public: a logo is on every page). */
export const BRAND_IMAGE_PATH = '/site/brand-images/:file';
