import { Code, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { displayAmount } from '@panalo/contract/money';
import type { DailyClose } from '../api/get-close';
import { isNonZero } from '../rules/sheet';
import { Difference } from './difference';
import { SheetTable, type SheetColumn } from './sheet-table';

type Sheet = DailyClose['sheet'];
type Ggr = Sheet['byProduct'][number];

/** A section of the sheet: its heading (the page's second level), then its table. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={`close-${id}`}>
      <Title order={2} size="h4" id={`close-${id}`}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

const amount = (v: string) => displayAmount(v);

/**
 * A closed day's sheet: balances read two ways (the drifted accounts under them), the movements, the
 * ledger's figures against the kept ones, and GGR by product and by game integration. Non-zero
 * differences are marked, in words and colour.
 */
export function CloseSheet({ close }: { close: DailyClose }) {
  const { t } = useTranslation();
  const { sheet, day } = close;
  const kind = (k: string) => t(`dailyClose.kind.${k}`, { defaultValue: k });
  const col = (k: string) => t(`dailyClose.col.${k}`);
  const money = <T,>(key: keyof T & string): SheetColumn<T> => ({
    key,
    title: col(key),
    numeric: true,
    render: (row) => amount(String(row[key])),
  });
  const difference = <T extends { difference: string }>(): SheetColumn<T> => ({
    key: 'difference',
    title: col('difference'),
    numeric: true,
    render: (row) => <Difference value={row.difference} />,
  });
  const ggr = (first: string, label: (k: string) => string): SheetColumn<Ggr>[] => [
    { key: 'key', title: col(first), render: (g) => label(g.key) },
    money<Ggr>('bets'),
    money<Ggr>('wins'),
    money<Ggr>('ggr'),
  ];
  const drifted = sheet.balances.filter((b) => b.drifted.length > 0);

  return (
    <Stack gap="xl">
      <Section id="balances" title={t('dailyClose.balances.title')}>
        <SheetTable
          testId="close-balances"
          caption={t('dailyClose.balances.caption', { day })}
          rows={sheet.balances}
          rowKey={(b) => b.kind}
          flagged={(b) => isNonZero(b.difference)}
          empty={t('dailyClose.balances.empty')}
          minWidth={820}
          columns={[
            { key: 'kind', title: col('kind'), render: (b) => kind(b.kind) },
            { key: 'accounts', title: col('accounts'), numeric: true, render: (b) => b.accounts },
            money('opening'),
            money('movements'),
            money('closing'),
            money('closingByAccounts'),
            difference(),
          ]}
        />
        {drifted.length > 0 && (
          <Stack gap={4} data-testid="close-drifted">
            <Text size="sm" fw={600}>
              {t('dailyClose.balances.drifted')}
            </Text>
            <List size="sm" spacing={4}>
              {drifted.map((b) => (
                <List.Item key={b.kind}>
                  {kind(b.kind)}:{' '}
                  <Code style={{ wordBreak: 'break-word', whiteSpace: 'normal' }}>
                    {b.drifted.join(', ')}
                  </Code>
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
      </Section>

      <Section id="movements" title={t('dailyClose.movements.title')}>
        <SheetTable
          testId="close-movements"
          caption={t('dailyClose.movements.caption', { day })}
          rows={sheet.movements}
          rowKey={(m) => `${m.transferKind}:${m.accountKind}`}
          empty={t('dailyClose.movements.empty')}
          columns={[
            {
              key: 'transferKind',
              title: col('transferKind'),
              render: (m) => t(`ledgerKind.${m.transferKind}`, { defaultValue: m.transferKind }),
            },
            { key: 'accountKind', title: col('accountKind'), render: (m) => kind(m.accountKind) },
            money('amount'),
            { key: 'entries', title: col('entries'), numeric: true, render: (m) => m.entries },
          ]}
        />
      </Section>

      <Section id="figures" title={t('dailyClose.figures.title')}>
        <SheetTable
          testId="close-figures"
          caption={t('dailyClose.figures.caption', { day })}
          rows={sheet.figures}
          rowKey={(f) => f.figure}
          flagged={(f) => isNonZero(f.difference)}
          empty={t('dailyClose.figures.empty')}
          columns={[
            {
              key: 'figure',
              title: col('figure'),
              render: (f) => t(`dailyClose.figure.${f.figure}`, { defaultValue: f.figure }),
            },
            money('ledger'),
            money('kept'),
            difference(),
          ]}
        />
      </Section>

      <Section id="ggr" title={t('dailyClose.ggr.title')}>
        <SheetTable
          testId="close-by-product"
          caption={t('dailyClose.ggr.productCaption', { day })}
          rows={sheet.byProduct}
          rowKey={(g) => g.key}
          empty={t('dailyClose.ggr.empty')}
          columns={ggr('product', (k) => t(`reports.product.${k || 'other'}`, { defaultValue: k }))}
        />
        <SheetTable
          testId="close-by-vendor"
          caption={t('dailyClose.ggr.vendorCaption', { day })}
          rows={sheet.byVendor}
          rowKey={(g) => g.key}
          empty={t('dailyClose.ggr.empty')}
          columns={ggr('vendor', (k) => k)}
        />
      </Section>
    </Stack>
  );
}
