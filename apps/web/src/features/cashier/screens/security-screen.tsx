import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { useSecurity } from '../api/security';
import { CardsSection } from '../components/cards-section';
import { PayeeNameSection } from '../components/payee-name-section';
import { PaymentPasswordSection } from '../components/payment-password-section';
import { LoadError, Skeleton } from '../components/states';
import { useCashierText } from '../hooks/use-cashier-text';
import '../cashier.css';

/**
 * /m/securityCenter (WALLET-003, WALLET-013): the payment password (set, change, reset), the payee name
 * (bound once) and bank cards (masked list, bind up to the maximum).
 */
export function SecurityScreen() {
  const { t } = useTranslation();
  const text = useCashierText();
  const security = useSecurity();
  let body;
  if (security.isPending) body = <Skeleton rows={5} />;
  else if (security.isError)
    body = <LoadError message={text.error(security.error)} onRetry={() => void security.refetch()} />;
  else
    body = (
      <>
        <PaymentPasswordSection has={security.data.hasPaymentPassword} />
        <PayeeNameSection payeeName={security.data.payeeName} />
        <CardsSection security={security.data} />
        <section className="cs-card" aria-labelledby="cs-safer-title" data-testid="security-safer-play">
          <h2 id="cs-safer-title" className="cs-card__title">
            {t('cashier.security.saferPlay')}
          </h2>
          <p className="cs-muted">{t('cashier.security.saferPlayText')}</p>
          <Link
            className="btn btn--primary cs-submit"
            to="/m/saferPlay"
            data-testid="security-safer-play-link"
          >
            {t('cashier.security.saferPlayLink')}
          </Link>
        </section>
      </>
    );
  return (
    <main className="cs-page" data-testid="security-screen">
      <h1 className="cs-title">{t('cashier.security.title')}</h1>
      {body}
    </main>
  );
}
