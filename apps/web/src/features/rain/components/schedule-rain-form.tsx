import { useId, useRef, useState, type FormEvent } from 'react';
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
import { useScheduleRain } from '../api/rain';
import {
  checkRainDraft,
  emptyRainDraft,
  meanEnvelope,
  type RainDraft,
  type RainDraftField,
} from '../rules/rain-draft';
import { ChosenMembers } from './chosen-members';

/** What the form holds itself (the password is the payment-password field's, the members the picker's). */
type Draft = Omit<RainDraft, 'paymentPassword'>;

/** The agent's form to schedule a rain: the budget leaves its wallet at once (payment password). */
export function ScheduleRainForm({ onDone, canChoose }: { onDone: () => void; canChoose: boolean }) {
  const { t } = useTranslation();
  const { balance } = useHeaderBalance();
  const pay = usePaymentPassword(useScheduleRain());
  const [draft, setDraft] = useState<Draft>(emptyRainDraft);
  const [chosen, setChosen] = useState<Map<string, string>>(new Map());
  const [problem, setProblem] = useState<{ field: RainDraftField; text: string } | null>(null);
  const refs = useRef<Partial<Record<RainDraftField, HTMLInputElement | null>>>({});
  const titleId = useId();
  const ids = {
    budget: useId(),
    envelopes: useId(),
    minAmount: useId(),
    minutes: useId(),
    perMember: useId(),
    startsAt: useId(),
  };
  const set = (p: Partial<Draft>) => setDraft((d) => ({ ...d, ...p }));
  const mean = meanEnvelope(draft);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (pay.busy) return;
    pay.setFailure(null);
    const checked = checkRainDraft(
      { ...draft, memberIds: [...chosen.keys()], paymentPassword: pay.password },
      Date.now(),
      balance,
    );
    if (checked.problem) {
      const { field } = checked.problem;
      setProblem({ field, text: t(checked.problem.key, checked.problem.values) });
      (field === 'password' ? pay.ref.current : refs.current[field])?.focus();
      return;
    }
    setProblem(null);
    // The intent is the rain, whatever password was typed.
    const { paymentPassword: _pw, ...intent } = checked.request;
    const sent = await pay.send(checked.request, intent);
    if (!sent.ok) return;
    void toast.show(
      t('rain.form.done', { total: formatMoney(checked.request.budget) }),
      TOAST_MS.success,
      'success',
    );
    setDraft(emptyRainDraft);
    setChosen(new Map());
    onDone();
  };

  const field = (
    name: Exclude<RainDraftField, 'members' | 'password'>,
    label: string,
    extra: { inputMode?: 'decimal' | 'numeric'; type?: string; hint?: string | null } = {},
  ) => (
    <label className="ui-field" htmlFor={ids[name]}>
      <span className="ui-field__label">{label}</span>
      <input
        ref={(el) => {
          refs.current[name] = el;
        }}
        id={ids[name]}
        className="ui-input"
        type={extra.type ?? 'text'}
        inputMode={extra.inputMode}
        autoComplete="off"
        value={draft[name]}
        onChange={(e) => set({ [name]: e.target.value })}
        aria-invalid={problem?.field === name}
        aria-describedby={problem?.field === name ? `${ids[name]}-problem` : undefined}
        data-testid={`rain-${name}`}
      />
      {extra.hint && <small className="rain-note">{extra.hint}</small>}
      {problem?.field === name && (
        <span id={`${ids[name]}-problem`} className="ui-field__error" role="alert">
          {problem.text}
        </span>
      )}
    </label>
  );

  return (
    <form
      className="ui-card rain-form"
      aria-labelledby={titleId}
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="rain-form"
    >
      <h2 id={titleId} className="ui-card__title">
        {t('rain.form.title')}
      </h2>
      {field('budget', t('rain.form.budget'), {
        inputMode: 'decimal',
        hint: balance !== null ? t('rain.form.available', { amount: formatMoney(balance) }) : null,
      })}
      {field('envelopes', t('rain.form.envelopes'), {
        inputMode: 'numeric',
        hint: mean !== null ? t('rain.form.mean', { amount: formatMoney(mean) }) : null,
      })}
      {field('minAmount', t('rain.form.minAmount'), { inputMode: 'decimal' })}
      {field('perMember', t('rain.form.perMember'), { inputMode: 'numeric' })}
      {field('minutes', t('rain.form.minutes'), { inputMode: 'numeric' })}
      {field('startsAt', t('rain.form.startsAt'), { type: 'datetime-local', hint: t('rain.form.startsNow') })}
      <fieldset className="rain-audience">
        <legend>{t('rain.form.audience')}</legend>
        <label>
          <input
            type="radio"
            name="rain-audience"
            checked={draft.audience === 'team'}
            onChange={() => set({ audience: 'team' })}
            data-testid="rain-audience-team"
          />{' '}
          {t('rain.form.team')}
        </label>
        {canChoose && (
          <label>
            <input
              type="radio"
              name="rain-audience"
              checked={draft.audience === 'chosen'}
              onChange={() => set({ audience: 'chosen' })}
              data-testid="rain-audience-chosen"
            />{' '}
            {t('rain.form.chosen')}
          </label>
        )}
      </fieldset>
      {draft.audience === 'chosen' && (
        <>
          <ChosenMembers chosen={chosen} onChange={setChosen} invalid={problem?.field === 'members'} />
          {problem?.field === 'members' && (
            <p className="ui-field__error" role="alert">
              {problem.text}
            </p>
          )}
        </>
      )}
      <PaymentPasswordField
        pay={pay}
        label={t('rain.form.paymentPassword')}
        invalid={problem?.field === 'password'}
        testId="rain-password"
      >
        {problem?.field === 'password' && (
          <span className="ui-field__error" role="alert">
            {problem.text}
          </span>
        )}
      </PaymentPasswordField>
      <SecurityCentreLink className="rain-note" text={t('rain.form.securityLink')} />
      <PaymentFailure failure={pay.failure} className="ui-field__error" testId="rain-form-error" />
      <PaymentSubmit busy={pay.busy} text={t('rain.form.submit')} testId="rain-submit" />
    </form>
  );
}
