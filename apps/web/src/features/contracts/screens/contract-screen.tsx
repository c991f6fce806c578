import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Contract } from '@panalo/contract/contracts';
import { hasContracts, type ContractKind } from '@panalo/contract/contract-terms';
import { ConfirmDialog } from '../../../app/layout/confirm-dialog';
import { useTranslation } from '../../../i18n/react';
import { Page } from '../../../components/ui/page';
import { EmptyState, ListSkeleton, LoadError, useErrorText } from '../../../components/ui/states';
import { formatRecordTime } from '../../../lib/format-time';
import { useSession } from '../../../lib/session';
import { TOAST_MS, toast } from '../../../lib/toast';
import { contractKeys, decideContract, useMyContracts, type MemberDecision } from '../api/contracts';
import { Terms } from '../components/terms';
import { CurrentPeriod, Settlements } from '../components/settlements';
import '../contracts.css';

function Section({
  c,
  heading,
  testId,
  actions,
}: {
  c: Contract;
  heading: string;
  testId: string;
  actions?: React.ReactNode;
}) {
  return (
    <section className="ui-card contract" data-testid={testId} aria-labelledby={`${testId}-h`}>
      <h2 id={`${testId}-h`} className="ui-card__title">
        {heading}
      </h2>
      <Terms c={c} />
      {actions}
    </section>
  );
}

/**
 * The contract screens of spec §2 (SHELL-042): /m/member/agent/getSalaryContract (daily salary),
 * getHourContract (hourly salary) and getDevidendContract (dividend). The offer waiting for my answer
 * (accept, refuse), the active contract (end it from the next period) with its running period and
 * estimate, its settlements period by period with their figures, and the earlier versions.
 */
export function ContractScreen({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation();
  const session = useSession();
  const client = useQueryClient();
  const contracts = useMyContracts(kind);
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [ending, setEnding] = useState(false);
  const title = t(`contracts.title.${kind}`);

  if (session && !hasContracts(session.type))
    return (
      <Page title={title} testId="contract-screen">
        <EmptyState text={t('contracts.notForType')} />
      </Page>
    );

  const decide = async (id: string, decision: MemberDecision, done: string) => {
    setBusy(true);
    setFailure(null);
    try {
      await decideContract(id, decision);
      void toast.show(done, TOAST_MS.success);
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setBusy(false);
      setEnding(false);
      await client.invalidateQueries({ queryKey: contractKeys.all });
    }
  };

  const list = contracts.data ?? [];
  const pending = list.find((c) => c.status === 'pending');
  const active = list.find((c) => c.status === 'active');
  const past = list.filter((c) => c !== pending && c !== active);
  return (
    <Page title={title} testId="contract-screen">
      {contracts.isPending ? (
        <ListSkeleton rows={3} />
      ) : contracts.isError && !contracts.data ? (
        <LoadError error={contracts.error} onRetry={() => void contracts.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState text={t('contracts.empty')} />
      ) : (
        <>
          {failure && (
            <p className="contract__failure" role="alert" data-testid="contract-failure">
              {failure}
            </p>
          )}
          {pending && (
            <Section
              c={pending}
              heading={t('contracts.offer')}
              testId="contract-offer"
              actions={
                <div className="contract__actions">
                  <button
                    type="button"
                    className="btn btn--ghost"
                    disabled={busy}
                    onClick={() => void decide(pending.id, 'refuse', t('contracts.refused'))}
                    data-testid="contract-refuse"
                  >
                    {t('contracts.refuse')}
                  </button>
                  <button
                    type="button"
                    className="btn btn--primary"
                    disabled={busy}
                    onClick={() => void decide(pending.id, 'accept', t('contracts.accepted'))}
                    data-testid="contract-accept"
                  >
                    {t('contracts.accept')}
                  </button>
                </div>
              }
            />
          )}
          {active ? (
            <Section
              c={active}
              heading={t('contracts.active')}
              testId="contract-active"
              actions={
                <div className="contract__actions">
                  <button
                    type="button"
                    className="btn btn--ghost"
                    disabled={busy}
                    onClick={() => setEnding(true)}
                    data-testid="contract-terminate"
                  >
                    {t('contracts.terminate')}
                  </button>
                </div>
              }
            />
          ) : (
            <p className="contract__none" data-testid="contract-no-active">
              {t('contracts.noActive')}
            </p>
          )}
          {active && <CurrentPeriod kind={kind} />}
          <Settlements kind={kind} side="mine" />
          {past.length > 0 && (
            <section className="contract__history" aria-labelledby="contract-history-h">
              <h2 id="contract-history-h" className="contract__history-title">
                {t('contracts.history')}
              </h2>
              <ul className="ui-list" data-testid="contract-history">
                {past.map((c) => (
                  <li key={c.id} className="ui-item contract__past">
                    <span>{t('contracts.versionN', { n: c.version })}</span>
                    <span className={`contract__status contract__status--${c.status}`}>
                      {t(`contracts.status.${c.status}`)}
                    </span>
                    <time dateTime={c.decidedAt ?? c.offeredAt}>
                      {formatRecordTime(c.decidedAt ?? c.offeredAt)}
                    </time>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {active && (
            <ConfirmDialog
              open={ending}
              title={t('contracts.terminateTitle')}
              body={t('contracts.terminateBody')}
              okLabel={t('contracts.terminate')}
              cancelLabel={t('contracts.keep')}
              onOk={() => void decide(active.id, 'terminate', t('contracts.terminated'))}
              onCancel={() => setEnding(false)}
              testId="contract-terminate-dialog"
            />
          )}
        </>
      )}
    </Page>
  );
}
