import { Alert, Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadState } from '../../../components/list-states';
import { providerBillingKeys } from '../api/keys';
import { listInvoices } from '../api/provider-billing';
import { InvoiceDocument } from '../components/invoice-document';
import { usePrintStyle } from '../components/print-style';
import { isInvoiceMonth } from '../rules/month';

/**
 * One brand's invoice for one month (`invoices/:brand/:month`, reached from the invoices), laid out to be
 * printed: "Print" opens the browser's print dialog, and the print leaves out the console's frame.
 */
export function InvoiceScreen() {
  const { t } = useTranslation();
  const { brand = '', month = '' } = useParams();
  const valid = isInvoiceMonth(month);
  usePrintStyle();
  const query = useQuery({
    queryKey: providerBillingKeys.invoices(month, brand),
    queryFn: () => listInvoices(month, brand),
    enabled: valid,
  });
  const invoice = query.data?.list.find((i) => i.brand === brand);
  return (
    <Stack>
      <Group justify="space-between" className="print-hide">
        <Anchor
          component={Link}
          to={valid ? `/provider/invoices?month=${month}` : '/provider/invoices'}
          size="sm"
        >
          {t('providerInvoice.back')}
        </Anchor>
        {invoice && (
          <Button variant="default" onClick={() => window.print()}>
            {t('providerInvoice.print')}
          </Button>
        )}
      </Group>
      {invoice ? (
        <InvoiceDocument invoice={invoice} />
      ) : (
        <>
          <Title order={1} size="h2">
            {t('providerInvoice.title')}
          </Title>
          {!valid ? (
            <Alert color="red" role="alert">
              {t('providerInvoice.badMonth')}
            </Alert>
          ) : query.data ? (
            <Alert color="gray" data-testid="invoice-none">
              {t('providerInvoice.none', { brand, month })}
            </Alert>
          ) : (
            <LoadState pending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
          )}
        </>
      )}
    </Stack>
  );
}
