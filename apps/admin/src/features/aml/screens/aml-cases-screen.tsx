import { SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { StaffMe } from '@panalo/contract/staff';
import { useAmlCases } from '../api/cases';
import { AmlCasesTable } from '../components/cases-table';
import { ReportsPanel } from '../components/reports-panel';
import { CASE_STATUSES, queueStatus } from '../rules/cases';

/**
 * Compliance → AML cases (`compliance/aml`, `?status=`, open by default): what the monitoring rules
 * found, newest first, each row opening the case (its evidence and the decision); below, the
 * regulator's reports (CTR, STR) as CSV.
 */
export function AmlCasesScreen({ me }: { me: StaffMe }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = queueStatus(params.get('status'));
  const query = useAmlCases(status);

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('nav.aml')}
      </Title>
      <Text size="sm" maw={760}>
        {t('aml.intro')}
      </Text>
      <SegmentedControl
        aria-label={t('aml.show')}
        value={status}
        onChange={(s) => setParams({ status: queueStatus(s) }, { replace: true })}
        data={CASE_STATUSES.map((s) => ({ value: s, label: t(`aml.status.${s}`) }))}
        style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
        data-testid="aml-queue-status"
      />
      <AmlCasesTable
        rows={query.data?.list}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        caption={t('aml.caption', { status: t(`aml.status.${status}`) })}
        empty={t(`aml.empty.${status}`)}
        memberLink={me.permissions.includes('members.read')}
      />
      <ReportsPanel />
    </Stack>
  );
}
