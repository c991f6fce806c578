import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { displayAmount } from '@panalo/contract/money';
import { ApiError } from '../../../lib/provider-api';
import { LoadState } from '../../../components/list-states';
import { formatTime } from '../../../lib/format';
import { errorText } from '../../../i18n';
import { getClosingReport, type BrandDetail } from '../api/brands';
import { brandKeys } from '../api/keys';
import { ClosingAccounts, ClosingChecks } from './closing-report-ledger';
import { Facts } from './facts';

/**
 * While a closing report is on the page, printing shows it alone: the console's header and navigation,
 * the brand page's other cards (the siblings of `.closing-report` in `.brand-page`) and `.print-hide`
 * (the Print button) are left out. The rules leave with the report.
 */
const PRINT_CSS = `
@media print {
  .mantine-AppShell-header, .mantine-AppShell-navbar, .print-hide { display: none !important; }
  .mantine-AppShell-main { padding: 0 !important; min-height: 0 !important; }
  .brand-page > :not(.closing-report) { display: none !important; }
  .closing-report { border: 0 !important; padding: 0 !important; box-shadow: none !important; }
  .closing-report .mantine-ScrollArea-viewport { overflow: visible !important; }
  @page { margin: 15mm; }
}
`;

function usePrintStyle(): void {
  useEffect(() => {
    const style = document.createElement('style');
    style.dataset.print = 'closing-report';
    style.textContent = PRINT_CSS;
    document.head.append(style);
    return () => style.remove();
  }, []);
}

/** The figures of the brand's whole life the report shows, as the figures screen names them. */
const LIFETIME = [
  'deposits',
  'withdrawals',
  'turnover',
  'ggr',
  'bonuses',
  'rebates',
  'commissions',
  'ngr',
] as const;

/**
 * A closed brand's closing report (`GET …/closing-report`): who closed it, when and why; its players and
 * what they held at the close; its lifetime figures; its ledger's accounts by book and kind; and the
 * ledger's checks at the close. Laid out to be printed ("Print": the browser's dialog, the report alone).
 */
export function ClosingReportCard({ brand }: { brand: BrandDetail }) {
  const { t, i18n } = useTranslation();
  usePrintStyle();
  const query = useQuery({
    queryKey: brandKeys.closingReport(brand.code),
    queryFn: () => getClosingReport(brand.code),
    // No report is an answer, not a failure to retry.
    retry: (n, err) => !(err instanceof ApiError && err.status === 404) && n < 2,
  });
  const report = query.data;
  const none = query.error instanceof ApiError && query.error.code === 'closing_report_none';
  const count = (n: number) => n.toLocaleString(i18n.language === 'ty' ? 'fil-PH' : 'en-PH');
  const money = (v: string) => `${report?.currency ?? brand.currency} ${displayAmount(v)}`;
  return (
    <Card withBorder className="closing-report" component="section" aria-labelledby="closing-report-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4" id="closing-report-title">
              {t('brand.closing.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {brand.name} ({brand.code})
            </Text>
          </div>
          {report && (
            <Button variant="default" className="print-hide" onClick={() => window.print()}>
              {t('brand.closing.print')}
            </Button>
          )}
        </Group>
        {!report ? (
          none ? (
            <Text size="sm" c="dimmed" data-testid="closing-report-none">
              {errorText('closing_report_none')}
            </Text>
          ) : (
            <LoadState pending={query.isPending} error={query.error} onRetry={() => void query.refetch()} />
          )
        ) : (
          <>
            <Facts
              rows={[
                { label: t('brand.closing.closedAt'), value: formatTime(report.closedAt, i18n.language) },
                { label: t('brand.closing.closedBy'), value: report.closedBy },
                { label: t('brand.closing.reason'), value: report.reason },
                { label: t('brand.closing.currency'), value: report.currency },
                { label: t('brand.closing.players'), value: count(report.players) },
                { label: t('brand.closing.playersMoney'), value: money(report.playersMoney) },
              ]}
            />
            <Title order={3} size="h5">
              {t('brand.closing.lifetime')}
            </Title>
            <Facts
              rows={LIFETIME.map((f) => ({
                label: t(`providerFigures.col.${f}`),
                value: money(report.lifetime[f]),
              }))}
            />
            <ClosingAccounts report={report} money={money} count={count} />
            <ClosingChecks report={report} count={count} />
          </>
        )}
      </Stack>
    </Card>
  );
}
