import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useHeaderBalance } from '../../../app/layout/use-header-balance';
import {
  PaymentFailure,
  PaymentPasswordField,
  PaymentSubmit,
  SecurityCentreLink,
  usePaymentPassword,
} from '../../../components/ui/payment-password';
import { formatMoney } from '../../../lib/format';
import { TOAST_MS, toast } from '../../../lib/toast';
import { useTransferToDownlines } from '../api/transfer-downlines';
import { transferPlan, type TransferEntry } from '../rules/transfer';

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
  const { balance } = useHeaderBalance();
  const pay = usePaymentPassword(useTransferToDownlines());
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();
  const plan = transferPlan(entries, balance);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pay.busy) return;
    pay.setFailure(null);
    const found =
      plan.lines.length === 0
        ? 'none'
        : plan.invalid.length > 0
          ? 'invalid'
          : plan.tooMany
            ? 'tooMany'
            : plan.overBalance
              ? 'overBalance'
              : !/^\d{6}$/.test(pay.password)
                ? 'password'
                : null;
    setProblem(found);
    if (found === 'password') return pay.ref.current?.focus();
    if (found) return;
    const body = {
      lines: plan.lines.map((l) => ({ memberId: l.memberId, amount: l.amount })),
      paymentPassword: pay.password,
    };
    const sent = await pay.send(body);
    if (!sent.ok) return;
    void toast.show(
      t('agency.transfer.done', { count: sent.value.lines, total: formatMoney(plan.total) }),
      TOAST_MS.success,
      'success',
    );
    onDone();
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
      <PaymentPasswordField
        pay={pay}
        label={t('agency.transfer.paymentPassword')}
        invalid={problem === 'password'}
        testId="transfer-password"
      />
      <SecurityCentreLink className="agency-note" text={t('agency.transfer.securityLink')} />
      {problem !== null && (
        <p className="ui-field__error" role="alert" data-testid="transfer-problem">
          {t(`agency.transfer.problem.${problem}`)}
        </p>
      )}
      <PaymentFailure failure={pay.failure} className="ui-field__error" testId="transfer-error" />
      <PaymentSubmit busy={pay.busy} text={t('agency.transfer.submit')} testId="transfer-submit" />
    </form>
  );
}
