import { useId, useState } from 'react';
import type { TeamPnlRow } from '@panalo/contract/agent';
import { useTranslation } from '../../../i18n/react';
import { FilterChips } from '../../../components/ui/filter-chips';
import { Page } from '../../../components/ui/page';
import { PagedList } from '../../../components/ui/paged-list';
import { RangeFilter } from '../../../components/ui/range-filter';
import { SignedMoney } from '../../../components/ui/money';
import { useDateRange } from '../../../lib/use-date-range';
import { useTeamPnl, type TeamPnlSort } from '../api/get-team-pnl';
import { MoneyList } from '../components/money-list';
import { SearchBox } from '../components/search-box';
import { TeamTrail, useTeamTrail } from '../components/team-trail';
import '../agency.css';

const SORTS: readonly TeamPnlSort[] = ['turnover', 'profit', 'username'];

/** A member's line: the money of the member and its team, its own profit beside, its team one tap away. */
function PnlRow({ r, onOpen }: { r: TeamPnlRow; onOpen: (r: TeamPnlRow) => void }) {
  const { t } = useTranslation();
  return (
    <article className="ui-row" aria-label={r.username}>
      <div className="ui-row__main">
        <span className="ui-row__title">{r.username}</span>
        <SignedMoney value={r.profit} testId="pnl-member-profit" />
      </div>
      <div className="ui-row__meta">
        <span>{t('agency.members.level', { level: r.level })}</span>
        <span data-testid="pnl-own-profit">
          {t('agency.pnl.own')} <SignedMoney value={r.own.profit} />
        </span>
      </div>
      <MoneyList money={r} testId="pnl-row" />
      {r.directDownlines > 0 && (
        <button
          type="button"
          className="btn agency-members__open"
          onClick={() => onOpen(r)}
          data-testid="pnl-open"
        >
          {t('agency.members.downlines', { count: r.directDownlines })}
        </button>
      )}
    </article>
  );
}

/** DEFS: how each figure is counted (contract figures.ts), folded under the team's money. */
const DEFS = ['turnover', 'wins', 'bonuses', 'rebates', 'commissions', 'profit'] as const;

function FigureDefinitions() {
  const { t } = useTranslation();
  return (
    <details className="agency-defs" data-testid="pnl-definitions">
      <summary>{t('agency.pnl.defs.title')}</summary>
      <p>{t('agency.pnl.defs.day')}</p>
      <ul>
        {DEFS.map((d) => (
          <li key={d}>{t(`agency.pnl.defs.${d}`)}</li>
        ))}
      </ul>
    </details>
  );
}

/**
 * /m/agent/team/pnl: the team's profit and loss over a period, then each direct downline's line (itself
 * and its team), opened a level deeper on a tap; a username search finds a member anywhere in the team.
 */
export function TeamPnlScreen() {
  const { t } = useTranslation();
  const totalTitle = useId();
  const dates = useDateRange('today');
  const place = useTeamTrail();
  const { search, setSearch } = place;
  const [sort, setSort] = useState<TeamPnlSort>('turnover');
  const query = useTeamPnl(dates.range, { parentId: place.parent?.id ?? null, search, sort });
  const first = query.data?.pages[0];
  return (
    <Page title={t('agency.grid.teamPnl')} testId="team-pnl-screen">
      <RangeFilter state={dates} />
      {first && (
        <section className="ui-card agency-pnl__team" aria-labelledby={totalTitle} data-testid="pnl-team">
          <h2 id={totalTitle} className="ui-card__title">
            {first.parent.level === 0
              ? t('agency.pnl.team', { from: first.from, to: first.to })
              : t('agency.pnl.teamOf', { username: first.parent.username, from: first.from, to: first.to })}
          </h2>
          <MoneyList money={first.team} testId="pnl-team-money" />
          <FigureDefinitions />
        </section>
      )}
      <SearchBox value={search} onSearch={setSearch} />
      <FilterChips
        label={t('agency.sort.label')}
        options={SORTS}
        value={sort}
        onChange={setSort}
        labelFor={(s) => t(`agency.pnl.sort.${s}`)}
        testIdPrefix="pnl-sort"
      />
      <TeamTrail state={place} testId="pnl-trail" />
      {dates.range !== null && (
        <PagedList
          query={query}
          label={t('agency.pnl.members')}
          emptyText={t('agency.pnl.empty')}
          itemKey={(r: TeamPnlRow) => r.id}
          renderItem={(r: TeamPnlRow) => <PnlRow r={r} onOpen={(x) => place.open(x)} />}
          testId="pnl-list"
        />
      )}
    </Page>
  );
}
