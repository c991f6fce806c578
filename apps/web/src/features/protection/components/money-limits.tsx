import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LIMIT_SPANS } from '@panalo/contract/protection';
import { useTranslation } from '../../../i18n/react';
import { useSite } from '../../../app/site';
import { ApiError } from '../../../lib/api';
import { errorKey } from '../../../i18n';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { confirmLimit, limitsKey, setLimit, useLimits, type DepositLimit } from '../api/limits';

const AMOUNT = /^(0|[1-9]\d{0,12})(\.\d{1,2})?$/;

/**
 * The member's deposit limits (issue 22): one per rolling span. Lowering takes effect at once; a raise
 * or a removal waits 24 hours and is then confirmed here. The server enforces them at every deposit.
 */
export function DepositLimits() {
  const { t } = useTranslation();
  const limits = useLimits();
  return (
    <section className="sp-card" aria-labelledby="sp-limits-title" data-testid="sp-limits">
      <h2 id="sp-limits-title" className="sp-subtitle">
        {t('protection.limits.title')}
      </h2>
      <p className="sp-muted">{t('protection.limits.hint')}</p>
      {limits.isPending && <p aria-busy="true">{t('msg.please_wait')}</p>}
      {limits.isError && (
        <p className="sp-alert" role="alert">
          {t(errorKey(limits.error instanceof ApiError ? limits.error.code : 'unknown_error'))}{' '}
          <button type="button" className="btn sp-secondary" onClick={() => void limits.refetch()}>
            {t('protection.retry')}
          </button>
        </p>
      )}
      {limits.data &&
        LIMIT_SPANS.map((span) => {
          const l = limits.data.limits.find((x) => x.span === span);
          return l ? <LimitRow key={span} limit={l} /> : null;
        })}
    </section>
  );
}

function LimitRow({ limit }: { limit: DepositLimit }) {
  const { t, i18n } = useTranslation();
  const currency = useSite().bundle.site.currency;
  const money = (v: string) => `${currency === 'PHP' ? '₱' : `${currency} `}${formatMoney(v)}`;
  const client = useQueryClient();
  const inputId = useId();
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The moment the row was shown: a waiting change is offered for confirmation once it is due.
  const [shownAt] = useState(() => Date.now());
  const span = limit.span;

  async function run(work: () => Promise<{ limits: DepositLimit[] }>) {
    setBusy(true);
    setProblem(null);
    try {
      client.setQueryData(limitsKey, await work());
      setValue('');
    } catch (err) {
      setProblem(t(errorKey(err instanceof ApiError ? err.code : 'unknown_error')));
    } finally {
      setBusy(false);
    }
  }
  const save = () => {
    const v = value.trim();
    if (!AMOUNT.test(v) || Number(v) <= 0) return setProblem(t('protection.limits.format'));
    void run(() => setLimit(span, v));
  };
  const due = limit.pending && new Date(limit.pending.from).getTime() <= shownAt;
  const pendingText = limit.pending
    ? limit.pending.amount === null
      ? t('protection.limits.removalWaits', { from: formatDateTime(limit.pending.from, i18n.language) })
      : t('protection.limits.raiseWaits', {
          amount: money(limit.pending.amount),
          from: formatDateTime(limit.pending.from, i18n.language),
        })
    : null;

  return (
    <div className="sp-limit" data-testid={`sp-limit-${span}`}>
      <h3 className="sp-limit__title">{t(`protection.limits.span.${span}`)}</h3>
      <p className="sp-limit__now" data-testid={`sp-limit-${span}-now`}>
        {limit.amount === null
          ? t('protection.limits.none')
          : t('protection.limits.current', { amount: money(limit.amount), used: money(limit.used) })}
      </p>
      {pendingText && (
        <p className="sp-muted" data-testid={`sp-limit-${span}-pending`}>
          {pendingText}{' '}
          {due && (
            <button
              type="button"
              className="btn btn--primary"
              disabled={busy}
              onClick={() => void run(() => confirmLimit(span))}
              data-testid={`sp-limit-${span}-confirm`}
            >
              {t('protection.limits.confirm')}
            </button>
          )}
        </p>
      )}
      <label htmlFor={inputId} className="sp-label">
        {t('protection.limits.newLimit')}
      </label>
      <div className="sp-limit__edit">
        <input
          id={inputId}
          className="sp-input"
          inputMode="decimal"
          maxLength={16}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          data-testid={`sp-limit-${span}-input`}
        />
        <button
          type="button"
          className="btn btn--primary"
          disabled={busy}
          onClick={save}
          data-testid={`sp-limit-${span}-save`}
        >
          {t('protection.limits.save')}
        </button>
      </div>
      {limit.amount !== null && !limit.pending && (
        <button
          type="button"
          className="btn sp-secondary sp-limit__remove"
          disabled={busy}
          onClick={() => void run(() => setLimit(span, null))}
          data-testid={`sp-limit-${span}-remove`}
        >
          {t('protection.limits.remove')}
        </button>
      )}
      {problem && (
        <p className="sp-alert" role="alert" data-testid={`sp-limit-${span}-problem`}>
          {problem}
        </p>
      )}
    </div>
  );
}
