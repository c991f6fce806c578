import { Badge, Button, Group, Stack } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayAmount } from '@panalo/contract/money';
import { PagedTable, type Column } from '../../../components/list-states';
import { notice } from '../../../components/notice';
import { errorText } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { formatTime } from '../../../lib/format';
import { useListParams } from '../../../lib/list-params';
import { listRebateRuns, runRebates, type OpsRebateRun } from '../api/agency';
import { agencyKeys } from '../api/keys';

/** The daily rebate runs (what each paid and when), and running the days that are due now. */
export function RebateRuns() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const list = useListParams([] as const);
  const query = useQuery({
    queryKey: agencyKeys.rebateRunsPage(list.page),
    queryFn: () => listRebateRuns(list.page),
    placeholderData: keepPreviousData,
  });
  const [busy, setBusy] = useState(false);
  const columns: Column<OpsRebateRun>[] = [
    { key: 'day', title: t('agency.day'), render: (r) => r.day },
    { key: 'lines', title: t('agency.lines'), align: 'right', render: (r) => r.lines },
    {
      key: 'beneficiaries',
      title: t('agency.beneficiaries'),
      align: 'right',
      render: (r) => r.beneficiaries,
    },
    {
      key: 'turnover',
      title: t('agency.turnover'),
      align: 'right',
      render: (r) => displayAmount(r.turnover),
    },
    { key: 'amount', title: t('agency.amount'), align: 'right', render: (r) => displayAmount(r.amount) },
    { key: 'paid', title: t('agency.paid'), align: 'right', render: (r) => displayAmount(r.paid) },
    {
      key: 'paidAt',
      title: t('agency.paidAt'),
      render: (r) =>
        r.paidAt ? (
          formatTime(r.paidAt, i18n.language)
        ) : (
          <Badge variant="dot" color="yellow">
            {t('agency.notYet')}
          </Badge>
        ),
    },
  ];
  return (
    <Stack>
      <Group justify="flex-end">
        <Button
          variant="default"
          loading={busy}
          onClick={() => {
            setBusy(true);
            void runRebates()
              .then(async (r) => {
                notice('green', t('agency.ran', { count: r.runs.length }));
                await queryClient.invalidateQueries({ queryKey: agencyKeys.rebateRuns() });
              })
              // A refused call in the server's words (no permission, a bad request), not "could not load".
              .catch((err: unknown) =>
                notice('red', errorText(err instanceof ApiError ? err.code : 'unknown_error')),
              )
              .finally(() => setBusy(false));
          }}
        >
          {t('agency.runNow')}
        </Button>
      </Group>
      <PagedTable
        caption={t('agency.runsCaption', { count: query.data?.total ?? 0 })}
        columns={columns}
        rows={query.data?.list}
        rowKey={(r) => r.day}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty={t('agency.noRuns')}
        page={list.page}
        totalPages={query.data?.totalPages ?? 0}
        onPage={list.setPage}
      />
    </Stack>
  );
}
