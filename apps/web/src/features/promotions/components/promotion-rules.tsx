import type { PromotionItem } from '@panalo/contract/promotions';
import { useTranslation } from '../../../i18n/react';

/**
 * Who may take part in a promotion and the terms of its wagering, in plain words beside its terms (the
 * server refuses a member they exclude; here the member reads them first). Nothing when it has none.
 */
export function PromotionRules({ rules }: { rules: PromotionItem['rules'] }) {
  const { t } = useTranslation();
  const lines: string[] = [];
  if (rules.newPlayersDays !== null)
    lines.push(t('promotions.rules.newPlayers', { days: rules.newPlayersDays }));
  if (rules.vipLevels !== null) lines.push(t('promotions.rules.vip', { levels: rules.vipLevels.join(', ') }));
  if (rules.depositsMin !== null && rules.depositsMax !== null)
    lines.push(t('promotions.rules.depositsRange', { min: rules.depositsMin, max: rules.depositsMax }));
  else if (rules.depositsMin !== null)
    lines.push(t('promotions.rules.depositsMin', { min: rules.depositsMin }));
  else if (rules.depositsMax !== null)
    lines.push(t('promotions.rules.depositsMax', { max: rules.depositsMax }));
  if (rules.team) lines.push(t('promotions.rules.team'));
  if (rules.excludes.length > 0)
    lines.push(t('promotions.rules.excludes', { titles: rules.excludes.join(', ') }));
  if (rules.claimHours !== null) lines.push(t('promotions.rules.claimHours', { hours: rules.claimHours }));
  if (rules.turnoverHours !== null)
    lines.push(t('promotions.rules.turnoverHours', { hours: rules.turnoverHours }));
  if (rules.turnoverWeights !== null && Object.keys(rules.turnoverWeights).length > 0)
    lines.push(
      t('promotions.rules.weights', {
        weights: Object.entries(rules.turnoverWeights)
          .map(([product, percent]) =>
            t('promotions.rules.weight', { product: t(`promotions.product.${product}`), percent }),
          )
          .join(', '),
      }),
    );
  if (lines.length === 0) return null;
  return (
    <section className="promo-rules" aria-labelledby="promo-rules-title" data-testid="promotion-rules">
      <h3 id="promo-rules-title" className="promo-card__note">
        {t('promotions.rules.title')}
      </h3>
      <ul>
        {lines.map((line) => (
          <li key={line} className="promo-card__note">
            {line}
          </li>
        ))}
      </ul>
    </section>
  );
}
