import type { ContractSettlement } from '@panalo/contract/contracts';
import type { ContractKind } from '@panalo/contract/contract-terms';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/react';
import { EmptyState, ListSkeleton, LoadError, useErrorText } from '../../../components/ui/states';
import { TOAST_MS, toast } from '../../../lib/toast';
import { formatMoney } from '../../../lib/format';
import { formatRecordTime } from '../../../lib/format-time';
import { contractKeys, paySettlement, useContractCurrent, useSettlements } from '../api/contracts';

/** A period's label: its local start (a day, a dividend period's first day, or a day and hour). */
const periodLabel = (p: string) => (p.includes('T') ? `${p.replace('T', ' ')}:00` : p);

function Figures({
  kind,
  f,
}: {
  kind: ContractKind;
  f: Pick<ContractSettlement, 'turnover' | 'active' | 'netLoss' | 'tier' | 'rate' | 'capped'>;
}) {
  const { t } = useTranslation();
  return (
    <dl className="ui-details contract__facts">
      <div>
        <dt>{t('contracts.settle.turnover')}</dt>
        <dd className="ui-money">{formatMoney(f.turnover)}</dd>
      </div>
      <div>
        <dt>{t('contracts.settle.active')}</dt>
        <dd>{f.active}</dd>
      </div>
      {kind === 'dividend' && (
        <div>
          <dt>{t('contracts.settle.netLoss')}</dt>
          <dd className="ui-money">{formatMoney(f.netLoss)}</dd>
        </div>
      )}
      <div>
        <dt>{t('contracts.settle.tier')}</dt>
        <dd>
          {f.tier === null
            ? t('contracts.settle.noTier')
            : t('contracts.settle.tierN', { n: f.tier, rate: f.rate })}
          {f.capped && ` · ${t('contracts.settle.capped')}`}
        </dd>
      </div>
    </dl>
  );
}

/** current: the running period under my active contract, with what it would pay if it closed now. */
export function CurrentPeriod({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation();
  const current = useContractCurrent(kind);
  if (current.isPending) return <ListSkeleton rows={1} />;
  if (current.isError) return <LoadError error={current.error} onRetry={() => void current.refetch()} />;
  const c = current.data;
  if (!c) return null;
  return (
    <section className="ui-card contract" data-testid="contract-current" aria-labelledby="contract-current-h">
      <h2 id="contract-current-h" className="ui-card__title">
        {t('contracts.settle.current', { period: periodLabel(c.period) })}
      </h2>
      <Figures kind={kind} f={c} />
      <p className="contract__estimate">
        {t('contracts.settle.estimate')}{' '}
        <strong className="ui-money" data-testid="contract-estimate">
          {formatMoney(c.estimate)}
        </strong>
      </p>
    </section>
  );
}

/** Settlements of a kind: mine (what my contract paid or owes me) or my downlines' (what I paid or owe). */
export function Settlements({
  kind,
  side,
  memberId,
  action,
}: {
  kind: ContractKind;
  side: 'mine' | 'downline';
  /** side downline: one direct downline's only. */
  memberId?: string;
  action?: (owed: string) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const errorText = useErrorText();
  const q = useSettlements(kind, side, memberId);
  const [paying, setPaying] = useState<string | null>(null);
  const id = memberId ? `contract-settlements-${kind}` : `contract-settlements-${side}`;
  const pay = async (settlementId: string) => {
    setPaying(settlementId);
    try {
      await paySettlement(settlementId);
      void toast.show(t('contracts.settle.paidNow'), TOAST_MS.success);
    } catch (err) {
      void toast.show(errorText(err), TOAST_MS.info, 'fail');
    } finally {
      setPaying(null);
      await client.invalidateQueries({ queryKey: contractKeys.all });
    }
  };
  return (
    <section className="contract__history" aria-labelledby={`${id}-h`} data-testid={id}>
      <h2 id={`${id}-h`} className="contract__history-title">
        {memberId
          ? t('contracts.settle.ofKind', { kind: t(`contracts.kind.${kind}`) })
          : t(side === 'mine' ? 'contracts.settle.mine' : 'contracts.settle.downline')}
      </h2>
      {q.isPending ? (
        <ListSkeleton rows={2} />
      ) : q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <>
          {q.data.owed !== '0.00' && (
            <p className="contract__owed" role="status" data-testid={`${id}-owed`}>
              {t(side === 'mine' ? 'contracts.settle.owedToMe' : 'contracts.settle.iOwe', {
                amount: formatMoney(q.data.owed),
              })}
            </p>
          )}
          {action?.(q.data.owed)}
          {q.data.list.length === 0 ? (
            <EmptyState text={t('contracts.settle.none')} />
          ) : (
            <ul className="ui-list">
              {q.data.list.map((s) => (
                <li key={s.id} className="ui-item contract__settlement" data-testid="contract-settlement">
                  <details>
                    <summary>
                      <span>
                        {side === 'downline' && `${s.member} · `}
                        {periodLabel(s.period)}
                      </span>
                      <span className={`contract__status contract__status--${s.status}`}>
                        {t(`contracts.settle.status.${s.status}`)}
                      </span>
                      <strong className="ui-money">{formatMoney(s.amount)}</strong>
                    </summary>
                    <Figures kind={kind} f={s} />
                    <p className="contract__paid-by">
                      {s.payer === 'platform'
                        ? t('contracts.settle.byPlatform')
                        : t('contracts.settle.byUpline', { name: s.payerName ?? '' })}
                      {' · '}
                      {t('contracts.versionN', { n: s.version })}
                      {' · '}
                      <time dateTime={s.settledAt}>{formatRecordTime(s.settledAt)}</time>
                    </p>
                    {s.reason && <p className="contract__reason">{s.reason}</p>}
                  </details>
                  {side === 'downline' && s.status === 'owed' && (
                    <button
                      type="button"
                      className="btn btn--primary"
                      disabled={paying !== null}
                      onClick={() => void pay(s.id)}
                      data-testid="settlement-pay"
                    >
                      {t('contracts.settle.payNow', { amount: formatMoney(s.amount) })}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
