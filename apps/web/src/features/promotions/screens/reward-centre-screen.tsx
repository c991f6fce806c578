import { useState } from 'react';
import type { RewardItem } from '@panalo/contract/promotions';
import { useTranslation } from '../../../i18n/react';
import { Page } from '../../../components/ui/page';
import { EmptyState, ListSkeleton, LoadError, useErrorText } from '../../../components/ui/states';
import { announce } from '../../../lib/announce';
import { formatRecordTime } from '../../../lib/format-time';
import { useClaimReward, useRewards } from '../api/promotions';
import { StatusBadge } from '../components/status-badge';
import '../promotions.css';
import { formatMoney } from '../../../lib/format';

function Reward({ r, claimable }: { r: RewardItem; claimable: boolean }) {
  const { t } = useTranslation();
  const claim = useClaimReward();
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const go = async () => {
    setError(null);
    try {
      await claim.mutateAsync(r.id);
      announce(t('promotions.rewards.claimed', { amount: formatMoney(r.amount) }));
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <li className="ui-item promo-reward" data-testid={claimable ? 'reward-issued' : 'reward-history'}>
      <div className="promo-card__head">
        <span className="promo-reward__title">{r.title}</span>
        <StatusBadge status={r.status} />
      </div>
      <p className="promo-reward__amount">{r.amount}</p>
      <p className="promo-card__note">
        {r.turnover !== '0.00' && t('common.wagering.adds', { amount: formatMoney(r.turnover) })}
        {r.expiresAt &&
          claimable &&
          ` · ${t('promotions.rewards.until', { date: formatRecordTime(r.expiresAt) })}`}
      </p>
      {r.reason && (
        <p className="promo-card__note" data-testid="reward-reason">
          {t('promotions.rewards.reason', { reason: r.reason })}
        </p>
      )}
      {claimable && (
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => void go()}
          disabled={claim.isPending}
          data-testid="reward-claim"
        >
          {t('promotions.rewards.claim')}
        </button>
      )}
      {error && (
        <p className="ui-field__error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

/** /m/rewardCenter (REWCEN3): rewards waiting to be claimed, then what was claimed, signed or lapsed. */
export function RewardCentreScreen() {
  const { t } = useTranslation();
  const rewards = useRewards();
  return (
    <Page title={t('promotions.rewards.title')} testId="reward-centre-screen">
      {rewards.isPending ? (
        <ListSkeleton rows={3} />
      ) : rewards.isError ? (
        <LoadError error={rewards.error} onRetry={() => void rewards.refetch()} />
      ) : (
        <>
          <h2 className="promo-heading">{t('promotions.rewards.toClaim')}</h2>
          {rewards.data.issued.length === 0 ? (
            <EmptyState text={t('promotions.rewards.none')} />
          ) : (
            <ul className="ui-list" aria-label={t('promotions.rewards.toClaim')}>
              {rewards.data.issued.map((r) => (
                <Reward key={r.id} r={r} claimable />
              ))}
            </ul>
          )}
          {rewards.data.history.length > 0 && (
            <>
              <h2 className="promo-heading">{t('promotions.rewards.history')}</h2>
              <ul className="ui-list" aria-label={t('promotions.rewards.history')}>
                {rewards.data.history.map((r) => (
                  <Reward key={r.id} r={r} claimable={false} />
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </Page>
  );
}
