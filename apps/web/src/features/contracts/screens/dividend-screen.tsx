import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { hasContracts } from '@panalo/contract/contract-terms';
import { useTranslation } from '../../../i18n/react';
import { Page } from '../../../components/ui/page';
import { EmptyState, useErrorText } from '../../../components/ui/states';
import { useSession } from '../../../lib/session';
import { TOAST_MS, toast } from '../../../lib/toast';
import { contractKeys, payWhatIOwe } from '../api/contracts';
import { CurrentPeriod, Settlements } from '../components/settlements';
import '../contracts.css';

/**
 * /m/member/agent/agentDivident (spec §2): the agent's dividend — the running period's figures and
 * estimate, what its dividend paid it period by period, and what it paid or owes its direct downlines,
 * with a button to pay what it owes from its wallet.
 */
export function DividendScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const client = useQueryClient();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const title = t('contracts.dividend.title');
  if (session && !hasContracts(session.type))
    return (
      <Page title={title} testId="dividend-screen">
        <EmptyState text={t('contracts.notForType')} />
      </Page>
    );

  const pay = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const r = await payWhatIOwe('dividend');
      void toast.show(
        r.left === 0
          ? t('contracts.dividend.paidAll')
          : t('contracts.dividend.paidSome', { n: r.paid, left: r.left }),
        TOAST_MS.success,
      );
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setBusy(false);
      await client.invalidateQueries({ queryKey: contractKeys.all });
    }
  };

  return (
    <Page title={title} testId="dividend-screen">
      <CurrentPeriod kind="dividend" />
      <Settlements kind="dividend" side="mine" />
      <Settlements
        kind="dividend"
        side="downline"
        action={(owed) =>
          owed !== '0.00' && (
            <>
              {failure && (
                <p className="contract__failure" role="alert" data-testid="dividend-pay-failure">
                  {failure}
                </p>
              )}
              <button
                type="button"
                className="btn btn--primary"
                disabled={busy}
                onClick={() => void pay()}
                data-testid="dividend-pay"
              >
                {t('contracts.dividend.pay')}
              </button>
            </>
          )
        }
      />
    </Page>
  );
}
