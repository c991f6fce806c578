import type { ProviderPermission, ProviderRole } from '@panalo/contract/provider-rules';

// Test data, not read by the server: who may call each provider route, written by hand as a product
// decision (issue 48 item 2: the server is checked against this table, never against itself).

export interface ProviderAccessRow {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  permission: ProviderPermission | 'self';
  roles: readonly ProviderRole[];
}

/** Provider routes that need no provider session. */
export const PUBLIC_PROVIDER_ROUTES = ['POST /api/provider/login'] as const;

const everyone = ['owner', 'onboarding', 'finance', 'support'] as const;

export const PROVIDER_ACCESS: readonly ProviderAccessRow[] = [
  { method: 'POST', url: '/api/provider/logout', permission: 'self', roles: everyone },
  { method: 'GET', url: '/api/provider/me', permission: 'self', roles: everyone },
  // Everyone at the provider may see the brands; support answers brands' questions from it.
  { method: 'GET', url: '/api/provider/brands', permission: 'brands.read', roles: everyone },
  { method: 'GET', url: '/api/provider/brands/:code', permission: 'brands.read', roles: everyone },
  // Launching is onboarding's job (and the owner's); finance and support never create brands.
  {
    method: 'POST',
    url: '/api/provider/brands',
    permission: 'brands.launch',
    roles: ['owner', 'onboarding'],
  },
  {
    method: 'POST',
    url: '/api/provider/brands/:code/owner-link',
    permission: 'brands.launch',
    roles: ['owner', 'onboarding'],
  },
  // Every provider role may look at a draft brand before its players do.
  { method: 'POST', url: '/api/provider/brands/:code/preview', permission: 'brands.read', roles: everyone },
  // Every provider role may look into a brand's console, read only, audited on both sides.
  { method: 'POST', url: '/api/provider/brands/:code/view-as', permission: 'brands.read', roles: everyone },
  // The brand's logo is part of launching it.
  {
    method: 'POST',
    url: '/api/provider/brands/:code/logo',
    permission: 'brands.launch',
    roles: ['owner', 'onboarding'],
  },
  // The app icon, like the logo, and the planned maintenance window are part of launching a brand.
  {
    method: 'POST',
    url: '/api/provider/brands/:code/icon',
    permission: 'brands.launch',
    roles: ['owner', 'onboarding'],
  },
  {
    method: 'PUT',
    url: '/api/provider/brands/:code/maintenance',
    permission: 'brands.launch',
    roles: ['owner', 'onboarding'],
  },
  // What a launch chooses from, and a closed brand's report: everyone who sees the brands.
  { method: 'GET', url: '/api/provider/catalogue', permission: 'brands.read', roles: everyone },
  {
    method: 'GET',
    url: '/api/provider/brands/:code/closing-report',
    permission: 'brands.read',
    roles: everyone,
  },
  // Every role reaches the move; which moves it may make is BRAND_TRANSITIONS' (tested move by move).
  { method: 'POST', url: '/api/provider/brands/:code/status', permission: 'brands.read', roles: everyone },
  // The trail: the owner, finance (money) and support (what happened to a brand); not onboarding.
  { method: 'GET', url: '/api/provider/audit', permission: 'audit', roles: ['owner', 'finance', 'support'] },
  // Figures, terms and invoices: the owner, finance and support read them; only finance (and the owner)
  // change a brand's commercial terms.
  {
    method: 'GET',
    url: '/api/provider/figures',
    permission: 'figures',
    roles: ['owner', 'finance', 'support'],
  },
  {
    method: 'GET',
    url: '/api/provider/brands/:code/terms',
    permission: 'figures',
    roles: ['owner', 'finance', 'support'],
  },
  {
    method: 'POST',
    url: '/api/provider/brands/:code/terms',
    permission: 'billing',
    roles: ['owner', 'finance'],
  },
  {
    method: 'GET',
    url: '/api/provider/invoices',
    permission: 'figures',
    roles: ['owner', 'finance', 'support'],
  },
  {
    method: 'GET',
    url: '/api/provider/invoices.csv',
    permission: 'figures',
    roles: ['owner', 'finance', 'support'],
  },
  // The platform's parts (the database, its replica's lag): the owner and support, who answer for the
  // platform's health; not onboarding or finance.
  { method: 'GET', url: '/api/provider/system', permission: 'system', roles: ['owner', 'support'] },
];
