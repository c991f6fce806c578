import { useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateBalance } from '../../../app/layout/use-header-balance';
import { useTranslation } from '../../../i18n/react';
import { postMoney } from '../../../lib/money-request';
import { TOAST_MS, toast } from '../../../lib/toast';
import { cashierKeys } from '../api/keys';
import { useCashierText } from '../hooks/use-cashier-text';
import { useIntentKey } from '../hooks/use-intent-key';
import { Field } from './field';

/**
 * Give up my open bonuses to withdraw (issue 18 item 4): under the turnover block of the withdrawal
 * screen, behind a first tap (what it costs is spelled out) and the login password. Afterwards the
 * balance and the turnover read again: the withdrawal form appears.
 */
export function ForfeitBonus() {
  const { t } = useTranslation();
  const text = useCashierText();
  const queryClient = useQueryClient();
  const intent = useIntentKey();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (password === '') {
      setProblem(t('cashier.pin.loginRequired'));
      passwordRef.current?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    const body = { loginPassword: password };
    try {
      const r = await postMoney<{ forfeited: string }>('/cashier/turnover/forfeit', body, intent.for(body));
      intent.renew();
      void toast.show(
        t('cashier.forfeit.done', { amount: text.money(r.forfeited) }),
        TOAST_MS.success,
        'success',
      );
      setOpen(false);
      setPassword('');
      await Promise.all([
        invalidateBalance(queryClient),
        queryClient.invalidateQueries({ queryKey: cashierKeys.security() }),
      ]);
    } catch (err) {
      setProblem(text.error(err));
      passwordRef.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  if (!open)
    return (
      <button
        type="button"
        className="btn cs-btn-ghost"
        onClick={() => setOpen(true)}
        data-testid="forfeit-open"
      >
        {t('cashier.forfeit.open')}
      </button>
    );
  return (
    <form className="cs-card" onSubmit={(e) => void submit(e)} noValidate data-testid="forfeit-form">
      <h2 className="cs-card__title">{t('cashier.forfeit.title')}</h2>
      <p className="cs-muted">{t('cashier.forfeit.body')}</p>
      <Field
        ref={passwordRef}
        label={t('cashier.forfeit.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={problem}
        testId="forfeit-password"
      />
      <div className="cs-actions">
        <button type="button" className="btn cs-btn-ghost" onClick={() => setOpen(false)} disabled={busy}>
          {t('cashier.forfeit.cancel')}
        </button>
        <button
          type="submit"
          className="btn btn--primary"
          disabled={busy}
          aria-busy={busy}
          data-testid="forfeit-submit"
        >
          {t('cashier.forfeit.submit')}
        </button>
      </div>
    </form>
  );
}
