import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { RainSummary } from '@panalo/contract/rain';
import type { TeamMembersPage } from '@panalo/contract/agent';
import { AGENT_API } from '@panalo/contract/agent-menu';
import { rainPhase } from '@panalo/contract/rain-rules';
import { useTranslation } from '../../../i18n/react';
import { useHeaderBalance } from '../../../app/layout/use-header-balance';
import { EmptyState, ListSkeleton, LoadError, useErrorText } from '../../../components/ui/states';
import { ApiError, apiGet } from '../../../lib/api';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { createIntentKeys } from '../../../lib/intent-key';
import { useSession } from '../../../lib/session';
import { TOAST_MS, toast } from '../../../lib/toast';
import { useCancelRain, useMyRains, useRainDetail, useScheduleRain } from '../api/rain';
import {
  checkRainDraft,
  emptyRainDraft,
  meanEnvelope,
  type RainDraft,
  type RainDraftField,
} from '../rules/rain-draft';
import { useNow } from './use-now';

/** A lost answer (no network, a server fault) may be retried with the same key; a refusal may not. */
const answered = (err: unknown) => err instanceof ApiError && err.status >= 400 && err.status < 500;

/** Members of the agent's team found by a username prefix, for a rain of chosen downlines. */
function useTeamSearch(search: string, enabled: boolean) {
  const token = useSession()?.token ?? '';
  const q = search.trim();
  return useQuery({
    queryKey: ['rain', 'team', token, q] as const,
    queryFn: ({ signal }) =>
      apiGet<TeamMembersPage>(AGENT_API.members, {
        query: { pageSize: '20', ...(q ? { search: q } : {}) },
        signal,
      }),
    enabled: enabled && token !== '' && (q === '' || /^[A-Za-z0-9_]{1,32}$/.test(q)),
  });
}

function ChosenMembers({
  chosen,
  onChange,
  invalid,
}: {
  chosen: ReadonlyMap<string, string>;
  onChange: (next: Map<string, string>) => void;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const found = useTeamSearch(search, true);
  const searchId = useId();
  const toggle = (id: string, username: string) => {
    const next = new Map(chosen);
    if (next.has(id)) next.delete(id);
    else next.set(id, username);
    onChange(next);
  };
  return (
    <fieldset className="rain-chosen" aria-invalid={invalid} data-testid="rain-chosen">
      <legend>{t('rain.form.chosenLegend', { count: chosen.size })}</legend>
      <label className="ui-field" htmlFor={searchId}>
        <span className="ui-field__label">{t('rain.form.search')}</span>
        <input
          id={searchId}
          className="ui-input"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          autoComplete="off"
          data-testid="rain-search"
        />
      </label>
      {found.isPending ? (
        <ListSkeleton rows={2} />
      ) : found.isError ? (
        <LoadError error={found.error} onRetry={() => void found.refetch()} />
      ) : found.data.list.length === 0 ? (
        <EmptyState text={t('rain.form.noneFound')} />
      ) : (
        <ul className="rain-chosen__list">
          {found.data.list.map((m) => (
            <li key={m.id}>
              <label className="rain-chosen__item">
                <input
                  type="checkbox"
                  checked={chosen.has(m.id)}
                  onChange={() => toggle(m.id, m.username)}
                  data-testid="rain-choose"
                />{' '}
                {m.username}
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/** The agent's form to schedule a rain: the budget leaves its wallet at once (payment password). */
export function ScheduleRainForm({ onDone, canChoose }: { onDone: () => void; canChoose: boolean }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { balance } = useHeaderBalance();
  const schedule = useScheduleRain();
  const [keys] = useState(() => createIntentKeys());
  const [draft, setDraft] = useState<RainDraft>(emptyRainDraft);
  const [chosen, setChosen] = useState<Map<string, string>>(new Map());
  const [problem, setProblem] = useState<{ field: RainDraftField; text: string } | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const refs = useRef<Partial<Record<RainDraftField, HTMLInputElement | null>>>({});
  const titleId = useId();
  const ids = {
    budget: useId(),
    envelopes: useId(),
    minAmount: useId(),
    minutes: useId(),
    perMember: useId(),
    startsAt: useId(),
    password: useId(),
  };
  const set = (p: Partial<RainDraft>) => setDraft((d) => ({ ...d, ...p }));
  const mean = meanEnvelope(draft);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (schedule.isPending) return;
    setFailure(null);
    const checked = checkRainDraft({ ...draft, memberIds: [...chosen.keys()] }, Date.now(), balance);
    if (checked.problem) {
      setProblem({ field: checked.problem.field, text: t(checked.problem.key, checked.problem.values) });
      refs.current[checked.problem.field]?.focus();
      return;
    }
    setProblem(null);
    const { paymentPassword: _pw, ...intent } = checked.request;
    const idempotencyKey = keys.keyFor(JSON.stringify(intent));
    try {
      await schedule.mutateAsync({ ...checked.request, idempotencyKey });
      keys.settle('answered');
      void toast.show(
        t('rain.form.done', { total: formatMoney(checked.request.budget) }),
        TOAST_MS.success,
        'success',
      );
      setDraft(emptyRainDraft);
      setChosen(new Map());
      onDone();
    } catch (err) {
      keys.settle(answered(err) ? 'answered' : 'lost');
      setFailure(err);
      set({ paymentPassword: '' });
      refs.current.password?.focus();
    }
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
      <label className="ui-field" htmlFor={ids.password}>
        <span className="ui-field__label">{t('rain.form.paymentPassword')}</span>
        <input
          ref={(el) => {
            refs.current.password = el;
          }}
          id={ids.password}
          className="ui-input"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={draft.paymentPassword}
          onChange={(e) => set({ paymentPassword: e.target.value })}
          aria-invalid={problem?.field === 'password'}
          data-testid="rain-password"
        />
        {problem?.field === 'password' && (
          <span className="ui-field__error" role="alert">
            {problem.text}
          </span>
        )}
      </label>
      <p className="rain-note">
        <Link to="/m/securityCenter">{t('rain.form.securityLink')}</Link>
      </p>
      {failure !== null && (
        <p className="ui-field__error" role="alert" data-testid="rain-form-error">
          {errorText(failure)}
        </p>
      )}
      <button
        type="submit"
        className="btn btn--primary"
        disabled={schedule.isPending}
        aria-busy={schedule.isPending}
        data-testid="rain-submit"
      >
        {schedule.isPending ? t('common.pleaseWait') : t('rain.form.submit')}
      </button>
    </form>
  );
}

function RainClaims({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const detail = useRainDetail(id);
  if (detail.isPending) return <ListSkeleton rows={2} />;
  if (detail.isError) return <LoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  if (detail.data.claims.length === 0) return <EmptyState text={t('rain.mine.noClaims')} />;
  return (
    <table className="rain-claims" data-testid="rain-claims">
      <caption className="visually-hidden">{t('rain.mine.claimsCaption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('rain.mine.member')}</th>
          <th scope="col">{t('rain.mine.amount')}</th>
          <th scope="col">{t('rain.mine.at')}</th>
        </tr>
      </thead>
      <tbody>
        {detail.data.claims.map((c) => (
          <tr key={`${c.username}-${c.claim}`} data-testid="rain-claim">
            <td>{c.username}</td>
            <td>{formatMoney(c.amount)}</td>
            <td>{formatDateTime(c.at, i18n.language)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RainRow({ rain }: { rain: RainSummary }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const cancel = useCancelRain();
  const [open, setOpen] = useState(false);
  const now = useNow((at) => ['upcoming', 'open'].includes(rainPhase(rain, at)));
  const phase = rainPhase(rain, now);
  const detailId = useId();
  return (
    <li className="ui-card rain-row" data-testid="rain-row" data-phase={phase}>
      <p className="rain-row__head">
        <span className={`rain-badge rain-badge--${phase}`}>{t(`rain.phase.${phase}`)}</span>{' '}
        <strong>{formatMoney(rain.budget)}</strong> · {t('rain.mine.envelopes', { count: rain.envelopes })}
      </p>
      <p className="rain-note">
        {formatDateTime(rain.startsAt, i18n.language)} – {formatDateTime(rain.endsAt, i18n.language)} ·{' '}
        {rain.audience === 'team' ? t('rain.mine.team') : t('rain.mine.chosen', { count: rain.chosen })}
      </p>
      <p data-testid="rain-row-figures">
        {t('rain.mine.figures', {
          claimed: rain.claimed,
          envelopes: rain.envelopes,
          amount: formatMoney(rain.claimedAmount),
          claimants: rain.claimants,
        })}
        {rain.status !== 'scheduled' && (
          <> · {t('rain.mine.returned', { amount: formatMoney(rain.returned) })}</>
        )}
      </p>
      <div className="rain-row__actions">
        <button
          type="button"
          className="btn"
          aria-expanded={open}
          aria-controls={detailId}
          onClick={() => setOpen((o) => !o)}
          data-testid="rain-details"
        >
          {open ? t('rain.mine.hide') : t('rain.mine.show')}
        </button>
        {phase === 'upcoming' && (
          <button
            type="button"
            className="btn"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(rain.id)}
            data-testid="rain-cancel"
          >
            {t('rain.mine.cancel')}
          </button>
        )}
      </div>
      {cancel.isError && (
        <p className="ui-field__error" role="alert">
          {errorText(cancel.error)}
        </p>
      )}
      <div id={detailId}>{open && <RainClaims id={rain.id} />}</div>
    </li>
  );
}

/** The agent's side of /m/redRain: schedule a rain, then follow each one (claims, what returned). */
export function AgentRains({ canChoose }: { canChoose: boolean }) {
  const { t } = useTranslation();
  const mine = useMyRains(true);
  const [formOpen, setFormOpen] = useState(false);
  return (
    <section aria-labelledby="rain-mine-title" data-testid="rain-mine">
      <h2 id="rain-mine-title" className="rain-section-title">
        {t('rain.mine.title')}
      </h2>
      {formOpen ? (
        <ScheduleRainForm onDone={() => setFormOpen(false)} canChoose={canChoose} />
      ) : (
        <button
          type="button"
          className="btn btn--primary rain-new"
          onClick={() => setFormOpen(true)}
          data-testid="rain-new"
        >
          {t('rain.mine.new')}
        </button>
      )}
      {mine.isPending ? (
        <ListSkeleton rows={2} />
      ) : mine.isError ? (
        <LoadError error={mine.error} onRetry={() => void mine.refetch()} />
      ) : mine.data.length === 0 ? (
        <EmptyState text={t('rain.mine.empty')} />
      ) : (
        <ul className="rain-list">
          {mine.data.map((r) => (
            <RainRow key={r.id} rain={r} />
          ))}
        </ul>
      )}
    </section>
  );
}
