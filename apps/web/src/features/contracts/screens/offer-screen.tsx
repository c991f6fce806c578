import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Contract } from '@panalo/contract/contracts';
import { CONTRACT_KINDS, MAX_TIERS, type ContractKind } from '@panalo/contract/contract-terms';
import { useTranslation } from '../../../i18n/react';
import { Page } from '../../../components/ui/page';
import { EmptyState, ListSkeleton, LoadError, useErrorText } from '../../../components/ui/states';
import { TOAST_MS, toast } from '../../../lib/toast';
import {
  contractKeys,
  offerContract,
  useAllMyContracts,
  useDownlineContracts,
  withdrawContract,
} from '../api/contracts';
import { draftFrom, draftProblem, type DraftTier } from '../rules/offer-draft';
import { Terms } from '../components/terms';
import { Settlements } from '../components/settlements';
import '../contracts.css';

function OfferForm({
  memberId,
  own,
  kinds,
  onSent,
}: {
  memberId: string;
  own: Contract[];
  kinds: ContractKind[];
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const ids = useId();
  const [kind, setKind] = useState<ContractKind>(kinds[0]!);
  const mine = own.find((c) => c.kind === kind)!;
  const [draft, setDraft] = useState<DraftTier[]>(() => draftFrom(mine));
  const [cap, setCap] = useState(mine.cap ?? '');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const problem = draftProblem(draft, mine);
  const pick = (k: ContractKind) => {
    const next = own.find((c) => c.kind === k)!;
    setKind(k);
    setDraft(draftFrom(next));
    setCap(next.cap ?? '');
  };
  const edit = (i: number, field: keyof DraftTier, v: string) =>
    setDraft((d) => d.map((row, j) => (j === i ? { ...row, [field]: v } : row)));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (problem || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await offerContract({
        memberId,
        kind,
        scope: mine.scope,
        tiers: draft.map((d) => ({
          turnover: d.turnover.trim(),
          active: Number(d.active),
          rate: d.rate.trim(),
        })),
        cap: kind === 'dividend' || cap.trim() === '' ? null : cap.trim(),
      });
      void toast.show(t('contracts.offerForm.sent'), TOAST_MS.success);
      onSent();
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="ui-card contract" onSubmit={(e) => void submit(e)} noValidate data-testid="offer-form">
      <h2 className="ui-card__title">{t('contracts.offerForm.title')}</h2>
      <label className="ui-field" htmlFor={`${ids}-kind`}>
        <span className="ui-field__label">{t('contracts.offerForm.kind')}</span>
        <select
          id={`${ids}-kind`}
          className="ui-input"
          value={kind}
          onChange={(e) => pick(e.target.value as ContractKind)}
          data-testid="offer-kind"
        >
          {kinds.map((k) => (
            <option key={k} value={k}>
              {t(`contracts.title.${k}`)}
            </option>
          ))}
        </select>
      </label>
      <p className="contract__hint">{t('contracts.offerForm.hint')}</p>
      <table className="contract__tiers contract__tiers--edit">
        <caption className="visually-hidden">{t('contracts.tiers')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('contracts.tierTurnover')}</th>
            <th scope="col">{t('contracts.tierActive')}</th>
            <th scope="col">{t(`contracts.tierRate.${kind === 'dividend' ? 'netLoss' : 'turnover'}`)} (%)</th>
            <th scope="col">
              <span className="visually-hidden">{t('contracts.offerForm.remove')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {draft.map((row, i) => (
            <tr key={i}>
              {(['turnover', 'active', 'rate'] as const).map((field) => (
                <td key={field}>
                  <input
                    className="ui-input"
                    inputMode="decimal"
                    value={row[field]}
                    onChange={(e) => edit(i, field, e.target.value)}
                    aria-label={t(`contracts.offerForm.${field}N`, { n: i + 1 })}
                    data-testid={`offer-${field}-${i}`}
                  />
                </td>
              ))}
              <td>
                <button
                  type="button"
                  className="btn btn--ghost contract__remove"
                  disabled={draft.length <= 1}
                  onClick={() => setDraft((d) => d.filter((_, j) => j !== i))}
                  aria-label={t('contracts.offerForm.removeN', { n: i + 1 })}
                >
                  ×
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {draft.length < MAX_TIERS && (
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => setDraft((d) => [...d, { ...d[d.length - 1]! }])}
          data-testid="offer-add-tier"
        >
          {t('contracts.offerForm.addTier')}
        </button>
      )}
      {kind !== 'dividend' && (
        <label className="ui-field" htmlFor={`${ids}-cap`}>
          <span className="ui-field__label">{t('contracts.cap')}</span>
          <input
            id={`${ids}-cap`}
            className="ui-input"
            inputMode="decimal"
            value={cap}
            onChange={(e) => setCap(e.target.value)}
            data-testid="offer-cap"
          />
        </label>
      )}
      {(problem || failure) && (
        <p className="contract__failure" role="alert" data-testid="offer-problem">
          {failure ??
            `${problem!.tier ? `${t('contracts.offerForm.tierN', { n: problem!.tier })}: ` : ''}${t(problem!.key)}`}
        </p>
      )}
      <div className="contract__actions">
        <button
          type="submit"
          className="btn btn--primary"
          disabled={busy || problem !== null}
          data-testid="offer-send"
        >
          {t('contracts.offerForm.send')}
        </button>
      </div>
    </form>
  );
}

/**
 * /m/agent/contracts?memberId=&username= (ours, opened from team management): a direct downline's
 * contracts (withdraw an offer it has not answered, end an active one) and a new offer of a kind I hold
 * myself, my own tiers as the start (never above them: checked here and by the server).
 */
export function OfferScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const memberId = /^\d{1,18}$/.test(params.get('memberId') ?? '') ? params.get('memberId') : null;
  const username = params.get('username') ?? '';
  const client = useQueryClient();
  const errorText = useErrorText();
  const theirs = useDownlineContracts(memberId);
  const mine = useAllMyContracts();
  const [failure, setFailure] = useState<string | null>(null);
  const title = t('contracts.offerForm.screen', { name: username });
  if (memberId === null)
    return (
      <Page title={t('contracts.offerForm.screen', { name: '' })} testId="offer-screen">
        <EmptyState text={t('contracts.offerForm.pickDownline')} />
        <p className="contract__none">
          <Link className="btn btn--ghost" to="/m/member/team">
            {t('contracts.offerForm.toTeam')}
          </Link>
        </p>
      </Page>
    );
  const refresh = () => void client.invalidateQueries({ queryKey: contractKeys.all });
  const end = async (c: Contract) => {
    setFailure(null);
    try {
      await withdrawContract(c.id, c.status === 'pending' ? 'withdraw' : 'terminate');
    } catch (err) {
      setFailure(errorText(err));
    }
    refresh();
  };
  const own = (mine.data?.list ?? []).filter((c) => c.status === 'active');
  const list = theirs.data?.list ?? [];
  const current = list.filter((c) => c.status === 'pending' || c.status === 'active');
  const kinds = CONTRACT_KINDS.filter(
    (k) => own.some((c) => c.kind === k) && !list.some((c) => c.kind === k && c.status === 'pending'),
  );
  return (
    <Page title={title} testId="offer-screen">
      {theirs.isPending || mine.isPending ? (
        <ListSkeleton rows={3} />
      ) : theirs.isError ? (
        <LoadError error={theirs.error} onRetry={() => void theirs.refetch()} />
      ) : (
        <>
          {failure && (
            <p className="contract__failure" role="alert">
              {failure}
            </p>
          )}
          {current.map((c) => (
            <section key={c.id} className="ui-card contract" data-testid={`downline-contract-${c.status}`}>
              <h2 className="ui-card__title">
                {t(`contracts.title.${c.kind}`)} · {t(`contracts.status.${c.status}`)}
              </h2>
              <Terms c={c} />
              <div className="contract__actions">
                <button type="button" className="btn btn--ghost" onClick={() => void end(c)}>
                  {c.status === 'pending' ? t('contracts.offerForm.withdraw') : t('contracts.terminate')}
                </button>
              </div>
            </section>
          ))}
          {kinds.length > 0 ? (
            <OfferForm key={kinds.join()} memberId={memberId} own={own} kinds={kinds} onSent={refresh} />
          ) : (
            <EmptyState text={t('contracts.offerForm.nothingToOffer')} />
          )}
          {CONTRACT_KINDS.filter((k) => list.some((c) => c.kind === k && c.status !== 'pending')).map((k) => (
            <Settlements key={k} kind={k} side="downline" memberId={memberId} />
          ))}
        </>
      )}
    </Page>
  );
}
