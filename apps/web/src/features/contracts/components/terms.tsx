import type { Contract } from '@panalo/contract/contracts';
import { useTranslation } from '../../../i18n/react';
import { formatMoney } from '../../../lib/format';

/** A contract's terms: who offered it, its scope and cap, and its tiers lowest first. */
export function Terms({ c }: { c: Contract }) {
  const { t } = useTranslation();
  const base = c.kind === 'dividend' ? 'netLoss' : 'turnover';
  return (
    <>
      <dl className="ui-details contract__facts">
        <div>
          <dt>{t('contracts.offeredBy')}</dt>
          <dd>{c.offeredBy ?? t('contracts.operator')}</dd>
        </div>
        <div>
          <dt>{t('contracts.scope')}</dt>
          <dd>{t(`contracts.scopes.${c.scope}`)}</dd>
        </div>
        {c.kind !== 'dividend' && (
          <div>
            <dt>{t('contracts.cap')}</dt>
            <dd>
              {c.cap === null ? t('contracts.noCap') : <span className="ui-money">{formatMoney(c.cap)}</span>}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('contracts.version')}</dt>
          <dd>{c.version}</dd>
        </div>
      </dl>
      <table className="contract__tiers" data-testid="contract-tiers">
        <caption className="visually-hidden">{t('contracts.tiers')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('contracts.tierTurnover')}</th>
            <th scope="col">{t('contracts.tierActive')}</th>
            <th scope="col">{t(`contracts.tierRate.${base}`)}</th>
          </tr>
        </thead>
        <tbody>
          {c.tiers.map((tier) => (
            <tr key={`${tier.turnover}-${tier.active}`}>
              <td>
                <span className="ui-money">&gt; {formatMoney(tier.turnover)}</span>
              </td>
              <td>&gt; {tier.active}</td>
              <td>{tier.rate}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
