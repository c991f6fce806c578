import { Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CsvButton } from '../../../components/csv-button';
import { amlReportPath } from '../api/aml-paths';
import { lastMonth, REPORT_MAX_DAYS, reportRangeProblem } from '../rules/reports';

/**
 * The regulator's reports as CSV for a span of the merchant's days (last month by default): the
 * covered-transaction report (CTR) and the suspicious-transaction report (STR: the cases filed). The
 * server audits each export (it holds members' identities). A wrong span is said under its field and
 * nothing is asked.
 */
export function ReportsPanel() {
  const { t } = useTranslation();
  const [range, setRange] = useState(() => lastMonth(new Date()));
  const problem = reportRangeProblem(range.from, range.to);
  const message = problem ? t(`aml.reports.problem.${problem.problem}`, { max: REPORT_MAX_DAYS }) : undefined;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="aml-reports-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="aml-reports-title">
          {t('aml.reports.title')}
        </Title>
        <Text size="sm" maw={760}>
          {t('aml.reports.intro')}
        </Text>
        <Group align="flex-start" wrap="wrap">
          <TextInput
            type="date"
            label={t('aml.reports.from')}
            value={range.from}
            onChange={(e) => setRange({ ...range, from: e.currentTarget.value })}
            error={problem?.field === 'from' ? message : undefined}
            errorProps={{ role: 'alert' }}
            maw={200}
            data-testid="aml-report-from"
          />
          <TextInput
            type="date"
            label={t('aml.reports.to')}
            value={range.to}
            onChange={(e) => setRange({ ...range, to: e.currentTarget.value })}
            error={problem?.field === 'to' ? message : undefined}
            errorProps={{ role: 'alert' }}
            maw={200}
            data-testid="aml-report-to"
          />
        </Group>
        <Group gap="sm">
          <CsvButton
            path={amlReportPath('ctr')}
            query={range}
            label={t('aml.reports.ctr')}
            disabled={problem !== null}
            testId="aml-report-ctr"
          />
          <CsvButton
            path={amlReportPath('str')}
            query={range}
            label={t('aml.reports.str')}
            disabled={problem !== null}
            testId="aml-report-str"
          />
        </Group>
      </Stack>
    </Paper>
  );
}
