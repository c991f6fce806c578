import { formatRate, PRODUCT_GROUPS, type ProductGroup } from '@panalo/contract/rebate';
import type { QuotasView } from '@panalo/contract/agent';
import { useTranslation } from '../../../i18n/react';
import { rateProblem, type TypedRates } from '../rules/rates';

export type Kind = 'player' | 'agent';

/** Player or agent: what an opened account (or a registration through a link) becomes. */
export function KindFieldset({
  kind,
  onChange,
  testIdPrefix,
}: {
  kind: Kind;
  onChange: (k: Kind) => void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="agency-register__kind">
      <legend>{t('agency.register.kind')}</legend>
      {(['player', 'agent'] as const).map((k) => (
        <label key={k}>
          <input
            type="radio"
            name={`${testIdPrefix}-kind`}
            value={k}
            checked={kind === k}
            onChange={() => onChange(k)}
            data-testid={`${testIdPrefix}-kind-${k}`}
          />
          {t(`agency.register.kinds.${k}`)}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * A rate per product group, each up to mine less the gap (a product where I have no room is disabled),
 * with the free threshold and my quotas above it said first.
 */
export function RatesFieldset({
  rates,
  onChange,
  max,
  quotas,
  testIdPrefix,
}: {
  rates: TypedRates;
  onChange: (rates: TypedRates) => void;
  max: Record<ProductGroup, number | null>;
  quotas: QuotasView | undefined;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="agency-register__rates">
      <legend>{t('agency.register.rates')}</legend>
      <p className="agency-register__hint">
        {t('agency.register.threshold', { rate: quotas?.freeThreshold ?? '–' })}
        {quotas &&
          quotas.quotas.length > 0 &&
          ` ${t('agency.register.quotas', {
            list: quotas.quotas.map((q) => `${q.rate} % × ${q.remaining}`).join(', '),
          })}`}
      </p>
      {PRODUCT_GROUPS.map((p) => (
        <label key={p} className="agency-register__rate">
          <span>{t(`agency.product.${p}`)}</span>
          <input
            className="ui-input agency-rebate__input"
            inputMode="decimal"
            placeholder="0.00"
            value={rates[p] ?? ''}
            disabled={max[p] === null}
            aria-invalid={rateProblem(rates, max, p)}
            onChange={(e) => onChange({ ...rates, [p]: e.target.value })}
            data-testid={`${testIdPrefix}-rate-${p}`}
          />
          <span className="agency-register__hint">
            {max[p] === null
              ? t('agency.rebate.noRoom')
              : t('agency.register.max', { rate: formatRate(max[p]) })}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
