import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/react';
import { useErrorText } from '../../../components/ui/states';
import { useSession } from '../../../lib/session';
import { TOAST_MS, toast } from '../../../lib/toast';
import { giveQuota, quotasKey, useQuotas } from '../api/downlines';

/**
 * Hand some of my opening quotas at a rate down to a direct sub-agent (rebate settings). Only the rates I
 * hold quota at are offered; the server checks the rest (a rate the sub-agent can open at, enough left).
 */
export function GiveQuotaForm({ memberId, username }: { memberId: string; username: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const client = useQueryClient();
  const token = useSession()?.token ?? '';
  const quotas = useQuotas();
  const held = (quotas.data?.quotas ?? []).filter((q) => q.remaining > 0);
  const [rate, setRate] = useState('');
  const [count, setCount] = useState('1');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();
  const rateId = useId();
  const countId = useId();
  const chosen = rate || held[0]?.rate || '';
  const n = Number(count);
  const valid = chosen !== '' && Number.isInteger(n) && n >= 1 && n <= 1000;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const after = await giveQuota({ memberId, rate: chosen, count: n });
      client.setQueryData(quotasKey(token), after);
      void toast.show(t('agency.quota.given', { count: n, rate: chosen, name: username }), TOAST_MS.success);
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  if (quotas.isPending || held.length === 0) return null;
  return (
    <form
      className="agency-quota"
      aria-labelledby={titleId}
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="quota-form"
    >
      <h3 id={titleId} className="agency-quota__title">
        {t('agency.quota.title', { name: username })}
      </h3>
      <label className="ui-field" htmlFor={rateId}>
        <span className="ui-field__label">{t('agency.quota.rate')}</span>
        <select
          id={rateId}
          className="ui-input"
          value={chosen}
          onChange={(e) => setRate(e.target.value)}
          data-testid="quota-rate"
        >
          {held.map((q) => (
            <option key={q.rate} value={q.rate}>
              {t('agency.quota.option', { rate: q.rate, count: q.remaining })}
            </option>
          ))}
        </select>
      </label>
      <label className="ui-field" htmlFor={countId}>
        <span className="ui-field__label">{t('agency.quota.count')}</span>
        <input
          id={countId}
          className="ui-input"
          inputMode="numeric"
          value={count}
          onChange={(e) => setCount(e.target.value)}
          aria-invalid={!valid}
          data-testid="quota-count"
        />
      </label>
      {failure && (
        <p className="agency-rebate__failure" role="alert" data-testid="quota-failure">
          {failure}
        </p>
      )}
      <button type="submit" className="btn" disabled={!valid} aria-busy={busy} data-testid="quota-give">
        {busy ? t('common.pleaseWait') : t('agency.quota.give')}
      </button>
    </form>
  );
}
