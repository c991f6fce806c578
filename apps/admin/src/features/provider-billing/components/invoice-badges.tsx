import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BrandInvoice } from '../api/provider-billing';

/**
 * What to know about an invoice at a glance, in words (the colour is never the only clue): the minimum
 * fee was due instead of the share fees; days of the month had no terms (nothing billed for them).
 */
export function InvoiceBadges({ invoice }: { invoice: BrandInvoice }) {
  const { t } = useTranslation();
  if (!invoice.minimumApplied && invoice.daysWithoutTerms === 0) return null;
  return (
    <Group gap={4} wrap="wrap">
      {invoice.minimumApplied && (
        <Badge variant="light" color="yellow" data-testid="minimum-applied">
          {t('providerInvoices.minimumApplied')}
        </Badge>
      )}
      {invoice.daysWithoutTerms > 0 && (
        <Badge variant="light" color="orange" data-testid="days-without-terms">
          {t('providerInvoices.daysWithoutTerms', { count: invoice.daysWithoutTerms })}
        </Badge>
      )}
    </Group>
  );
}
