import { lazy } from 'react';
import type { ProviderMe, ProviderPermission } from '@panalo/contract/provider';

/**
 * The provider console's screens (under /admin/provider/), each with the permission the server asks for
 * its calls (`PROVIDER_ROLE_PERMISSIONS`, contract provider-rules.ts); the navigation hides the rest.
 */
export interface ProviderScreen {
  /** Under /provider/, no leading slash. */
  path: string;
  /** i18n key of its name in the navigation. */
  label: string;
  /** false: reached from another screen (a brand's page), not listed in the navigation. */
  nav?: false;
  permission: ProviderPermission;
  Component: React.LazyExoticComponent<React.ComponentType<{ me: ProviderMe }>>;
}

export const PROVIDER_SCREENS: ProviderScreen[] = [
  {
    path: 'brands',
    label: 'providerApp.nav.brands',
    permission: 'brands.read',
    Component: lazy(() =>
      import('../features/brands/screens/brands-screen').then((m) => ({ default: m.BrandsScreen })),
    ),
  },
  {
    // Not brands/new: "new" is a valid brand code.
    path: 'launch',
    label: 'providerApp.nav.launch',
    permission: 'brands.launch',
    Component: lazy(() =>
      import('../features/brands/screens/launch-screen').then((m) => ({ default: m.LaunchScreen })),
    ),
  },
  {
    path: 'brands/:code',
    label: 'providerApp.nav.brands',
    nav: false,
    permission: 'brands.read',
    Component: lazy(() =>
      import('../features/brands/screens/brand-screen').then((m) => ({ default: m.BrandScreen })),
    ),
  },
  {
    path: 'figures',
    label: 'providerApp.nav.figures',
    permission: 'figures',
    Component: lazy(() =>
      import('../features/provider-figures/screens/figures-screen').then((m) => ({
        default: m.FiguresScreen,
      })),
    ),
  },
  {
    path: 'invoices',
    label: 'providerApp.nav.invoices',
    permission: 'figures',
    Component: lazy(() =>
      import('../features/provider-billing/screens/invoices-screen').then((m) => ({
        default: m.InvoicesScreen,
      })),
    ),
  },
  {
    path: 'invoices/:brand/:month',
    label: 'providerApp.nav.invoices',
    nav: false,
    permission: 'figures',
    Component: lazy(() =>
      import('../features/provider-billing/screens/invoice-screen').then((m) => ({
        default: m.InvoiceScreen,
      })),
    ),
  },
  {
    path: 'audit',
    label: 'providerApp.nav.audit',
    permission: 'audit',
    Component: lazy(() =>
      import('../features/provider-audit/screens/provider-audit-screen').then((m) => ({
        default: m.ProviderAuditScreen,
      })),
    ),
  },
  {
    path: 'system',
    label: 'providerApp.nav.system',
    permission: 'system',
    Component: lazy(() =>
      import('../features/provider-system/screens/system-screen').then((m) => ({
        default: m.SystemScreen,
      })),
    ),
  },
];
