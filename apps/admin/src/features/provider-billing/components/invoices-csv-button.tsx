import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notice } from '../../../components/notice';
import { errorText } from '../../../i18n';
import { ApiError } from '../../../lib/provider-api';
import { downloadInvoicesCsv } from '../api/provider-billing';

/** "Download CSV" of a month's invoices, built by the server and fetched with the provider session. */
export function InvoicesCsvButton({ month }: { month: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="default"
      size="xs"
      loading={busy}
      onClick={() => {
        setBusy(true);
        downloadInvoicesCsv(month)
          .catch((err: unknown) =>
            notice('red', errorText(err instanceof ApiError ? err.code : 'unknown_error')),
          )
          .finally(() => setBusy(false));
      }}
    >
      {t('common.downloadCsv')}
    </Button>
  );
}
