import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LIMIT_SPANS } from '@panalo/contract/protection-rules';
import { useTranslation } from '../../../i18n/react';
import { useSite } from '../../../app/site';
import { ApiError } from '../../../lib/api';
import { errorKey } from '../../../i18n';
import { formatCurrency, formatDateTime } from '../../../lib/format';
import {
  confirmLimit,
  limitsKey,
  setLimit,
  useLimits,
  type Limits,
  type MoneyLimit,
  type MoneyLimitKind,
} from '../api/limits';

const AMOUNT = /^(0|[1-9]\d{0,12})(\.\d{1,2})?$/;

/**
 * The member's deposit, wager or loss limits (issue 22): one per rolling span. Lowering takes effect at
 * once; a raise or a removal waits 24 hours and is then confirmed here. The server enforces deposit
 * limits at every deposit, wager and loss limits at every bet.
 */
export function MoneyLimits({ kind }: { kind: MoneyLimitKind }) {
  const { t } = useTranslation();
  const limits = useLimits();
  const titleId = useId();
  return (
    <section className="sp-card" aria-labelledby={titleId} data-testid={`sp-limits-${kind}`}>
      <h2 id={titleId} className="sp-subtitle">
        {t(`protection.limits.title.${kind}`)}
      </h2>
      <p className="sp-muted">
        {t(`protection.limits.hint.${kind}`)} {t('protection.limits.hint.rules')}
      </p>
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
          const l = limits.data.limits.find((x) => x.kind === kind && x.span === span);
          return l ? <LimitRow key={span} limit={l} /> : null;
        })}
    </section>
  );
}

function LimitRow({ limit }: { limit: MoneyLimit }) {
  const { t, i18n } = useTranslation();
  const currency = useSite().bundle.site.currency;
  const money = (v: string) => formatCurrency(v, currency);
  const client = useQueryClient();
  const inputId = useId();
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The moment the row was shown: a waiting change is offered for confirmation once it is due.
  const [shownAt] = useState(() => Date.now());
  const { kind, span } = limit;
  const id = `sp-limit-${kind}-${span}`;

  async function run(work: () => Promise<Limits>) {
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
    void run(() => setLimit(kind, span, v));
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
    <div className="sp-limit" data-testid={id}>
      <h3 className="sp-limit__title">{t(`protection.limits.span.${span}`)}</h3>
      <p className="sp-limit__now" data-testid={`${id}-now`}>
        {limit.amount === null
          ? t('protection.limits.none')
          : t(`protection.limits.current.${kind}`, { amount: money(limit.amount), used: money(limit.used) })}
      </p>
      {pendingText && (
        <p className="sp-muted" data-testid={`${id}-pending`}>
          {pendingText}{' '}
          {due && (
            <button
              type="button"
              className="btn btn--primary"
              disabled={busy}
              onClick={() => void run(() => confirmLimit(kind, span))}
              data-testid={`${id}-confirm`}
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
          data-testid={`${id}-input`}
        />
        <button
          type="button"
          className="btn btn--primary"
          disabled={busy}
          onClick={save}
          data-testid={`${id}-save`}
        >
          {t('protection.limits.save')}
        </button>
      </div>
      {limit.amount !== null && !limit.pending && (
        <button
          type="button"
          className="btn sp-secondary sp-limit__remove"
          disabled={busy}
          onClick={() => void run(() => setLimit(kind, span, null))}
          data-testid={`${id}-remove`}
        >
          {t('protection.limits.remove')}
        </button>
      )}
      {problem && (
        <p className="sp-alert" role="alert" data-testid={`${id}-problem`}>
          {problem}
        </p>
      )}
    </div>
  );
}
