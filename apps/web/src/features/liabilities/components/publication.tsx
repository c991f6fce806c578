import type { PublishedLiabilities } from '@panalo/contract/liabilities';
import { CopyButton } from '../../../components/ui/copy-button';
import { formatCurrency } from '../../../lib/format';
import { useTranslation } from '../../../i18n/react';
import { formatCount, formatDay } from '../rules/format';

/** The latest publication: its day, the total with its currency, how many members, and the root. */
export function Publication({ published }: { published: PublishedLiabilities }) {
  const { t, i18n } = useTranslation();
  return (
    <dl className="liab-pub" data-testid="liabilities-published">
      <div className="liab-pub__row">
        <dt>{t('liabilities.latest.day')}</dt>
        <dd data-testid="liabilities-day">
          <time dateTime={published.day}>{formatDay(published.day, i18n.language)}</time>
        </dd>
      </div>
      <div className="liab-pub__row">
        <dt>{t('liabilities.latest.total')}</dt>
        <dd className="liab-pub__total" data-testid="liabilities-total">
          {formatCurrency(published.total, published.currency)}
        </dd>
      </div>
      <div className="liab-pub__row">
        <dt>{t('liabilities.latest.members')}</dt>
        <dd data-testid="liabilities-members">{formatCount(published.members, i18n.language)}</dd>
      </div>
      <div className="liab-pub__row liab-pub__row--root">
        <dt>{t('liabilities.latest.root')}</dt>
        <dd className="liab-pub__root">
          <code className="liab-mono" data-testid="liabilities-root">
            {published.root}
          </code>
          <CopyButton
            value={published.root}
            label={t('liabilities.latest.root')}
            testId="liabilities-copy-root"
          />
        </dd>
      </div>
    </dl>
  );
}
