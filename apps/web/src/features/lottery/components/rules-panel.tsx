import { useTranslation } from '../../../i18n/react';
import type { GameMenus } from '@panalo/contract/lottery';
import { formatMoney } from '../../../lib/format';
import { oddsRange } from '../rules/bet-slip';
import { useBetText } from './use-bet-text';

/** How the game works, its bet types with odds and limits, and how a draw can be checked. */
export function RulesPanel({ menus }: { menus: GameMenus }) {
  const { t } = useTranslation();
  const text = useBetText();
  return (
    <details className="lott-panel" data-testid="rules-panel">
      <summary>{t('lottery.rules.title')}</summary>
      <p>{t(`lottery.rules.${menus.game.kind}`)}</p>
      <p>{t('lottery.rules.lock', { seconds: menus.game.lockTime })}</p>
      <table className="lott-table">
        <thead>
          <tr>
            <th scope="col">{t('lottery.rules.betType')}</th>
            <th scope="col">{t('lottery.rules.odds')}</th>
            <th scope="col">{t('lottery.rules.limits')}</th>
          </tr>
        </thead>
        <tbody>
          {menus.betTypes.map((bt) => (
            <tr key={bt.betType}>
              <td>{text.betTypeName(bt)}</td>
              <td>×{oddsRange(bt)}</td>
              <td>
                {formatMoney(bt.minStake)}–{formatMoney(bt.maxStake)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t('lottery.rules.fairness')}</p>
    </details>
  );
}
