import {
  Alert,
  Button,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { REPORT_GROUPS, type ReportGroup } from '@panalo/contract/report-rules';
import type { ReportRow } from '@panalo/contract/reports';
import { CsvButton } from '../../../components/csv-button';
import { FigureDefinitions } from '../../../components/figure-definitions';
import { PagedTable, type Column } from '../../../components/list-states';
import { errorText } from '../../../i18n';
import { displayAmount } from '@panalo/contract/money';
import { reportsKeys } from '../api/keys';
import { getReport, REPORT_CSV_PATH } from '../api/reports';
import { rangeProblem, shiftDay } from '../rules/range';

const GROUPS = REPORT_GROUPS;

/** Columns kept for every line (play) and those kept by day and product only (cashier, promotions…). */
const PLAY: (keyof ReportRow)[] = ['bets', 'turnover', 'wins', 'ggr'];
const MORE: (keyof ReportRow)[] = [
  'bonuses',
  'rebates',
  'ngr',
  'commissions',
  'deposits',
  'firstDeposits',
  'withdrawals',
];
const COUNTS = new Set<keyof ReportRow>([
  'bets',
  'depositCount',
  'firstDeposits',
  'withdrawalCount',
  'players',
  'registrations',
]);

function show(row: ReportRow, k: keyof ReportRow): string {
  const v = row[k];
  if (v === null || v === undefined) return '—';
  return COUNTS.has(k) ? String(v) : displayAmount(String(v));
}

/** Profit and loss over any range of the merchant's days, by day, product group, vendor or game. */
export function ReportsScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // Without a range in the address, the server reads the merchant's last 30 days (its days, not the
  // browser's) and says which; the quick ranges end on the merchant's today it reports.
  const asked = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const by = (GROUPS as readonly string[]).includes(params.get('by') ?? '')
    ? (params.get('by') as ReportGroup)
    : 'day';
  const set = (changes: Record<string, string>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(changes)) next.set(k, v);
      return next;
    });
  const problem = asked.from && asked.to ? rangeProblem(asked.from, asked.to) : null;
  const query = useQuery({
    queryKey: reportsKeys.pnl(asked.from, asked.to, by),
    queryFn: () => getReport(asked.from, asked.to, by),
    enabled: problem === null,
    placeholderData: keepPreviousData,
  });
  const r = query.data;
  const from = asked.from || r?.from || '';
  const to = asked.to || r?.to || '';
  const today = r?.today;

  const keyTitle = t(`reports.by.${by}`);
  const columns: Column<ReportRow>[] = [
    {
      key: 'key',
      title: keyTitle,
      nowrap: by === 'day',
      render: (row) =>
        by === 'product'
          ? t(`reports.product.${row.key || 'other'}`, { defaultValue: row.key })
          : row.key || '—',
    },
    ...(by === 'vendor' || by === 'game'
      ? [{ key: 'name', title: t('reports.name'), render: (row: ReportRow) => row.name || '—' }]
      : []),
    ...(by === 'game'
      ? [{ key: 'vendor', title: t('reports.vendor'), render: (row: ReportRow) => row.vendor || '—' }]
      : []),
    ...[
      ...PLAY,
      ...(by === 'day' || by === 'product' ? MORE : []),
      ...(by === 'day' ? (['players', 'registrations'] as const) : []),
    ].map((k): Column<ReportRow> => ({
      key: k,
      title: t(`reports.col.${k}`),
      align: 'right',
      nowrap: true,
      render: (row) => show(row, k),
    })),
  ];
  const totals: (keyof ReportRow)[] =
    by === 'day' || by === 'product'
      ? ['turnover', 'ggr', 'ngr', 'bonuses', 'rebates', 'commissions', 'deposits', 'withdrawals']
      : ['turnover', 'wins', 'ggr', 'bets'];

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('nav.reports')}
      </Title>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label={t('reports.from')}
          value={from}
          max={to}
          onChange={(e) => e.currentTarget.value && set({ from: e.currentTarget.value, to })}
        />
        <TextInput
          type="date"
          label={t('reports.to')}
          value={to}
          min={from}
          onChange={(e) => e.currentTarget.value && set({ to: e.currentTarget.value, from })}
        />
        {today && (
          <>
            <Button variant="default" onClick={() => set({ from: shiftDay(today, -6), to: today })}>
              {t('reports.last7')}
            </Button>
            <Button variant="default" onClick={() => set({ from: shiftDay(today, -29), to: today })}>
              {t('reports.last30')}
            </Button>
            <Button variant="default" onClick={() => set({ from: `${today.slice(0, 8)}01`, to: today })}>
              {t('reports.thisMonth')}
            </Button>
          </>
        )}
      </Group>
      <Group justify="space-between">
        <SegmentedControl
          aria-label={t('reports.groupBy')}
          value={by}
          onChange={(v) => set({ by: v })}
          data={GROUPS.map((g) => ({ value: g, label: t(`reports.by.${g}`) }))}
        />
        {problem === null && from && <CsvButton path={REPORT_CSV_PATH} query={{ from, to, by }} />}
      </Group>
      {problem !== null ? (
        <Alert color="red" role="alert">
          {errorText(problem)}
        </Alert>
      ) : (
        <>
          {r && (
            <SimpleGrid cols={{ base: 2, sm: 4 }} aria-label={t('reports.totalCaption')} role="group">
              {totals.map((k) => (
                <div key={k}>
                  <Text size="xs" c="dimmed">
                    {t(`reports.col.${k}`)}
                  </Text>
                  <Text fw={600} data-total={k}>
                    {show(r.total, k)}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
          )}
          {r && (
            <Text size="sm" c="dimmed">
              {t(by === 'vendor' || by === 'game' ? 'reports.noteGames' : 'reports.noteDays', {
                zone: r.timeZone,
              })}
            </Text>
          )}
          <PagedTable
            caption={t('reports.caption', { by: keyTitle.toLowerCase(), from, to })}
            columns={columns}
            rows={r?.rows}
            rowKey={(row) => `${row.vendor ?? ''}:${row.key}`}
            // By day, 14 columns: compact, they fit beside the menu at 1440 px (1,150 px on one line);
            // narrower, the table scrolls in its own frame rather than squeeze them.
            compact
            minWidth={by === 'day' || by === 'product' ? 1080 : 720}
            loading={query.isFetching}
            error={query.error}
            onRetry={() => void query.refetch()}
            empty={t('reports.empty')}
            page={1}
            totalPages={1}
            onPage={() => undefined}
          />
          <FigureDefinitions />
        </>
      )}
    </Stack>
  );
}
