import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { displayCurrency } from '@panalo/contract/money';
import { formatTime } from '../../../lib/format';
import type { ReconRun } from '../api/get-reconciliation';
import { sourceName } from '../rules/recon';
import { RunStatusBadge } from './recon-badges';
import { SheetTable } from './sheet-table';

/**
 * A day's reconciliation runs, one row per source read: its status, what each side listed, the pairs
 * that agree and the breaks found, PayMongo's fees (the merchant's cost; Hub88 charges none here), when
 * it finished, and a failed run's error.
 */
export function ReconRuns({ day, runs, currency }: { day: string; runs: ReconRun[]; currency: string }) {
  const { t, i18n } = useTranslation();
  const col = (k: string) => t(`dailyClose.recon.col.${k}`);
  const count = (k: 'theirs' | 'ours' | 'matched' | 'breaks') => ({
    key: k,
    title: col(k),
    numeric: true,
    render: (r: ReconRun) => r[k],
  });
  return (
    <SheetTable
      testId="recon-runs"
      caption={t('dailyClose.recon.runsCaption', { day })}
      rows={runs}
      rowKey={(r) => r.source}
      flagged={(r) => r.status === 'failed'}
      empty={t('dailyClose.recon.notReconciled')}
      minWidth={860}
      columns={[
        { key: 'source', title: col('source'), render: (r) => sourceName(r.source) },
        { key: 'status', title: col('status'), render: (r) => <RunStatusBadge status={r.status} /> },
        count('theirs'),
        count('ours'),
        count('matched'),
        count('breaks'),
        {
          key: 'fees',
          title: col('fees'),
          numeric: true,
          render: (r) =>
            r.source === 'paymongo' ? displayCurrency(r.fees, currency) : t('dailyClose.recon.noFees'),
        },
        {
          key: 'finished',
          title: col('finished'),
          render: (r) =>
            r.finishedAt ? formatTime(r.finishedAt, i18n.language) : t('dailyClose.recon.notFinished'),
        },
        {
          key: 'error',
          title: col('error'),
          render: (r) =>
            r.error ? (
              <Text span size="sm" c="red.9" style={{ wordBreak: 'break-word' }}>
                {r.error}
              </Text>
            ) : (
              t('dailyClose.recon.none')
            ),
        },
      ]}
    />
  );
}
