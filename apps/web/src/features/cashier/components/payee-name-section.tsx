import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/react';
import { bindPayeeName } from '../api/security';
import { useSecuritySubmit } from '../hooks/use-security-submit';
import { Field } from './field';

/** The payee name (the name on the member's bank accounts): bound once, then shown read-only. */
export function PayeeNameSection({ payeeName }: { payeeName: string | null }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const { busy, failure, run } = useSecuritySubmit();
  const ref = useRef<HTMLInputElement>(null);
  const trimmed = name.trim();
  const problem = trimmed.length < 2 || trimmed.length > 64 ? t('cashier.payee.format') : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (problem) {
      ref.current?.focus();
      return;
    }
    await run(() => bindPayeeName(trimmed), 'cashier.payee.saved');
  }

  return (
    <section className="cs-card" aria-labelledby="cs-payee-title" data-testid="security-payee">
      <h2 id="cs-payee-title" className="cs-card__title">
        {t('cashier.payee.title')}
      </h2>
      {payeeName ? (
        <p className="cs-readonly">
          <span data-testid="security-payee-value">{payeeName}</span>
          <span className="cs-muted"> · {t('cashier.payee.bound')}</span>
        </p>
      ) : (
        <form
          className="cs-form"
          noValidate
          onSubmit={(e) => void submit(e)}
          data-testid="security-payee-form"
        >
          <Field
            ref={ref}
            label={t('cashier.payee.label')}
            hint={t('cashier.payee.once')}
            error={submitted ? problem : null}
            value={name}
            maxLength={64}
            autoComplete="name"
            onChange={(e) => setName(e.target.value)}
            testId="security-payee-input"
          />
          {failure && (
            <p className="cs-alert" role="alert" data-testid="security-payee-failure">
              {failure}
            </p>
          )}
          <button
            type="submit"
            className="btn btn--primary cs-submit"
            disabled={busy}
            data-testid="security-payee-submit"
          >
            {t('cashier.payee.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
