import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { greetingFor } from '@panalo/contract/agent-menu';
import { DIVIDEND_ROUTE, hasContracts } from '@panalo/contract/contract-terms';
import type { TeamKpiFooter } from '@panalo/contract/agent';
import { useTranslation } from '../../../i18n/react';
import { useSite } from '../../../app/site';
import { IconBack, IconDeposit, IconWithdraw } from '../../../app/layout/icons';
import { useHeaderBalance } from '../../../app/layout/use-header-balance';
import { useMemberInfo } from '../../../app/layout/use-member-info';
import { useUnreadCount } from '../../../app/layout/use-unread-count';
import { HOME_ROUTE } from '../../../components/ui/require-session';
import { ServiceLink } from '../../../components/ui/service-link';
import { useErrorText } from '../../../components/ui/states';
import { isoDate } from '../../../lib/date-range';
import { formatMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useTeamKpi } from '../api/get-team-kpi';
import { useAgentNotices } from '../api/agent-notices';
import { useDividendInfo } from '../api/dividend-info';
import { agentGrid, agentHomeAllowed, unreadBadge } from '../rules/agent-home';
import '../agency.css';

const COUNTERS = [
  'teamLoginMemberCount',
  'teamBetMemberCount',
  'teamRegisterMemberCount',
  'teamOnlineCount',
] as const satisfies readonly (keyof TeamKpiFooter)[];

function Counters({ day }: { day: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const kpi = useTeamKpi(day);
  return (
    <section className="agency-kpi" aria-labelledby="agency-kpi-title" aria-busy={kpi.isFetching}>
      <h2 id="agency-kpi-title" className="agency-kpi__title">
        {t('agency.home.today')}
      </h2>
      <dl className="agency-kpi__list" data-testid="agent-kpi">
        {COUNTERS.map((k) => (
          <div key={k} className="agency-kpi__item">
            <dt>{t(`agency.kpi.${k}`)}</dt>
            <dd data-testid={`kpi-${k}`}>{kpi.data ? kpi.data[k] : '–'}</dd>
          </div>
        ))}
      </dl>
      {kpi.isError && (
        <p className="agency-kpi__error" role="alert">
          {errorText(kpi.error)}{' '}
          <button type="button" className="btn btn--link" onClick={() => void kpi.refetch()}>
            {t('common.retry')}
          </button>
        </p>
      )}
    </section>
  );
}

/** AGENT-019/024: agent announcements, with the unread count loaded on opening agent home. */
function NoticesLink() {
  const { t } = useTranslation();
  const notices = useAgentNotices();
  const unread = notices.data?.footer.unreadCount ?? 0;
  return (
    <Link to="/m/member/notice?types=A" className="btn agency-home__notices" data-testid="agent-notices">
      {t('agency.notices.title')}
      {unread > 0 && (
        <span
          className="agency-grid__badge"
          aria-label={t('agency.home.unread', { count: unread })}
          data-testid="agent-notices-badge"
        >
          {unreadBadge(unread)}
        </span>
      )}
    </Link>
  );
}

/**
 * AGENT-018/027: once the on-load calls have answered (member info, team counters, announcements),
 * dividend info is loaded unless the member's type is 4, 40, 41 or 42; the dividend item shows only when
 * dividend is enabled for this agent (it holds an active dividend contract).
 */
function DividendLink({ day }: { day: string }) {
  const { t } = useTranslation();
  const { info } = useMemberInfo();
  const kpi = useTeamKpi(day);
  const notices = useAgentNotices();
  const loaded = info !== null && kpi.isFetched && notices.isFetched;
  const dividend = useDividendInfo(loaded && hasContracts(info.type));
  if (!dividend.data?.active) return null;
  return (
    <Link to={DIVIDEND_ROUTE} className="btn agency-home__notices" data-testid="agent-dividend">
      {t('agency.home.dividend')}
    </Link>
  );
}

function Grid() {
  const { t } = useTranslation();
  const site = useSite();
  const unread = useUnreadCount();
  const entries = agentGrid((name) => site.flag(name));
  return (
    <nav aria-label={t('agency.home.menu')}>
      <ul className="agency-grid" data-testid="agent-grid">
        {entries.map((e) => {
          const badge = e.id === 'mail' ? unreadBadge(unread) : null;
          const label = t(`agency.grid.${e.id}`);
          const content = (
            <>
              <span className="agency-grid__label">{label}</span>
              {badge && (
                <span className="agency-grid__badge" data-testid="agent-entry-badge">
                  <span aria-hidden="true">{badge}</span>
                  <span className="visually-hidden">{t('agency.home.unread', { count: unread })}</span>
                </span>
              )}
            </>
          );
          return (
            <li key={e.id} data-testid={`agent-entry-${e.id}`}>
              {e.path === null ? (
                <ServiceLink className="agency-grid__link">{content}</ServiceLink>
              ) : (
                <Link to={e.path} className="agency-grid__link">
                  {content}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * /m/agent (spec §2 "Agent home", §4): a greeting by the local hour, the agent's name and balance,
 * withdraw and deposit, today's four team counters and the merchant's agent menu. Loading it refreshes
 * the member info (the session's user and type) and the wallet, as the spec's on-load calls do.
 */
function AgentHome({ now }: { now: () => Date }) {
  const { t } = useTranslation();
  const current = useSession();
  const { info } = useMemberInfo();
  const { balance } = useHeaderBalance();
  const [at] = useState(now);
  const name = info?.account ?? current?.userName ?? '';
  return (
    <main className="agency-home" data-testid="agent-home">
      <div className="agency-home__bar">
        <Link to={HOME_ROUTE} className="agency-home__back" data-testid="agent-home-back">
          <IconBack aria-hidden="true" />
          <span>{t('agency.home.backHome')}</span>
        </Link>
        <h1 className="agency-home__title">{t('agency.home.title')}</h1>
      </div>
      <section className="agency-hero" aria-label={t('agency.home.account')}>
        <p className="agency-hero__greeting" data-testid="agent-greeting">
          {t(`agency.greeting.${greetingFor(at.getHours())}`)}
        </p>
        <p className="agency-hero__name" data-testid="agent-name">
          {name}
        </p>
        <p className="agency-hero__balance">
          <span>{t('agency.home.balance')}</span>
          <strong data-testid="agent-balance">{balance === null ? '–' : formatMoney(balance)}</strong>
        </p>
        <div className="agency-hero__actions">
          <Link to="/m/withdraw" className="btn agency-hero__action" data-testid="agent-withdraw">
            <IconWithdraw aria-hidden="true" />
            {t('agency.home.withdraw')}
          </Link>
          <Link
            to="/m/voucherCenter"
            className="btn agency-hero__action agency-hero__action--deposit"
            data-testid="agent-deposit"
          >
            <IconDeposit aria-hidden="true" />
            {t('agency.home.deposit')}
          </Link>
        </div>
      </section>
      <Counters day={isoDate(at)} />
      <div className="agency-home__links">
        <Link
          to="/m/agentRegister"
          className="btn btn--primary agency-home__open"
          data-testid="agent-open-account"
        >
          {t('agency.register.open')}
        </Link>
        <NoticesLink />
        <DividendLink day={isoDate(at)} />
      </div>
      <Grid />
    </main>
  );
}

export function AgentHomeScreen({ now = () => new Date() }: { now?: () => Date }) {
  const current = useSession();
  if (!agentHomeAllowed(current)) return <Navigate to={HOME_ROUTE} replace />;
  return <AgentHome now={now} />;
}
