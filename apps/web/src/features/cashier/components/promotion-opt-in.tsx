import { useTranslation } from '../../../i18n/react';
import type { DepositPromotion } from '../api/deposit-options';
import { useCashierText } from '../hooks/use-cashier-text';
import { bonusPreview, multipleText, percentText } from '../lib/amount';

interface Props {
  promotions: DepositPromotion[];
  /** The chosen promotion's code, or null for none. */
  selected: string | null;
  onChange: (code: string | null) => void;
  /** The amount typed so far, in minor units (0 when none or invalid). */
  amountMinor: bigint;
}

/** The deposit offers open to me ('+3%', a first-deposit bonus): opt in to one and see what it gives. */
export function PromotionOptIn({ promotions, selected, onChange, amountMinor }: Props) {
  const { t } = useTranslation();
  const { money } = useCashierText();
  if (promotions.length === 0) return null;
  return (
    <fieldset className="cs-group">
      <legend className="cs-field__label">{t('cashier.promo.title')}</legend>
      {promotions.map((p) => {
        const on = selected === p.code;
        const preview = bonusPreview(amountMinor, p);
        const id = `cs-promo-${p.code}`;
        return (
          <div key={p.code} className={`cs-promo${on ? ' cs-promo--on' : ''}`}>
            <input
              type="checkbox"
              id={id}
              checked={on}
              onChange={(e) => onChange(e.target.checked ? p.code : null)}
              aria-describedby={`${id}-terms`}
              data-testid={`deposit-promo-${p.code}`}
            />
            <label htmlFor={id} className="cs-promo__label">
              <span className="cs-badge">
                {p.tiers
                  ? t('cashier.promo.upTo', { amount: money(p.maxBonus) })
                  : `+${percentText(p.percentBp)}%`}
              </span>{' '}
              {p.name}
              {p.firstDeposit && (
                <span className="cs-muted" data-testid={`deposit-promo-first-${p.code}`}>
                  {' '}
                  · {t('cashier.promo.firstDeposit')}
                </span>
              )}
            </label>
            <p id={`${id}-terms`} className="cs-muted cs-promo__terms">
              {p.tiers
                ? t('cashier.promo.tierTerms', {
                    tiers: p.tiers
                      .map((x) => t('cashier.promo.tier', { amount: money(x.amount), from: money(x.from) }))
                      .join(', '),
                  })
                : t('cashier.promo.terms', {
                    percent: percentText(p.percentBp),
                    maxBonus: money(p.maxBonus),
                    minDeposit: money(p.minDeposit),
                  })}{' '}
              {t('common.wagering.ofDepositAndBonus', { multiple: multipleText(p.wageringMultiplierTenths) })}
            </p>
            {on && amountMinor > 0n && (
              <p className="cs-promo__preview" aria-live="polite" data-testid="deposit-bonus-preview">
                {preview.eligible
                  ? `${t('cashier.promo.preview', { bonus: money(preview.bonus) })} ${t(
                      'common.wagering.adds',
                      {
                        amount: money(preview.turnover),
                      },
                    )}`
                  : t('cashier.promo.notEligible', { minDeposit: money(p.minDeposit) })}
              </p>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
