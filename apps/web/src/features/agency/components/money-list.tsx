import type { TeamMoney } from '@panalo/contract/agent';
import { useTranslation } from '../../../i18n/react';
import { Money, SignedMoney } from '../../../components/ui/money';

/** The parts of a team's money, in the order an agent reads them; profit last, signed. */
const PARTS = ['turnover', 'wins', 'bonuses', 'rebates', 'commissions', 'deposits', 'withdrawals'] as const;

export function MoneyList({ money, testId }: { money: TeamMoney; testId: string }) {
  const { t } = useTranslation();
  return (
    <dl className="ui-details agency-money" data-testid={testId}>
      {PARTS.map((p) => (
        <div key={p}>
          <dt>{t(`agency.money.${p}`)}</dt>
          <dd>
            <Money value={money[p]} testId={`${testId}-${p}`} />
          </dd>
        </div>
      ))}
      <div className="agency-money__profit">
        <dt>{t('agency.money.profit')}</dt>
        <dd>
          <SignedMoney value={money.profit} testId={`${testId}-profit`} />
        </dd>
      </div>
    </dl>
  );
}
