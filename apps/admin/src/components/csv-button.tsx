import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notice } from './notice';
import { ApiError, type Query } from '../lib/api';
import { downloadCsv } from '../lib/download';
import { errorText } from '../i18n';

/**
 * "Download CSV" of a list with its current filters (built by the server); `label` names a button of
 * several (a report's).
 */
export function CsvButton(props: {
  path: string;
  query?: Query;
  label?: string;
  testId?: string;
  disabled?: boolean;
}) {
  const { path, query } = props;
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="default"
      size="xs"
      loading={busy}
      disabled={props.disabled}
      data-testid={props.testId}
      onClick={() => {
        setBusy(true);
        downloadCsv(path, query)
          .catch((err: unknown) =>
            notice('red', errorText(err instanceof ApiError ? err.code : 'unknown_error')),
          )
          .finally(() => setBusy(false));
      }}
    >
      {props.label ?? t('common.downloadCsv')}
    </Button>
  );
}
