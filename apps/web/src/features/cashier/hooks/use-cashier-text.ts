import { useTranslation } from '../../../i18n/react';
import { useSite } from '../../../app/site';
import { errorKey } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { useKycRefusalText } from '../../../components/ui/kyc-refusal';
import { formatCurrency, formatDateTime } from '../../../lib/format';
import type { AmountProblem } from '../lib/amount';

/** Text helpers of the cashier: money with the merchant's currency, error and amount messages. */
export function useCashierText() {
  const { t, i18n } = useTranslation();
  const currency = useSite().bundle.site.currency;
  const money = (decimal: string) => formatCurrency(decimal, currency);
  const kycText = useKycRefusalText();
  return {
    money,
    /** The translated reason of a failed call (errors.<code>, else 'Unknown error'). */
    error: (err: unknown) => {
      // Verification (issue 53): the level needed, or what is left of the level's ceiling.
      const kyc = kycText(err);
      if (kyc !== null) return kyc;
      // A deposit limit says which, how much, and when there is room again (issue 22).
      if (err instanceof ApiError && err.code === 'deposit_limit_reached' && err.value) {
        const v = err.value as { span?: string; limit?: string; resetsAt?: string | null };
        const span = t(`cashier.limitSpan.${v.span ?? 'day'}`);
        const limit = money(v.limit ?? '0');
        const when = v.resetsAt ? formatDateTime(v.resetsAt, i18n.language) : null;
        return when
          ? t('cashier.depositLimit', { span, limit, when })
          : t('cashier.depositLimitAbove', { span, limit });
      }
      // My VIP level's daily withdrawal limit (issue 18): how many a day, or how much is left today.
      if (err instanceof ApiError && err.code === 'withdraw_daily_amount' && err.value) {
        const v = err.value as { limit?: string; left?: string };
        return t(errorKey(err.code), { limit: money(v.limit ?? '0'), left: money(v.left ?? '0') });
      }
      if (err instanceof ApiError && err.code === 'withdraw_daily_count' && err.value)
        return t(errorKey(err.code), { limit: String((err.value as { limit?: number }).limit ?? '') });
      return t(errorKey(err instanceof ApiError ? err.code : 'unknown_error'));
    },
    amountProblem: (p: AmountProblem | null): string | null => {
      if (!p) return null;
      switch (p.key) {
        case 'required':
          return t('cashier.amount.required');
        case 'format':
          return t('cashier.amount.format');
        case 'min':
          return t('cashier.amount.min', { min: money(p.min) });
        case 'max':
          return t('cashier.amount.max', { max: money(p.max) });
        case 'balance':
          return t('cashier.amount.balance', { balance: money(p.balance) });
      }
    },
  };
}
