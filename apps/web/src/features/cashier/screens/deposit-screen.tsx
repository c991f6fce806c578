import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useDepositOptions } from '../api/deposit-options';
import type { CreatedDeposit } from '../api/create-deposit';
import { DepositDone } from '../components/deposit-done';
import { DepositForm } from '../components/deposit-form';
import { MethodTabs } from '../components/method-tabs';
import { Empty, LoadError, Skeleton } from '../components/states';
import { useCashierText } from '../hooks/use-cashier-text';
import '../cashier.css';

/**
 * /m/voucherCenter (WALLET-001, WALLET-011): deposit by bank transfer (pick a merchant account, transfer,
 * submit amount and reference; pending until an operator confirms) or through a payment gateway
 * (redirect to the provider's hosted page), with the deposit promotion as an opt-in.
 */
export function DepositScreen() {
  const { t } = useTranslation();
  const text = useCashierText();
  const options = useDepositOptions();
  const [chosen, setChosen] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedDeposit | null>(null);
  // Each "new deposit" remounts the form: a new intent, a new idempotency key.
  const [round, setRound] = useState(0);

  let body;
  if (options.isPending) body = <Skeleton rows={4} />;
  else if (options.isError)
    body = <LoadError message={text.error(options.error)} onRetry={() => void options.refetch()} />;
  else if (created)
    body = (
      <DepositDone
        created={created}
        onAgain={() => {
          setCreated(null);
          setRound((r) => r + 1);
        }}
      />
    );
  else {
    const { methods, promotions } = options.data;
    const method = methods.find((m) => m.code === chosen) ?? methods[0];
    body = method ? (
      <>
        <MethodTabs methods={methods} selected={method.code} onSelect={setChosen} />
        <div id="cs-method-panel" role="tabpanel" aria-labelledby={`cs-tab-${method.code}`}>
          <DepositForm
            key={`${method.code}-${round}`}
            method={method}
            promotions={promotions}
            onCreated={setCreated}
          />
        </div>
      </>
    ) : (
      <Empty text={t('cashier.deposit.noMethods')} testId="deposit-no-methods" />
    );
  }

  return (
    <main className="cs-page" data-testid="deposit-screen">
      <h1 className="cs-title">{t('cashier.deposit.title')}</h1>
      {body}
    </main>
  );
}
