import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { OpenedDownline } from '@panalo/contract/agent';
import { parseRate, PRODUCT_GROUPS, formatRate, type ProductGroup } from '@panalo/contract/rebate';
import { useTranslation } from '../../../i18n/react';
import { Page } from '../../../components/ui/page';
import { ListSkeleton, LoadError, useErrorText } from '../../../components/ui/states';
import { useSession } from '../../../lib/session';
import { agencyKeys } from '../api/agency-keys';
import { checkUsername, openDownline, quotasKey, useQuotas } from '../api/downlines';
import { useRebate } from '../api/rebate';
import '../agency.css';

type Kind = 'player' | 'agent';

/** The highest rate I may give, per product: my own less the gap (null: none). */
function ceilings(own: Record<ProductGroup, string>, gap: string): Record<ProductGroup, number | null> {
  const g = parseRate(gap) ?? 0;
  return Object.fromEntries(
    PRODUCT_GROUPS.map((p) => {
      const max = (parseRate(own[p]) ?? 0) - g;
      return [p, max > 0 ? max : null];
    }),
  ) as Record<ProductGroup, number | null>;
}

function Opened({ opened, onAnother }: { opened: OpenedDownline; onAnother: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="ui-card" role="status" data-testid="agent-register-done">
      <h2 className="ui-card__title">{t('agency.register.done', { name: opened.username })}</h2>
      <p>
        {opened.quotaSpent
          ? t('agency.register.quotaSpent', { rate: opened.quotaSpent })
          : t('agency.register.free')}
      </p>
      <div className="agency-register__after">
        <Link to="/m/member/team" className="btn btn--primary" data-testid="agent-register-team">
          {t('agency.grid.teamManagement')}
        </Link>
        <button type="button" className="btn" onClick={onAnother} data-testid="agent-register-another">
          {t('agency.register.another')}
        </button>
      </div>
    </section>
  );
}

/**
 * /m/agentRegister: open an account in my team, a player or an agent, with rebate rates below mine by
 * the merchant's gap; a rate above the free threshold spends one of my quotas at that rate.
 */
export function AgentRegisterScreen() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const client = useQueryClient();
  const token = useSession()?.token ?? '';
  const own = useRebate(null);
  const quotas = useQuotas();
  const ids = { user: useId(), pass: useId(), confirm: useId(), kind: useId(), user_hint: useId() };
  const [username, setUsername] = useState('');
  const [available, setAvailable] = useState<boolean | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [kind, setKind] = useState<Kind>('player');
  const [rates, setRates] = useState<Partial<Record<ProductGroup, string>>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [opened, setOpened] = useState<OpenedDownline | null>(null);

  if (own.isPending)
    return (
      <Page title={t('agency.register.title')} testId="agent-register-screen">
        <ListSkeleton rows={3} />
      </Page>
    );
  if (own.isError && !own.data)
    return (
      <Page title={t('agency.register.title')} testId="agent-register-screen">
        <LoadError error={own.error} onRetry={() => void own.refetch()} />
      </Page>
    );
  const max = ceilings(own.data.rates, own.data.minGap);
  const rateProblem = (p: ProductGroup) => {
    const text = rates[p];
    if (text === undefined || text === '') return false;
    const bp = parseRate(text);
    return bp === null || bp > (max[p] ?? 0);
  };
  const mismatch = confirm !== '' && confirm !== password;
  const blocked = username.trim() === '' || password === '' || mismatch || PRODUCT_GROUPS.some(rateProblem);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (blocked || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const given = Object.fromEntries(Object.entries(rates).filter(([, v]) => v !== undefined && v !== ''));
      const v = await openDownline({
        username: username.trim(),
        password,
        confirmPassword: confirm,
        kind,
        rates: given,
      });
      setOpened(v);
      void client.invalidateQueries({ queryKey: agencyKeys.all });
      void client.invalidateQueries({ queryKey: quotasKey(token) });
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const reset = () => {
    setOpened(null);
    setUsername('');
    setAvailable(null);
    setPassword('');
    setConfirm('');
    setRates({});
  };

  return (
    <Page title={t('agency.register.title')} testId="agent-register-screen">
      {opened ? (
        <Opened opened={opened} onAnother={reset} />
      ) : (
        <form
          className="ui-card agency-register"
          onSubmit={(e) => void submit(e)}
          noValidate
          data-testid="agent-register-form"
        >
          <label className="ui-field" htmlFor={ids.user}>
            <span className="ui-field__label">{t('agency.register.username')}</span>
            <input
              id={ids.user}
              className="ui-input"
              autoComplete="off"
              value={username}
              maxLength={32}
              aria-describedby={ids.user_hint}
              onChange={(e) => {
                setUsername(e.target.value);
                setAvailable(null);
              }}
              onBlur={() => {
                const name = username.trim();
                if (name)
                  void checkUsername(name).then(
                    (r) => setAvailable(r.available),
                    () => setAvailable(null),
                  );
              }}
              data-testid="agent-register-username"
            />
          </label>
          <p
            id={ids.user_hint}
            className="agency-register__hint"
            aria-live="polite"
            data-testid="agent-register-available"
          >
            {available === null
              ? ''
              : available
                ? t('agency.register.available')
                : t('errors.username_taken')}
          </p>
          <label className="ui-field" htmlFor={ids.pass}>
            <span className="ui-field__label">{t('agency.register.password')}</span>
            <input
              id={ids.pass}
              type="password"
              className="ui-input"
              autoComplete="new-password"
              value={password}
              maxLength={64}
              onChange={(e) => setPassword(e.target.value)}
              data-testid="agent-register-password"
            />
          </label>
          <label className="ui-field" htmlFor={ids.confirm}>
            <span className="ui-field__label">{t('agency.register.confirm')}</span>
            <input
              id={ids.confirm}
              type="password"
              className="ui-input"
              autoComplete="new-password"
              value={confirm}
              maxLength={64}
              aria-invalid={mismatch}
              onChange={(e) => setConfirm(e.target.value)}
              data-testid="agent-register-confirm"
            />
          </label>
          {mismatch && (
            <p className="ui-field__error" role="alert">
              {t('errors.confirm_mismatch')}
            </p>
          )}
          <fieldset className="agency-register__kind">
            <legend>{t('agency.register.kind')}</legend>
            {(['player', 'agent'] as const).map((k) => (
              <label key={k}>
                <input
                  type="radio"
                  name="kind"
                  value={k}
                  checked={kind === k}
                  onChange={() => setKind(k)}
                  data-testid={`agent-register-kind-${k}`}
                />
                {t(`agency.register.kinds.${k}`)}
              </label>
            ))}
          </fieldset>
          <fieldset className="agency-register__rates">
            <legend>{t('agency.register.rates')}</legend>
            <p className="agency-register__hint">
              {t('agency.register.threshold', { rate: quotas.data?.freeThreshold ?? '–' })}
              {quotas.data &&
                quotas.data.quotas.length > 0 &&
                ` ${t('agency.register.quotas', {
                  list: quotas.data.quotas.map((q) => `${q.rate} % × ${q.remaining}`).join(', '),
                })}`}
            </p>
            {PRODUCT_GROUPS.map((p) => (
              <label key={p} className="agency-register__rate">
                <span>{t(`agency.product.${p}`)}</span>
                <input
                  className="ui-input agency-rebate__input"
                  inputMode="decimal"
                  placeholder="0.00"
                  value={rates[p] ?? ''}
                  disabled={max[p] === null}
                  aria-invalid={rateProblem(p)}
                  onChange={(e) => setRates((r) => ({ ...r, [p]: e.target.value }))}
                  data-testid={`agent-register-rate-${p}`}
                />
                <span className="agency-register__hint">
                  {max[p] === null
                    ? t('agency.rebate.noRoom')
                    : t('agency.register.max', { rate: formatRate(max[p]) })}
                </span>
              </label>
            ))}
          </fieldset>
          {failure && (
            <p className="agency-rebate__failure" role="alert" data-testid="agent-register-failure">
              {failure}
            </p>
          )}
          <button
            type="submit"
            className="btn btn--primary"
            disabled={blocked}
            aria-busy={busy}
            data-testid="agent-register-submit"
          >
            {busy ? t('common.pleaseWait') : t('agency.register.submit')}
          </button>
        </form>
      )}
    </Page>
  );
}
