import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { OpenedDownline } from '@panalo/contract/agent';
import { PRODUCT_GROUPS } from '@panalo/contract/rebate';
import { useTranslation } from '../../../i18n/react';
import { Page } from '../../../components/ui/page';
import { ListSkeleton, LoadError, useErrorText } from '../../../components/ui/states';
import { useSession } from '../../../lib/session';
import { agencyKeys } from '../api/agency-keys';
import { checkUsername, openDownline, quotasKey, useQuotas } from '../api/downlines';
import { useRebate } from '../api/rebate';
import { KindFieldset, RatesFieldset, type Kind } from '../components/downline-terms';
import { InvitationLinks } from '../components/invitation-links';
import { ceilings, givenRates, rateProblem, type TypedRates } from '../rules/rates';
import '../agency.css';

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
 * the merchant's gap (a rate above the free threshold spends one of my quotas at that rate); or, on the
 * links tab, my register link and the invitation links that give registrations the same terms.
 */
export function AgentRegisterScreen() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const client = useQueryClient();
  const token = useSession()?.token ?? '';
  const own = useRebate(null);
  const quotas = useQuotas();
  const ids = { user: useId(), pass: useId(), confirm: useId(), user_hint: useId(), tabs: useId() };
  // ?tab=links opens the invitation links (a link from elsewhere can land there).
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'links' ? 'links' : 'open';
  const setTab = (x: 'open' | 'links') => setParams(x === 'links' ? { tab: 'links' } : {}, { replace: true });
  const [username, setUsername] = useState('');
  const [available, setAvailable] = useState<boolean | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [kind, setKind] = useState<Kind>('player');
  const [rates, setRates] = useState<TypedRates>({});
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
  const mismatch = confirm !== '' && confirm !== password;
  const blocked =
    username.trim() === '' ||
    password === '' ||
    mismatch ||
    PRODUCT_GROUPS.some((p) => rateProblem(rates, max, p));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (blocked || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const v = await openDownline({
        username: username.trim(),
        password,
        confirmPassword: confirm,
        kind,
        rates: givenRates(rates),
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
      <div className="agency-tabs" role="tablist" aria-label={t('agency.register.title')}>
        {(['open', 'links'] as const).map((x) => (
          <button
            key={x}
            type="button"
            role="tab"
            id={`${ids.tabs}-${x}`}
            aria-selected={tab === x}
            aria-controls={`${ids.tabs}-panel`}
            className="agency-tabs__tab"
            onClick={() => setTab(x)}
            data-testid={`agent-register-tab-${x}`}
          >
            {t(`agency.register.tabs.${x}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${ids.tabs}-panel`} aria-labelledby={`${ids.tabs}-${tab}`}>
        {tab === 'links' ? (
          <InvitationLinks max={max} quotas={quotas.data} />
        ) : opened ? (
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
            <KindFieldset kind={kind} onChange={setKind} testIdPrefix="agent-register" />
            <RatesFieldset
              rates={rates}
              onChange={setRates}
              max={max}
              quotas={quotas.data}
              testIdPrefix="agent-register"
            />
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
      </div>
    </Page>
  );
}
