import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { VerifyNowLink } from '../../../components/ui/kyc-refusal';
import { kycRefusalCode } from '../../../lib/kyc-refusal';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateBalance } from '../../../app/layout/use-header-balance';
import { ApiError } from '../../../lib/api';
import { cashierKeys } from '../api/keys';
import type { SecurityConfig } from '../api/security';
import { createWithdrawal, type CreateWithdrawalBody, type Withdrawal } from '../api/withdrawal';
import { useCashierText } from '../hooks/use-cashier-text';
import { useIntentKey } from '../hooks/use-intent-key';
import { allAmount, checkAmount, isPaymentPassword } from '../lib/amount';
import { AmountField } from './amount-field';
import { CardPicker } from './card-picker';
import { PinField } from './field';

/** Refusals that mean the page's picture of the member is out of date. */
const RECHECK = new Set([
  'wagering_not_met',
  'payment_password_required',
  'payee_name_required',
  'card_not_found',
  'insufficient_balance',
  // My VIP level's daily limit: the line above the form shows today's use again.
  'withdraw_daily_count',
  'withdraw_daily_amount',
]);

interface Props {
  security: SecurityConfig;
  /** The spendable balance (decimal string). */
  balance: string;
  onDone: (w: Withdrawal) => void;
}

/** One withdrawal intent: card, amount within limits and balance, payment password. */
export function WithdrawForm({ security, balance, onDone }: Props) {
  const { t } = useTranslation();
  const text = useCashierText();
  const intent = useIntentKey();
  const queryClient = useQueryClient();
  const [cardId, setCardId] = useState<string | null>(security.cards[0]?.id ?? null);
  const [amount, setAmount] = useState('');
  const [pin, setPin] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // The refusal is one that verification answers: the message links to the Verification page.
  const [verify, setVerify] = useState(false);
  const amountRef = useRef<HTMLInputElement>(null);
  const pinRef = useRef<HTMLInputElement>(null);

  const limits = { min: security.minWithdraw, max: security.maxWithdraw, balance };
  const checked = checkAmount(amount, limits);
  const amountError = touched || submitted ? (checked.ok ? null : text.amountProblem(checked.problem)) : null;
  const pinError = submitted && !isPaymentPassword(pin) ? t('cashier.pin.format') : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || !cardId) return;
    setSubmitted(true);
    if (!checked.ok) {
      amountRef.current?.focus();
      return;
    }
    if (!isPaymentPassword(pin)) {
      pinRef.current?.focus();
      return;
    }
    const body: CreateWithdrawalBody = { cardId, amount, paymentPassword: pin };
    setBusy(true);
    setFailure(null);
    setVerify(false);
    try {
      const w = await createWithdrawal(body, intent.for(body));
      intent.renew();
      // The balance moved to pending: the header and the wagering block must show it.
      void invalidateBalance(queryClient);
      void queryClient.invalidateQueries({ queryKey: cashierKeys.security() });
      onDone(w);
    } catch (err) {
      setFailure(text.error(err));
      setVerify(kycRefusalCode(err) !== null);
      setBusy(false);
      const code = err instanceof ApiError ? err.code : '';
      if (code === 'payment_password_wrong') {
        // The next attempt is a new request (another password), so it gets a new key by itself.
        setPin('');
        pinRef.current?.focus();
      } else if (RECHECK.has(code)) {
        // The set-up or the turnover changed since the page loaded: show the real state.
        void queryClient.invalidateQueries({ queryKey: cashierKeys.security() });
        void invalidateBalance(queryClient);
      }
    }
  }

  return (
    <form className="cs-form" noValidate onSubmit={(e) => void submit(e)} data-testid="withdraw-form">
      <CardPicker cards={security.cards} selected={cardId} onSelect={setCardId} />
      <AmountField
        ref={amountRef}
        label={t('cashier.amount.label')}
        value={amount}
        onChange={(v) => {
          setAmount(v);
          setTouched(true);
        }}
        error={amountError}
        min={security.minWithdraw}
        max={security.maxWithdraw}
        testId="withdraw-amount"
        addon={
          <button
            type="button"
            className="cs-inline-btn"
            onClick={() => {
              setAmount(allAmount(balance, security.maxWithdraw));
              setTouched(true);
            }}
            aria-label={t('cashier.withdraw.allLabel')}
            data-testid="withdraw-all"
          >
            {t('cashier.withdraw.all')}
          </button>
        }
      />
      <PinField
        ref={pinRef}
        label={t('cashier.pin.label')}
        error={pinError}
        value={pin}
        onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 6))}
        testId="withdraw-pin"
      />
      {failure && (
        <p className="cs-alert" role="alert" data-testid="withdraw-failure">
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
        data-testid="withdraw-submit"
      >
        {busy ? t('common.pleaseWait') : t('cashier.withdraw.submit')}
      </button>
    </form>
  );
}
