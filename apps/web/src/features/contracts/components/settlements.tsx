import type { ContractSettlement } from '@panalo/contract/contracts';
import type { ContractKind } from '@panalo/contract/contract-terms';
import { useTranslation } from '../../../i18n/react';
import { EmptyState, ListSkeleton, LoadError } from '../../../components/ui/states';
import { formatMoney } from '../../../lib/format';
import { formatRecordTime } from '../../../lib/format-time';
import { useContractCurrent, useSettlements } from '../api/contracts';

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
  action,
}: {
  kind: ContractKind;
  side: 'mine' | 'downline';
  action?: (owed: string) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const q = useSettlements(kind, side);
  const id = `contract-settlements-${side}`;
  return (
    <section className="contract__history" aria-labelledby={`${id}-h`} data-testid={id}>
      <h2 id={`${id}-h`} className="contract__history-title">
        {t(side === 'mine' ? 'contracts.settle.mine' : 'contracts.settle.downline')}
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
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
