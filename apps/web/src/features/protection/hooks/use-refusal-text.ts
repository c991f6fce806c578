import { useSite } from '../../../app/site';
import { errorKey } from '../../../i18n';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api';
import { formatCurrency, formatDateTime } from '../../../lib/format';

interface PlayLimitValue {
  kind?: 'wager' | 'loss' | 'session';
  span?: 'day' | 'week' | 'month' | null;
  limit?: string | number;
  resetsAt?: string | null;
}

/**
 * The text of a refused bet: a play limit (issue 22) says which, how much and when there is room
 * again; any other refusal is its translated message key.
 */
export function useRefusalText(): (err: unknown) => string {
  const { t, i18n } = useTranslation();
  const currency = useSite().bundle.site.currency;
  return (err) => {
    if (err instanceof ApiError && err.code === 'play_limit_reached' && err.value) {
      const v = err.value as PlayLimitValue;
      if (v.kind === 'session') return t('errors.play_limit_reached_session');
      if (v.kind === 'wager' || v.kind === 'loss') {
        const span = t(`errors.play_limit_span_${v.span ?? 'day'}`);
        const limit = formatCurrency(String(v.limit ?? '0'), currency);
        const when = v.resetsAt ? formatDateTime(v.resetsAt, i18n.language) : null;
        return when
          ? t(`errors.play_limit_reached_${v.kind}`, { span, limit, when })
          : t(`errors.play_limit_reached_${v.kind}_above`, { span, limit });
      }
    }
    return t(errorKey(err instanceof ApiError ? err.code : 'unknown_error'));
  };
}
