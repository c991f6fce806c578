import { Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dashboard, DashboardFigures } from '@panalo/contract/dashboard';
import { FigureDefinitions } from '../../../components/figure-definitions';
import { PagedTable } from '../../../components/list-states';
import { displayAmount } from '@panalo/contract/money';
import { formatTime } from '../../../lib/format';
import { getDashboard } from '../api/home';
import { homeKeys } from '../api/keys';

const FIGURES: (keyof DashboardFigures)[] = [
  'turnover',
  'ggr',
  'ngr',
  'bonuses',
  'rebates',
  'commissions',
  'activePlayers',
  'registrations',
  'firstDeposits',
  'deposits',
  'withdrawals',
];
const COUNTS = new Set<keyof DashboardFigures>(['activePlayers', 'registrations', 'firstDeposits']);

/** Daily turnover (bars) and GGR (marks) of the last 30 days: a picture of the table below it. */
function DaysChart({ days, label }: { days: Dashboard['days']; label: string }) {
  const max = Math.max(
    1,
    ...days.map((d) => Math.abs(Number(d.turnover))),
    ...days.map((d) => Math.abs(Number(d.ggr))),
  );
  const w = 600;
  const h = 140;
  const bar = w / days.length;
  const y = (v: string) => h / 2 - (Number(v) / max) * (h / 2 - 4);
  return (
    <svg viewBox={`0 0 ${w} ${h}`} width="100%" height={h} role="img" aria-label={label}>
      <line x1={0} x2={w} y1={h / 2} y2={h / 2} stroke="#868e96" strokeWidth={1} />
      {days.map((d, i) => (
        <g key={d.day}>
          <rect
            x={i * bar + 2}
            width={bar - 4}
            y={Math.min(y(d.turnover), h / 2)}
            height={Math.abs(y(d.turnover) - h / 2)}
            fill="#3b5bdb"
          />
          <rect x={i * bar + bar / 2 - 3} width={6} y={y(d.ggr) - 3} height={6} fill="#e8590c" />
        </g>
      ))}
    </svg>
  );
}

/** Today against the last 7 and 30 days, the 30 days by day and by product, and who is online. */
export function DashboardPanel() {
  const { t, i18n } = useTranslation();
  const query = useQuery({
    queryKey: homeKeys.dashboard(i18n.language),
    // Game and lottery names in the console's language (the merchant's default where the catalogue has none).
    queryFn: () => getDashboard(i18n.language),
    refetchInterval: 60_000,
  });
  const d = query.data;
  const show = (f: DashboardFigures, k: keyof DashboardFigures) =>
    COUNTS.has(k) ? String(f[k]) : displayAmount(String(f[k]));
  return (
    <Stack>
      <Title order={2} size="h4">
        {t('dashboard.title')}
      </Title>
      {d && (
        <Text size="sm" c="dimmed">
          {t('dashboard.asOf', { day: d.today, zone: d.timeZone, online: d.online })}
        </Text>
      )}
      <PagedTable
        caption={t('dashboard.figuresCaption')}
        columns={[
          { key: 'figure', title: t('dashboard.figure'), render: (k) => t(`dashboard.figures.${k}`) },
          {
            key: 'today',
            title: t('dashboard.today'),
            align: 'right',
            render: (k) => (d ? show(d.periods.today, k) : ''),
          },
          {
            key: 'last7',
            title: t('dashboard.last7'),
            align: 'right',
            render: (k) => (d ? show(d.periods.last7, k) : ''),
          },
          {
            key: 'last30',
            title: t('dashboard.last30'),
            align: 'right',
            render: (k) => (d ? show(d.periods.last30, k) : ''),
          },
        ]}
        rows={d ? FIGURES : undefined}
        rowKey={(k) => k}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        empty=""
        page={1}
        totalPages={1}
        onPage={() => undefined}
      />
      <FigureDefinitions />
      {d && (
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          <Card withBorder>
            <Text size="sm" fw={600}>
              {t('dashboard.chartTitle')}
            </Text>
            <DaysChart days={d.days} label={t('dashboard.chartLabel')} />
            <Text size="xs" c="dimmed">
              {t('dashboard.chartLegend')}
            </Text>
            {/* A scrolling region reachable by keyboard (and named for screen readers). */}
            <div
              tabIndex={0}
              role="region"
              aria-label={t('dashboard.daysCaption')}
              style={{ maxHeight: 260, overflow: 'auto' }}
            >
              <Table striped stickyHeader miw={480}>
                <Table.Caption>{t('dashboard.daysCaption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('dashboard.day')}</Table.Th>
                    <Table.Th scope="col">{t('dashboard.figures.turnover')}</Table.Th>
                    <Table.Th scope="col">{t('dashboard.figures.ggr')}</Table.Th>
                    <Table.Th scope="col">{t('dashboard.figures.deposits')}</Table.Th>
                    <Table.Th scope="col">{t('dashboard.figures.activePlayers')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {[...d.days].reverse().map((day) => (
                    <Table.Tr key={day.day}>
                      <Table.Td>{day.day}</Table.Td>
                      <Table.Td>{displayAmount(day.turnover)}</Table.Td>
                      <Table.Td>{displayAmount(day.ggr)}</Table.Td>
                      <Table.Td>{displayAmount(day.deposits)}</Table.Td>
                      <Table.Td>{day.activePlayers}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          </Card>
          <Card withBorder>
            <TopTable
              caption={t('dashboard.productsCaption')}
              first={t('dashboard.product')}
              rows={d.products.map((p) => ({
                key: p.product,
                // The product group by name, as the reports name it (never its code).
                label: t(`reports.product.${p.product || 'other'}`, { defaultValue: p.product }),
                turnover: p.turnover,
                ggr: p.ggr,
              }))}
            />
          </Card>
          <Card withBorder>
            <TopTable
              caption={t('dashboard.topGamesCaption')}
              first={t('dashboard.game')}
              rows={d.topGames.map((g) => ({
                key: `${g.vendor}:${g.game}`,
                // The game's name; in small print its vendor's and its code (what reports and exports use).
                // A game the catalogue no longer holds goes by its code.
                label: g.name || g.game,
                sub: [g.vendorName || g.vendor, g.name && g.name !== g.game ? g.game : '']
                  .filter(Boolean)
                  .join(' · '),
                turnover: g.turnover,
                ggr: g.ggr,
              }))}
            />
          </Card>
          <Card withBorder>
            <TopTable
              caption={t('dashboard.topVendorsCaption')}
              first={t('dashboard.vendor')}
              rows={d.topVendors.map((v) => ({
                key: v.vendor,
                label: v.name || v.vendor,
                sub: v.vendor,
                turnover: v.turnover,
                ggr: v.ggr,
              }))}
            />
          </Card>
          <Card withBorder>
            <LotteryNow lottery={d.lottery} />
          </Card>
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** The last 30 days by turnover: per product, or the leading games or vendors. */
function TopTable(props: {
  caption: string;
  first: string;
  rows: { key: string; label: string; sub?: string; turnover: string; ggr: string }[];
}) {
  const { t } = useTranslation();
  return (
    <Table striped>
      <Table.Caption>{props.caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{props.first}</Table.Th>
          <Table.Th scope="col">{t('dashboard.figures.turnover')}</Table.Th>
          <Table.Th scope="col">{t('dashboard.figures.ggr')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {props.rows.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={3}>
              <Text size="sm" c="dimmed">
                {t('dashboard.noPlay')}
              </Text>
            </Table.Td>
          </Table.Tr>
        ) : (
          props.rows.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Td>
                <Text size="sm">{r.label}</Text>
                {r.sub && (
                  <Text size="xs" c="dimmed">
                    {r.sub}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{displayAmount(r.turnover)}</Table.Td>
              <Table.Td>{displayAmount(r.ggr)}</Table.Td>
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </Table>
  );
}

/** Each lottery game the site sells: its period now, when it draws, this site's bets and stakes on it. */
function LotteryNow({ lottery }: { lottery: Dashboard['lottery'] }) {
  const { t, i18n } = useTranslation();
  return (
    <Table striped>
      <Table.Caption>{t('dashboard.lotteryCaption')}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('dashboard.lotteryGame')}</Table.Th>
          <Table.Th scope="col">{t('dashboard.lotteryDraw')}</Table.Th>
          <Table.Th scope="col">{t('lotteryOps.bets')}</Table.Th>
          <Table.Th scope="col">{t('lotteryOps.stakes')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lottery.length === 0 ? (
          <Table.Tr>
            <Table.Td colSpan={4}>
              <Text size="sm" c="dimmed">
                {t('lotteryOps.noGames')}
              </Text>
            </Table.Td>
          </Table.Tr>
        ) : (
          lottery.map((l) => (
            <Table.Tr key={l.code}>
              <Table.Td>
                <Text size="sm">{l.name}</Text>
                <Text size="xs" c="dimmed">
                  {l.numero} · {t(`lotteryOps.states.${l.state}`)}
                </Text>
              </Table.Td>
              <Table.Td>{formatTime(l.drawAt, i18n.language)}</Table.Td>
              <Table.Td>{l.bets}</Table.Td>
              <Table.Td>{displayAmount(l.stakes)}</Table.Td>
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </Table>
  );
}
