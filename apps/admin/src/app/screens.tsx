import { lazy } from 'react';
import type { StaffMe, StaffPermission } from '@panalo/contract/staff';

/** The console's screens: each with the permission the server asks for its calls (the nav hides the rest). */
export interface Screen {
  path: string;
  /** i18n key of its name in the navigation. */
  label: string;
  group: 'cashier' | 'oversight';
  permission: StaffPermission;
  Component: React.LazyExoticComponent<React.ComponentType<{ me: StaffMe }>>;
}

export const SCREENS: Screen[] = [
  {
    path: 'cashier/deposits',
    label: 'nav.deposits',
    group: 'cashier',
    permission: 'cashier.deposits',
    Component: lazy(() =>
      import('../features/cashier/deposits-page').then((m) => ({ default: m.DepositsPage })),
    ),
  },
  {
    path: 'cashier/withdrawals',
    label: 'nav.withdrawals',
    group: 'cashier',
    permission: 'cashier.withdrawals',
    Component: lazy(() =>
      import('../features/cashier/withdrawals-page').then((m) => ({ default: m.WithdrawalsPage })),
    ),
  },
  {
    path: 'cashier/adjust',
    label: 'nav.adjust',
    group: 'cashier',
    permission: 'cashier.adjust',
    Component: lazy(() => import('../features/cashier/adjust-page').then((m) => ({ default: m.AdjustPage }))),
  },
  {
    path: 'approvals',
    label: 'nav.approvals',
    group: 'cashier',
    permission: 'approvals',
    Component: lazy(() =>
      import('../features/approvals/approvals-page').then((m) => ({ default: m.ApprovalsPage })),
    ),
  },
  {
    path: 'audit',
    label: 'nav.audit',
    group: 'oversight',
    permission: 'audit',
    Component: lazy(() => import('../features/audit/audit-page').then((m) => ({ default: m.AuditPage }))),
  },
];
