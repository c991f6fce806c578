import type { AppRoute } from '../../app/routes';
import { lazyScreen } from '../../components/ui/lazy-screen';
import { requireSession } from '../../components/ui/require-session';
import { AgentOnly } from './components/agent-only';

const opts = { catalogues: ['agency'] };

// Agent home sends anyone who is not an agent home itself (spec §4); the team screens go through the
// same gate after the session one, and the server refuses every other caller on its own.
const AgentHomeScreen = lazyScreen(
  async () => (await import('./screens/agent-home-screen')).AgentHomeScreen,
  opts,
);
const TeamOverviewScreen = requireSession(
  AgentOnly(
    lazyScreen(async () => (await import('./screens/team-overview-screen')).TeamOverviewScreen, opts),
  ),
);
const TeamMembersScreen = requireSession(
  AgentOnly(lazyScreen(async () => (await import('./screens/team-members-screen')).TeamMembersScreen, opts)),
);
const TeamPnlScreen = requireSession(
  AgentOnly(lazyScreen(async () => (await import('./screens/team-pnl-screen')).TeamPnlScreen, opts)),
);

const TeamRebateScreen = requireSession(
  AgentOnly(lazyScreen(async () => (await import('./screens/team-rebate-screen')).TeamRebateScreen, opts)),
);

const RebateSettingsScreen = requireSession(
  AgentOnly(
    lazyScreen(async () => (await import('./screens/rebate-settings-screen')).RebateSettingsScreen, opts),
  ),
);

const AgentRegisterScreen = requireSession(
  AgentOnly(
    lazyScreen(async () => (await import('./screens/agent-register-screen')).AgentRegisterScreen, opts),
  ),
);

const AgentNoticeScreen = requireSession(
  AgentOnly(lazyScreen(async () => (await import('./screens/agent-notice-screen')).AgentNoticeScreen, opts)),
);

const TeamBetsScreen = requireSession(
  AgentOnly(lazyScreen(async () => (await import('./screens/team-bets-screen')).TeamBetsScreen, opts)),
);

/** The agency centre: agent home and the team screens (spec §2 agent routes). */
export const agencyRoutes: AppRoute[] = [
  { path: '/m/agent', Screen: AgentHomeScreen },
  { path: '/m/agent/team/overview', Screen: TeamOverviewScreen },
  { path: '/m/member/team', Screen: TeamMembersScreen },
  { path: '/m/agent/team/pnl', Screen: TeamPnlScreen },
  { path: '/m/member/agent/agentRebeat', Screen: RebateSettingsScreen },
  { path: '/m/member/teamRebate', Screen: TeamRebateScreen },
  { path: '/m/agentRegister', Screen: AgentRegisterScreen },
  { path: '/m/member/notice', Screen: AgentNoticeScreen },
  { path: '/m/teamBetting', Screen: TeamBetsScreen },
];
