import { lazy } from 'react';
import type { StaffMe, StaffPermission } from '@panalo/contract/staff';

/** The console's screens: each with the permission the server asks for its calls (the nav hides the rest). */
export interface Screen {
  path: string;
  /** i18n key of its name in the navigation. */
  label: string;
  group: 'members' | 'cashier' | 'agency' | 'marketing' | 'messages' | 'site' | 'oversight';
  /** false: reached from another screen (a member's profile), not listed in the navigation. */
  nav?: false;
  permission: StaffPermission;
  Component: React.LazyExoticComponent<React.ComponentType<{ me: StaffMe }>>;
}

export const SCREENS: Screen[] = [
  {
    path: 'members',
    label: 'nav.members',
    group: 'members',
    permission: 'members.read',
    Component: lazy(() =>
      import('../features/members/members-page').then((m) => ({ default: m.MembersPage })),
    ),
  },
  {
    path: 'members/:id',
    label: 'nav.members',
    group: 'members',
    permission: 'members.read',
    nav: false,
    Component: lazy(() => import('../features/members/member-page').then((m) => ({ default: m.MemberPage }))),
  },
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
    path: 'cashier/paymongo',
    label: 'nav.paymongo',
    group: 'cashier',
    permission: 'payments',
    Component: lazy(() =>
      import('../features/payments/paymongo-page').then((m) => ({ default: m.PayMongoPage })),
    ),
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
    path: 'agency',
    label: 'nav.agency',
    group: 'agency',
    permission: 'agency',
    Component: lazy(() => import('../features/agency/agency-page').then((m) => ({ default: m.AgencyPage }))),
  },
  {
    path: 'contracts',
    label: 'nav.contracts',
    group: 'agency',
    permission: 'contracts',
    Component: lazy(() =>
      import('../features/agency/contracts-page').then((m) => ({ default: m.ContractsPage })),
    ),
  },
  {
    path: 'promotions',
    label: 'nav.promotions',
    group: 'marketing',
    permission: 'promotions',
    Component: lazy(() =>
      import('../features/promotions/promotions-page').then((m) => ({ default: m.PromotionsPage })),
    ),
  },
  {
    path: 'promotions/:id',
    label: 'nav.promotions',
    group: 'marketing',
    permission: 'promotions',
    nav: false,
    Component: lazy(() =>
      import('../features/promotions/promotion-editor').then((m) => ({ default: m.PromotionEditorPage })),
    ),
  },
  {
    path: 'feedback',
    label: 'nav.feedback',
    group: 'messages',
    permission: 'feedback',
    Component: lazy(() =>
      import('../features/messages/feedback-page').then((m) => ({ default: m.FeedbackPage })),
    ),
  },
  {
    path: 'mail',
    label: 'nav.mail',
    group: 'messages',
    permission: 'mail',
    Component: lazy(() => import('../features/messages/mail-page').then((m) => ({ default: m.MailPage }))),
  },
  {
    path: 'content',
    label: 'nav.content',
    group: 'site',
    permission: 'content',
    Component: lazy(() =>
      import('../features/content/content-page').then((m) => ({ default: m.ContentPage })),
    ),
  },
  {
    path: 'site',
    label: 'nav.site',
    group: 'site',
    permission: 'site',
    Component: lazy(() => import('../features/site/site-page').then((m) => ({ default: m.SitePage }))),
  },
  {
    path: 'games',
    label: 'nav.games',
    group: 'site',
    permission: 'games',
    Component: lazy(() => import('../features/games/games-page').then((m) => ({ default: m.GamesPage }))),
  },
  {
    path: 'lottery',
    label: 'nav.lottery',
    group: 'site',
    permission: 'games',
    Component: lazy(() =>
      import('../features/lottery/lottery-page').then((m) => ({ default: m.LotteryPage })),
    ),
  },
  {
    path: 'staff',
    label: 'nav.staff',
    group: 'oversight',
    permission: 'staff',
    Component: lazy(() => import('../features/staff/staff-page').then((m) => ({ default: m.StaffPage }))),
  },
  {
    path: 'reports',
    label: 'nav.reports',
    group: 'oversight',
    permission: 'reports',
    Component: lazy(() =>
      import('../features/reports/reports-page').then((m) => ({ default: m.ReportsPage })),
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
