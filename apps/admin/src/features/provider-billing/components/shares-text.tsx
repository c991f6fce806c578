import { useTranslation } from 'react-i18next';
import type { ProductGroup } from '@panalo/contract/rebate';
import { shareSummary } from '../rules/shares';

/**
 * A version's shares in one line: the share most groups have, then the groups that differ ("15 % of
 * NGR; Slots 20 %, Sports 12.5 %"). Every group is named or covered by the first share.
 */
export function SharesText({ shares }: { shares: Partial<Record<ProductGroup, string>> }) {
  const { t } = useTranslation();
  const { common, others } = shareSummary(shares);
  if (common === null) return <>—</>;
  const rest = others
    .map((o) => t('providerTerms.groupShare', { group: t(`reports.product.${o.group}`), share: o.share }))
    .join(', ');
  return (
    <>
      {t(others.length ? 'providerTerms.sharesCommonExcept' : 'providerTerms.sharesAll', {
        share: common,
        rest,
      })}
    </>
  );
}
