import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { RebateLine, RebateView } from '@panalo/contract/promotions';
import { REBATE_REPORT_ROUTE } from '@panalo/contract/promotion-rules';
import { useTranslation } from '../../../i18n/react';
import { Money } from '../../../components/ui/money';
import { Page } from '../../../components/ui/page';
import { SafeHtml } from '../../../components/ui/safe-html';
import { EmptyState, ListSkeleton, LoadError, useErrorText } from '../../../components/ui/states';
import { announce } from '../../../lib/announce';
import { useRebate, useTakeRebate } from '../api/promotions';
import '../promotions.css';
import { formatMoney } from '../../../lib/format';

/** The rebate lines as a table: product group, valid turnover, rate, amount. */
export function RebateLines({ lines, caption }: { lines: RebateLine[]; caption: string }) {
  const { t } = useTranslation();
  return (
    <table className="promo-table" data-testid="rebate-lines">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('promotions.rebate.product')}</th>
          <th scope="col">{t('promotions.rebate.turnover')}</th>
          <th scope="col">{t('promotions.rebate.rate')}</th>
          <th scope="col">{t('promotions.rebate.amount')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={l.product} data-testid="rebate-line">
            <th scope="row">{t(`promotions.product.${l.product}`)}</th>
            <td>
              <Money value={l.turnover} />
            </td>
            <td>{l.rate} %</td>
            <td>
              <Money value={l.amount} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Today({ v }: { v: RebateView }) {
  const { t } = useTranslation();
  const take = useTakeRebate();
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const ratesId = useId();
  const ready = v.claimable !== '0.00';
  const go = async () => {
    setError(null);
    try {
      const r = await take.mutateAsync();
      announce(t('promotions.rebate.claimed', { amount: formatMoney(r.amount) }));
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <>
      <section className="ui-item promo-rebate" aria-labelledby={titleId} data-testid="rebate-today">
        <h2 id={titleId} className="promo-card__title">
          {t('promotions.rebate.today', { day: v.day })}
        </h2>
        {v.lines.length === 0 ? (
          <EmptyState text={t('promotions.rebate.nothing')} />
        ) : (
          <RebateLines lines={v.lines} caption={t('promotions.rebate.today', { day: v.day })} />
        )}
        <p className="promo-rebate__ready">
          <span>{t('promotions.rebate.claimable')}</span>
          <Money value={v.claimable} testId="rebate-claimable" />
        </p>
        {!ready && v.lines.length > 0 && (
          <p className="promo-card__note">{t('promotions.rebate.underMin', { min: v.min })}</p>
        )}
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => void go()}
          disabled={!ready || take.isPending}
          aria-busy={take.isPending}
          data-testid="rebate-claim"
        >
          {t('promotions.rebate.claim', { amount: formatMoney(v.claimable) })}
        </button>
        {error && (
          <p className="ui-field__error" role="alert">
            {error}
          </p>
        )}
        <p className="promo-card__note" data-testid="rebate-taken">
          {t('promotions.rebate.taken', { amount: formatMoney(v.takenToday), max: formatMoney(v.max) })}
        </p>
        <p className="promo-card__note">{t('promotions.rebate.rest')}</p>
        <Link to={REBATE_REPORT_ROUTE} className="vip-current__link">
          {t('promotions.rebate.report')}
        </Link>
      </section>
      <section className="ui-item" aria-labelledby={ratesId}>
        <h2 id={ratesId} className="promo-card__title">
          {t('promotions.rebate.rates', { level: v.vipLevel })}
        </h2>
        <dl className="vip-level__terms" data-testid="rebate-rates">
          {v.rates.map((r) => (
            <div key={r.product} className="promo-rate">
              <dt>{t(`promotions.product.${r.product}`)}</dt>
              <dd>{r.rate} %</dd>
            </div>
          ))}
        </dl>
        <p className="promo-card__note">{t('promotions.rebate.wager', { times: v.turnoverMultiplier })}</p>
        <SafeHtml html={v.terms} className="promo-card__terms" />
      </section>
    </>
  );
}

/** /m/member/manualRebate (MANPLAYREB3): today's rebate so far, taken at once; my rates; the terms. */
export function ManualRebateScreen() {
  const { t } = useTranslation();
  const rebate = useRebate();
  return (
    <Page title={t('promotions.rebate.title')} testId="manual-rebate-screen">
      {rebate.isPending ? (
        <ListSkeleton rows={3} />
      ) : rebate.isError ? (
        <LoadError error={rebate.error} onRetry={() => void rebate.refetch()} />
      ) : (
        <Today v={rebate.data} />
      )}
    </Page>
  );
}
