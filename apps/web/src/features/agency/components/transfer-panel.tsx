import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { useHeaderBalance } from '../../../app/layout/use-header-balance';
import { useErrorText } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { createIntentKeys } from '../../../lib/intent-key';
import { TOAST_MS, toast } from '../../../lib/toast';
import { useTransferToDownlines } from '../api/transfer-downlines';
import { transferPlan, type TransferEntry } from '../rules/transfer';

/** A lost answer (no network, a server fault) may be retried with the same key; a refusal may not. */
const answered = (err: unknown) => err instanceof ApiError && err.status >= 400 && err.status < 500;

/** The amount box of one team member while transferring. */
export function TransferAmount({
  memberId,
  username,
  entries,
  onChange,
  invalid,
}: {
  memberId: string;
  username: string;
  entries: ReadonlyMap<string, TransferEntry>;
  onChange: (memberId: string, entry: TransferEntry) => void;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="agency-transfer__amount">
      <label className="ui-field" htmlFor={id}>
        <span className="ui-field__label">{t('agency.transfer.amountFor', { name: username })}</span>
        <input
          id={id}
          className="ui-input"
          inputMode="decimal"
          autoComplete="off"
          value={entries.get(memberId)?.text ?? ''}
          onChange={(e) => onChange(memberId, { username, text: e.target.value })}
          aria-invalid={invalid}
          data-testid="transfer-amount"
        />
      </label>
      {invalid && <p className="ui-field__error">{t('agency.transfer.invalid')}</p>}
    </div>
  );
}

/**
 * The foot of team management while transferring: who gets what, the total against the balance, the
 * payment password, and one submit for all of it (the server moves all of it or none).
 */
export function TransferPanel({
  entries,
  onDone,
}: {
  entries: ReadonlyMap<string, TransferEntry>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { balance } = useHeaderBalance();
  const transfer = useTransferToDownlines();
  const [keys] = useState(() => createIntentKeys());
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const passwordId = useId();
  const titleId = useId();
  const plan = transferPlan(entries, balance);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (transfer.isPending) return;
    setFailure(null);
    const found =
      plan.lines.length === 0
        ? 'none'
        : plan.invalid.length > 0
          ? 'invalid'
          : plan.tooMany
            ? 'tooMany'
            : plan.overBalance
              ? 'overBalance'
              : !/^\d{6}$/.test(password)
                ? 'password'
                : null;
    setProblem(found);
    if (found === 'password') return passwordRef.current?.focus();
    if (found) return;
    const body = {
      lines: plan.lines.map((l) => ({ memberId: l.memberId, amount: l.amount })),
      paymentPassword: password,
    };
    const idempotencyKey = keys.keyFor(JSON.stringify(body));
    try {
      const r = await transfer.mutateAsync({ ...body, idempotencyKey });
      keys.settle('answered');
      setPassword('');
      void toast.show(
        t('agency.transfer.done', { count: r.lines, total: formatMoney(plan.total) }),
        TOAST_MS.success,
        'success',
      );
      onDone();
    } catch (err) {
      keys.settle(answered(err) ? 'answered' : 'lost');
      setFailure(err);
      setPassword('');
      passwordRef.current?.focus();
    }
  };

  return (
    <form
      className="ui-card agency-transfer"
      aria-labelledby={titleId}
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="transfer-panel"
    >
      <h2 id={titleId} className="ui-card__title">
        {t('agency.transfer.title')}
      </h2>
      <p>
        {t('agency.transfer.summary', { count: plan.lines.length })}{' '}
        <strong data-testid="transfer-total">{formatMoney(plan.total)}</strong>
        {balance !== null && (
          <small className="agency-note">
            {t('agency.transfer.available', { amount: formatMoney(balance) })}
          </small>
        )}
      </p>
      <label className="ui-field" htmlFor={passwordId}>
        <span className="ui-field__label">{t('agency.transfer.paymentPassword')}</span>
        <input
          ref={passwordRef}
          id={passwordId}
          className="ui-input"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={problem === 'password'}
          data-testid="transfer-password"
        />
      </label>
      <p className="agency-note">
        <Link to="/m/securityCenter">{t('agency.transfer.securityLink')}</Link>
      </p>
      {problem !== null && (
        <p className="ui-field__error" role="alert" data-testid="transfer-problem">
          {t(`agency.transfer.problem.${problem}`)}
        </p>
      )}
      {failure !== null && (
        <p className="ui-field__error" role="alert" data-testid="transfer-error">
          {errorText(failure)}
        </p>
      )}
      <button
        type="submit"
        className="btn btn--primary"
        disabled={transfer.isPending}
        aria-busy={transfer.isPending}
        data-testid="transfer-submit"
      >
        {transfer.isPending ? t('common.pleaseWait') : t('agency.transfer.submit')}
      </button>
    </form>
  );
}
