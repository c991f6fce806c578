import { useId, useState } from 'react';
import type { TeamBet } from '@panalo/contract/agent';
import { useTranslation } from '../../../i18n/react';
import { FilterChips } from '../../../components/ui/filter-chips';
import { Money, SignedMoney } from '../../../components/ui/money';
import { Page } from '../../../components/ui/page';
import { PagedList } from '../../../components/ui/paged-list';
import { RangeFilter } from '../../../components/ui/range-filter';
import { formatRecordTime } from '../../../lib/format-time';
import { useDateRange } from '../../../lib/use-date-range';
import { useTeamBets, type TeamBetProduct } from '../api/get-team-bets';
import { SearchBox } from '../components/search-box';
import '../agency.css';

const PRODUCTS: readonly TeamBetProduct[] = ['all', 'games', 'lottery'];

function BetRow({ b }: { b: TeamBet }) {
  const { t } = useTranslation();
  return (
    <article className="ui-row" aria-label={`${b.username} ${b.game}`} data-testid="team-bet">
      <div className="ui-row__main">
        <span className="ui-row__title">{b.game}</span>
        <SignedMoney value={b.net} testId="team-bet-net" />
      </div>
      <div className="ui-row__meta">
        <span>{b.username}</span>
        <span>{t('agency.members.level', { level: b.level })}</span>
        <span className={`ui-badge agency-bet--${b.status}`}>{t(`agency.bets.status.${b.status}`)}</span>
      </div>
      <dl className="ui-details">
        <div>
          <dt>{t('agency.bets.stake')}</dt>
          <dd>
            <Money value={b.stake} />
          </dd>
        </div>
        <div>
          <dt>{t('agency.bets.returned')}</dt>
          <dd>
            <Money value={b.returned} />
          </dd>
        </div>
        <div>
          <dt>{t('agency.bets.at')}</dt>
          <dd>{formatRecordTime(b.at)}</dd>
        </div>
      </dl>
    </article>
  );
}

/**
 * /m/teamBetting (TEAMBETTING3): my team's bets of a period, newest first — games and lottery, or one
 * of them, or one member's by username — with the period's totals.
 */
export function TeamBetsScreen() {
  const { t } = useTranslation();
  const totalsTitle = useId();
  const dates = useDateRange('today');
  const [username, setUsername] = useState('');
  const [product, setProduct] = useState<TeamBetProduct>('all');
  const query = useTeamBets(dates.range, { username, product });
  const first = query.data?.pages[0];
  return (
    <Page title={t('agency.grid.teamBetting')} testId="team-bets-screen">
      <RangeFilter state={dates} />
      <SearchBox value={username} onSearch={setUsername} />
      <FilterChips
        label={t('agency.bets.product')}
        options={PRODUCTS}
        value={product}
        onChange={setProduct}
        labelFor={(p) => t(`agency.bets.products.${p}`)}
        testIdPrefix="bets-product"
      />
      {first && (
        <section className="ui-card" aria-labelledby={totalsTitle} data-testid="team-bets-totals">
          <h2 id={totalsTitle} className="ui-card__title">
            {t('agency.bets.totals', { count: first.total, from: first.from, to: first.to })}
          </h2>
          <dl className="ui-details">
            <div>
              <dt>{t('agency.bets.stake')}</dt>
              <dd>
                <Money value={first.totals.stake} testId="team-bets-stake" />
              </dd>
            </div>
            <div>
              <dt>{t('agency.bets.returned')}</dt>
              <dd>
                <Money value={first.totals.returned} />
              </dd>
            </div>
            <div>
              <dt>{t('agency.bets.net')}</dt>
              <dd>
                <SignedMoney value={first.totals.net} testId="team-bets-net" />
              </dd>
            </div>
          </dl>
        </section>
      )}
      {dates.range !== null && (
        <PagedList
          query={query}
          label={t('agency.grid.teamBetting')}
          emptyText={username ? t('agency.bets.noneFor', { name: username }) : t('agency.bets.empty')}
          itemKey={(b: TeamBet) => b.id}
          renderItem={(b: TeamBet) => <BetRow b={b} />}
          testId="team-bets-list"
        />
      )}
    </Page>
  );
}
