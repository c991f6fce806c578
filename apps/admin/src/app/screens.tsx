import { lazy } from 'react';
import type { StaffMe, StaffPermission } from '@panalo/contract/staff';

/** The console's screens: each with the permission the server asks for its calls (the nav hides the rest). */
export interface Screen {
  path: string;
  /** i18n key of its name in the navigation. */
  label: string;
  group: 'members' | 'cashier' | 'agency' | 'marketing' | 'messages' | 'site' | 'compliance' | 'oversight';
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
      import('../features/members/screens/members-screen').then((m) => ({ default: m.MembersScreen })),
    ),
  },
  {
    path: 'members/:id',
    label: 'nav.members',
    group: 'members',
    permission: 'members.read',
    nav: false,
    Component: lazy(() =>
      import('../features/members/screens/member-screen').then((m) => ({ default: m.MemberScreen })),
    ),
  },
  {
    path: 'cashier/deposits',
    label: 'nav.deposits',
    group: 'cashier',
    permission: 'cashier.deposits',
    Component: lazy(() =>
      import('../features/cashier/screens/deposits-screen').then((m) => ({ default: m.DepositsScreen })),
    ),
  },
  {
    path: 'cashier/withdrawals',
    label: 'nav.withdrawals',
    group: 'cashier',
    permission: 'cashier.withdrawals',
    Component: lazy(() =>
      import('../features/cashier/screens/withdrawals-screen').then((m) => ({
        default: m.WithdrawalsScreen,
      })),
    ),
  },
  {
    path: 'cashier/adjust',
    label: 'nav.adjust',
    group: 'cashier',
    permission: 'cashier.adjust',
    Component: lazy(() =>
      import('../features/cashier/screens/adjust-screen').then((m) => ({ default: m.AdjustScreen })),
    ),
  },
  {
    path: 'cashier/paymongo',
    label: 'nav.paymongo',
    group: 'cashier',
    permission: 'payments',
    Component: lazy(() =>
      import('../features/payments/screens/paymongo-screen').then((m) => ({ default: m.PayMongoScreen })),
    ),
  },
  {
    path: 'approvals',
    label: 'nav.approvals',
    group: 'cashier',
    permission: 'approvals',
    Component: lazy(() =>
      import('../features/approvals/screens/approvals-screen').then((m) => ({ default: m.ApprovalsScreen })),
    ),
  },
  {
    path: 'agency',
    label: 'nav.agency',
    group: 'agency',
    permission: 'agency',
    Component: lazy(() =>
      import('../features/agency/screens/agency-screen').then((m) => ({ default: m.AgencyScreen })),
    ),
  },
  {
    path: 'contracts',
    label: 'nav.contracts',
    group: 'agency',
    permission: 'contracts',
    Component: lazy(() =>
      import('../features/agency/screens/contracts-screen').then((m) => ({ default: m.ContractsScreen })),
    ),
  },
  {
    path: 'promotions',
    label: 'nav.promotions',
    group: 'marketing',
    permission: 'promotions',
    Component: lazy(() =>
      import('../features/promotions/screens/promotions-screen').then((m) => ({
        default: m.PromotionsScreen,
      })),
    ),
  },
  {
    path: 'promotions/:id',
    label: 'nav.promotions',
    group: 'marketing',
    permission: 'promotions',
    nav: false,
    Component: lazy(() =>
      import('../features/promotions/screens/promotion-editor-screen').then((m) => ({
        default: m.PromotionEditorScreen,
      })),
    ),
  },
  {
    path: 'feedback',
    label: 'nav.feedback',
    group: 'messages',
    permission: 'feedback',
    Component: lazy(() =>
      import('../features/messages/screens/feedback-screen').then((m) => ({ default: m.FeedbackScreen })),
    ),
  },
  {
    path: 'mail',
    label: 'nav.mail',
    group: 'messages',
    permission: 'mail',
    Component: lazy(() =>
      import('../features/messages/screens/mail-screen').then((m) => ({ default: m.MailScreen })),
    ),
  },
  {
    path: 'content',
    label: 'nav.content',
    group: 'site',
    permission: 'content',
    Component: lazy(() =>
      import('../features/content/screens/content-screen').then((m) => ({ default: m.ContentScreen })),
    ),
  },
  {
    path: 'site',
    label: 'nav.site',
    group: 'site',
    permission: 'site',
    Component: lazy(() =>
      import('../features/site/screens/site-screen').then((m) => ({ default: m.SiteScreen })),
    ),
  },
  {
    path: 'games',
    label: 'nav.games',
    group: 'site',
    permission: 'games',
    Component: lazy(() =>
      import('../features/games/screens/games-screen').then((m) => ({ default: m.GamesScreen })),
    ),
  },
  {
    path: 'lottery',
    label: 'nav.lottery',
    group: 'site',
    permission: 'games',
    Component: lazy(() =>
      import('../features/lottery/screens/lottery-screen').then((m) => ({ default: m.LotteryScreen })),
    ),
  },
  {
    path: 'compliance/kyc',
    label: 'nav.kyc',
    group: 'compliance',
    permission: 'kyc',
    Component: lazy(() =>
      import('../features/kyc/screens/kyc-queue-screen').then((m) => ({ default: m.KycQueueScreen })),
    ),
  },
  {
    path: 'compliance/kyc/:id',
    label: 'nav.kyc',
    group: 'compliance',
    permission: 'kyc',
    nav: false,
    Component: lazy(() =>
      import('../features/kyc/screens/kyc-document-screen').then((m) => ({ default: m.KycDocumentScreen })),
    ),
  },
  {
    path: 'compliance/kyc-settings',
    label: 'nav.kycSettings',
    group: 'compliance',
    permission: 'kyc',
    Component: lazy(() =>
      import('../features/kyc/screens/kyc-settings-screen').then((m) => ({ default: m.KycSettingsScreen })),
    ),
  },
  {
    path: 'compliance/aml',
    label: 'nav.aml',
    group: 'compliance',
    permission: 'aml',
    Component: lazy(() =>
      import('../features/aml/screens/aml-cases-screen').then((m) => ({ default: m.AmlCasesScreen })),
    ),
  },
  {
    path: 'compliance/aml/:id',
    label: 'nav.aml',
    group: 'compliance',
    permission: 'aml',
    nav: false,
    Component: lazy(() =>
      import('../features/aml/screens/aml-case-screen').then((m) => ({ default: m.AmlCaseScreen })),
    ),
  },
  {
    path: 'staff',
    label: 'nav.staff',
    group: 'oversight',
    permission: 'staff',
    Component: lazy(() =>
      import('../features/staff/screens/staff-screen').then((m) => ({ default: m.StaffScreen })),
    ),
  },
  {
    path: 'reports',
    label: 'nav.reports',
    group: 'oversight',
    permission: 'reports',
    Component: lazy(() =>
      import('../features/reports/screens/reports-screen').then((m) => ({ default: m.ReportsScreen })),
    ),
  },
  {
    path: 'daily-close',
    label: 'nav.dailyClose',
    group: 'oversight',
    permission: 'reports',
    Component: lazy(() =>
      import('../features/daily-close/screens/daily-close-screen').then((m) => ({
        default: m.DailyCloseScreen,
      })),
    ),
  },
  {
    path: 'daily-close/:day',
    label: 'nav.dailyClose',
    group: 'oversight',
    permission: 'reports',
    nav: false,
    Component: lazy(() =>
      import('../features/daily-close/screens/daily-close-day-screen').then((m) => ({
        default: m.DailyCloseDayScreen,
      })),
    ),
  },
  {
    path: 'daily-close/breaks',
    label: 'nav.reconBreaks',
    group: 'oversight',
    permission: 'reports',
    Component: lazy(() =>
      import('../features/daily-close/screens/recon-breaks-screen').then((m) => ({
        default: m.ReconBreaksScreen,
      })),
    ),
  },
  {
    path: 'daily-close/breaks/:id',
    label: 'nav.reconBreaks',
    group: 'oversight',
    permission: 'reports',
    nav: false,
    Component: lazy(() =>
      import('../features/daily-close/screens/recon-break-screen').then((m) => ({
        default: m.ReconBreakScreen,
      })),
    ),
  },
  {
    path: 'audit',
    label: 'nav.audit',
    group: 'oversight',
    permission: 'audit',
    Component: lazy(() =>
      import('../features/audit/screens/audit-screen').then((m) => ({ default: m.AuditScreen })),
    ),
  },
];
