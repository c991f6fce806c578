import { useState } from 'react';
import type { LeaderboardItem, MissionItem } from '@panalo/contract/promotions';
import { useTranslation } from '../../../i18n/react';
import { Money } from '../../../components/ui/money';
import { Page } from '../../../components/ui/page';
import { EmptyState, ListSkeleton, LoadError, useErrorText } from '../../../components/ui/states';
import { announce } from '../../../lib/announce';
import { useSession } from '../../../lib/session';
import { useClaimMission, useMissions } from '../api/promotions';
import '../promotions.css';
import { formatMoney } from '../../../lib/format';

function Mission({ m }: { m: MissionItem }) {
  const { t } = useTranslation();
  const session = useSession();
  const claim = useClaimMission();
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const reached = m.percent >= 100;
  const what =
    m.goal === 'deposits'
      ? t('promotions.missions.deposits')
      : m.product
        ? t(`promotions.product.${m.product}`)
        : t('promotions.missions.allGames');
  const go = async () => {
    setError(null);
    try {
      const r = await claim.mutateAsync(m.id);
      announce(t('promotions.rewards.claimed', { amount: formatMoney(r.amount) }));
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <li className="ui-item promo-card" data-testid="mission">
      <div className="promo-card__head">
        <h3 className="promo-card__title">{m.title}</h3>
        <span className="promo-reward__amount">
          <Money value={m.reward} />
        </span>
      </div>
      <div className="vip-progress">
        <div className="vip-progress__label">
          <span>{what}</span>
          <span>
            {m.done} / {m.target}
          </span>
        </div>
        <div
          className="vip-progress__bar"
          role="progressbar"
          aria-label={m.title}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={m.percent}
        >
          <span style={{ width: `${m.percent}%` }} />
        </div>
      </div>
      {m.status === 'claimed' || m.status === 'applying' ? (
        <p className="promo-card__note" data-testid="mission-done">
          {t(m.status === 'claimed' ? 'promotions.missions.claimed' : 'promotions.missions.inReview')}
        </p>
      ) : session ? (
        <button
          type="button"
          className="btn btn--primary"
          disabled={!reached || m.status === 'close' || claim.isPending}
          onClick={() => void go()}
          data-testid="mission-claim"
        >
          {reached
            ? t('promotions.missions.claim', { amount: formatMoney(m.reward) })
            : t('promotions.missions.keepGoing')}
        </button>
      ) : null}
      {error && (
        <p className="ui-field__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

function Race({ r }: { r: LeaderboardItem }) {
  const { t } = useTranslation();
  return (
    <section className="ui-item promo-card" aria-labelledby={`race-${r.id}`} data-testid="race">
      <h3 id={`race-${r.id}`} className="promo-card__title">
        {r.title}
      </h3>
      <p className="promo-card__note">{t('promotions.missions.period', r.period)}</p>
      {r.me && (
        <p className="promo-rebate__ready" data-testid="race-me">
          <span>{t('promotions.missions.myRank', { rank: r.me.rank })}</span>
          <Money value={r.me.turnover} />
        </p>
      )}
      {r.top.length === 0 ? (
        <EmptyState text={t('promotions.missions.noRanking')} />
      ) : (
        <table className="promo-table" data-testid="race-ranking">
          <caption className="visually-hidden">
            {t('promotions.missions.ranking', { title: r.title })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('promotions.missions.rank')}</th>
              <th scope="col">{t('promotions.missions.player')}</th>
              <th scope="col">{t('promotions.rebate.turnover')}</th>
              <th scope="col">{t('promotions.missions.prize')}</th>
            </tr>
          </thead>
          <tbody>
            {r.top.map((row) => (
              <tr
                key={row.rank}
                aria-current={row.me ? 'true' : undefined}
                className={row.me ? 'promo-table__me' : undefined}
              >
                <th scope="row">{row.rank}</th>
                <td>{row.name}</td>
                <td>
                  <Money value={row.turnover} />
                </td>
                <td>{r.prizes[row.rank - 1] ? <Money value={r.prizes[row.rank - 1]!} /> : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** /m/leaderBoard (MISSION): today's and this week's missions with my progress, and the races. */
export function LeaderboardScreen() {
  const { t } = useTranslation();
  const view = useMissions();
  return (
    <Page title={t('promotions.missions.title')} testId="leaderboard-screen">
      {view.isPending ? (
        <ListSkeleton rows={3} />
      ) : view.isError ? (
        <LoadError error={view.error} onRetry={() => void view.refetch()} />
      ) : view.data.missions.length === 0 && view.data.races.length === 0 ? (
        <EmptyState text={t('promotions.missions.none')} />
      ) : (
        <>
          {view.data.missions.length > 0 && (
            <>
              <h2 className="promo-heading">{t('promotions.missions.missions')}</h2>
              <ul className="ui-list" aria-label={t('promotions.missions.missions')}>
                {view.data.missions.map((m) => (
                  <Mission key={m.id} m={m} />
                ))}
              </ul>
            </>
          )}
          {view.data.races.length > 0 && (
            <>
              <h2 className="promo-heading">{t('promotions.missions.races')}</h2>
              {view.data.races.map((r) => (
                <Race key={r.id} r={r} />
              ))}
            </>
          )}
        </>
      )}
    </Page>
  );
}
