import { Link } from 'react-router';
import { useSite } from '../../app/site';
import { errorKey } from '../../i18n';
import { useTranslation } from '../../i18n/react';
import { formatCurrency } from '../../lib/format';
import { kycRefusalCode, kycRefusalValues, VERIFICATION_ROUTE } from '../../lib/kyc-refusal';
import { ApiError } from '../../lib/api';
import './ui.css';

/**
 * The text of a verification refusal (kyc_level_required, kyc_limit_reached, kyc_receiver_unverified)
 * with its values (the level, what is left of which ceiling in the merchant's currency, the receiver);
 * null for any other error, which the caller words as it always did.
 */
export function useKycRefusalText(): (err: unknown) => string | null {
  const { t } = useTranslation();
  const currency = useSite().bundle.site.currency;
  return (err) => {
    if (!(err instanceof ApiError) || kycRefusalCode(err) === null) return null;
    return t(
      errorKey(err.code),
      kycRefusalValues(err, (d) => formatCurrency(d, currency)),
    );
  };
}

/** "Verify now": the way from a refused deposit, withdrawal or transfer to the Verification page. */
export function VerifyNowLink({ className = 'ui-verify-link' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Link className={className} to={VERIFICATION_ROUTE} data-testid="kyc-verify-link">
      {t('common.verifyNow')}
    </Link>
  );
}
