import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { RebateView, TeamMember } from '@panalo/contract/agent';
import { parseRate, PRODUCT_GROUPS, type ProductGroup } from '@panalo/contract/rebate';
import { useTranslation } from '../../../i18n/react';
import { Page } from '../../../components/ui/page';
import { ListSkeleton, LoadError, useErrorText } from '../../../components/ui/states';
import { TOAST_MS, toast } from '../../../lib/toast';
import { useSession } from '../../../lib/session';
import { useTeamMembers } from '../api/get-team-members';
import { rebateKey, setRebate, useRebate } from '../api/rebate';
import { GiveQuotaForm } from '../components/give-quota-form';
import { SearchBox } from '../components/search-box';
import { isAgentType } from '@panalo/contract/member-types';
import '../agency.css';

type Draft = Partial<Record<ProductGroup, string>>;

/** Why a draft rate cannot be sent, checked as the server will: a rate within the range shown. */
function draftProblem(text: string, range: { min: string; max: string } | null): 'invalid' | 'range' | null {
  const bp = parseRate(text);
  if (bp === null) return 'invalid';
  if (!range || bp < (parseRate(range.min) ?? 0) || bp > (parseRate(range.max) ?? 0)) return 'range';
  return null;
}

function DownlineForm({ view, onSaved }: { view: RebateView; onSaved: (v: RebateView) => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const member = view.member!;
  const [draft, setDraft] = useState<Draft>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const changed = Object.entries(draft).filter(([g, v]) => v !== member.rates[g as ProductGroup]) as [
    ProductGroup,
    string,
  ][];
  const problems = Object.fromEntries(changed.map(([g, v]) => [g, draftProblem(v, member.ranges[g])]));
  const blocked = changed.length === 0 || Object.values(problems).some((p) => p !== null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (blocked || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const v = await setRebate(member.id, Object.fromEntries(changed));
      setDraft({});
      onSaved(v);
      void toast.show(t('agency.rebate.saved'), TOAST_MS.success);
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="agency-rebate__form"
      onSubmit={(e) => void submit(e)}
      data-testid="rebate-form"
      noValidate
    >
      <table className="agency-table">
        <caption className="visually-hidden">{t('agency.rebate.for', { name: member.username })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('agency.rebate.product')}</th>
            <th scope="col">{t('agency.rebate.rate')}</th>
            <th scope="col">{t('agency.rebate.allowed')}</th>
          </tr>
        </thead>
        <tbody>
          {PRODUCT_GROUPS.map((g) => {
            const range = member.ranges[g];
            const value = draft[g] ?? member.rates[g];
            const problem = problems[g] ?? null;
            const hintId = `rebate-hint-${g}`;
            return (
              <tr key={g}>
                <th scope="row">
                  <label htmlFor={`rebate-${g}`}>{t(`agency.product.${g}`)}</label>
                </th>
                <td>
                  <input
                    id={`rebate-${g}`}
                    className="ui-input agency-rebate__input"
                    inputMode="decimal"
                    value={value}
                    disabled={range === null}
                    aria-invalid={problem !== null}
                    aria-describedby={hintId}
                    onChange={(e) => setDraft((d) => ({ ...d, [g]: e.target.value }))}
                    data-testid={`rebate-input-${g}`}
                  />
                </td>
                <td
                  id={hintId}
                  className={problem ? 'agency-rebate__hint agency-rebate__hint--bad' : 'agency-rebate__hint'}
                >
                  {range ? t('agency.rebate.range', range) : t('agency.rebate.noRoom')}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {failure && (
        <p className="agency-rebate__failure" role="alert" data-testid="rebate-failure">
          {failure}
        </p>
      )}
      <button
        type="submit"
        className="btn btn--primary"
        disabled={blocked}
        aria-busy={busy}
        data-testid="rebate-save"
      >
        {busy ? t('common.pleaseWait') : t('agency.rebate.save')}
      </button>
    </form>
  );
}

/**
 * /m/member/agent/agentRebeat (rebate settings): my own rates per product group, and a direct
 * downline's, which I may raise up to my own less the merchant's gap (never lower).
 */
export function RebateSettingsScreen() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const token = useSession()?.token ?? '';
  const ownTitle = useId();
  const pickId = useId();
  const [search, setSearch] = useState('');
  // The downline chosen, kept when a later search no longer lists it.
  const [picked, setPicked] = useState<TeamMember | null>(null);
  const memberId = picked?.id ?? null;
  const own = useRebate(null);
  const chosen = useRebate(memberId);
  const downlines = useTeamMembers({ parentId: null, search, sort: 'username', searchIn: 'direct' });
  const found: TeamMember[] = downlines.data?.pages.flatMap((p) => p.list) ?? [];
  const total = downlines.data?.pages[0]?.total ?? 0;
  const list = picked && !found.some((m) => m.id === picked.id) ? [picked, ...found] : found;
  return (
    <Page title={t('agency.grid.rebateSettings')} testId="rebate-settings-screen">
      {own.isPending ? (
        <ListSkeleton rows={2} />
      ) : own.isError && !own.data ? (
        <LoadError error={own.error} onRetry={() => void own.refetch()} />
      ) : (
        <>
          <section className="ui-card agency-rebate__own" aria-labelledby={ownTitle}>
            <h2 id={ownTitle} className="ui-card__title">
              {t('agency.rebate.mine', { gap: own.data.minGap })}
            </h2>
            <dl className="ui-details" data-testid="rebate-own">
              {PRODUCT_GROUPS.map((g) => (
                <div key={g}>
                  <dt>{t(`agency.product.${g}`)}</dt>
                  <dd data-testid={`rebate-own-${g}`}>{own.data.rates[g]} %</dd>
                </div>
              ))}
            </dl>
          </section>
          <section className="ui-card">
            <label htmlFor={pickId} className="ui-card__title agency-rebate__pick">
              {t('agency.rebate.pick')}
            </label>
            <SearchBox value={search} onSearch={setSearch} />
            <select
              id={pickId}
              className="ui-input"
              value={memberId ?? ''}
              onChange={(e) => setPicked(list.find((m) => m.id === e.target.value) ?? null)}
              aria-describedby={`${pickId}-count`}
              data-testid="rebate-member"
            >
              <option value="">
                {downlines.isPending
                  ? t('common.loading')
                  : list.length === 0
                    ? search
                      ? t('agency.rebate.noMatch', { search })
                      : t('agency.members.empty')
                    : t('agency.rebate.choose')}
              </option>
              {list.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.username}
                </option>
              ))}
            </select>
            <p id={`${pickId}-count`} className="agency-rebate__count" data-testid="rebate-member-count">
              {downlines.isError
                ? t('agency.rebate.listFailed')
                : t('agency.rebate.shown', { count: found.length, total })}
              {downlines.hasNextPage && (
                <button
                  type="button"
                  className="btn btn--ghost"
                  disabled={downlines.isFetchingNextPage}
                  aria-busy={downlines.isFetchingNextPage}
                  onClick={() => void downlines.fetchNextPage()}
                  data-testid="rebate-member-more"
                >
                  {t('agency.rebate.more')}
                </button>
              )}
            </p>
            {memberId !== null &&
              (chosen.isPending ? (
                <ListSkeleton rows={2} />
              ) : chosen.isError && !chosen.data ? (
                <LoadError error={chosen.error} onRetry={() => void chosen.refetch()} />
              ) : chosen.data.member ? (
                <>
                  <DownlineForm
                    key={chosen.data.member.id}
                    view={chosen.data}
                    onSaved={(v) => client.setQueryData(rebateKey(token, memberId), v)}
                  />
                  {picked && isAgentType(picked.type) && (
                    <GiveQuotaForm
                      key={`q${memberId}`}
                      memberId={memberId}
                      username={chosen.data.member.username}
                    />
                  )}
                </>
              ) : null)}
          </section>
        </>
      )}
    </Page>
  );
}
