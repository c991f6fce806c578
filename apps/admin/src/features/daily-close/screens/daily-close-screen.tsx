import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PagedTable, type Column } from '../../../components/list-states';
import { formatTime } from '../../../lib/format';
import { useCloses, type DailyCloseSummary } from '../api/list-closes';
import { Difference } from '../components/difference';
import { CloseStatusBadge } from '../components/status-badge';
import { defaultRange, MAX_DAYS, rangeProblem } from '../rules/range';

/**
 * Finance → Daily close: the brand's closed days over a span (`?from=&to=`, at most 92 days; without
 * them the last 30 days ending yesterday), each with its status, difference and signature, linking to
 * its sheet.
 */
export function DailyCloseScreen() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const fallback = defaultRange(new Date());
  const from = params.get('from') ?? fallback.from;
  const to = params.get('to') ?? fallback.to;
  const problem = rangeProblem(from, to);
  const query = useCloses(from, to, problem === null);
  // A day input being typed into reads '' until it is a whole date: the span keeps its last day.
  const set = (changes: { from?: string; to?: string }) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('from', changes.from ?? from);
        next.set('to', changes.to ?? to);
        return next;
      },
      { replace: true },
    );
  const message = problem && t(`dailyClose.range.${problem.problem}`, { max: MAX_DAYS });

  const columns: Column<DailyCloseSummary>[] = [
    {
      key: 'day',
      title: t('dailyClose.col.day'),
      nowrap: true,
      render: (c) => (
        <Anchor component={Link} to={`/daily-close/${c.day}`} state={{ back: location.search }}>
          {c.day}
        </Anchor>
      ),
    },
    {
      key: 'status',
      title: t('dailyClose.col.status'),
      render: (c) => <CloseStatusBadge status={c.status} />,
    },
    {
      key: 'difference',
      title: t('dailyClose.col.difference'),
      align: 'right',
      nowrap: true,
      render: (c) => <Difference value={c.difference} />,
    },
    {
      key: 'signed',
      title: t('dailyClose.col.signed'),
      render: (c) =>
        c.signedBy && c.signedAt ? (
          t('dailyClose.signedValue', { by: c.signedBy, at: formatTime(c.signedAt, i18n.language) })
        ) : (
          <Text span c="dimmed" size="sm">
            {t('dailyClose.notSigned')}
          </Text>
        ),
    },
  ];

  return (
    <Stack>
      <Title order={1} size="h2">
        {t('nav.dailyClose')}
      </Title>
      <Text size="sm" maw={720}>
        {t('dailyClose.intro')}
      </Text>
      <Group align="flex-start" wrap="wrap">
        <TextInput
          type="date"
          label={t('dailyClose.from')}
          value={from}
          onChange={(e) => e.currentTarget.value && set({ from: e.currentTarget.value })}
          error={problem?.field === 'from' ? message : undefined}
          errorProps={{ role: 'alert' }}
          maw={200}
        />
        <TextInput
          type="date"
          label={t('dailyClose.to')}
          value={to}
          onChange={(e) => e.currentTarget.value && set({ to: e.currentTarget.value })}
          error={problem?.field === 'to' ? message : undefined}
          errorProps={{ role: 'alert' }}
          maw={200}
        />
        <Button variant="default" mt={25} onClick={() => set(fallback)}>
          {t('dailyClose.last30')}
        </Button>
      </Group>
      {/* A wrong span is said under its field (announced, and named by the field); no table is asked. */}
      {!problem && (
        <PagedTable
          caption={t('dailyClose.caption', { from, to })}
          columns={columns}
          rows={query.data?.list}
          rowKey={(c) => c.day}
          loading={query.isFetching}
          error={query.error}
          onRetry={() => void query.refetch()}
          empty={t('dailyClose.empty')}
          minWidth={560}
          page={1}
          totalPages={1}
          onPage={() => undefined}
        />
      )}
    </Stack>
  );
}
