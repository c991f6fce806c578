import type { KycStatus } from '@panalo/contract/kyc';
import { useSite } from '../../../app/site';
import { useTranslation } from '../../../i18n/react';
import type { TFunction } from '../../../i18n/translator';
import { formatCurrency } from '../../../lib/format';
import { CEILINGS, ceilingText, ladder, type Ceiling, type LevelNeed } from '../rules/ladder';
import { levelName, levelProof } from './texts';

function ceilingLabel(t: TFunction, c: Ceiling): string {
  switch (c) {
    case 'depositDay':
      return t('verification.ladder.depositDay');
    case 'depositMonth':
      return t('verification.ladder.depositMonth');
    case 'withdrawDay':
      return t('verification.ladder.withdrawDay');
    case 'withdrawMonth':
      return t('verification.ladder.withdrawMonth');
  }
}

function needText(t: TFunction, need: LevelNeed, money: (d: string) => string): string {
  switch (need.kind) {
    case 'firstWithdrawal':
      return t('verification.ladder.needs.firstWithdrawal');
    case 'depositsAbove':
      return t('verification.ladder.needs.depositsAbove', { amount: money(need.amount) });
    case 'withdrawalAbove':
      return t('verification.ladder.needs.withdrawalAbove', { amount: money(need.amount) });
  }
}

/**
 * The four levels in order: what proves each, what each allows (deposit and withdrawal ceilings per day
 * and month, deposit methods, money between members), what needs it, and which are reached.
 */
export function LevelLadder({ status }: { status: KycStatus }) {
  const { t } = useTranslation();
  const currency = useSite().bundle.site.currency;
  const money = (d: string) => formatCurrency(d, currency);
  const noLimit = t('verification.ladder.noLimit');
  return (
    <ol className="kyc-ladder" data-testid="kyc-ladder">
      {ladder(status).map((step) => {
        const titleId = `kyc-level-${step.level}-title`;
        const methods = step.allowance.methods;
        return (
          <li
            key={step.level}
            className={`kyc-rung${step.reached ? ' kyc-rung--reached' : ''}${step.current ? ' kyc-rung--current' : ''}`}
            aria-current={step.current ? 'step' : undefined}
            data-testid="kyc-rung"
            data-level={step.level}
            data-reached={step.reached}
          >
            <div className="kyc-rung__head">
              <span className="kyc-rung__number" aria-hidden="true">
                {step.level}
              </span>
              <h3 id={titleId} className="kyc-rung__title">
                {t('verification.ladder.level', { level: step.level })}
                <span className="kyc-rung__name"> · {levelName(t, step.level)}</span>
              </h3>
              <span
                className={`kyc-mark${step.reached ? ' kyc-mark--reached' : ''}`}
                data-testid="kyc-rung-mark"
              >
                {step.current
                  ? t('verification.ladder.current')
                  : step.reached
                    ? t('verification.ladder.reached')
                    : t('verification.ladder.notReached')}
              </span>
            </div>
            <p className="kyc-rung__proof">{levelProof(t, step.level)}</p>
            <dl className="kyc-allow">
              {CEILINGS.map((c) => (
                <div key={c} className="kyc-allow__row">
                  <dt>{ceilingLabel(t, c)}</dt>
                  <dd data-testid={`kyc-ceiling-${c}`}>{ceilingText(step.allowance[c], money, noLimit)}</dd>
                </div>
              ))}
              <div className="kyc-allow__row">
                <dt>{t('verification.ladder.methods')}</dt>
                <dd>
                  {methods === null
                    ? t('verification.ladder.allMethods')
                    : methods.join(', ') || t('verification.ladder.noMethods')}
                </dd>
              </div>
              <div className="kyc-allow__row">
                <dt>{t('verification.ladder.transfers')}</dt>
                <dd data-testid="kyc-transfers">
                  {step.allowance.transfers ? t('verification.ladder.yes') : t('verification.ladder.no')}
                </dd>
              </div>
            </dl>
            {step.needs.length > 0 && (
              <ul className="kyc-needs" aria-label={t('verification.ladder.needsLabel')}>
                {step.needs.map((n) => (
                  <li key={n.kind} data-testid="kyc-need">
                    {needText(t, n, money)}
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
