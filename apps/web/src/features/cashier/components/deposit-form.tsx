import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { VerifyNowLink } from '../../../components/ui/kyc-refusal';
import { kycRefusalCode } from '../../../lib/kyc-refusal';
import { createDeposit, type CreateDepositBody, type CreatedDeposit } from '../api/create-deposit';
import type { DepositMethod, DepositPromotion } from '../api/deposit-options';
import { useCashierText } from '../hooks/use-cashier-text';
import { useIntentKey } from '../hooks/use-intent-key';
import { checkAmount, quickAmounts } from '../lib/amount';
import { goToPaymentPage } from '../lib/redirect';
import { AmountField } from './amount-field';
import { BankAccounts } from './bank-accounts';
import { Field } from './field';
import { PromotionOptIn } from './promotion-opt-in';

interface Props {
  method: DepositMethod;
  promotions: DepositPromotion[];
  /** A bank-transfer order was created (pending until an operator confirms it). */
  onCreated: (created: CreatedDeposit) => void;
}

type FieldName = 'account' | 'amount' | 'reference' | 'payerName';

/**
 * One deposit intent with one method. Mounted per method (key), so opening the form starts a new
 * intent with its own idempotency key; a retry of the same request reuses it.
 */
export function DepositForm({ method, promotions, onCreated }: Props) {
  const { t } = useTranslation();
  const text = useCashierText();
  const intent = useIntentKey();
  const bank = method.kind === 'bank_transfer';
  const [amount, setAmount] = useState('');
  const [accountId, setAccountId] = useState<string | null>(
    method.bankAccounts.length === 1 ? (method.bankAccounts[0]?.id ?? null) : null,
  );
  const [reference, setReference] = useState('');
  const [payerName, setPayerName] = useState('');
  const [promo, setPromo] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The refusal is one that verification answers: the message links to the Verification page.
  const [verify, setVerify] = useState(false);
  const amountRef = useRef<HTMLInputElement>(null);
  const referenceRef = useRef<HTMLInputElement>(null);
  const payerRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const checked = checkAmount(amount, method);
  const problems: Record<FieldName, string | null> = {
    account: bank && !accountId ? t('cashier.deposit.accountRequired') : null,
    amount: checked.ok ? null : text.amountProblem(checked.problem),
    reference: bank && reference.trim() === '' ? t('cashier.deposit.referenceRequired') : null,
    payerName: bank && payerName.trim().length < 2 ? t('cashier.deposit.payerNameRequired') : null,
  };
  // Amount messages follow the typing (live); the others appear after the first submit.
  const shown = (name: FieldName) =>
    name === 'amount' ? (touched || submitted ? problems.amount : null) : submitted ? problems[name] : null;

  function focusFirstInvalid(): boolean {
    const order: FieldName[] = ['account', 'amount', 'reference', 'payerName'];
    const first = order.find((n) => problems[n]);
    if (!first) return false;
    if (first === 'account')
      formRef.current?.querySelector<HTMLInputElement>('input[name="bankAccount"]')?.focus();
    else ({ amount: amountRef, reference: referenceRef, payerName: payerRef })[first].current?.focus();
    return true;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setSubmitted(true);
    if (focusFirstInvalid() || !checked.ok) return;
    const body: CreateDepositBody = {
      methodCode: method.code,
      amount,
      ...(promo ? { promotionCode: promo } : {}),
      ...(bank && accountId
        ? { bankAccountId: accountId, reference: reference.trim(), payerName: payerName.trim() }
        : {}),
    };
    setBusy(true);
    setFailure(null);
    setVerify(false);
    try {
      const created = await createDeposit(body, intent.for(body));
      intent.renew();
      if (!bank && created.redirectUrl) {
        if (goToPaymentPage(created.redirectUrl)) return; // stays busy: the page is leaving
        setFailure(text.error(null));
        setBusy(false);
        return;
      }
      onCreated(created);
    } catch (err) {
      setFailure(text.error(err));
      setVerify(kycRefusalCode(err) !== null);
      setBusy(false);
    }
  }

  return (
    <form
      ref={formRef}
      className="cs-form"
      noValidate
      onSubmit={(e) => void submit(e)}
      data-testid="deposit-form"
      aria-label={method.name}
    >
      {bank && (
        <BankAccounts
          accounts={method.bankAccounts}
          selected={accountId}
          onSelect={setAccountId}
          error={shown('account')}
        />
      )}
      <AmountField
        ref={amountRef}
        label={t('cashier.amount.label')}
        value={amount}
        onChange={(v) => {
          setAmount(v);
          setTouched(true);
        }}
        error={shown('amount')}
        min={method.min}
        max={method.max}
        quick={quickAmounts(method.min, method.max)}
        testId="deposit-amount"
      />
      {bank && (
        <>
          <Field
            ref={referenceRef}
            label={t('cashier.deposit.reference')}
            hint={t('cashier.deposit.referenceHint')}
            error={shown('reference')}
            value={reference}
            maxLength={64}
            autoComplete="off"
            onChange={(e) => setReference(e.target.value)}
            testId="deposit-reference"
          />
          <Field
            ref={payerRef}
            label={t('cashier.deposit.payerName')}
            error={shown('payerName')}
            value={payerName}
            maxLength={64}
            autoComplete="name"
            onChange={(e) => setPayerName(e.target.value)}
            testId="deposit-payer-name"
          />
        </>
      )}
      <PromotionOptIn
        promotions={promotions}
        selected={promo}
        onChange={setPromo}
        amountMinor={checked.ok ? checked.minor : 0n}
      />
      {!bank && <p className="cs-muted">{t('cashier.deposit.gatewayNote')}</p>}
      {failure && (
        <p className="cs-alert" role="alert" data-testid="deposit-failure">
          {failure}
          {verify && (
            <>
              {' '}
              <VerifyNowLink />
            </>
          )}
        </p>
      )}
      <button
        type="submit"
        className="btn btn--primary cs-submit"
        disabled={busy}
        data-testid="deposit-submit"
      >
        {busy
          ? t('common.pleaseWait')
          : bank
            ? t('cashier.deposit.submitBank')
            : t('cashier.deposit.submitGateway')}
      </button>
    </form>
  );
}
