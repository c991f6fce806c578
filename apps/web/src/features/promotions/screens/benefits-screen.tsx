import { Link } from 'react-router';
import type { VipBenefits } from '@panalo/contract/promotions';
import { REWARD_CENTRE_ROUTE } from '@panalo/contract/promotion-rules';
import { useTranslation } from '../../../i18n/react';
import { Page } from '../../../components/ui/page';
import { ListSkeleton, LoadError } from '../../../components/ui/states';
import { useVipBenefits } from '../api/promotions';
import '../promotions.css';
import { formatMoney } from '../../../lib/format';

/** How far a figure is towards a requirement, 0–100 (whole percent; decimal strings, no float money). */
export function percentOf(have: string, left: string): number {
  const cents = (s: string) => BigInt(s.replace('.', ''));
  const done = cents(have);
  const total = done + cents(left);
  if (total === 0n) return 100;
  return Number((done * 100n) / total);
}

function Progress({
  label,
  have,
  left,
  metKey = 'promotions.benefits.met',
}: {
  label: string;
  have: string;
  left: string;
  /** What a requirement met reads as. */
  metKey?: string;
}) {
  const { t } = useTranslation();
  const pct = Math.min(100, percentOf(have, left));
  return (
    <div className="vip-progress">
      <div className="vip-progress__label">
        <span>{label}</span>
        <span>
          {left === '0.00' ? t(metKey) : t('promotions.benefits.left', { amount: formatMoney(left) })}
        </span>
      </div>
      <div
        className="vip-progress__bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
      >
        <span style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

function Club({ b }: { b: VipBenefits }) {
  const { t } = useTranslation();
  const current = b.levels.find((l) => l.level === b.level);
  return (
    <>
      <section className="ui-item vip-current" aria-labelledby="vip-current-name" data-testid="vip-current">
        <p className="promo-card__note">{t('promotions.benefits.myLevel')}</p>
        <h2 id="vip-current-name" className="vip-current__name">
          {b.name} <span className="vip-current__level">VIP {b.level}</span>
        </h2>
        <p className="promo-card__note">
          {t('promotions.benefits.figures', {
            deposits: formatMoney(b.deposits),
            turnover: formatMoney(b.turnover),
          })}
        </p>
        {b.next ? (
          <div className="vip-next" data-testid="vip-next">
            <p className="vip-next__title">{t('promotions.benefits.toNext', { name: b.next.name })}</p>
            <Progress
              label={t('promotions.benefits.deposits')}
              have={b.deposits}
              left={b.next.depositsLeft}
            />
            <Progress
              label={t('promotions.benefits.turnover')}
              have={b.turnover}
              left={b.next.turnoverLeft}
            />
          </div>
        ) : (
          <p className="vip-next__title">{t('promotions.benefits.top')}</p>
        )}
        {b.retention && current && (
          <div className="vip-next" data-testid="vip-retention">
            <p className="vip-next__title">
              {t('promotions.benefits.keep', { name: b.name, month: b.retention.month })}
            </p>
            <Progress
              label={t('promotions.benefits.deposits')}
              have={b.retention.deposits}
              left={b.retention.depositsLeft}
              metKey="promotions.benefits.kept"
            />
            <Progress
              label={t('promotions.benefits.turnover')}
              have={b.retention.turnover}
              left={b.retention.turnoverLeft}
              metKey="promotions.benefits.kept"
            />
            <p className="promo-card__note">{t('promotions.benefits.keepNote')}</p>
          </div>
        )}
        <Link to={REWARD_CENTRE_ROUTE} className="vip-current__link">
          {t('promotions.benefits.bonusWaits')}
        </Link>
      </section>
      <h2 className="promo-heading">{t('promotions.benefits.levels')}</h2>
      <ul className="ui-list" aria-label={t('promotions.benefits.levels')}>
        {b.levels.map((l) => (
          <li
            key={l.level}
            className={`ui-item vip-level${l.level === b.level ? ' vip-level--current' : ''}`}
            aria-current={l.level === b.level ? 'true' : undefined}
            data-testid="vip-level"
          >
            <div className="promo-card__head">
              <span className="promo-reward__title">{l.name}</span>
              <span className="vip-current__level">VIP {l.level}</span>
            </div>
            <dl className="vip-level__terms">
              <dt>{t('promotions.benefits.deposits')}</dt>
              <dd>{formatMoney(l.depositsRequired)}</dd>
              <dt>{t('promotions.benefits.turnover')}</dt>
              <dd>{formatMoney(l.turnoverRequired)}</dd>
              <dt>{t('promotions.benefits.levelUpBonus')}</dt>
              <dd>{formatMoney(l.levelUpBonus)}</dd>
              {l.retainDeposits !== '0.00' && (
                <>
                  <dt>{t('promotions.benefits.retainDeposits')}</dt>
                  <dd>{formatMoney(l.retainDeposits)}</dd>
                </>
              )}
              {l.retainTurnover !== '0.00' && (
                <>
                  <dt>{t('promotions.benefits.retainTurnover')}</dt>
                  <dd>{formatMoney(l.retainTurnover)}</dd>
                </>
              )}
              {(l.withdrawDailyCount !== null || l.withdrawDailyAmount !== null) && (
                <>
                  <dt>{t('promotions.benefits.withdrawDaily')}</dt>
                  <dd>
                    {[
                      l.withdrawDailyCount !== null
                        ? t('promotions.benefits.withdrawDailyCount', { count: l.withdrawDailyCount })
                        : null,
                      l.withdrawDailyAmount !== null
                        ? t('promotions.benefits.withdrawDailyAmount', {
                            amount: formatMoney(l.withdrawDailyAmount),
                          })
                        : null,
                    ]
                      .filter(Boolean)
                      .join(', ')}
                  </dd>
                </>
              )}
              {l.monthlyBonus !== '0.00' && (
                <>
                  <dt>{t('promotions.benefits.monthlyBonus')}</dt>
                  <dd>{formatMoney(l.monthlyBonus)}</dd>
                </>
              )}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

/** /m/member/benefits (VIPBENEFIT, PROMO-002): my VIP level, the way to the next, every level's terms. */
export function BenefitsScreen() {
  const { t } = useTranslation();
  const club = useVipBenefits();
  return (
    <Page title={t('promotions.benefits.title')} testId="benefits-screen">
      {club.isPending ? (
        <ListSkeleton rows={4} />
      ) : club.isError ? (
        <LoadError error={club.error} onRetry={() => void club.refetch()} />
      ) : (
        <Club b={club.data} />
      )}
    </Page>
  );
}
