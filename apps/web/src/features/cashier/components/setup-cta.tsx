import { useTranslation } from '../../../i18n/react';
import { Link } from 'react-router';
import type { SecurityConfig } from '../api/security';

/** What a withdrawal still needs, from the security config; empty when ready. */
export function missingForWithdrawal(s: SecurityConfig): ('password' | 'card' | 'payee')[] {
  return [
    ...(s.hasPaymentPassword ? [] : (['password'] as const)),
    ...(s.payeeName ? [] : (['payee'] as const)),
    ...(s.cards.length > 0 ? [] : (['card'] as const)),
  ];
}

/** A withdrawal cannot start yet: say what is missing and link to the security centre. */
export function SetupCta({ missing }: { missing: ReturnType<typeof missingForWithdrawal> }) {
  const { t } = useTranslation();
  return (
    <section className="cs-cta" data-testid="withdraw-setup-cta" aria-labelledby="cs-cta-title">
      <h2 id="cs-cta-title" className="cs-cta__title">
        {t('cashier.withdraw.setupTitle')}
      </h2>
      <ul className="cs-cta__list">
        {missing.map((m) => (
          <li key={m} data-testid={`withdraw-missing-${m}`}>
            {t(`cashier.withdraw.missing.${m}`)}
          </li>
        ))}
      </ul>
      <Link className="btn btn--primary" to="/m/securityCenter" data-testid="withdraw-setup-link">
        {t('cashier.withdraw.setupLink')}
      </Link>
    </section>
  );
}
