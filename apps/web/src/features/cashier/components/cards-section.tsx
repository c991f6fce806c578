import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { bindCard, type SecurityConfig } from '../api/security';
import { useSecuritySubmit } from '../hooks/use-security-submit';
import { cardDigits, isCardNumber, isPaymentPassword } from '../lib/amount';
import { Field, PinField, SelectField } from './field';
import { Empty } from './states';

type Name = 'bank' | 'card' | 'pin';

/**
 * Bank cards (WALLET-003): the list, masked to the last four digits, and binding a new one with the
 * payment password, up to the merchant's maximum. The typed number is cleared once sent.
 */
export function CardsSection({ security }: { security: SecurityConfig }) {
  const { t } = useTranslation();
  const { cards, maxCards, withdrawBanks, hasPaymentPassword } = security;
  const full = cards.length >= maxCards;
  return (
    <section className="cs-card" aria-labelledby="cs-cards-title" data-testid="security-cards">
      <h2 id="cs-cards-title" className="cs-card__title">
        {t('cashier.cards.title')}
        <span className="cs-status">{t('cashier.cards.count', { n: cards.length, max: maxCards })}</span>
      </h2>
      {cards.length === 0 ? (
        <Empty text={t('cashier.cards.empty')} testId="security-cards-empty" />
      ) : (
        <ul className="cs-cardlist">
          {cards.map((c) => (
            <li key={c.id} className="cs-bankcard" data-testid={`security-card-${c.id}`}>
              <span className="cs-bankcard__bank">{c.bankName}</span>
              <span className="cs-mono" aria-label={t('cashier.cards.endingIn', { last4: c.last4 })}>
                {c.masked}
              </span>
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className="cs-notice" data-testid="security-cards-full">
          {t('cashier.cards.full', { max: maxCards })}
        </p>
      ) : !hasPaymentPassword ? (
        <p className="cs-notice" data-testid="security-cards-need-pin">
          {t('cashier.cards.needPin')}
        </p>
      ) : (
        <BindCardForm banks={withdrawBanks} />
      )}
    </section>
  );
}

function BindCardForm({ banks }: { banks: SecurityConfig['withdrawBanks'] }) {
  const { t } = useTranslation();
  const [bank, setBank] = useState('');
  const [card, setCard] = useState('');
  const [pin, setPin] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const { busy, failure, run } = useSecuritySubmit();
  const bankRef = useRef<HTMLSelectElement>(null);
  const cardRef = useRef<HTMLInputElement>(null);
  const pinRef = useRef<HTMLInputElement>(null);
  const digits = cardDigits(card);
  const problems: Record<Name, string | null> = {
    bank: bank === '' ? t('cashier.cards.bankRequired') : null,
    card: isCardNumber(digits) ? null : t('cashier.cards.numberFormat'),
    pin: isPaymentPassword(pin) ? null : t('cashier.pin.format'),
  };
  const shown = (n: Name) => (submitted ? problems[n] : null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    const first = (['bank', 'card', 'pin'] as const).find((n) => problems[n]);
    if (first) {
      ({ bank: bankRef, card: cardRef, pin: pinRef })[first].current?.focus();
      return;
    }
    const ok = await run(
      () => bindCard({ bankCode: bank, cardNumber: digits, paymentPassword: pin }),
      'cashier.cards.saved',
    );
    // The full number is not kept in the page once the server has it.
    if (ok) {
      setCard('');
      setPin('');
      setBank('');
      setSubmitted(false);
    }
  }

  return (
    <form className="cs-form" noValidate onSubmit={(e) => void submit(e)} data-testid="security-card-form">
      <h3 className="cs-card__subtitle">{t('cashier.cards.bind')}</h3>
      <SelectField
        ref={bankRef}
        label={t('cashier.cards.bank')}
        error={shown('bank')}
        value={bank}
        onChange={(e) => setBank(e.target.value)}
        testId="security-card-bank"
      >
        <option value="">{t('cashier.cards.bankPick')}</option>
        {banks.map((b) => (
          <option key={b.code} value={b.code}>
            {b.name}
          </option>
        ))}
      </SelectField>
      <Field
        ref={cardRef}
        label={t('cashier.cards.number')}
        hint={t('cashier.cards.numberHint')}
        error={shown('card')}
        value={card}
        inputMode="numeric"
        autoComplete="off"
        maxLength={23}
        onChange={(e) => setCard(e.target.value.replace(/[^\d\s-]/g, ''))}
        testId="security-card-number"
      />
      <PinField
        ref={pinRef}
        label={t('cashier.pin.label')}
        error={shown('pin')}
        value={pin}
        onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 6))}
        testId="security-card-pin"
      />
      {failure && (
        <p className="cs-alert" role="alert" data-testid="security-card-failure">
          {failure}
        </p>
      )}
      <button
        type="submit"
        className="btn btn--primary cs-submit"
        disabled={busy}
        data-testid="security-card-submit"
      >
        {t('cashier.cards.submit')}
      </button>
    </form>
  );
}
